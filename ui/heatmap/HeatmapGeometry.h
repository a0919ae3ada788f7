#pragma once
#include <QLocale>
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <optional>
#include <vector>

/// Pure geometry and text helpers of the heatmap (no widget, no painter): which cell is where,
/// what is visible, how labels and values fit, how zoom moves. Shared by HeatmapView,
/// HeatmapPainter and the exporters; tested on their own.
namespace attnviz::ui {

/// One cell: row = query, col = key (or dimension).
struct CellIndex {
    int row = 0;
    int col = 0;
    friend bool operator==(const CellIndex&, const CellIndex&) = default;
};

/// Half-open block of cells [rowBegin, rowEnd) × [colBegin, colEnd).
struct CellRange {
    int rowBegin = 0;
    int rowEnd = 0;
    int colBegin = 0;
    int colEnd = 0;
    [[nodiscard]] bool isEmpty() const { return rowEnd <= rowBegin || colEnd <= colBegin; }
    [[nodiscard]] int rowCount() const { return isEmpty() ? 0 : rowEnd - rowBegin; }
    [[nodiscard]] int colCount() const { return isEmpty() ? 0 : colEnd - colBegin; }
    [[nodiscard]] bool contains(CellIndex cell) const {
        return cell.row >= rowBegin && cell.row < rowEnd && cell.col >= colBegin && cell.col < colEnd;
    }
    friend bool operator==(const CellRange&, const CellRange&) = default;
};

/// Where a scrolled grid of cells sits on screen. Cells may be wider than tall (a matrix
/// stretched to fill its pane).
struct GridGeometry {
    QRectF area;          ///< where cells are drawn (viewport coordinates); outside it they are hidden
    QPointF scroll;       ///< content offset: content point `scroll` is drawn at area.topLeft()
    QSizeF cell{1, 1};    ///< width and height of a cell, in pixels (zoom included)
    int rows = 0;
    int cols = 0;

