#include "ui/heatmap/HeatmapView.h"

#include <QAccessible>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/i18n/Language.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

constexpr int kTileSize = TileCache::kTileSize;
constexpr double kValueFontMinPoints = 12;
constexpr int kValueFontMinPixels = 16;

int toInt(double value) { return static_cast<int>(std::lround(value)); }

QString stepValueWord(Step step) {
    switch (step) {
    case Step::Weights: return HeatmapView::tr("Weight");
    case Step::Scores: return HeatmapView::tr("Score");
    case Step::Scaled: return HeatmapView::tr("Scaled score");
    case Step::Masked: return HeatmapView::tr("Masked score");
    default: return HeatmapView::tr("Value");
    }
}

}  // namespace

HeatmapView::HeatmapView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);  // moves without a button: the tooltip follows the cell under the mouse
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    connect(&tiles_, &TileCache::tileReady, this, [this] { viewport()->update(layout_.grid.toAlignedRect()); });
    connect(&tiles_, &TileCache::allRendered, viewport(), qOverload<>(&QWidget::update));
    cell_ = defaultCell();
    updateAccessibility();
    relayout();
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::setSource(std::shared_ptr<const MatrixSource> source) {
    if (!source_ || !source || source->rows() != source_->rows()) userZoomed_ = false;  // another sentence
    source_ = std::move(source);
    invalidateTiles();
    if (selectedRow_ >= (source_ ? source_->rows() : 0)) selectedRow_ = -1;
    if (userZoomed_)
        relayout();
    else
        fit();
    if (selected_ && (!source_ || selected_->row >= source_->rows() || selected_->col >= source_->cols()))
        selectCell(std::nullopt);
    else
        updateAccessibility();
}

void HeatmapView::setSequentialMap(const QString& name) {
    const ColorMap map(name);
    if (map == sequentialMap_) return;
    sequentialMap_ = map;
    invalidateTiles();
}

ColorMap HeatmapView::colorMap() const {
    return source_ && source_->kind() == ValueKind::Signed ? divergingMap_ : sequentialMap_;
}

void HeatmapView::setShowValues(bool show) {
    if (show == showValues_) return;
    showValues_ = show;
    invalidateTiles();
    fit();
}

void HeatmapView::setSmallestValueScale(double scale) {
    if (scale == smallestValueScale_) return;
    smallestValueScale_ = scale;
    invalidateTiles();
    fit();
}

void HeatmapView::setValueFont(const std::optional<QFont>& font) {
    if (font == valueFont_) return;
    valueFont_ = font;
    invalidateTiles();
    fit();
}

void HeatmapView::setFitPolicy(FitPolicy policy) {
    fitPolicy_ = policy;
    userZoomed_ = false;
    fit();
}

AxisTitles HeatmapView::axisTitles() const {
    return source_ ? HeatmapPainter::defaultAxisTitles(*source_) : AxisTitles{tr("Queries"), tr("Keys")};
}

void HeatmapView::setCellSize(QSize cell) { zoomTo(cell, zoomAnchor()); }

QFont HeatmapView::readableFont() const {
    QFont value = font();
    if (value.pointSizeF() > 0) {
        if (value.pointSizeF() < kValueFontMinPoints) value.setPointSizeF(kValueFontMinPoints);
    } else if (value.pixelSize() > 0 && value.pixelSize() < kValueFontMinPixels) {
        value.setPixelSize(kValueFontMinPixels);
    }
    return value;
}

QSize HeatmapView::defaultCell() const {
    const QFontMetricsF metrics(valueFont());
    const QString widest = source_ ? widestValueText(source_->scaleMin(), source_->scaleMax(), kDecimals, numberLocale())
                                   : formatValue(0.25, kDecimals);
    const double text = std::max(metrics.horizontalAdvance(widest), metrics.horizontalAdvance(QStringLiteral("0.25")));
    const double side = std::max({text + 16, metrics.height() + 16, 40.0});
    const int pixels = clampCellSize(static_cast<int>(std::ceil(side)));
    return {pixels, pixels};
}

