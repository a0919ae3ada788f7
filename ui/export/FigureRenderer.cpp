#include "ui/export/FigureRenderer.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/model/TeachingConfig.h"
#include "ui/style/FigureFont.h"

namespace attnviz::ui {
namespace {

constexpr double kOuterMargin = 10;        ///< around everything
constexpr double kGridTarget = 640;        ///< the larger side of the grid, when cells need not grow
constexpr double kLargestCell = 56;        ///< small matrices: cells stop growing here
constexpr double kLargestValuesGrid = 1800;  ///< cells may grow up to this grid side so that values fit
constexpr double kLargestCellImageSide = 4096;  ///< pixels of an embedded cell image (cellsAsImageAbove)
constexpr double kCaptionMinWidth = 520;   ///< a narrow figure still gets a readable caption width
constexpr int kCaptionPixels = 11;
constexpr int kValuePixelsLargest = 12;
constexpr int kValuePixelsSmallest = 9;
/// Caption lines are this many caption font heights apart, so that one line's descenders never
/// touch the next line's capitals.
constexpr double kCaptionLineSpacing = 1.4;

/// Cell side (figure units, whole device pixels at `align`) and the value font's pixel size.
struct Sizing {
    double cell = 1;
    int valuePixels = kValuePixelsLargest;
};

Sizing chooseSizing(const MatrixSource& source, const FigureOptions& options, double align) {
    const double extent = std::max({source.rows(), source.cols(), 1});
    Sizing sizing;
    sizing.cell = std::min(kLargestCell, kGridTarget / extent);
    if (options.showValues) {
        // The largest value font whose numbers fit without the grid growing past the limit.
        const HeatmapStyle style = HeatmapPainter::defaultStyle(source);
        const QString widest = widestValueText(style.scaleMin, style.scaleMax, style.decimals, options.locale);
        for (int pixels = kValuePixelsLargest; pixels >= kValuePixelsSmallest; --pixels) {
            const QFontMetricsF metrics(figureFont(pixels));
            const double needed = std::ceil(std::max(metrics.horizontalAdvance(widest), metrics.height())) + 7;
            if (sizing.cell >= needed || extent * needed <= kLargestValuesGrid) {
                sizing.cell = std::max(sizing.cell, needed);
                sizing.valuePixels = pixels;
                break;
            }
        }
    }
    sizing.cell = std::max(1.0, std::ceil(sizing.cell * align - 1e-9)) / align;
    return sizing;
}

HeatmapStyle figureStyle(const MatrixSource& source, const FigureOptions& options, int valuePixels) {
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    if (!options.colormap.isEmpty()) {
        if (const auto map = ColorMap::byName(options.colormap)) style.colorMap = *map;
    }
    style.showValues = options.showValues;
    style.valueFont = figureFont(valuePixels);
    style.locale = options.locale;
    return style;
}

/// The caption on as few lines as it needs within maxWidth, the lines about equally long, broken
/// only between settings (at " · ").
QString balancedCaption(const QString& caption, const QFontMetricsF& metrics, double maxWidth) {
    const QString separator = QStringLiteral(" · ");
    const double full = metrics.horizontalAdvance(caption);
    if (full <= maxWidth) return caption;
    const QStringList parts = caption.split(separator);
    // Greedy filling up to `limit`: the shortest limit that gives the fewest lines makes them even.
    const auto fill = [&](double limit) {
        QStringList lines;
        QString current;
        for (const QString& part : parts) {
            const QString candidate = current.isEmpty() ? part : current + separator + part;
            if (current.isEmpty() || metrics.horizontalAdvance(candidate) <= limit) {
                current = candidate;
            } else {
                lines << current;
                current = part;
            }
        }
        lines << current;
        return lines;
    };
    for (auto count = static_cast<qsizetype>(std::ceil(full / maxWidth)); count < parts.size(); ++count) {
        const double even = full / static_cast<double>(count);
        for (double limit = std::min(even, maxWidth);; limit = std::min(maxWidth, limit + std::max(4.0, even * 0.03))) {
            const QStringList lines = fill(limit);
            if (lines.size() <= count) return lines.join(QLatin1Char('\n'));
            if (limit >= maxWidth) break;
        }
    }
    return parts.join(QLatin1Char('\n'));
}

/// One pixel per cell of source, in heatmap's colours: masked cells in the masked fill (their
/// hatching needs more than a pixel), hidden rows in the hidden fill, no gaps, no values. Values
/// are fetched by blocks of rows, so that no copy of the whole matrix is made.
QImage cellImage(const HeatmapPainter& heatmap, const MatrixSource& source) {
    const int rows = source.rows(), cols = source.cols();
    QImage image(cols, rows, QImage::Format_RGB32);
    if (image.isNull()) return image;
    const HeatmapStyle& style = heatmap.style();
    const QRgb maskedFill = style.masked.fill.rgb();
    const QRgb hiddenFill = style.hiddenFill.rgb();
    const int rowsPerBlock = std::max(1, (1 << 16) / std::max(cols, 1));
    for (int row0 = 0; row0 < rows; row0 += rowsPerBlock) {
        const int row1 = std::min(rows, row0 + rowsPerBlock);
        const Eigen::MatrixXd values = source.block(row0, 0, row1 - row0, cols);
        for (int row = row0; row < row1; ++row) {
            auto* pixels = reinterpret_cast<QRgb*>(image.scanLine(row));
            const bool hidden = style.isHiddenRow(row);
            for (int col = 0; col < cols; ++col) {
                // Masked before hidden, as HeatmapPainter: a masked cell is hatched in a hidden row too.
                pixels[col] = source.isMasked(row, col) ? maskedFill
                              : hidden                  ? hiddenFill
                                       : style.colorMap.rgbAt(heatmap.positionOf(values(row - row0, col), row));
            }
        }
    }
    return image;
}

bool drawsCellsAsImage(const MatrixSource& source, const FigureOptions& options) {
    return options.cellsAsImageAbove > 0 && qint64{source.rows()} * qint64{source.cols()} > options.cellsAsImageAbove;
}

FigureOptions checked(const MatrixSource& source, FigureOptions options) {
    if (!(options.pixelAlignment > 0)) options.pixelAlignment = 1;
    if (drawsCellsAsImage(source, options)) options.showValues = false;  // an image has no numbers
    return options;
}

}  // namespace

FigureRenderer::FigureRenderer(const MatrixSource& source, FigureOptions options)
    : source_(source),
      options_(checked(source, std::move(options))),
      heatmap_(source, figureStyle(source, options_,
                                   chooseSizing(source, options_, options_.pixelAlignment).valuePixels)),
      labelFont_(figureFont(kFigureLabelPixels)),
      titleFont_(figureFont(kFigureTitlePixels, true)),
      captionFont_(figureFont(kCaptionPixels)) {
    if (!options_.title.isEmpty()) {
        title_ = options_.title;
    } else {
        title_ = source.hasTrace() ? defaultTitle(source.step(), source.head(), source.trace().heads())
                                   : stackTitle(*source.stack(), source.layer(), source.head());
    }
    if (options_.showCaption) {
        QStringList parts{source.hasTrace()
                              ? settingsCaption(source.trace(), source.step(), source.head(), options_.locale)
                              : stackCaption(*source.stack())};
        if (const QString colours = colourRangeCaption(source, options_.locale); !colours.isEmpty()) parts << colours;
        caption_ = parts.join(QStringLiteral(" · "));
    }
    cellsAsImage_ = drawsCellsAsImage(source, options_);
    cellSize_ = chooseSizing(source, options_, options_.pixelAlignment).cell;
    layout_ = heatmap_.figureLayout(QSizeF(cellSize_, cellSize_), labelFont_);

    const QFontMetricsF titleMetrics(titleFont_);
    const QFontMetricsF captionMetrics(captionFont_);
    const double titleHeight = std::ceil(titleMetrics.height());
    const double titleWidth = std::ceil(titleMetrics.horizontalAdvance(title_));

    double width = std::max(layout_.size.width(), titleWidth + 2 * kOuterMargin);
    if (!caption_.isEmpty()) caption_ = balancedCaption(caption_, captionMetrics, std::max(width, kCaptionMinWidth));
    // Said even without the settings caption: the file does not hold what a vector file should.
    if (cellsAsImage_) {
        if (!caption_.isEmpty()) caption_ += QLatin1Char('\n');
        caption_ += cellsAsImageNote(source.rows(), source.cols());
    }
    if (!caption_.isEmpty()) {
        const QRectF bounds = captionMetrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignHCenter, caption_);
        width = std::max(width, std::ceil(bounds.width()));
    }
    width += 2 * kOuterMargin;

