#include "ui/heatmap/HeatmapFit.h"

#include <QScrollBar>

#include <algorithm>

#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapView.h"

namespace attnviz::ui {

void fitHeatmapToView(HeatmapView& view, FitPolicy policy) {
    if (!view.source()) return;
    view.resetZoom();
    QSize area = view.viewport()->size();
    if (view.verticalScrollBar()->isVisible()) area.rwidth() += view.verticalScrollBar()->width();
    if (view.horizontalScrollBar()->isVisible()) area.rheight() += view.horizontalScrollBar()->height();
    const int rows = view.source()->rows(), cols = view.source()->cols();
    // The largest cell side at which the figure fits, measured at the current font and cell size
    // (labels and titles grow with the font; smaller cells may turn the column labels).
    const auto fittingCell = [&] {
        const HeatmapLayout& layout = view.currentLayout();
        const double width = area.width() - (layout.size.width() - layout.grid.width() + 8);
        const double height = area.height() - (layout.size.height() - layout.grid.height() + 8);
        if (width <= 0 || height <= 0) return 0;
        return static_cast<int>(std::min(width / cols, height / rows));
    };
    const int defaultCell = view.cellSize();
    const int fit = fittingCell();
    if (fit <= 0 || fit >= defaultCell) return;
    const bool numbersStay = view.valuesFitAt(fit);
    const bool overview = policy == FitPolicy::NumbersOrOverview && fit < defaultCell * 3 / 4;
    if (!numbersStay && !overview) return;
    view.setCellSize(std::max(kMinCellSize, fit));
    // Smaller cells can change the labels' room (turned column labels): once more, smaller only.
    const int refit = fittingCell();
    if (refit > 0 && refit < view.cellSize() && (overview || view.valuesFitAt(refit)))
        view.setCellSize(std::max(kMinCellSize, refit));
}

}  // namespace attnviz::ui
