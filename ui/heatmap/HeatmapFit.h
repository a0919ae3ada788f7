#pragma once
// The size of a heatmap's cells in the pane it lives in: they grow to fill it, then the numbers
// show when they fit at the view's smallest value size.
#include <QSize>
#include <QSizeF>

#include <functional>

namespace attnviz::ui {

/// How a HeatmapView sizes its cells while the user has not zoomed. A cell is readable when its
/// number fits and its row and column keep their labels.
enum class FitPolicy {
    /// Square cells just large enough for the numbers in the readable font (a view on its own).
    None,
    /// Cells fill the view. When they are not readable, and readable cells would need more than
    /// a little scrolling (filling cells under 3/4 of them), the whole matrix without numbers.
    /// The attention-weights tab.
    NumbersOrOverview,
    /// Cells fill the view; when they are not readable, readable cells, and scrolling. The step
    /// view, which is there for its numbers.
    NumbersFirst,
};

/// What a fit needs to know of a view and its matrix.
struct FitInput {
    QSizeF area;        ///< the view's size (scroll bars counted in: the bars a fit brings do not change it)
    int rows = 0;
    int cols = 0;
    QSizeF numbers;     ///< the smallest cell the numbers fit in; empty when no number is drawn
    QSizeF labels;      ///< the smallest cell where every row and column keeps its label
    QSize defaultCell;  ///< FitPolicy::None's cell
    /// The whole figure's size (labels, titles, colour bar and the whole grid) with cells of this
    /// size: labels turn and thin out as cells shrink.
    std::function<QSizeF(QSizeF cell)> figureSize;
};

/// Room kept free around a fitted figure, so that rounding never brings a scroll bar.
inline constexpr double kFitSlack = 4;

/// A cell is never more than this many times as wide as it is tall, unless its numbers need it.
inline constexpr int kWidestCellShape = 3;

/// The cell a view shows its matrix with under policy: both sides in [kMinCellSize,
/// kMaxCellSize], never taller than wide.
[[nodiscard]] QSize fittedCell(const FitInput& input, FitPolicy policy);

}  // namespace attnviz::ui
