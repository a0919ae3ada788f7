#include "ui/heatmap/HeatmapPainter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QList>
#include <QPaintEngine>
#include <QPen>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace attnviz::ui {
namespace {

constexpr double kHatchSpacing = 8;
constexpr double kHatchWidth = 1.5;
constexpr double kMinCellForGap = 12;
constexpr int kCellsPerBlock = 1 << 16;

bool isWhole(double value) { return value == std::floor(value); }

// Whether rectangles at gridOrigin + k·cell (and cell − gap wide) fall on whole device pixels
// of a raster painter: there the rectangle fill without antialiasing gives exactly the
// antialiased fill's pixels, without rasterizing a path per cell.
bool onWholePixels(const QPainter& painter, QPointF gridOrigin, QSizeF cell, double gap) {
    const QPaintEngine* engine = painter.paintEngine();
    const QTransform device = painter.deviceTransform();
    return engine && engine->type() == QPaintEngine::Raster && device.type() <= QTransform::TxTranslate &&
           isWhole(device.dx() + gridOrigin.x()) && isWhole(device.dy() + gridOrigin.y()) &&
           isWhole(cell.width()) && isWhole(cell.height()) && isWhole(gap);
}

// Cells too small for a gap between them are drawn edge to edge.
double gapFor(QSizeF cell, double gap) { return std::min(cell.width(), cell.height()) >= kMinCellForGap ? gap : 0.0; }

// Longest column labels: a label longer than this many lines is cut with "…" (its tooltip and
// the explanation say it whole), so that turned labels never take half the view.
constexpr double kColumnLabelLines = 10;
constexpr double kRowLabelLines = 10;

QFont boldened(QFont font) {
    font.setBold(true);
    return font;
}

// The ink of the digits: values are centred on it.
QRectF digitInk(const QFontMetricsF& metrics) { return metrics.tightBoundingRect(QStringLiteral("0123456789")); }

// A number's digits take at most 4/5 of the height a cell gives them (after its padding), so
// that rows of numbers never run together; the padding keeps them off the cell's edges.
constexpr double kDigitRoom = 1.25;
constexpr double kValuePadding = 2;

}  // namespace

HeatmapPainter::HeatmapPainter(const MatrixSource& source, HeatmapStyle style)
    : source_(source), style_(std::move(style)) {}

HeatmapStyle HeatmapPainter::defaultStyle(const MatrixSource& source) {
    HeatmapStyle style;
    style.colorMap = ColorMap(ColorMap::defaultName(source.kind()));
    style.scaleMin = source.scaleMin();
    style.scaleMax = source.scaleMax();
    return style;
}

AxisTitles HeatmapPainter::defaultAxisTitles(const MatrixSource& source) {
    if (isSquareStep(source.step())) return {tr("Queries"), tr("Keys")};
    return {tr("Tokens"), tr("Dimensions")};
}

double HeatmapPainter::positionOf(double value, int row) const {
    if (source_.coloursPerRow()) return style_.colorMap.position(value, 0, source_.rowScaleMax(row));
    return style_.colorMap.position(value, style_.scaleMin, style_.scaleMax);
}

QSizeF HeatmapPainter::valueTextSize(const QFont& font, const QString& text) {
    const QFontMetricsF metrics(font);
    return {metrics.horizontalAdvance(text), digitInk(metrics).height() * kDigitRoom};
}

namespace {

// The value fonts valueFontFor tries, largest first: valueFont, then 3 % smaller at each step,
// down to smallestValueScale of it (exactly, last).
std::vector<QFont> valueFontCandidates(const HeatmapStyle& style) {
    std::vector<QFont> fonts{style.valueFont};
    const double size = style.valueFont.pointSizeF();
    if (size <= 0 || style.smallestValueScale >= 1) return fonts;
    for (double scale = 0.97; scale > style.smallestValueScale + 1e-9; scale -= 0.03) {
        fonts.push_back(style.valueFont);
        fonts.back().setPointSizeF(size * scale);
    }
    fonts.push_back(style.valueFont);
    fonts.back().setPointSizeF(size * std::max(style.smallestValueScale, 0.01));
    return fonts;
}

}  // namespace