QSizeF HeatmapView::viewArea() const {
    QSizeF area = viewport()->size();
    if (verticalScrollBar()->isVisible()) area.rwidth() += verticalScrollBar()->width();
    if (horizontalScrollBar()->isVisible()) area.rheight() += horizontalScrollBar()->height();
    return area;
}

double HeatmapView::columnBand() const {
    const double height = viewArea().height();
    if (!source_) return height * kColumnBandShare;
    // Rows first: the labels get the height that readable rows leave, when they leave two lines.
    const QSize readable = readableCell();
    const QSizeF cell = readable.isEmpty() ? labelledCell() : QSizeF(readable);
    const QFont font = labelFont();
    const double rows = source_->rows() * cell.height();
    const HeatmapLayout probe = HeatmapPainter(*source_, heatmapStyle()).layout(QSizeF(0, rows), cell, font);
    const double around = probe.size.height() - rows - probe.columnLabels.height() + kFitSlack;
    const double room = std::floor(height - around - rows);
    const double line = std::ceil(QFontMetricsF(font).height());
    return room >= 2 * line ? room : std::max(2 * line, std::round(height * kColumnBandShare));
}

QSizeF HeatmapView::labelledCell() const {
    const double line = std::ceil(QFontMetricsF(labelFont()).height());
    return {line + stackedLabelGap(line), line + stackedLabelGap(line)};
}

QSize HeatmapView::readableCell() const {
    if (!source_) return {};
    const QSizeF numbers = HeatmapPainter(*source_, heatmapStyle()).smallestCellForValues();
    if (numbers.isEmpty()) return {};
    const QSizeF least = numbers.expandedTo(labelledCell());
    return clampCell(QSize(static_cast<int>(std::ceil(least.width())), static_cast<int>(std::ceil(least.height()))));
}

QSizeF HeatmapView::readableFigureSize() const {
    const QSize cell = readableCell();
    if (cell.isEmpty()) return {};
    return HeatmapPainter(*source_, heatmapStyle()).figureLayout(QSizeF(cell), labelFont(), columnBand()).size;
}

bool HeatmapView::valuesFitAt(QSize cell) const {
    return source_ && HeatmapPainter(*source_, heatmapStyle()).valuesFit(QSizeF(cell));
}

void HeatmapView::setSelectedCell(int row, int col) {
    if (source_ && row >= 0 && col >= 0 && row < source_->rows() && col < source_->cols())
        selectCell(CellIndex{row, col});
    else
        selectCell(std::nullopt);
}

void HeatmapView::clearSelection() { selectCell(std::nullopt); }

void HeatmapView::setSelectedRow(int row) {
    if (!source_ || row < 0 || row >= source_->rows()) row = -1;
    if (!selected_ && row == selectedRow_) return;
    selected_.reset();
    selectedRow_ = row;
    showSelectedRow();
    viewport()->update();
    updateAccessibility();
}

void HeatmapView::showSelectedRow() {
    const int row = selectedRow();
    if (!source_ || row < 0) return;
    const GridGeometry geometry = grid();
    const CellRange visible = visibleCells(geometry);
    const QPointF scroll =
        scrollToShow(geometry, selected_ ? *selected_ : CellIndex{row, visible.isEmpty() ? 0 : visible.colBegin});
    horizontalScrollBar()->setValue(toInt(scroll.x()));
    verticalScrollBar()->setValue(toInt(scroll.y()));
}

void HeatmapView::selectCell(std::optional<CellIndex> cell) {
    if (cell == selected_) return;
    selected_ = cell;
    selectedRow_ = -1;
    if (cell) {
        const QPointF scroll = scrollToShow(grid(), *cell);
        horizontalScrollBar()->setValue(toInt(scroll.x()));
        verticalScrollBar()->setValue(toInt(scroll.y()));
    }
    viewport()->update();
    updateAccessibility();
    // Screen readers hear the new cell: name and description changed (sent by the setters) and
    // the selection inside the view moved.
    QAccessibleEvent moved(this, QAccessible::Selection);
    QAccessible::updateAccessibility(&moved);
    if (cell)
        emit cellSelected(cell->row, cell->col);
    else
        emit selectionCleared();
}

