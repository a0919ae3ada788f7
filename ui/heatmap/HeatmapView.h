#pragma once
#include <QAbstractScrollArea>
#include <QImage>

#include <memory>
#include <optional>
#include <vector>

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/heatmap/TileCache.h"

namespace attnviz::ui {

/// The heatmap of one matrix (queries × keys, or tokens × dimensions): cells coloured by a
/// colour map, values in cells when they fit, masked cells hatched, row labels on the left,
/// column labels on top (turned vertical when too wide), a colour bar on the right, axis titles.
/// Zoom with Ctrl+wheel, +/−, zoomIn()/zoomOut(); scrolls for long sentences. A click or the
/// arrow keys select a cell; in mask-edit mode a click (or Space) toggles the cell's mask
/// instead. The hover tooltip gives both tokens and the exact value.
///
/// Painting draws cached tiles (TileCache: 256 × 256 px images keyed by cell size and position)
/// rendered by HeatmapPainter: visible tiles only, the first ones at once, the rest on a worker
/// thread, so a 4,096-token matrix pans smoothly. Labels, titles and values follow the widget's font, at
/// 12 pt at least (readable on a projector).
class HeatmapView : public QAbstractScrollArea {
    Q_OBJECT

public:
    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    /// Shows source; null shows an empty view. Keeps the selection when it is still inside the
    /// new matrix, the zoom if the user chose one, and the scroll position where possible.
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
    /// How much smaller than the readable font values may be drawn to fit a cell
    /// (kFittedValueScale by default, so that a matrix fitted to the window keeps its numbers;
    /// presentation mode sets 1).
    void setSmallestValueScale(double scale);
    [[nodiscard]] double smallestValueScale() const { return smallestValueScale_; }
    static constexpr double kFittedValueScale = 0.8;
    /// Axis titles: "Queries"/"Keys" or "Tokens"/"Dimensions", as the source's step has.
    [[nodiscard]] AxisTitles axisTitles() const;

    /// Side of a cell in pixels (the zoom).
    [[nodiscard]] int cellSize() const { return cellSize_; }
    /// Sets the side of a cell (clamped to [kMinCellSize, kMaxCellSize]), zooming about the
    /// centre of the visible grid.
    void setCellSize(int pixels);
    /// Cell side that fits "0.25" (or the source's widest value) in the font, ≥ 12 pt.
    [[nodiscard]] int defaultCellSize() const;
    /// Whether the values still show inside cells of this side (in the readable font).
    [[nodiscard]] bool valuesFitAt(int cellSize) const;

    /// The selected cell, if any.
    [[nodiscard]] std::optional<CellIndex> selectedCell() const { return selected_; }
    /// Selects a cell and scrolls it into view; outside the matrix clears the selection. Emits
    /// cellSelected when the selection changes (from code or from the user).
    void setSelectedCell(int row, int col);
    void clearSelection();

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
    /// Back to defaultCellSize() (and following the font again).
    void resetZoom();

signals:
    /// A cell was selected (click, arrow keys or setSelectedCell).
    void cellSelected(int row, int col);
    /// The selection was cleared (Escape, clearSelection, or a source too small for it).
    void selectionCleared();
    /// Mask-edit mode: the user asked to toggle the mask of this cell.
    void cellMaskToggled(int row, int col);
    /// The zoom changed.
    void cellSizeChanged(int pixels);

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
    [[nodiscard]] static QImage renderTile(const MatrixSource& source, const HeatmapStyle& style,
                                           const TileIndex& tile, qreal devicePixelRatio);
    void relayout();
    void invalidateTiles();
    void paintGrid(QPainter& painter, const GridGeometry& grid);
    void zoomTo(int pixels, QPointF anchor);
    [[nodiscard]] QPointF zoomAnchor() const;
    void selectCell(std::optional<CellIndex> cell);
    void updateAccessibility();

    std::shared_ptr<const MatrixSource> source_;
    ColorMap sequentialMap_{QStringLiteral("Blues")};
    const ColorMap divergingMap_{QStringLiteral("RdBu_r")};
    bool showValues_ = true;
    double smallestValueScale_ = kFittedValueScale;
    int cellSize_ = 48;
    bool userZoomed_ = false;
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