std::optional<QFont> HeatmapPainter::valueFontFor(QSizeF cell) const {
    if (!style_.showValues) return std::nullopt;
    const QString widest = widestValueText(style_.scaleMin, style_.scaleMax, style_.decimals, style_.locale);
    for (const QFont& font : valueFontCandidates(style_))
        if (valueFitsInCell(valueTextSize(font, widest), cell, kValuePadding)) return font;
    return std::nullopt;
}

QSizeF HeatmapPainter::smallestCellForValues() const {
    if (!style_.showValues) return {};
    const QString widest = widestValueText(style_.scaleMin, style_.scaleMax, style_.decimals);
    const QSizeF text = valueTextSize(valueFontCandidates(style_).back(), widest);
    return {std::ceil(text.width() + 2 * kValuePadding), std::ceil(text.height() + 2 * kValuePadding)};
}

int HeatmapPainter::paintCells(QPainter& painter, const CellRange& range, QPointF gridOrigin, QSizeF cell) const {
    const CellRange clipped{std::max(0, range.rowBegin), std::min(source_.rows(), range.rowEnd),
                            std::max(0, range.colBegin), std::min(source_.cols(), range.colEnd)};
    if (clipped.isEmpty() || !(cell.width() > 0) || !(cell.height() > 0)) return 0;
    const std::optional<QFont> valueFont = valueFontFor(cell);
    const bool withValues = valueFont.has_value();
    const int rowsPerBlock = std::max(1, kCellsPerBlock / clipped.colCount());
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(valueFont.value_or(style_.valueFont));
    int written = 0;
    for (int row = clipped.rowBegin; row < clipped.rowEnd; row += rowsPerBlock)
        written += paintRows(painter, row, std::min(clipped.rowEnd, row + rowsPerBlock), clipped.colBegin,
                             clipped.colEnd, gridOrigin, cell, withValues);
    painter.restore();
    return written;
}

bool HeatmapPainter::paintCellsToImage(QImage& image, const CellRange& range, QPoint gridOrigin, QSize cell) const {
    const QImage::Format format = image.format();
    const int cellWidth = cell.width(), cellHeight = cell.height();
    if (image.devicePixelRatio() != 1.0 || cellWidth <= 0 || cellHeight <= 0 ||
        (format != QImage::Format_RGB32 && format != QImage::Format_ARGB32 &&
         format != QImage::Format_ARGB32_Premultiplied))
        return false;
    const double gapSize = gapFor(QSizeF(cell), style_.cellGap);
    const auto gap = static_cast<int>(gapSize);
    if (gap != gapSize || gap < 0 || gap >= std::min(cellWidth, cellHeight) ||
        (gap > 0 && style_.background.alpha() != 255))
        return false;
    if (source_.hasMask() || valuesFit(QSizeF(cell))) return false;
    const CellRange clipped{std::max(0, range.rowBegin), std::min(source_.rows(), range.rowEnd),
                            std::max(0, range.colBegin), std::min(source_.cols(), range.colEnd)};
    // The pixels of the block's columns inside the image (with gaps: paintRows' background fill).
    const int xBegin = std::max(0, gridOrigin.x() + clipped.colBegin * cellWidth);
    const int xEnd = std::min(image.width(), gridOrigin.x() + clipped.colEnd * cellWidth);
    if (clipped.isEmpty() || xBegin >= xEnd) return true;
    const QRgb background = style_.background.rgba();
    std::vector<QRgb> line(static_cast<std::size_t>(xEnd - xBegin));
    const int rowsPerBlock = std::max(1, kCellsPerBlock / clipped.colCount());
    for (int row0 = clipped.rowBegin; row0 < clipped.rowEnd; row0 += rowsPerBlock) {
        const int row1 = std::min(clipped.rowEnd, row0 + rowsPerBlock);
        const Eigen::MatrixXd values = source_.block(row0, clipped.colBegin, row1 - row0, clipped.colCount());
        for (int row = row0; row < row1; ++row) {
            const int top = gridOrigin.y() + row * cellHeight;
            const int yEnd = std::min(image.height(), top + cellHeight);
            if (std::max(0, top) >= yEnd) continue;
            // One line of the row's cells (colour, then gap), copied to each pixel line of the row.
            for (int col = clipped.colBegin; col < clipped.colEnd; ++col) {
                const int left = gridOrigin.x() + col * cellWidth;
                const QRgb fill = style_.isHiddenRow(row)
                                      ? style_.hiddenFill.rgba()
                                      : style_.colorMap.rgbAt(positionOf(values(row - row0, col - clipped.colBegin), row));
                for (int x = std::max(left, xBegin); x < std::min(left + cellWidth, xEnd); ++x)
                    line[static_cast<std::size_t>(x - xBegin)] = x < left + cellWidth - gap ? fill : background;
            }
            for (int y = std::max(0, top); y < yEnd; ++y) {
                auto* pixels = reinterpret_cast<QRgb*>(image.scanLine(y)) + xBegin;
                if (y < top + cellHeight - gap)
                    std::copy(line.begin(), line.end(), pixels);
                else
                    std::fill(pixels, pixels + line.size(), background);
            }
        }
    }
    return true;
}

