#pragma once
#include <QAbstractScrollArea>
#include <QImage>

#include <memory>
#include <optional>
#include <vector>

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapFit.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/heatmap/TileCache.h"

namespace attnviz::ui {

/// The heatmap of one matrix (queries × keys, or tokens × dimensions): cells coloured by a
/// colour map, values in cells when they fit, masked cells hatched, row labels on the left,
/// column labels on top (turned vertical when too wide), a colour bar on the right, axis titles.
/// With a fit policy its cells fill the view (wider than tall if the view is), their numbers
/// drawn when they fit; zoom with Ctrl+wheel, +/−, zoomIn()/zoomOut() (Ctrl+0 fits again);
/// scrolls for long sentences, keeping the selected row in view. A click or the arrow keys
/// select a cell; in mask-edit mode a click (or Space) toggles the cell's mask instead. The
/// hover tooltip gives both tokens and the exact value.
///
/// Painting draws cached tiles (TileCache: 256 × 256 px images keyed by cell size and position)
/// rendered by HeatmapPainter: visible tiles only, the first ones at once, the rest on a worker
/// thread, so a 4,096-token matrix pans smoothly. Labels and titles follow the widget's font, at
/// 12 pt at least (readable on a projector); values too, unless given a font of their own.
class HeatmapView : public QAbstractScrollArea {
    Q_OBJECT

public:
    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    /// Shows source; null shows an empty view. Keeps the selection when it is still inside the
    /// new matrix, the zoom if the user chose one (a matrix of another number of rows is fitted
    /// again), and the scroll position where possible.
    void setSource(std::shared_ptr<const MatrixSource> source);
    [[nodiscard]] const std::shared_ptr<const MatrixSource>& source() const { return source_; }

    /// Map used for weights (ValueKind::Weights): a ColorMap name, default "Blues".
    void setSequentialMap(const QString& name);
    [[nodiscard]] QString sequentialMap() const { return sequentialMap_.name(); }
    /// The map in use for the current source: the sequential map for weights, "RdBu_r" for
    /// signed matrices (ValueKind::Signed). In the dark theme the cells use its variant for a
    /// dark background (heatmapStyle().colorMap).
    [[nodiscard]] ColorMap colorMap() const;

    /// Digits after the point in cells; tooltips always show every digit.
    static constexpr int kDecimals = 2;
    /// Values in cells (when they fit); default on.
    void setShowValues(bool show);
    [[nodiscard]] bool showValues() const { return showValues_; }
    /// How much smaller than the value font values may be drawn to fit a cell
    /// (kFittedValueScale by default, so that a matrix fitted to the window keeps its numbers).
    void setSmallestValueScale(double scale);
    [[nodiscard]] double smallestValueScale() const { return smallestValueScale_; }
    static constexpr double kFittedValueScale = 0.8;
    /// The largest font values are drawn in, when the cells have room (presentation mode: digits
    /// larger than the labels'); nothing: readableFont().
    void setValueFont(const std::optional<QFont>& font);
    [[nodiscard]] QFont valueFont() const { return valueFont_.value_or(readableFont()); }
    /// Axis titles: "Queries"/"Keys" or "Tokens"/"Dimensions", as the source's step has.
    [[nodiscard]] AxisTitles axisTitles() const;

    /// How the cells are sized while the user has not zoomed (default FitPolicy::None: square
    /// cells of defaultCell()). Fits at once.
    void setFitPolicy(FitPolicy policy);
    [[nodiscard]] FitPolicy fitPolicy() const { return fitPolicy_; }
    /// Width and height of a cell in pixels (the zoom).
    [[nodiscard]] QSize cellSize() const { return cell_; }
    /// Sets the cell (each side clamped to [kMinCellSize, kMaxCellSize]), zooming about the
    /// centre of the visible grid; the fit policy no longer applies until resetZoom().
    void setCellSize(QSize cell);
    /// Square cell that fits "0.25" (or the source's widest value) in the font, ≥ 12 pt.
    [[nodiscard]] QSize defaultCell() const;
    /// Whether the values show inside cells of this size (in the value font, or down to its
    /// smallest scale).
    [[nodiscard]] bool valuesFitAt(QSize cell) const;
    /// The smallest cell where the numbers show and every row and column keeps its label; empty
    /// without a matrix or when numbers are off.
    [[nodiscard]] QSize readableCell() const;
    /// The whole figure's size with readable cells: what the view needs to show everything.
    [[nodiscard]] QSizeF readableFigureSize() const;

    /// The selected cell, if any.
    [[nodiscard]] std::optional<CellIndex> selectedCell() const { return selected_; }
    /// Selects a cell and scrolls it into view; outside the matrix clears the selection. Emits
    /// cellSelected when the selection changes (from code or from the user).
    void setSelectedCell(int row, int col);
    void clearSelection();
    /// Marks a whole row instead of a cell (the selected query in a tokens × dimensions step):
    /// its label bold, kept in view; no cell selected. -1 for none.
    void setSelectedRow(int row);
    /// The selected cell's row, or the row set by setSelectedRow; -1 for none.
    [[nodiscard]] int selectedRow() const { return selected_ ? selected_->row : selectedRow_; }

    /// Query rows whose values stay hidden (a predict round): on the n × n steps (scores to
    /// weights) their cells are drawn in a neutral fill without numbers, and their tooltips say
    /// they are hidden. hidden[r] for row r; rows past the end are shown.
    void setHiddenRows(std::vector<bool> hidden);
    /// Whether row's values are hidden in the matrix shown now.
    [[nodiscard]] bool isRowHidden(int row) const;
    /// The cell a predict round's guess outlines (HeatmapPainter::paintGuess); nothing: none.
    void setGuessCell(std::optional<CellIndex> cell);
    [[nodiscard]] std::optional<CellIndex> guessCell() const { return guess_; }

