#include "ui/heads/HeadViewFigure.h"

#include <QFontMetricsF>
#include <QStringList>

#include <algorithm>
#include <cmath>

#include "core/heads/AttentionStack.h"
#include "ui/heads/HeadsPalette.h"
#include "ui/style/FigureFont.h"

namespace attnviz::ui {
namespace {

// Figure units (1/96 in), as the heatmap's figures (ui/export/FigureRenderer).
constexpr int kTokenPixels = 14;
constexpr int kLegendPixels = 12;
constexpr double kFigureMargin = 12;

QString headLabel(const AttentionStack& stack, int layer, int head) {
    const QString role = QString::fromStdString(stack.headRole(layer, head));
    const QString name = HeadViewFigure::tr("head %1").arg(head + 1);
    return role.isEmpty() ? name : HeadViewFigure::tr("%1 (%2)").arg(name, role);
}

}  // namespace

HeadViewFigure::HeadViewFigure(const AttentionStack& stack, int layer, HeadViewOptions options)
    : lines_(stack, layer), titleFont_(figureFont(kFigureTitlePixels, true)), legendFont_(figureFont(kLegendPixels)) {
    lines_.setStyle(HeadLinesStyle::forFont(figureFont(kTokenPixels), options.darkTheme));
    lines_.setVisibleHeads(options.visibleHeads);
    lines_.setFocus(options.focus);
    title_ = options.title.isEmpty() ? defaultTitle(layer, stack.layers(), stack.heads()) : options.title;

    const QSizeF natural = lines_.naturalSize();
    const QFontMetricsF titleMetrics(titleFont_);
    const QFontMetricsF legendMetrics(legendFont_);
    const double width = std::max(natural.width(), titleMetrics.horizontalAdvance(title_));
    titleRect_ = QRectF(kFigureMargin, kFigureMargin, width, std::ceil(titleMetrics.height()));

    // The legend: a swatch and a label per head shown, wrapped to the figure's width.
    const double swatch = legendMetrics.height() * 0.8;
    const double gap = legendMetrics.averageCharWidth() * 2;
    double x = kFigureMargin, y = titleRect_.bottom() + kFigureMargin / 2;
    for (int head = 0; head < stack.heads(); ++head) {
        if (!lines_.headVisible(head)) continue;
        LegendEntry entry;
        entry.head = head;
        entry.label = headLabel(stack, layer, head);
        const double entryWidth = swatch + gap / 4 + legendMetrics.horizontalAdvance(entry.label);
        if (x > kFigureMargin && x + entryWidth > kFigureMargin + width) {
            x = kFigureMargin;
            y += legendMetrics.lineSpacing() * 1.3;
        }
        entry.swatch = QRectF(x, y + (legendMetrics.height() - swatch) / 2, swatch, swatch);
        entry.text = QRectF(x + swatch + gap / 4, y, entryWidth - swatch - gap / 4, legendMetrics.height());
        legend_.push_back(entry);
        x += entryWidth + gap;
    }
    const double legendBottom = legend_.empty() ? titleRect_.bottom() : y + legendMetrics.height();
    linesRect_ = QRectF(kFigureMargin, legendBottom + kFigureMargin / 2, width, natural.height());
    double bottom = linesRect_.bottom();
    if (lines_.linesDrawn() < lines_.linesVisible()) {
        note_ = tr("Only the %1 strongest of %2 lines are drawn (weights from %3).")
                    .arg(lines_.linesDrawn())
                    .arg(lines_.linesVisible())
                    .arg(static_cast<double>(lines_.linesThreshold()), 0, 'f', 3);
        noteRect_ = QRectF(kFigureMargin, bottom, width, legendMetrics.height());
        bottom = noteRect_.bottom();
    }
    size_ = QSizeF(std::ceil(width + 2 * kFigureMargin), std::ceil(bottom + kFigureMargin));
}

QString HeadViewFigure::description() const {
    QStringList labels;
    for (const LegendEntry& entry : legend_) labels << entry.label;
    QString text = labels.join(QStringLiteral(" · "));
    if (!note_.isEmpty()) text += QLatin1Char('\n') + note_;
    return text;
}

void HeadViewFigure::paint(QPainter& painter) const {
    painter.save();
    painter.fillRect(QRectF(QPointF(0, 0), size_), background());
    painter.setPen(lines_.style().text);
    painter.setFont(titleFont_);
    painter.drawText(titleRect_, Qt::AlignLeft | Qt::AlignVCenter, title_);
    painter.setFont(legendFont_);
    for (const LegendEntry& entry : legend_) {
        painter.fillRect(entry.swatch, headColour(entry.head, lines_.style().darkTheme));
        painter.drawText(entry.text, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
    }
    lines_.paint(painter, linesRect_);
    if (!note_.isEmpty()) {
        painter.setPen(lines_.style().text);
        painter.setFont(legendFont_);
        painter.drawText(noteRect_, Qt::AlignLeft | Qt::AlignVCenter, note_);
    }
    painter.restore();
}

QString HeadViewFigure::defaultTitle(int layer, int layers, int heads) {
    const QString count = heads == 1 ? tr("1 head") : tr("%1 heads").arg(heads);
    if (layers <= 1) return tr("Head view — %1").arg(count);
    return tr("Head view — layer %1 of %2 · %3").arg(layer + 1).arg(layers).arg(count);
}

void paintHeadViewFigure(QPainter& painter, const AttentionStack& stack, int layer, const HeadViewOptions& options) {
    HeadViewFigure(stack, layer, options).paint(painter);
}

}  // namespace attnviz::ui