int HeatmapPainter::paintRows(QPainter& painter, int rowBegin, int rowEnd, int colBegin, int colEnd,
                              QPointF gridOrigin, QSizeF cell, bool withValues) const {
    const Eigen::MatrixXd values = source_.block(rowBegin, colBegin, rowEnd - rowBegin, colEnd - colBegin);
    const QFontMetricsF metrics(painter.font());  // paintCells chose the value font
    const QRectF ink = digitInk(metrics);
    const double width = cell.width(), height = cell.height();
    const double gap = gapFor(cell, style_.cellGap);
    // paintCells restores the hint; masked cells turn it back on for their hatching.
    if (!withValues && onWholePixels(painter, gridOrigin, cell, gap))
        painter.setRenderHint(QPainter::Antialiasing, false);
    if (gap > 0)
        painter.fillRect(QRectF(gridOrigin.x() + colBegin * width, gridOrigin.y() + rowBegin * height,
                                (colEnd - colBegin) * width, (rowEnd - rowBegin) * height),
                         style_.background);
    int written = 0;
    for (int row = rowBegin; row < rowEnd; ++row) {
        const bool hidden = style_.isHiddenRow(row);
        for (int col = colBegin; col < colEnd; ++col) {
            const double value = values(row - rowBegin, col - colBegin);
            const QRectF rect(gridOrigin.x() + col * width, gridOrigin.y() + row * height, width - gap, height - gap);
            const bool masked = source_.isMasked(row, col);
            if (hidden) {  // nothing of the value: neither its colour nor its number
                if (masked)
                    paintMaskedCell(painter, rect, gridOrigin, style_.masked);
                else
                    painter.fillRect(rect, style_.hiddenFill);
                continue;
            }
            QColor fill;
            if (masked) {
                paintMaskedCell(painter, rect, gridOrigin, style_.masked);
                fill = style_.masked.fill;
            } else {
                fill = colorOf(value, row);
                painter.fillRect(rect, fill);
            }
            if (!withValues) continue;
            const QString text = cellText(value, masked, style_.decimals, style_.locale);
            if (text.isEmpty()) continue;
            const double advance = metrics.horizontalAdvance(text);
            if (masked) {
                // A plain plate under "−∞" so that the hatching does not cross the text.
                const double plate = std::min(metrics.height(), rect.height());
                painter.fillRect(QRectF(rect.center().x() - advance / 2 - 2, rect.center().y() - plate / 2,
                                        advance + 4, plate),
                                 fill);
            }
            painter.setPen(ColorMap::textColorFor(fill));
            // Centred on the digits' ink, not on the line: the line's leading would push the
            // digits off the middle of a cell that only just holds them.
            painter.drawText(QPointF(rect.center().x() - advance / 2, rect.center().y() - ink.center().y()), text);
            ++written;
        }
    }
    return written;
}