    titleRect_ = QRectF(kOuterMargin, kOuterMargin, width - 2 * kOuterMargin, titleHeight);
    // Centre the heatmap, then nudge it so that cell edges fall on whole device pixels.
    QPointF origin((width - layout_.size.width()) / 2, titleRect_.bottom());
    const double align = options_.pixelAlignment;
    const QPointF grid = origin + layout_.grid.topLeft();
    origin += QPointF(std::round(grid.x() * align) / align - grid.x(), std::round(grid.y() * align) / align - grid.y());
    heatmapOrigin_ = origin;

    double bottom = heatmapOrigin_.y() + layout_.size.height();
    captionLines_.clear();
    if (!caption_.isEmpty()) {
        const double pitch = std::ceil(captionMetrics.height() * kCaptionLineSpacing);
        const QStringList lines = caption_.split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QRectF line(kOuterMargin, bottom + static_cast<double>(i) * pitch, width - 2 * kOuterMargin,
                              std::ceil(captionMetrics.height()));
            captionLines_.push_back({line, lines[i]});
        }
        bottom = captionLines_.back().rect.bottom();
    }
    size_ = QSizeF(std::ceil(width), std::ceil(bottom + kOuterMargin));
}

std::vector<QRectF> FigureRenderer::captionLineRects() const {
    std::vector<QRectF> rects;
    for (const CaptionLine& line : captionLines_) rects.push_back(line.rect);
    return rects;
}

