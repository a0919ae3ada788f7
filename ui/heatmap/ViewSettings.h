#pragma once
#include <QString>

#include "core/base/Heads.h"
#include "ui/heatmap/MatrixSource.h"

namespace attnviz::ui {

/// How a result is looked at, apart from what is computed (AttentionConfig): changing one of
/// these never recomputes the attention; the head and the colour range only make the views'
/// sources again from the same trace, the colour map only repaints.
struct ViewSettings {
    int head = 0;                                     ///< 0 … h−1, or kAllHeads for the mean of the heads
    QString colorMap = QStringLiteral("Blues");       ///< a ColorMap name for the weights
    WeightsRange weightsRange = WeightsRange::Fixed;  ///< what the weights' colours span

    friend bool operator==(const ViewSettings&, const ViewSettings&) = default;
};

}  // namespace attnviz::ui