QFont HeatmapPainter::measuredLabelFont(const QFont& labelFont) { return boldened(labelFont); }

double HeatmapPainter::firstLabelsOverhang(const QFont& font, double line, double longest, double cellWidth,
                                           int step) const {
    // Only the first columns' labels can reach past the grid: those within a longest label's reach.
    const QFontMetricsF metrics(font);
    const QStringList& labels = source_.colLabels();
    const int reach = static_cast<int>(std::ceil((longest + line) / std::max(cellWidth, 1.0))) + 1;
    std::vector<double> widths;
    for (int col = 0; col < std::min(reach, static_cast<int>(labels.size())); ++col) {
        const bool drawn = col % std::max(1, step) == 0;
        widths.push_back(drawn ? std::min(metrics.horizontalAdvance(labels[col]), longest) : 0.0);
    }
    return slantedOverhang(widths, line, cellWidth);
}

HeatmapLayout HeatmapPainter::layout(QSizeF gridSize, QSizeF cell, const QFont& labelFont, double columnBand) const {
    const QFontMetricsF metrics(labelFont);
    const double line = std::ceil(metrics.height());
    const double margin = std::round(line * 0.6);
    const double pad = std::max(4.0, std::round(line * 0.3));
    // Measured once per source and font (the view lays out on every zoom and resize).
    const QFont bold = measuredLabelFont(labelFont);
    const double widestRow = std::ceil(std::min(source_.widestRowLabel(bold), line * kRowLabelLines));
    double widestCol = std::ceil(std::min(source_.widestColLabel(bold), line * kColumnLabelLines));
    ColumnLabelPlan columns = planColumnLabels(widestCol, line, cell.width());
    const bool cut = columns.height > columnBand;
    if (cut) {
        // Labels as long as the band allows at their angle (turned ones cut with "…"), at least a line.
        const double room = std::max(columnBand, line);
        widestCol = std::floor(columns.angle < 0 ? room / std::sqrt(0.5) - line : room);
        columns = planColumnLabels(widestCol, line, cell.width());
        columns.height = std::min(columns.height, room);
    }

    HeatmapLayout out;
    out.margin = margin;
    out.columnLabelsCut = cut;
    out.columnLabelAngle = columns.angle;
    out.columnLabelStep = columns.step;
    if (columns.angle < 0)
        out.columnLabelOverhang = std::ceil(firstLabelsOverhang(bold, line, widestCol, cell.width(), columns.step));
    out.rowLabelStep = labelStep(cell.height(), line + stackedLabelGap(line));
    const double columnLabelsHeight = std::ceil(columns.height);

    // Slanted column labels reach left over the row labels, into the margin at most.
    const double half = std::round(margin / 2);  // whole pixels: the grid's cells fall on pixels
    const double gridLeft = std::max(margin + line + half + widestRow + pad, out.columnLabelOverhang);
    const double gridTop = margin + line + half + columnLabelsHeight + pad;
    out.grid = QRectF(gridLeft, gridTop, gridSize.width(), gridSize.height());
    out.rowTitle = QRectF(margin, gridTop, line, gridSize.height());
    out.rowLabels = QRectF(margin + line + half, gridTop, widestRow, gridSize.height());
    out.columnTitle = QRectF(gridLeft, margin, gridSize.width(), line);
    out.columnLabels = QRectF(gridLeft, margin + line + half, gridSize.width(), columnLabelsHeight);

    // With a mask, the legend goes under a shorter bar, so both stay beside the grid.
    const bool masked = source_.hasMask();
    const double barHeight = std::max(gridSize.height() - (masked ? 2 * line : 0.0), 6 * line);
    out.colorBar = QRectF(out.grid.right() + margin, gridTop, line, barHeight);
    out.colorBarLabels = QRectF(out.colorBar.right() + pad, gridTop,
                                std::ceil(colorBarLabelWidth(labelFont, colorBarScale())), barHeight);
    double right = out.colorBarLabels.right();
    double bottom = std::max(out.grid.bottom(), out.colorBar.bottom() + line / 2);
    if (masked) {
        const double textWidth = std::ceil(metrics.horizontalAdvance(tr("masked")));
        out.maskedLegend = QRectF(out.colorBar.left(), out.colorBar.bottom() + line, line + pad + textWidth, line);
        right = std::max(right, out.maskedLegend.right());
        bottom = std::max(bottom, out.maskedLegend.bottom());
    }
    out.size = QSizeF(right + margin, bottom + margin);
    return out;
}