QRectF FigureRenderer::gridRect() const { return layout_.grid.translated(heatmapOrigin_); }

QRectF FigureRenderer::cellRect(int row, int col) const {
    const QRectF grid = gridRect();
    return {grid.left() + col * cellSize_, grid.top() + row * cellSize_, cellSize_, cellSize_};
}

void FigureRenderer::paint(QPainter& painter) const {
    painter.save();
    painter.fillRect(QRectF(QPointF(0, 0), size_), heatmap_.style().background);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setPen(heatmap_.style().textColor);
    painter.setFont(titleFont_);
    painter.drawText(titleRect_, Qt::AlignHCenter | Qt::AlignVCenter, title_);

    painter.save();
    painter.translate(heatmapOrigin_);
    paintHeatmap(painter);
    painter.restore();

    painter.setFont(captionFont_);
    painter.setPen(QColor(68, 68, 68));
    for (const CaptionLine& line : captionLines_) painter.drawText(line.rect, Qt::AlignHCenter | Qt::AlignTop, line.text);
    painter.restore();
}

QString FigureRenderer::cellsAsImageNote(int rows, int cols) {
    return tr("%1 × %2 cells drawn as one image, without their values, to keep the file small")
        .arg(rows)
        .arg(cols);
}

void FigureRenderer::paintCellImage(QPainter& painter, QPointF gridOrigin) const {
    const QImage cells = cellImage(heatmap_, source_);
    if (cells.isNull()) return;
    // A few pixels per cell (at most 4,096² in all), so that a viewer smoothing the image while
    // scaling it does not blur the cells into each other.
    const double longest = std::max(cells.width(), cells.height());
    const int factor = std::clamp(static_cast<int>(std::ceil(cellSize_)), 1,
                                  std::max(1, static_cast<int>(kLargestCellImageSide / longest)));
    const QImage drawn = factor == 1 ? cells
                                     : cells.scaled(cells.width() * factor, cells.height() * factor,
                                                    Qt::IgnoreAspectRatio, Qt::FastTransformation);
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(QRectF(gridOrigin, QSizeF(source_.cols() * cellSize_, source_.rows() * cellSize_)), drawn);
    painter.restore();
}

