#include "ui/heads/ModelGridPainter.h"

#include <QFontMetricsF>
#include <QPen>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnviz::ui {
namespace {

double lineHeight(const QFont& font) { return std::ceil(QFontMetricsF(font).height()); }

}  // namespace

ModelGridLayout::ModelGridLayout(int layers, int heads, int side, const QFont& font, int labelLines, bool axisLabels)
    : rows_(std::max(0, layers)), columns_(std::max(0, heads)), side_(std::max(1, side)), axisLabels_(axisLabels) {
    const double line = lineHeight(font);
    const QFontMetricsF metrics(font);
    margin_ = std::round(line * 0.6);
    if (axisLabels_) {
        gap_ = std::max(4.0, std::round(line * 0.3));
        cellWidth_ = side_;
        rowBand_ = std::ceil(metrics.horizontalAdvance(tr("layer %1").arg(layers))) + gap_;
        columnBand_ = line;
        fullLabels_ = false;
        return;
    }
    gap_ = margin_;
    labelHeight_ = line * labelLines + std::round(line * 0.2);
    cellWidth_ = cellWidthFor(layers, heads, side_, font);
    fullLabels_ = metrics.horizontalAdvance(headLabel(layers - 1, heads - 1)) <= cellWidth_;
}

double ModelGridLayout::cellWidthFor(int layers, int heads, int side, const QFont& font) {
    // A full label is worth a wider cell while it stays under twice the thumbnail.
    const QFontMetricsF metrics(font);
    const double full = std::ceil(metrics.horizontalAdvance(headLabel(layers - 1, heads - 1)));
    if (full <= 2.0 * side) return std::max<double>(side, full);
    return std::max<double>(side, std::ceil(metrics.horizontalAdvance(shortHeadLabel(layers - 1, heads - 1))));
}

QRectF ModelGridLayout::cell(int position) const {
    const int row = position / std::max(1, columns_), column = position % std::max(1, columns_);
    return {margin_ + rowBand_ + column * (cellWidth_ + gap_), margin_ + columnBand_ + row * (side_ + labelHeight_ + gap_),
            cellWidth_, side_ + labelHeight_};
}

QRectF ModelGridLayout::rowLabel(int row) const {
    if (!axisLabels_) return {};
    const QRectF first = cell(row * columns_);
    return {margin_, first.top(), rowBand_ - gap_, static_cast<double>(side_)};
}

QRectF ModelGridLayout::columnLabel(int column) const {
    if (!axisLabels_) return {};
    const QRectF first = cell(column);
    return {first.left(), margin_, cellWidth_, columnBand_};
}

QRectF ModelGridLayout::thumbnail(int position) const {
    const QRectF whole = cell(position);
    return {whole.left() + std::floor((cellWidth_ - side_) / 2), whole.top(), static_cast<double>(side_),
            static_cast<double>(side_)};
}

QRectF ModelGridLayout::labels(int position) const {
    const QRectF whole = cell(position);
    return {whole.left(), whole.top() + side_, cellWidth_, labelHeight_};
}

int ModelGridLayout::positionAt(QPointF point) const {
    for (int position = 0; position < count(); ++position)
        if (cell(position).contains(point)) return position;
    return -1;
}

QSizeF ModelGridLayout::size() const {
    if (count() == 0) return {};
    const QRectF last = cell(count() - 1);
    return {last.right() + margin_, last.bottom() + margin_};
}

QString ModelGridLayout::headLabel(int layer, int head) { return tr("layer %1 · head %2").arg(layer + 1).arg(head + 1); }

QString ModelGridLayout::shortHeadLabel(int layer, int head) { return tr("L%1 · H%2").arg(layer + 1).arg(head + 1); }

QString ModelGridLayout::measureName(HeadMeasure measure) {
    switch (measure) {
        case HeadMeasure::Entropy: return tr("entropy");
        case HeadMeasure::MeanDistance: return tr("mean distance");
        case HeadMeasure::PreviousToken: return tr("previous token");
        case HeadMeasure::FirstToken: return tr("first token");
        case HeadMeasure::SameToken: return tr("same token");
    }
    return {};
}

QString ModelGridLayout::measureValue(HeadMeasure measure, double value, const QLocale& locale) {
    switch (measure) {
        case HeadMeasure::Entropy: return tr("%1 bits").arg(locale.toString(value, 'f', 2));
        case HeadMeasure::MeanDistance: return tr("%1 tokens").arg(locale.toString(value, 'f', 1));
        default: return locale.toString(value, 'f', 2);
    }
}

std::vector<int> modelGridOrder(const std::vector<HeadSummary>& summaries, std::optional<HeadMeasure> measure,
                                bool sorted) {
    std::vector<int> order(summaries.size());
    std::iota(order.begin(), order.end(), 0);
    if (sorted && measure) {
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return summaries[static_cast<std::size_t>(a)].value(*measure) >
                   summaries[static_cast<std::size_t>(b)].value(*measure);
        });
    }
    return order;
}