HeatmapLayout HeatmapPainter::figureLayout(QSizeF cell, const QFont& labelFont, double columnBand) const {
    return layout(QSizeF(source_.cols() * cell.width(), source_.rows() * cell.height()), cell, labelFont, columnBand);
}

void HeatmapPainter::paintFigure(QPainter& painter, QSizeF cell, const QFont& labelFont, const AxisTitles& titles,
                                 std::optional<CellIndex> selected) const {
    const HeatmapLayout figure = figureLayout(cell, labelFont);
    painter.save();
    painter.fillRect(QRectF(QPointF(0, 0), figure.size), style_.background);
    paintCells(painter, CellRange{0, source_.rows(), 0, source_.cols()}, figure.grid.topLeft(), cell);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(labelFont);
    painter.setPen(style_.textColor);
    paintAxisTitles(painter, figure, titles);
    paintRowLabels(painter, source_.rowLabels(), 0, source_.rows(), figure.rowLabelStep, figure.rowLabels,
                   figure.grid.top(), cell.height(), selected ? selected->row : -1);
    paintColumnLabels(painter, source_.colLabels(), 0, source_.cols(), figure.columnLabelStep,
                      figure.columnLabelAngle, figure.columnLabels, figure.grid.left(), cell.width(),
                      selected ? selected->col : -1);
    paintColorBar(painter, figure.colorBar, figure.colorBarLabels, style_.colorMap, colorBarScale());
    if (!figure.maskedLegend.isEmpty()) paintMaskedLegend(painter, figure.maskedLegend, style_.masked);
    if (selected && selected->row < source_.rows() && selected->col < source_.cols())
        paintSelection(painter, QRectF(QPointF(figure.grid.left() + selected->col * cell.width(),
                                               figure.grid.top() + selected->row * cell.height()),
                                       cell));
    painter.restore();
}

void HeatmapPainter::paintAxisTitles(QPainter& painter, const HeatmapLayout& layout, const AxisTitles& titles) {
    painter.save();
    painter.setFont(boldened(painter.font()));
    const QFontMetricsF metrics(painter.font());
    painter.drawText(layout.columnTitle, Qt::AlignCenter,
                     metrics.elidedText(titles.columns, Qt::ElideRight, layout.columnTitle.width()));
    painter.save();
    painter.translate(layout.rowTitle.center());
    painter.rotate(-90);
    const QRectF turned(-layout.rowTitle.height() / 2, -layout.rowTitle.width() / 2, layout.rowTitle.height(),
                        layout.rowTitle.width());
    painter.drawText(turned, Qt::AlignCenter, metrics.elidedText(titles.rows, Qt::ElideRight, turned.width()));
    painter.restore();
    painter.restore();
}

