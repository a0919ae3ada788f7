#pragma once
// The zoom a heatmap opens at: its whole matrix in sight when that keeps it readable.

namespace attnviz::ui {

class HeatmapView;

/// What may give way when the matrix does not fit the view at the default cell size.
enum class FitPolicy {
    /// Smaller cells with the numbers still drawn (HeatmapView::valuesFitAt); else, when the
    /// default would need more than a little scrolling (fitting cells under 3/4 of it), the whole
    /// matrix without numbers. The attention-weights tab.
    NumbersOrOverview,
    /// Smaller cells only while the numbers still show; else the default size, and scrolling.
    /// The step view, which is there for its numbers.
    NumbersFirst,
};

/// Resets view's zoom, then shrinks its cells as policy allows so that the whole figure (cells,
/// labels, titles, colour bar) fits the viewport. Measures the view without its scroll bars, so
/// the bars a decision brings do not change the next decision.
void fitHeatmapToView(HeatmapView& view, FitPolicy policy);

}  // namespace attnviz::ui