void HeatmapView::setHiddenRows(std::vector<bool> hidden) {
    if (hidden == hiddenRows_) return;
    hiddenRows_ = std::move(hidden);
    invalidateTiles();
    updateAccessibility();
}

bool HeatmapView::isRowHidden(int row) const { return heatmapStyle().isHiddenRow(row); }

void HeatmapView::setGuessCell(std::optional<CellIndex> cell) {
    if (cell == guess_) return;
    guess_ = cell;
    viewport()->update();
}

void HeatmapView::setMaskEditMode(bool on) {
    maskEditMode_ = on;
    if (on)
        viewport()->setCursor(Qt::PointingHandCursor);
    else
        viewport()->unsetCursor();
}

QRect HeatmapView::cellRect(int row, int col) const {
    if (!source_ || row < 0 || col < 0 || row >= source_->rows() || col >= source_->cols()) return {};
    return ui::cellRect(grid(), CellIndex{row, col}).toAlignedRect();
}

std::optional<CellIndex> HeatmapView::cellAt(QPoint viewportPos) const {
    if (!source_) return std::nullopt;
    return ui::cellAt(grid(), QPointF(viewportPos));
}

QString HeatmapView::toolTipForCell(int row, int col) const {
    if (!source_ || row < 0 || col < 0 || row >= source_->rows() || col >= source_->cols()) return {};
    const bool square = isSquareStep(source_->step());
    QStringList lines;
    lines << tr("%1: %2 (position %3)")
                 .arg(square ? tr("Query") : tr("Token"), source_->rowLabels().value(row), QString::number(row));
    if (square)
        lines << tr("%1: %2 (position %3)").arg(tr("Key"), source_->colLabels().value(col), QString::number(col));
    else
        lines << tr("%1: %2").arg(tr("Dimension"), source_->colLabels().value(col));
    if (isRowHidden(row)) {
        lines << tr("Hidden until the guess is revealed");
        return lines.join(QLatin1Char('\n'));
    }
    const double value = source_->value(row, col);
    const QLocale locale = numberLocale();
    if (source_->isMasked(row, col)) {
        lines << tr("masked: %1").arg(formatValue(-std::numeric_limits<double>::infinity()));
        if (source_->step() == Step::Weights) lines << tr("%1: %2").arg(tr("Weight"), formatExactValue(value, locale));
    } else {
        lines << tr("%1: %2").arg(stepValueWord(source_->step()), formatExactValue(value, locale));
    }
    return lines.join(QLatin1Char('\n'));
}

HeatmapStyle HeatmapView::heatmapStyle() const {
    HeatmapStyle style;
    style.colorMap = colorMap();
    if (source_) {
        style.scaleMin = source_->scaleMin();
        style.scaleMax = source_->scaleMax();
    }
    style.decimals = kDecimals;
    style.showValues = showValues_;
    style.valueFont = valueFont();
    style.smallestValueScale = smallestValueScale_;
    style.background = palette().color(QPalette::Base);
    style.textColor = palette().color(QPalette::Text);
    // Only the query × key steps give the answer away; the rows of X, Q, K, V stay.
    if (source_ && isSquareStep(source_->step())) style.hiddenRows = hiddenRows_;
    // Neutral: the text colour faintly over the background, in any theme.
    const QColor base = style.background, ink = style.textColor;
    const auto faint = [](int under, int over) { return under + (over - under) * 16 / 100; };
    style.hiddenFill = QColor(faint(base.red(), ink.red()), faint(base.green(), ink.green()),
                              faint(base.blue(), ink.blue()));
    style.locale = numberLocale();
    if (isDark(palette())) {
        // The dark theme's cells: dark for 0, bright for large values, never a white block.
        style.colorMap = style.colorMap.forDarkBackground();
        style.masked = MaskedLook::forDarkBackground();
    }
    return style;
}

void HeatmapView::setAsyncRendering(bool on) { async_ = on; }

void HeatmapView::setSynchronousBudget(int milliseconds) { syncBudgetMs_ = std::max(0, milliseconds); }