QPolygonF PlacedLabel::outline() const {
    QTransform turn;
    turn.translate(anchor.x(), anchor.y());
    turn.rotate(-angle);
    return turn.map(QPolygonF(box));
}

std::vector<PlacedLabel> HeatmapPainter::placeRowLabels(const QFont& font, const QStringList& labels, int begin,
                                                        int end, int step, const QRectF& band, double gridTop,
                                                        double cellHeight, int highlighted) {
    step = std::max(1, step);
    const QFontMetricsF metrics(font);
    const QFontMetricsF boldMetrics(boldened(font));
    const double line = metrics.height();
    std::vector<PlacedLabel> placed;
    for (const int row : labelledIndices(begin, std::min(end, static_cast<int>(labels.size())), step, highlighted)) {
        PlacedLabel label;
        label.index = row;
        label.bold = row == highlighted;
        const QFontMetricsF& m = label.bold ? boldMetrics : metrics;
        label.text = m.elidedText(labels[row], Qt::ElideRight, band.width());
        const double advance = m.horizontalAdvance(label.text);
        // Right-aligned against the grid, centred on the row, never clipped: with small cells
        // (long sentences) every k-th label is still drawn whole.
        label.anchor = QPointF(band.right(), gridTop + (row + 0.5) * cellHeight);
        label.box = QRectF(-advance, -line / 2, advance, line);
        placed.push_back(label);
    }
    return placed;
}

std::vector<PlacedLabel> HeatmapPainter::placeColumnLabels(const QFont& font, const QStringList& labels, int begin,
                                                           int end, int step, double angle, const QRectF& band,
                                                           double gridLeft, double cellWidth, int highlighted) {
    step = std::max(1, step);
    const QFontMetricsF metrics(font);
    const QFontMetricsF boldMetrics(boldened(font));
    const double line = metrics.height();
    const double sin45 = std::sqrt(0.5);
    // A level label is as long as its text; a turned one as the band allows.
    const double room = angle >= 90 ? band.height() : band.height() / sin45 - line;
    std::vector<PlacedLabel> placed;
    for (const int col : labelledIndices(begin, std::min(end, static_cast<int>(labels.size())), step, highlighted)) {
        PlacedLabel label;
        label.index = col;
        label.bold = col == highlighted;
        label.angle = angle;
        const QFontMetricsF& m = label.bold ? boldMetrics : metrics;
        label.text = angle == 0 ? labels[col] : m.elidedText(labels[col], Qt::ElideRight, std::max(room, 0.0));
        const double advance = m.horizontalAdvance(label.text);
        const double centre = gridLeft + (col + 0.5) * cellWidth;
        if (angle == 0) {
            label.anchor = QPointF(centre, band.bottom() - line / 2);
            label.box = QRectF(-advance / 2, -line / 2, advance, line);
        } else if (angle < 0) {
            // Reading down to its column, its lower corner resting on the band's edge.
            label.anchor = QPointF(centre, band.bottom() - line / 2 * sin45);
            label.box = QRectF(-advance, -line / 2, advance, line);
        } else {
            label.anchor = QPointF(centre, band.bottom());  // reading upwards from its column
            label.box = QRectF(0, -line / 2, advance, line);
        }
        placed.push_back(label);
    }
    return placed;
}

void HeatmapPainter::paintLabels(QPainter& painter, const std::vector<PlacedLabel>& labels) {
    const QFont normal = painter.font();
    const QFont bold = boldened(normal);
    for (const PlacedLabel& label : labels) {
        painter.save();
        painter.setFont(label.bold ? bold : normal);
        painter.translate(label.anchor);
        painter.rotate(-label.angle);
        painter.drawText(label.box, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, label.text);
        painter.restore();
    }
}

void HeatmapPainter::paintRowLabels(QPainter& painter, const QStringList& labels, int begin, int end, int step,
                                    const QRectF& band, double gridTop, double cellHeight, int highlighted) {
    paintLabels(painter,
                placeRowLabels(painter.font(), labels, begin, end, step, band, gridTop, cellHeight, highlighted));
}