    /// Viewport position of cell (0, 0)'s top-left corner (may be outside area when scrolled).
    [[nodiscard]] QPointF gridOrigin() const { return area.topLeft() - scroll; }
    /// Size of the whole grid in pixels.
    [[nodiscard]] QSizeF contentSize() const { return {cols * cell.width(), rows * cell.height()}; }
};

/// Cell under a viewport point; nothing outside area or outside the grid.
[[nodiscard]] std::optional<CellIndex> cellAt(const GridGeometry& grid, QPointF point);
/// Viewport rectangle of a cell (whether visible or not).
[[nodiscard]] QRectF cellRect(const GridGeometry& grid, CellIndex cell);
/// Cells that intersect area (at least partly visible); empty when none.
[[nodiscard]] CellRange visibleCells(const GridGeometry& grid);
/// Cells that intersect a rectangle given in content coordinates (cell (0, 0) at 0, 0).
[[nodiscard]] CellRange cellsIn(QRectF contentRect, QSizeF cell, int rows, int cols);
/// Scroll offset (content coordinates) that brings cell fully into view with the least movement,
/// clamped to [0, contentSize − area size].
[[nodiscard]] QPointF scrollToShow(const GridGeometry& grid, CellIndex cell);

/// Smallest and largest sides of a cell, in pixels.
inline constexpr int kMinCellSize = 4;
inline constexpr int kMaxCellSize = 200;
/// Cell side clamped to [kMinCellSize, kMaxCellSize].
[[nodiscard]] int clampCellSize(int cellSize);
/// Both sides clamped to [kMinCellSize, kMaxCellSize].
[[nodiscard]] QSize clampCell(QSize cell);
/// Cell side after `steps` zoom steps (positive: in). Each step multiplies by 1.25 and changes
/// the size by at least 1 px; clamped.
[[nodiscard]] int zoomedCellSize(int cellSize, int steps);
/// Both sides of a cell after `steps` zoom steps (zoomedCellSize on each).
[[nodiscard]] QSize zoomedCell(QSize cell, int steps);
/// Scroll offset after changing the cell to newCell, such that the content under the viewport
/// point anchor (e.g. the mouse) stays under it. Not clamped: the caller clamps to its scroll range.
[[nodiscard]] QPointF scrollAfterZoom(const GridGeometry& before, QSizeF newCell, QPointF anchor);

/// How the column labels stand above the grid: level when the widest fits its cell, else slanted
/// at 45° (reading downwards, ending on its column) or upright (reading upwards), whichever needs
/// less height while every label still has room; every k-th label only when even upright labels
/// leave no room for each.
struct ColumnLabelPlan {
    double angle = 0;   ///< degrees counter-clockwise: 0, −45 (slanted) or 90 (upright)
    int step = 1;       ///< only every step-th label is drawn
    double height = 0;  ///< height of the band the labels need above the grid
};
/// The plan for labels of at most widestLabel px on lines of lineHeight px, over cells cellWidth
/// px wide. Level labels keep a gap of at least half a line between them (a word space would
/// make two words read as one), turned ones a tenth of a line.
[[nodiscard]] ColumnLabelPlan planColumnLabels(double widestLabel, double lineHeight, double cellWidth);
/// How far left of the grid's left edge slanted labels reach, ending on columns of cellWidth px;
/// firstWidths are the widths of the first columns' labels, the first column's first. (Over the
/// row labels, where the band above the grid is free.)
[[nodiscard]] double slantedOverhang(const std::vector<double>& firstWidths, double lineHeight, double cellWidth);
/// Gap between two labels side by side (level column labels), and between two stacked labels
/// (row labels, turned column labels), for lines of lineHeight px.
[[nodiscard]] double levelLabelGap(double lineHeight);
[[nodiscard]] double stackedLabelGap(double lineHeight);
/// Show every k-th label so that labels of extent `labelExtent` px (along the axis) never
/// overlap in cells of cellSize px; k ≥ 1.
[[nodiscard]] int labelStep(double cellSize, double labelExtent);
/// The rows (or columns) in [begin, end) that get a label: every step-th, counted from 0, and
/// `kept` (the selected one, -1 for none) always, its neighbours closer than step left out.
[[nodiscard]] std::vector<int> labelledIndices(int begin, int end, int step, int kept = -1);
/// Whether a value text of textSize fits inside a cell with padding on each side.
[[nodiscard]] bool valueFitsInCell(QSizeF textSize, QSizeF cell, double padding = 3);

// Numbers as a person reads them, in the window and in figures: the decimal separator of the
// locale (a comma in French: "0,67"; QLocale::c(), the default, writes a point), U+2212 for
// minus, "−∞" / "∞" for infinities, "NaN". A value that rounds to zero is never "−0.00". Files
// (CSV, JSON) never go through these: they always write a point.

/// A value with `decimals` digits after the decimal separator.
[[nodiscard]] QString formatValue(double value, int decimals = 2, const QLocale& locale = QLocale::c());
/// Every digit needed to give back the same double (shortest round trip).
[[nodiscard]] QString formatExactValue(double value, const QLocale& locale = QLocale::c());
/// `digits` significant digits, trailing zeros dropped ("0.5", "4.4721", "1e+03").
[[nodiscard]] QString formatSignificant(double value, int digits, const QLocale& locale = QLocale::c());
/// Text drawn in a cell: the formatted value; masked cells show "−∞" when their value is −∞
/// and nothing otherwise (their hatching says it).
[[nodiscard]] QString cellText(double value, bool masked, int decimals = 2, const QLocale& locale = QLocale::c());
/// Translated word for a masked cell: "masked".
[[nodiscard]] QString maskedText();
/// The longest text formatValue can give for values in [min, max] (to test whether values fit).
[[nodiscard]] QString widestValueText(double min, double max, int decimals = 2,
                                      const QLocale& locale = QLocale::c());

/// Round tick values ("nice numbers": 1, 2, 2.5 or 5 × 10^k steps) inside [min, max], at most
/// maxTicks of them (≥ 2); min and max themselves when no round step fits.
[[nodiscard]] std::vector<double> niceTicks(double min, double max, int maxTicks = 6);
/// Decimals needed to tell ticks apart (0 for integral steps, 1 for 0.2 and 0.5 steps, …).
[[nodiscard]] int tickDecimals(const std::vector<double>& ticks);

}  // namespace attnviz::ui