bool HeatmapView::hasPendingTiles() const { return tiles_.isRendering(); }

void HeatmapView::zoomIn() { zoomTo(zoomedCell(cell_, 1), zoomAnchor()); }

void HeatmapView::zoomOut() { zoomTo(zoomedCell(cell_, -1), zoomAnchor()); }

void HeatmapView::resetZoom() {
    userZoomed_ = false;
    fit();
}

void HeatmapView::fit() {
    if (userZoomed_ || fitting_) return;
    fitting_ = true;
    labelScale_ = 1;
    QSize cell = fittedCell();
    // Smaller labels (down to the smallest scale) for rows too thin for them, rather than a label
    // on every other row; or, when the column labels are cut short, for rows as low as their
    // numbers, which leaves the column labels more height.
    if (source_ && smallestLabelScale_ < 1) {
        const double line = std::ceil(QFontMetricsF(readableFont()).height());
        const double numbers = HeatmapPainter(*source_, heatmapStyle()).smallestCellForValues().height();
        double rows = 0;  // the height labels must fit in
        if (cell.height() < labelledCell().height())
            rows = cell.height();
        else if (numbers > 0 && HeatmapPainter(*source_, heatmapStyle())
                                    .figureLayout(QSizeF(cell), labelFont(), columnBand())
                                    .columnLabelsCut)
            rows = numbers;
        if (rows > 0) {
            labelScale_ = std::clamp((rows - stackedLabelGap(line)) / line, smallestLabelScale_, 1.0);
            cell = fittedCell();
        }
    }
    applyCell(cell, zoomAnchor());
    showSelectedRow();
    fitting_ = false;
}

QSize HeatmapView::fittedCell() const {
    if (!source_ || fitPolicy_ == FitPolicy::None) return defaultCell();
    const HeatmapPainter painter(*source_, heatmapStyle());
    const QFont font = labelFont();
    const double band = columnBand();
    FitInput input;
    input.area = viewArea();
    input.rows = source_->rows();
    input.cols = source_->cols();
    input.numbers = painter.smallestCellForValues();
    input.labels = labelledCell();
    input.defaultCell = defaultCell();
    input.figureSize = [&painter, &font, band](QSizeF size) { return painter.figureLayout(size, font, band).size; };
    return ui::fittedCell(input, fitPolicy_);
}

void HeatmapView::setSmallestLabelScale(double scale) {
    if (scale == smallestLabelScale_) return;
    smallestLabelScale_ = scale;
    fit();
}

QFont HeatmapView::labelFont() const {
    QFont font = readableFont();
    if (labelScale_ < 1 && font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * labelScale_);
    return font;
}

QPointF HeatmapView::zoomAnchor() const {
    if (selected_) {
        const QRectF rect = ui::cellRect(grid(), *selected_);
        if (layout_.grid.contains(rect.center())) return rect.center();
    }
    return layout_.grid.center();
}

void HeatmapView::zoomTo(QSize cell, QPointF anchor) {
    userZoomed_ = true;
    applyCell(cell, anchor);
}

void HeatmapView::applyCell(QSize cell, QPointF anchor) {
    cell = clampCell(cell);
    if (cell == cell_) {
        relayout();
        return;
    }
    const GridGeometry before = grid();
    cell_ = cell;
    relayout();
    const QPointF scroll =
        scrollAfterZoom(before, QSizeF(cell), anchor) + (layout_.grid.topLeft() - before.area.topLeft());
    horizontalScrollBar()->setValue(toInt(scroll.x()));
    verticalScrollBar()->setValue(toInt(scroll.y()));
    viewport()->update();
    emit cellSizeChanged(cell);
}

GridGeometry HeatmapView::grid() const {
    GridGeometry geometry;
    geometry.area = layout_.grid;
    geometry.scroll = QPointF(horizontalScrollBar()->value(), verticalScrollBar()->value());
    geometry.cell = QSizeF(cell_);
    geometry.rows = source_ ? source_->rows() : 0;
    geometry.cols = source_ ? source_->cols() : 0;
    return geometry;
}