void HeatmapPainter::paintColumnLabels(QPainter& painter, const QStringList& labels, int begin, int end, int step,
                                       double angle, const QRectF& band, double gridLeft, double cellWidth,
                                       int highlighted) {
    paintLabels(painter, placeColumnLabels(painter.font(), labels, begin, end, step, angle, band, gridLeft,
                                           cellWidth, highlighted));
}

ColorBarScale HeatmapPainter::colorBarScale() const {
    return {style_.scaleMin, style_.scaleMax, style_.locale, source_.coloursPerRow()};
}

void HeatmapPainter::paintColorBar(QPainter& painter, const QRectF& bar, const QRectF& labels, const ColorMap& map,
                                   const ColorBarScale& scale) {
    if (bar.isEmpty()) return;
    painter.save();
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    constexpr int kStops = 64;
    for (int i = 0; i <= kStops; ++i) {
        const double t = static_cast<double>(i) / kStops;
        gradient.setColorAt(t, map.colorFor(scale.min + (scale.max - scale.min) * t, scale.min, scale.max));
    }
    painter.fillRect(bar, gradient);
    const QColor ink = painter.pen().color();
    painter.setPen(QPen(ink, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);

    const QFontMetricsF metrics(painter.font());
    const double tickLength = std::max(3.0, (labels.left() - bar.right()) * 0.7);
    for (const ColorBarTick& tick : colorBarTicks(scale, bar.height(), metrics.height())) {
        const double y = bar.bottom() - tick.position * bar.height();
        painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + tickLength, y));
        const QRectF textRect(labels.left(), y - metrics.height() / 2, std::max(labels.width(), 1.0), metrics.height());
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, tick.text);
    }
    painter.restore();
}

std::vector<ColorBarTick> HeatmapPainter::colorBarTicks(const ColorBarScale& scale, double barHeight,
                                                        double textHeight) {
    // The colours run from 0 to each row's own largest weight, whatever its value: say it in words.
    if (scale.perRow) return {{0, formatValue(0, 0, scale.locale)}, {1, tr("row's largest")}};
    const double min = scale.min, max = scale.max;
    if (!std::isfinite(min) || !std::isfinite(max)) return {};
    if (!(max > min)) return {{0.5, formatValue(min, 2, scale.locale)}};
    const std::vector<double> round = niceTicks(min, max);
    const double tolerance = (max - min) * 1e-9;
    const auto isRound = [&](double end) {
        return std::any_of(round.begin(), round.end(), [&](double t) { return std::abs(t - end) <= tolerance; });
    };
    // "0.0 … 1.0" as before when both ends are round; else every label with the ends' precision.
    const bool roundEnds = isRound(min) && isRound(max);
    const int decimals = roundEnds ? tickDecimals(round) : std::max(2, tickDecimals(round));
    const auto position = [&](double value) { return (value - min) / (max - min); };
    std::vector<ColorBarTick> ticks{{0, formatValue(min, decimals, scale.locale)}};
    for (const double value : round) {
        if (std::abs(value - min) <= tolerance || std::abs(value - max) <= tolerance) continue;
        const double p = position(value);
        if (std::min(p, 1 - p) * barHeight < textHeight) continue;  // would touch an end's label
        ticks.push_back({p, formatValue(value, decimals, scale.locale)});
    }
    ticks.push_back({1, formatValue(max, decimals, scale.locale)});
    return ticks;
}

double HeatmapPainter::colorBarLabelWidth(const QFont& font, const ColorBarScale& scale) {
    const QFontMetricsF metrics(font);
    double widest = 0;
    // A bar of any height: every label that can be drawn.
    for (const ColorBarTick& tick : colorBarTicks(scale, std::numeric_limits<double>::infinity(), 0))
        widest = std::max(widest, metrics.horizontalAdvance(tick.text));
    return widest;
}