void FigureRenderer::paintHeatmap(QPainter& painter) const {
    // HeatmapPainter::paintFigure's parts, except that row labels taller than their cells are
    // drawn whole (paintRowLabels clips each label to its cell).
    const HeatmapLayout& figure = layout_;
    const HeatmapStyle& style = heatmap_.style();
    if (cellsAsImage_) {
        paintCellImage(painter, figure.grid.topLeft());
    } else {
        heatmap_.paintCells(painter, CellRange{0, source_.rows(), 0, source_.cols()}, figure.grid.topLeft(),
                            QSizeF(cellSize_, cellSize_));
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(labelFont_);
    painter.setPen(style.textColor);
    HeatmapPainter::paintAxisTitles(painter, figure, HeatmapPainter::defaultAxisTitles(source_));
    const QFontMetricsF metrics(labelFont_);
    if (cellSize_ >= metrics.height()) {
        HeatmapPainter::paintRowLabels(painter, source_.rowLabels(), 0, source_.rows(), figure.rowLabelStep,
                                       figure.rowLabels, figure.grid.top(), cellSize_);
    } else {
        const int step = std::max(1, figure.rowLabelStep);
        for (int row = 0; row < source_.rows(); row += step) {
            const double centre = figure.grid.top() + (row + 0.5) * cellSize_;
            const QRectF rect(figure.rowLabels.left(), centre - metrics.height() / 2, figure.rowLabels.width(),
                              metrics.height());
            painter.drawText(rect, Qt::AlignRight | Qt::AlignVCenter,
                             metrics.elidedText(source_.rowLabels().value(row), Qt::ElideRight, rect.width()));
        }
    }
    HeatmapPainter::paintColumnLabels(painter, source_.colLabels(), 0, source_.cols(), figure.columnLabelStep,
                                      figure.columnLabelAngle, figure.columnLabels, figure.grid.left(), cellSize_);
    HeatmapPainter::paintColorBar(painter, figure.colorBar, figure.colorBarLabels, style.colorMap,
                                  heatmap_.colorBarScale());
    if (!figure.maskedLegend.isEmpty()) HeatmapPainter::paintMaskedLegend(painter, figure.maskedLegend);
}

QString FigureRenderer::defaultTitle(Step step, int head, int heads) {
    QString name;
    switch (step) {
        case Step::X: return tr("Input X (embeddings + positions)");
        case Step::Output: return tr("Output (context · W_O)");
        case Step::Q: name = tr("Queries Q"); break;
        case Step::K: name = tr("Keys K"); break;
        case Step::V: name = tr("Values V"); break;
        case Step::Scores: name = tr("Scores QKᵀ"); break;
        case Step::Scaled: name = tr("Scaled scores"); break;
        case Step::Masked: name = tr("Masked scores"); break;
        case Step::Weights: name = tr("Attention weights"); break;
        case Step::Context: name = tr("Context (weights · V)"); break;
    }
    // Heads are counted from 1 where a person reads them (the core's index + 1).
    if (head != kAllHeads) return tr("%1 — head %2").arg(name).arg(head + 1);
    if (heads <= 1) return tr("%1 — head %2").arg(name).arg(1);
    if (isSquareStep(step)) return tr("%1 — mean of %2 heads").arg(name).arg(heads);
    return tr("%1 — all %2 heads").arg(name).arg(heads);
}

QString FigureRenderer::stackTitle(const AttentionStack& stack, int layer, int head) {
    // Layers and heads are counted from 1 where a person reads them.
    if (head == kAllHeads)
        return tr("Attention weights — layer %1 · mean of %2 heads").arg(layer + 1).arg(stack.heads());
    return tr("Attention weights — layer %1 · head %2").arg(layer + 1).arg(head + 1);
}

QString FigureRenderer::stackCaption(const AttentionStack& stack) {
    QStringList parts;
    if (stack.origin() == StackOrigin::Imported) parts << tr("imported weights");
    parts << tr("n = %1").arg(stack.size());
    parts << tr("layers × heads: %1 × %2").arg(stack.layers()).arg(stack.heads());
    parts << (stack.size() > 1 && stack.isMasked(0, 1) ? tr("mask: causal") : tr("no mask"));
    return parts.join(QStringLiteral(" · "));
}

QString FigureRenderer::colourRangeCaption(const MatrixSource& source, const QLocale& locale) {
    if (source.kind() != ValueKind::Weights) return {};
    switch (source.weightsRange()) {
        case WeightsRange::Fixed: return tr("colours: 0 to 1");
        case WeightsRange::PerRow: return tr("colours: each row against its largest weight");
        case WeightsRange::Data: break;
    }
    // The bar's own end labels, so that the caption and the bar agree to the last digit.
    const std::vector<ColorBarTick> ends = HeatmapPainter::colorBarTicks(
        ColorBarScale{source.scaleMin(), source.scaleMax(), locale}, std::numeric_limits<double>::infinity(), 0);
    return tr("colours: smallest to largest weight (%1 to %2)").arg(ends.front().text, ends.back().text);
}

QString FigureRenderer::settingsCaption(const AttentionTrace& trace, Step step, int head, const QLocale& locale) {
    const AttentionConfig& config = trace.config();
    QStringList parts;
    if (const ModelOrigin* origin = trace.origin()) {
        // A trained model's figure says first which model, layer and head it shows (counted from 1).
        const QString model = QString::fromStdString(origin->model);
        parts << (head == kAllHeads && config.heads > 1
                      ? tr("%1 · layer %2 · mean of %3 heads").arg(model).arg(origin->layer + 1).arg(config.heads)
                      : tr("%1 · layer %2 · head %3").arg(model).arg(origin->layer + 1).arg(head == kAllHeads ? 1 : head + 1));
    }
    const int padding = trace.size() - trace.realTokenCount();
    parts << (padding > 0 ? tr("n = %1 (%2 padding)").arg(trace.size()).arg(padding) : tr("n = %1").arg(trace.size()));
    parts << tr("d_model = %1").arg(config.dModel);
    QString heads = tr("%n head(s)", nullptr, config.heads);
    if (step != Step::X && step != Step::Output) {
        // The teaching model's roles, as written (exports keep the model's English names).
        const std::vector<std::string> roles = teachingHeadRoles(config, {});
        if (head != kAllHeads && head >= 0 && head < static_cast<int>(roles.size())) {
            heads += tr(" (head %1 shown: %2)").arg(head + 1).arg(QString::fromStdString(roles[static_cast<std::size_t>(head)]));
        } else if (head != kAllHeads) {
            heads += tr(" (head %1 shown)").arg(head + 1);
        } else if (config.heads > 1) {
            heads += isSquareStep(step) ? tr(" (mean shown)") : tr(" (all shown)");
        }
    }
    parts << heads;
    parts << tr("d_k = %1").arg(config.dK());
    parts << (config.scaleBySqrtDk ? tr("scaled by √d_k") : tr("not scaled by √d_k"));
    parts << tr("T = %1").arg(formatSignificant(config.temperature, 6, locale));

    QStringList masks;
    if (config.mask.causal) masks << tr("causal");
    if (config.mask.window > 0) {
        QString window = tr("window %1").arg(config.mask.window);
        if (!config.mask.globalTokens.empty()) {
            QStringList globals;
            for (const int g : config.mask.globalTokens) globals << QString::number(g);
            window += tr(" (global %1)").arg(globals.join(QStringLiteral(", ")));
        }
        masks << window;
    }
    if (config.mask.padTo > 0) masks << tr("padding to %1").arg(config.mask.padTo);
    if (!config.mask.customMasked.empty()) {
        const auto count = static_cast<int>(config.mask.customMasked.size());
        masks << tr("%n cell(s) masked by hand", nullptr, count);
    }
    parts << (masks.isEmpty() ? tr("no mask") : tr("mask: %1").arg(masks.join(QStringLiteral(" + "))));
    if (config.preset == ProjectionPreset::Model) return parts.join(QStringLiteral(" · "));  // no seed, its own positions
    parts << (config.positionalEncoding ? tr("positions on") : tr("positions off"));
    switch (config.preset) {
        // Random weights are an untrained model's: a figure of them must not pass for learnt attention.
        case ProjectionPreset::Random: parts << tr("untrained random W"); break;
        case ProjectionPreset::Identity: parts << tr("identity W"); break;
        case ProjectionPreset::Supplied: parts << tr("supplied W"); break;
        case ProjectionPreset::Teaching:
            parts << (usesTeachingHeads(config) ? tr("four-head teaching model") : tr("teaching model"));
            break;
        case ProjectionPreset::Model: break;
    }
    parts << tr("seed %1").arg(config.seed);
    return parts.join(QStringLiteral(" · "));
}

}  // namespace attnviz::ui