void HeatmapView::relayout() {
    if (!source_) {
        layout_ = {};
        horizontalScrollBar()->setRange(0, 0);
        verticalScrollBar()->setRange(0, 0);
        viewport()->update();
        return;
    }
    const HeatmapPainter painter(*source_, heatmapStyle());
    const QSizeF cell(cell_);
    const HeatmapLayout fixed = painter.layout(QSizeF(0, 0), cell, labelFont(), columnBand());
    const QSizeF content(source_->cols() * cell.width(), source_->rows() * cell.height());
    const QSize port = viewport()->size();
    const double availableWidth = std::max(0.0, std::floor(port.width() - fixed.size.width()));
    const double availableHeight = std::max(0.0, std::floor(port.height() - fixed.grid.top() - fixed.margin));
    const QSizeF visible(std::min(content.width(), availableWidth), std::min(content.height(), availableHeight));
    layout_ = painter.layout(visible, cell, labelFont(), columnBand());
    // Centre the figure in the room left over (a projector shows it in the middle).
    const QPointF offset(std::floor(std::max(0.0, port.width() - layout_.size.width()) / 2),
                         std::floor(std::max(0.0, port.height() - layout_.size.height()) / 2));
    for (QRectF* rect : {&layout_.grid, &layout_.rowTitle, &layout_.columnTitle, &layout_.rowLabels,
                         &layout_.columnLabels, &layout_.colorBar, &layout_.colorBarLabels, &layout_.maskedLegend})
        if (!rect->isNull()) rect->translate(offset);

    horizontalScrollBar()->setRange(0, toInt(content.width() - visible.width()));
    horizontalScrollBar()->setPageStep(std::max(1, toInt(visible.width())));
    horizontalScrollBar()->setSingleStep(cell_.width());
    verticalScrollBar()->setRange(0, toInt(content.height() - visible.height()));
    verticalScrollBar()->setPageStep(std::max(1, toInt(visible.height())));
    verticalScrollBar()->setSingleStep(cell_.height());
    viewport()->update();
}

void HeatmapView::invalidateTiles() {
    tiles_.invalidate();
    viewport()->update();
}

QImage HeatmapView::renderTile(const MatrixSource& source, const HeatmapStyle& style, const TileIndex& tile,
                               qreal devicePixelRatio) {
    const int pixels = static_cast<int>(std::ceil(kTileSize * devicePixelRatio));
    QImage image(pixels, pixels, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(style.background);
    const QRectF content(tile.x * kTileSize, tile.y * kTileSize, kTileSize, kTileSize);
    const QSize cell(tile.cellWidth, tile.cellHeight);
    const CellRange range = cellsIn(content, QSizeF(cell), source.rows(), source.cols());
    const HeatmapPainter cells(source, style);
    // Plain cells (no mask, no values) are written straight into the image; the rest is painted.
    if (cells.paintCellsToImage(image, range, QPoint(-tile.x * kTileSize, -tile.y * kTileSize), cell)) return image;
    QPainter painter(&image);
    cells.paintCells(painter, range, -content.topLeft(), QSizeF(cell));
    return image;
}

void HeatmapView::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(viewport());
    const QPalette colors = palette();
    painter.fillRect(viewport()->rect(), colors.color(QPalette::Base));
    painter.setFont(labelFont());
    if (!source_ || source_->rows() == 0 || source_->cols() == 0) {
        painter.setPen(colors.color(QPalette::PlaceholderText));
        painter.drawText(viewport()->rect(), Qt::AlignCenter, tr("No matrix to show"));
        return;
    }
    const GridGeometry geometry = grid();
    paintGrid(painter, geometry);

    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setPen(colors.color(QPalette::Text));
    HeatmapPainter::paintAxisTitles(painter, layout_, axisTitles());
    const CellRange visible = visibleCells(geometry);
    const QPointF origin = geometry.gridOrigin();
    painter.save();
    painter.setClipRect(layout_.rowLabels.adjusted(-layout_.margin, 0, 0, 0));
    HeatmapPainter::paintRowLabels(painter, source_->rowLabels(), visible.rowBegin, visible.rowEnd,
                                   layout_.rowLabelStep, layout_.rowLabels, origin.y(), cell_.height(),
                                   selectedRow());
    painter.restore();
    painter.save();
    // Slanted labels reach left past their column, over the row labels: those of columns
    // scrolled off to the right reach into the band too.
    painter.setClipRect(layout_.columnLabels.adjusted(-layout_.columnLabelOverhang, -layout_.margin / 2, 0, 0));
    const int reach = layout_.columnLabelAngle < 0 ? static_cast<int>(std::ceil(
                                                         layout_.columnLabels.height() * 1.5 / cell_.width()))
                                                   : 0;
    HeatmapPainter::paintColumnLabels(painter, source_->colLabels(), visible.colBegin,
                                      std::min(source_->cols(), visible.colEnd + reach),
                                      layout_.columnLabelStep, layout_.columnLabelAngle, layout_.columnLabels,
                                      origin.x(), cell_.width(), selected_ ? selected_->col : -1);
    painter.restore();
    const HeatmapStyle style = heatmapStyle();
    const HeatmapPainter cells(*source_, style);
    HeatmapPainter::paintColorBar(painter, layout_.colorBar, layout_.colorBarLabels, style.colorMap,
                                  cells.colorBarScale());
    if (!layout_.maskedLegend.isEmpty())
        HeatmapPainter::paintMaskedLegend(painter, layout_.maskedLegend, style.masked);
    if (selected_) {
        // The frame goes round the cell, so it may reach a little past the grid's edge.
        const double ring = HeatmapPainter::selectionReach(std::min(cell_.width(), cell_.height()));
        painter.setClipRect(layout_.grid.adjusted(-ring, -ring, ring, ring));
        cells.paintSelection(painter, ui::cellRect(geometry, *selected_));
    }
    if (guess_ && guess_->row < source_->rows() && guess_->col < source_->cols()) {
        painter.setClipRect(layout_.grid);
        HeatmapPainter::paintGuess(painter, ui::cellRect(geometry, *guess_));
    }
}

