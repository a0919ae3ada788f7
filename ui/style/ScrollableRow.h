#pragma once
// A row of controls above a view (a measure list, head chips) that scrolls sideways instead of
// widening the window: a QTabWidget is as wide as its widest page's minimum, so one long French
// row in a tab would take the width the docks need on a 1280-pixel projector.
#include <QScrollArea>

class QLayout;

namespace attnviz::ui {

/// A frameless area holding row, as high as the row, scrolling sideways when narrower than it.
[[nodiscard]] QScrollArea* scrollableRow(QLayout* row);

}  // namespace attnviz::ui
