#include "ui/heads/ModelGridFigure.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

#include "ui/heatmap/HeatmapPainter.h"
#include "ui/style/FigureFont.h"

namespace attnviz::ui {
namespace {

// The heatmap figure's sizes (FigureRenderer): the same text on every figure of the program.
constexpr double kColorBarWidth = 16;

/// Thumbnails large enough to read on paper: 200 units for a few heads, down to 80 for 12 or more.
int figureSide(int heads) { return std::clamp(960 / std::max(1, heads), 80, 200); }

bool anyMasked(const AttentionStack& stack) {
    for (int i = 0; i < stack.size(); ++i)
        for (int j = 0; j < stack.size(); ++j)
            if (stack.isMasked(i, j)) return true;
    return false;
}

}  // namespace

QString ModelGridFigure::defaultTitle(const AttentionStack& stack) {
    return stack.layers() > 1 ? tr("Attention weights — every layer and head") : tr("Attention weights — every head");
}

ModelGridFigure::ModelGridFigure(const AttentionStack& stack, const std::vector<HeadSummary>& summaries,
                                 ModelFigureOptions options)
    : stack_(stack),
      summaries_(summaries),
      options_(std::move(options)),
      look_(ThumbnailLook::of(options_.colormap, false)),
      labelFont_(figureFont(kFigureLabelPixels)),
      titleFont_(figureFont(kFigureTitlePixels, true)) {
    title_ = options_.title.isEmpty() ? defaultTitle(stack) : options_.title;
    caption_ = tr("layers × heads: %1 × %2 · tokens: %3").arg(stack.layers()).arg(stack.heads()).arg(stack.size());
    if (stack.size() > kVectorTokens) images_ = makeHeadImages(stack, look_);

    ModelGridOptions grid;
    grid.measure = options_.measure;
    layout_ = ModelGridLayout(stack.layers(), stack.heads(), figureSide(stack.heads()), labelFont_,
                              modelGridLabelLines(stack, grid));
    const QFontMetricsF label(labelFont_), title(titleFont_);
    const double line = std::ceil(label.height());
    const double margin = std::round(line * 0.8);
    titleRect_ = QRectF(margin, margin, std::ceil(title.horizontalAdvance(title_)), std::ceil(title.height()));
    captionRect_ = QRectF(margin, titleRect_.bottom() + line * 0.3, std::ceil(label.horizontalAdvance(caption_)), line);
    gridOrigin_ = QPointF(margin - std::round(line * 0.6), captionRect_.bottom() + std::round(line * 0.4));
    const QSizeF gridSize = layout_.size();
    const double barTop = gridOrigin_.y() + std::round(line * 0.6);
    const double barHeight = std::min(gridSize.height() - 2 * std::round(line * 0.6), 320.0);
    colorBar_ = QRectF(gridOrigin_.x() + gridSize.width() + line, barTop, kColorBarWidth, std::max(barHeight, 4 * line));
    const ColorBarScale scale{0, 1, options_.locale, false};
    colorBarLabels_ = QRectF(colorBar_.right() + std::round(line * 0.5), colorBar_.top(),
                             std::ceil(HeatmapPainter::colorBarLabelWidth(labelFont_, scale)), colorBar_.height());
    double right = colorBarLabels_.right();
    double bottom = std::max(gridOrigin_.y() + gridSize.height(), colorBar_.bottom() + line);
    if (anyMasked(stack)) {
        const double width = line + std::round(line * 0.3) + label.horizontalAdvance(HeatmapPainter::tr("masked"));
        maskedLegend_ = QRectF(colorBar_.left(), colorBar_.bottom() + line, std::ceil(width), line);
        right = std::max(right, maskedLegend_.right());
        bottom = std::max(bottom, maskedLegend_.bottom() + line);
    }
    right = std::max({right, titleRect_.right(), captionRect_.right()});
    size_ = QSizeF(std::ceil(right + margin), std::ceil(bottom + margin / 2));
}

QRectF ModelGridFigure::thumbnailRect(int layer, int head) const {
    const std::vector<int> order = modelGridOrder(summaries_, options_.measure, options_.sorted);
    const int index = layer * stack_.heads() + head;
    const auto it = std::find(order.begin(), order.end(), index);
    if (it == order.end()) return {};
    return layout_.thumbnail(static_cast<int>(it - order.begin())).translated(gridOrigin_);
}

void ModelGridFigure::paintThumbnail(QPainter& painter, int head, const QRectF& rect) const {
    const int layer = head / stack_.heads(), inLayer = head % stack_.heads();
    if (stack_.size() > kVectorTokens) {
        // An image of the thumbnail's device pixels (a PNG's scale; twice the units for SVG and PDF).
        const int pixels = static_cast<int>(std::ceil(rect.width() * std::max(options_.pixelScale, 2.0)));
        const QImage image = scaledThumbnail(images_.images[static_cast<std::size_t>(head)], pixels,
                                             hatchOverlay(images_, pixels, look_.masked));
        painter.drawImage(rect, image);
        return;
    }
    // Vector cells: a rectangle per weight; masked cells hatched as in the main heatmap, a row's
    // run of them at once (fewer, longer lines).
    const Eigen::MatrixXd weights = stack_.weights(layer, inLayer);
    const int n = stack_.size();
    const double cell = rect.width() / std::max(1, n);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (int i = 0; i < n; ++i) {
        int run = -1;  // first masked key of the current run
        for (int j = 0; j <= n; ++j) {
            const bool masked = j < n && stack_.isMasked(i, j);
            if (masked && run < 0) run = j;
            if (!masked && run >= 0) {
                HeatmapPainter::paintMaskedCell(painter, QRectF(rect.left() + run * cell, rect.top() + i * cell,
                                                                (j - run) * cell, cell),
                                                rect.topLeft(), look_.masked);
                run = -1;
            }
            if (j < n && !masked)
                painter.fillRect(QRectF(rect.left() + j * cell, rect.top() + i * cell, cell, cell),
                                 look_.colorMap.colorAt(look_.colorMap.position(weights(i, j), 0, 1)));
        }
    }
    painter.restore();
}

void ModelGridFigure::paint(QPainter& painter) const {
    painter.save();
    painter.fillRect(QRectF(QPointF(0, 0), size_), Qt::white);
    painter.setPen(Qt::black);
    painter.setFont(titleFont_);
    painter.drawText(titleRect_, Qt::AlignLeft | Qt::AlignVCenter, title_);
    painter.setFont(labelFont_);
    painter.drawText(captionRect_, Qt::AlignLeft | Qt::AlignVCenter, caption_);
    painter.save();
    painter.translate(gridOrigin_);
    ModelGridOptions grid;
    grid.font = labelFont_;
    grid.locale = options_.locale;
    grid.measure = options_.measure;
    grid.sorted = options_.sorted;
    paintModelGrid(painter, layout_, stack_, summaries_,
                   [this](QPainter& p, int head, const QRectF& rect) { paintThumbnail(p, head, rect); }, grid);
    painter.restore();
    painter.setFont(labelFont_);
    painter.setPen(Qt::black);
    HeatmapPainter::paintColorBar(painter, colorBar_, colorBarLabels_, look_.colorMap,
                                  ColorBarScale{0, 1, options_.locale, false});
    if (!maskedLegend_.isEmpty()) HeatmapPainter::paintMaskedLegend(painter, maskedLegend_, look_.masked);
    painter.restore();
}

}  // namespace attnviz::ui