void HeatmapView::paintGrid(QPainter& painter, const GridGeometry& geometry) {
    if (geometry.area.isEmpty()) return;
    painter.save();
    painter.setClipRect(geometry.area);
    const QRectF content(geometry.scroll, geometry.area.size());
    const int x0 = static_cast<int>(std::floor(content.left() / kTileSize));
    const int x1 = static_cast<int>(std::ceil(content.right() / kTileSize));
    const int y0 = static_cast<int>(std::floor(content.top() / kTileSize));
    const int y1 = static_cast<int>(std::ceil(content.bottom() / kTileSize));
    const qreal ratio = viewport()->devicePixelRatioF();
    const QPointF origin = geometry.gridOrigin();
    // The cache must hold every visible tile twice over, or tiles would be evicted as they come in.
    tiles_.reserve(2 * static_cast<qsizetype>(x1 - x0) * (y1 - y0), ratio);
    const TileCache::Renderer render = [source = source_, style = heatmapStyle(), ratio](const TileIndex& tile) {
        return renderTile(*source, style, tile, ratio);
    };
    QElapsedTimer timer;
    timer.start();
    std::vector<TileIndex> missing;
    std::vector<TileIndex> visible;
    for (int ty = y0; ty < y1; ++ty) {
        for (int tx = x0; tx < x1; ++tx) {
            const TileIndex tile{cell_.width(), cell_.height(), tx, ty};
            visible.push_back(tile);
            const QPointF topLeft(origin.x() + tx * kTileSize, origin.y() + ty * kTileSize);
            if (const QImage* cached = tiles_.find(tile)) {
                painter.drawImage(topLeft, *cached);
                continue;
            }
            if (!async_ || timer.elapsed() < syncBudgetMs_) {
                QImage image = render(tile);
                painter.drawImage(topLeft, image);
                tiles_.insert(tile, std::move(image));
                continue;
            }
            painter.fillRect(QRectF(topLeft, QSizeF(kTileSize, kTileSize)), palette().color(QPalette::AlternateBase));
            missing.push_back(tile);
        }
    }
    painter.restore();
    tiles_.renderInBackground(missing, visible, render);
}