void HeatmapPainter::paintMaskedLegend(QPainter& painter, const QRectF& rect, const MaskedLook& look) {
    const QRectF swatch(rect.left(), rect.top(), rect.height(), rect.height());
    paintMaskedCell(painter, swatch, swatch.topLeft(), look);
    painter.save();
    painter.setPen(QPen(painter.pen().color(), 1));
    painter.drawRect(swatch);
    painter.restore();
    const double gap = std::max(4.0, std::round(rect.height() * 0.3));
    painter.drawText(QRectF(swatch.right() + gap, rect.top(), rect.right() - swatch.right() - gap, rect.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("masked"));
}

void HeatmapPainter::paintMaskedCell(QPainter& painter, const QRectF& rect, QPointF phaseOrigin,
                                     const MaskedLook& look) {
    painter.fillRect(rect, look.fill);
    // Lines u + v = k·spacing (u, v relative to phaseOrigin), clipped to the rectangle by hand so
    // that vector output stays plain line segments.
    const double u0 = rect.left() - phaseOrigin.x();
    const double v0 = rect.top() - phaseOrigin.y();
    const double u1 = u0 + rect.width();
    const double v1 = v0 + rect.height();
    QList<QLineF> lines;
    for (double c = std::ceil((u0 + v0) / kHatchSpacing) * kHatchSpacing; c <= u1 + v1; c += kHatchSpacing) {
        const double ua = std::max(u0, c - v1);
        const double ub = std::min(u1, c - v0);
        if (ub - ua <= 1e-9) continue;
        lines.append(QLineF(QPointF(ua, c - ua) + phaseOrigin, QPointF(ub, c - ub) + phaseOrigin));
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(look.line, kHatchWidth, Qt::SolidLine, Qt::FlatCap));
    painter.drawLines(lines);
    painter.restore();
}

double HeatmapPainter::selectionReach(double cellSize) { return cellSize >= kMinCellForGap ? 4 : 2; }

void HeatmapPainter::paintSelection(QPainter& painter, const QRectF& cellRect) const {
    // The cell as coloured: its square less the gap on its right and bottom.
    const double gap = gapFor(cellRect.size(), style_.cellGap);
    const QRectF cell = cellRect.adjusted(0, 0, -gap, -gap);
    const double ring = selectionReach(std::min(cellRect.width(), cellRect.height())) / 2;
    // A ring as four filled strips: crisp on whole pixels, exact in SVG and PDF.
    const auto frame = [&painter](const QRectF& inner, double width, const QColor& colour) {
        const QRectF outer = inner.adjusted(-width, -width, width, width);
        painter.fillRect(QRectF(outer.left(), outer.top(), outer.width(), width), colour);
        painter.fillRect(QRectF(outer.left(), inner.bottom(), outer.width(), width), colour);
        painter.fillRect(QRectF(outer.left(), inner.top(), width, inner.height()), colour);
        painter.fillRect(QRectF(inner.right(), inner.top(), width, inner.height()), colour);
    };
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    frame(cell, ring, Qt::white);
    frame(cell.adjusted(-ring, -ring, ring, ring), ring, Qt::black);
    painter.restore();
}

void HeatmapPainter::paintGuess(QPainter& painter, const QRectF& cellRect) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setBrush(Qt::NoBrush);
    // Thicker on larger cells, so that the back of the room sees it on a projector.
    const double width = std::clamp(std::round(std::min(cellRect.width(), cellRect.height()) / 8), 3.0, 10.0);
    painter.setPen(QPen(guessColor(), width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    // Centred on the cell's edge: half over the gap and the neighbours, half over the cell's rim,
    // where the selection's black frame starts further in.
    painter.drawRect(cellRect.adjusted(-width / 4, -width / 4, width / 4, width / 4));
    painter.restore();
}

}  // namespace attnviz::ui