    /// Mask-edit mode: a click (or Space/Enter on the selected cell) emits cellMaskToggled
    /// instead of selecting. The view does not change the mask itself.
    void setMaskEditMode(bool on);
    [[nodiscard]] bool maskEditMode() const { return maskEditMode_; }

    /// Viewport rectangle of a cell (empty when there is no such cell); may be outside the
    /// visible area.
    [[nodiscard]] QRect cellRect(int row, int col) const;
    /// Cell under a viewport point, if any.
    [[nodiscard]] std::optional<CellIndex> cellAt(QPoint viewportPos) const;
    /// Where titles, labels, grid and colour bar currently are (viewport coordinates).
    [[nodiscard]] const HeatmapLayout& currentLayout() const { return layout_; }
    /// The hover tooltip of a cell: both tokens with their positions and the exact value
    /// ("masked: −∞" for a masked cell). Empty outside the matrix.
    [[nodiscard]] QString toolTipForCell(int row, int col) const;
    /// The style tiles are drawn with (map, scale, decimals, fonts): exporters can reuse it.
    [[nodiscard]] HeatmapStyle heatmapStyle() const;
    /// The widget's font, at 12 pt at least: labels, titles and values.
    [[nodiscard]] QFont readableFont() const;
    /// The font labels and titles are drawn in: readableFont(), smaller (down to the smallest
    /// label scale) when the fitted rows are too thin for a label each.
    [[nodiscard]] QFont labelFont() const;
    /// How much smaller than readableFont() labels may get so that every row keeps its label
    /// (default 1: never; presentation mode lets them shrink rather than skip rows).
    void setSmallestLabelScale(double scale);

    /// Off: every tile is rendered in paintEvent (deterministic, for tests and grabs). On
    /// (default): tiles that are not ready within a few milliseconds are rendered on a worker
    /// thread and shown when done.
    void setAsyncRendering(bool on);
    /// With async rendering: how long one paintEvent may render tiles itself before handing the
    /// rest to the worker (default 12 ms; 0: every missing tile goes to the worker).
    void setSynchronousBudget(int milliseconds);
    /// True while visible tiles are still being rendered on the worker.
    [[nodiscard]] bool hasPendingTiles() const;

public slots:
    void zoomIn();
    void zoomOut();
    /// Back to the fit policy's cells (and following the view's size and font again).
    void resetZoom();

signals:
    /// A cell was selected (click, arrow keys or setSelectedCell).
    void cellSelected(int row, int col);
    /// The selection was cleared (Escape, clearSelection, or a source too small for it).
    void selectionCleared();
    /// Mask-edit mode: the user asked to toggle the mask of this cell.
    void cellMaskToggled(int row, int col);
    /// The zoom changed.
    void cellSizeChanged(QSize cell);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    [[nodiscard]] GridGeometry grid() const;
    /// The smallest cell where every row and column keeps its label.
    [[nodiscard]] QSizeF labelledCell() const;
    /// The view's size with its scroll bars counted in, so that the bars a fit brings or removes
    /// do not change the next fit.
    [[nodiscard]] QSizeF viewArea() const;
    /// How high the column labels may stand: what readable rows leave of the view's height (long
    /// labels, the teaching model's dimension names, are cut before rows are); when the rows
    /// scroll anyway, a share of the view.
    [[nodiscard]] double columnBand() const;
    static constexpr double kColumnBandShare = 0.3;
    [[nodiscard]] static QImage renderTile(const MatrixSource& source, const HeatmapStyle& style,
                                           const TileIndex& tile, qreal devicePixelRatio);
    void relayout();
    void invalidateTiles();
    void paintGrid(QPainter& painter, const GridGeometry& grid);
    /// The user's zoom (the fit policy no longer applies).
    void zoomTo(QSize cell, QPointF anchor);
    /// Changes the cell about anchor, emitting cellSizeChanged.
    void applyCell(QSize cell, QPointF anchor);
    /// Sizes the cells as the fit policy says, unless the user zoomed.
    void fit();
    /// The cell the fit policy gives now (labels in labelFont()).
    [[nodiscard]] QSize fittedCell() const;
    /// The selected row (and column) into view, when the grid scrolls.
    void showSelectedRow();
    [[nodiscard]] QPointF zoomAnchor() const;
    void selectCell(std::optional<CellIndex> cell);
    void updateAccessibility();

    std::shared_ptr<const MatrixSource> source_;
    ColorMap sequentialMap_{QStringLiteral("Blues")};
    const ColorMap divergingMap_{QStringLiteral("RdBu_r")};
    bool showValues_ = true;
    double smallestValueScale_ = kFittedValueScale;
    std::optional<QFont> valueFont_;
    double smallestLabelScale_ = 1;
    double labelScale_ = 1;  ///< the fit's: labels this much smaller than readableFont()
    FitPolicy fitPolicy_ = FitPolicy::None;
    QSize cell_{48, 48};
    bool userZoomed_ = false;
    bool fitting_ = false;
    int selectedRow_ = -1;  ///< setSelectedRow's, when no cell is selected
    double wheelRemainder_ = 0;
    std::optional<CellIndex> selected_;
    bool maskEditMode_ = false;
    std::vector<bool> hiddenRows_;
    std::optional<CellIndex> guess_;
    HeatmapLayout layout_;

    bool async_ = true;
    int syncBudgetMs_ = 12;
    TileCache tiles_;
};

}  // namespace attnviz::ui