int outlinedHeadCount(int heads) { return std::max(1, (heads + 9) / 10); }

std::vector<bool> topHeads(const std::vector<HeadSummary>& summaries, HeadMeasure measure) {
    const std::vector<int> order = modelGridOrder(summaries, measure, true);
    std::vector<bool> top(summaries.size(), false);
    const int count = std::min(outlinedHeadCount(static_cast<int>(summaries.size())), static_cast<int>(order.size()));
    for (int i = 0; i < count; ++i) top[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = true;
    return top;
}

int modelGridLabelLines(const AttentionStack& stack, const ModelGridOptions& options) {
    bool roles = false;
    for (int layer = 0; layer < stack.layers() && !roles; ++layer)
        for (int head = 0; head < stack.heads() && !roles; ++head) roles = !stack.headRole(layer, head).empty();
    return 1 + (roles ? 1 : 0) + (options.measure ? 1 : 0);
}

void paintModelGrid(QPainter& painter, const ModelGridLayout& layout, const AttentionStack& stack,
                    const std::vector<HeadSummary>& summaries, const ThumbnailDrawer& draw,
                    const ModelGridOptions& options) {
    const int heads = stack.layers() * stack.heads();
    const bool haveSummaries = static_cast<int>(summaries.size()) == heads;
    const std::vector<int> order =
        haveSummaries ? modelGridOrder(summaries, options.measure, options.sorted) : modelGridOrder(std::vector<HeadSummary>(static_cast<std::size_t>(heads)), std::nullopt, false);
    const std::vector<bool> top =
        haveSummaries && options.measure ? topHeads(summaries, *options.measure) : std::vector<bool>(order.size(), false);
    const bool roles = modelGridLabelLines(stack, ModelGridOptions{}) > 1;
    const double line = lineHeight(options.font);
    painter.save();
    painter.setFont(options.font);
    for (int position = 0; position < std::min(layout.count(), static_cast<int>(order.size())); ++position) {
        const int index = order[static_cast<std::size_t>(position)];
        const int layer = index / stack.heads(), head = index % stack.heads();
        const QRectF thumb = layout.thumbnail(position);
        draw(painter, index, thumb);
        // Labels, one per line, elided to the cell's width.
        const QRectF band = layout.labels(position);
        QStringList lines{layout.fullLabels() ? ModelGridLayout::headLabel(layer, head)
                                              : ModelGridLayout::shortHeadLabel(layer, head)};
        if (roles) lines << QString::fromStdString(stack.headRole(layer, head));
        if (options.measure && haveSummaries)
            lines << ModelGridLayout::measureValue(*options.measure,
                                                   summaries[static_cast<std::size_t>(index)].value(*options.measure),
                                                   options.locale);
        painter.setPen(options.text);
        const QFontMetricsF metrics(options.font);
        for (int i = 0; i < lines.size() && !layout.axisLabels(); ++i) {
            const QRectF rect(band.left(), band.top() + i * line, band.width(), line);
            painter.drawText(rect, Qt::AlignHCenter | Qt::AlignVCenter,
                             metrics.elidedText(lines[i], Qt::ElideRight, band.width()));
        }
        const auto ring = [&painter](const QRectF& rect, const QColor& colour, double width, double away) {
            painter.save();
            painter.setRenderHint(QPainter::Antialiasing, false);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
            const double out = away + width / 2;
            painter.drawRect(rect.adjusted(-out, -out, out, out));
            painter.restore();
        };
        if (top[static_cast<std::size_t>(index)]) ring(thumb, options.outline, 3, 0);
        if (index == options.focusHead) ring(layout.cell(position), options.focus, 2, 3);
    }
    if (layout.axisLabels()) {
        // "layer L" left of each row; "head H" (or just H when narrow) above each column.
        painter.setPen(options.text);
        const QFontMetricsF metrics(options.font);
        for (int row = 0; row < layout.rows(); ++row)
            painter.drawText(layout.rowLabel(row), Qt::AlignRight | Qt::AlignVCenter,
                             ModelGridLayout::tr("layer %1").arg(row + 1));
        bool numbersOnly = false;
        for (int column = 0; column < layout.columns(); ++column) {
            const QRectF band = layout.columnLabel(column);
            const QString full = ModelGridLayout::tr("head %1").arg(column + 1);
            const bool fits = metrics.horizontalAdvance(full) <= band.width();
            numbersOnly = numbersOnly || !fits;
            painter.drawText(band, Qt::AlignHCenter | Qt::AlignVCenter, fits ? full : QString::number(column + 1));
        }
        if (numbersOnly) {  // the corner says what the numbers above the columns are
            const QRectF first = layout.rowLabel(0);
            painter.drawText(QRectF(first.left(), layout.columnLabel(0).top(), first.width(), layout.columnLabel(0).height()),
                             Qt::AlignRight | Qt::AlignVCenter, ModelGridLayout::tr("head"));
        }
    }
    painter.restore();
}

}  // namespace attnviz::ui