void HeatmapView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    if (userZoomed_ || fitting_) {
        relayout();
        return;
    }
    fit();
}

void HeatmapView::scrollContentsBy(int /*dx*/, int /*dy*/) { viewport()->update(); }

void HeatmapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    const std::optional<CellIndex> cell = cellAt(event->position().toPoint());
    if (!cell) {
        event->ignore();
        return;
    }
    if (maskEditMode_)
        emit cellMaskToggled(cell->row, cell->col);
    else
        selectCell(cell);
    event->accept();
}

void HeatmapView::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    wheelRemainder_ += event->angleDelta().y() / 120.0;
    const int steps = static_cast<int>(wheelRemainder_);
    wheelRemainder_ -= steps;
    if (steps != 0) zoomTo(zoomedCell(cell_, steps), event->position());
    event->accept();
}

void HeatmapView::keyPressEvent(QKeyEvent* event) {
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); return;
    case Qt::Key_Minus: zoomOut(); return;
    case Qt::Key_0:
        if (ctrl) {
            resetZoom();
            return;
        }
        break;
    case Qt::Key_Escape:
        if (selected_) {
            clearSelection();
            return;
        }
        break;
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (maskEditMode_ && selected_) {
            emit cellMaskToggled(selected_->row, selected_->col);
            return;
        }
        break;
    default: break;
    }
    if (!source_ || source_->rows() == 0 || source_->cols() == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const int page = std::max(1, toInt(std::floor(layout_.grid.height() / cell_.height())));
    const CellIndex from = selected_.value_or(CellIndex{std::max(0, selectedRow_), 0});
    std::optional<CellIndex> to;
    switch (event->key()) {
    case Qt::Key_Left: to = CellIndex{from.row, from.col - 1}; break;
    case Qt::Key_Right: to = CellIndex{from.row, from.col + 1}; break;
    case Qt::Key_Up: to = CellIndex{from.row - 1, from.col}; break;
    case Qt::Key_Down: to = CellIndex{from.row + 1, from.col}; break;
    case Qt::Key_PageUp: to = CellIndex{from.row - page, from.col}; break;
    case Qt::Key_PageDown: to = CellIndex{from.row + page, from.col}; break;
    case Qt::Key_Home: to = ctrl ? CellIndex{0, 0} : CellIndex{from.row, 0}; break;
    case Qt::Key_End:
        to = ctrl ? CellIndex{source_->rows() - 1, source_->cols() - 1} : CellIndex{from.row, source_->cols() - 1};
        break;
    default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    if (!selected_) to = from;  // the first key press selects the selected row's first cell, or the first cell
    to->row = std::clamp(to->row, 0, source_->rows() - 1);
    to->col = std::clamp(to->col, 0, source_->cols() - 1);
    selectCell(to);
    event->accept();
}

void HeatmapView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) updateAccessibility();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange || event->type() == QEvent::LanguageChange) {
        invalidateTiles();
        if (userZoomed_)
            relayout();
        else
            fit();
    }
}

bool HeatmapView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const std::optional<CellIndex> cell = cellAt(help->pos());
        if (cell) {
            QToolTip::showText(help->globalPos(), toolTipForCell(cell->row, cell->col), viewport(),
                               cellRect(cell->row, cell->col));
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void HeatmapView::updateAccessibility() {
    if (!source_ || !selected_) {
        setAccessibleName(tr("Heatmap"));
        setAccessibleDescription(source_ ? tr("%1 rows, %2 columns; no cell selected")
                                               .arg(QString::number(source_->rows()), QString::number(source_->cols()))
                                         : tr("No matrix to show"));
        return;
    }
    const CellIndex cell = *selected_;
    setAccessibleName(tr("Heatmap, selected cell: %1, %2")
                          .arg(source_->rowLabels().value(cell.row), source_->colLabels().value(cell.col)));
    QString description = toolTipForCell(cell.row, cell.col);
    description.replace(QLatin1Char('\n'), QStringLiteral("; "));
    setAccessibleDescription(description);
}

}  // namespace attnviz::ui
