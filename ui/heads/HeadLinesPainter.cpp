#include "ui/heads/HeadLinesPainter.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPen>
#include <QVector>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "core/heads/AttentionStack.h"
#include "ui/heads/HeadsPalette.h"

namespace attnviz::ui {
namespace {

/// A token's text is cut (with "…") past this many average characters, so that one long
/// imported token does not push the lines off the page.
constexpr double kWidestTokenChars = 16;

}  // namespace

HeadLinesStyle HeadLinesStyle::forFont(const QFont& font, bool darkTheme) {
    HeadLinesStyle style;
    style.font = font;
    // 2 px at the window's 13 pt, about 4 px with presentation mode's tokens.
    style.lineWidth = std::max(2.0, QFontMetricsF(font).height() / 10.0);
    style.darkTheme = darkTheme;
    if (darkTheme) {
        style.text = QColor(0xee, 0xee, 0xee);
        style.background = QColor(0x1e, 0x1e, 0x1e);
        style.highlight = QColor(0x7a, 0xb8, 0xff);
    }
    return style;
}

HeadLinesPainter::HeadLinesPainter(const AttentionStack& stack, int layer) {
    const int n = stack.size();
    tokens_.reserve(static_cast<std::size_t>(n));
    for (const std::string& token : stack.tokens()) tokens_.push_back(QString::fromStdString(token));
    // The mask is the layer's, shared by its heads: 1 where a line may be drawn.
    Eigen::MatrixXf open(n, n);
    for (int query = 0; query < n; ++query)
        for (int key = 0; key < n; ++key) open(query, key) = stack.isMasked(query, key) ? 0.0F : 1.0F;
    weights_.reserve(static_cast<std::size_t>(stack.heads()));
    for (int head = 0; head < stack.heads(); ++head)
        weights_.push_back(stack.weights(layer, head).cast<float>().cwiseProduct(open));
}

float HeadLinesPainter::weight(int head, int query, int key) const {
    return weights_[static_cast<std::size_t>(head)](query, key);
}

bool HeadLinesPainter::headVisible(int head) const {
    const auto index = static_cast<std::size_t>(head);
    return index >= visible_.size() || visible_[index];
}

double HeadLinesPainter::columnWidth() const {
    const QFontMetricsF metrics(style_.font);
    const double widest = metrics.averageCharWidth() * kWidestTokenChars;
    double width = metrics.horizontalAdvance(QStringLiteral("W"));
    for (const QString& token : tokens_) width = std::max(width, std::min(widest, metrics.horizontalAdvance(token)));
    QFont bold = style_.font;
    bold.setBold(true);
    // Room for a token drawn bold (hovered) and for the box around it.
    return width * QFontMetricsF(bold).averageCharWidth() / metrics.averageCharWidth() + metrics.averageCharWidth();
}

double HeadLinesPainter::naturalPitch() const { return QFontMetricsF(style_.font).lineSpacing() * 1.25; }

QSizeF HeadLinesPainter::naturalSize() const {
    const QFontMetricsF metrics(style_.font);
    const double margin = metrics.averageCharWidth();
    const double lines = std::max(metrics.lineSpacing() * 8, 160.0);
    const double titles = metrics.lineSpacing() * 1.5;
    return {2 * (margin + columnWidth()) + lines, titles + size() * naturalPitch() + margin};
}

HeadLinesLayout HeadLinesPainter::layout(const QRectF& area) const {
    const QFontMetricsF metrics(style_.font);
    const double margin = metrics.averageCharWidth();
    const double column = columnWidth();
    HeadLinesLayout layout;
    layout.area = area;
    layout.top = area.top() + metrics.lineSpacing() * 1.5;
    const double natural = naturalPitch();
    const double room = (area.bottom() - margin - layout.top) / std::max(1, size());
    layout.pitch = std::clamp(room, natural, 2 * natural);
    layout.queryRight = area.left() + margin + column;
    layout.keyLeft = area.right() - margin - column;
    layout.lineStart = layout.queryRight + margin * 0.8;
    layout.lineEnd = std::max(layout.lineStart, layout.keyLeft - margin * 0.8);
    return layout;
}

std::optional<TokenRef> HeadLinesPainter::tokenAt(const HeadLinesLayout& layout, QPointF point) const {
    if (point.y() < layout.top) return std::nullopt;
    const int row = static_cast<int>(std::floor((point.y() - layout.top) / layout.pitch));
    if (row < 0 || row >= size()) return std::nullopt;
    const double middle = (layout.lineStart + layout.lineEnd) / 2;
    // A token takes its text and the nearer half of the lines' room, so that a thin line's end
    // is easy to point at.
    if (point.x() >= layout.area.left() && point.x() <= std::min(middle, layout.lineStart + layout.pitch))
        return TokenRef{TokenSide::Query, row};
    if (point.x() <= layout.area.right() && point.x() >= std::max(middle, layout.lineEnd - layout.pitch))
        return TokenRef{TokenSide::Key, row};
    return std::nullopt;
}

HeadLinesPainter::Range HeadLinesPainter::focusRange() const {
    // A focused query keeps its row of lines, a focused key its column.
    const int n = size();
    Range range{0, n, 0, n};
    if (focus_) {
        int& begin = focus_->side == TokenSide::Query ? range.queryBegin : range.keyBegin;
        int& end = focus_->side == TokenSide::Query ? range.queryEnd : range.keyEnd;
        begin = std::clamp(focus_->index, 0, n);
        end = std::min(begin + 1, n);
    }
    return range;
}

const HeadLinesPainter::Threshold& HeadLinesPainter::threshold() const {
    if (threshold_) return *threshold_;
    const Range range = focusRange();
    std::vector<float> shown;
    for (int head = 0; head < heads(); ++head) {
        if (!headVisible(head)) continue;
        const Eigen::MatrixXf& weights = weights_[static_cast<std::size_t>(head)];
        for (int query = range.queryBegin; query < range.queryEnd; ++query)
            for (int key = range.keyBegin; key < range.keyEnd; ++key)
                if (weights(query, key) >= kSkipBelow) shown.push_back(weights(query, key));
    }
    Threshold threshold;
    threshold.visible = static_cast<int>(shown.size());
    threshold.drawn = threshold.visible;
    if (shown.size() > static_cast<std::size_t>(kMostLines)) {
        const auto last = shown.begin() + (kMostLines - 1);
        std::nth_element(shown.begin(), last, shown.end(), std::greater<>());
        threshold.weight = *last;
        threshold.drawn = static_cast<int>(
            std::count_if(shown.begin(), shown.end(), [&](float w) { return w >= threshold.weight; }));
    }
    threshold_ = threshold;
    return *threshold_;
}

void HeadLinesPainter::paint(QPainter& painter, const QRectF& area, const QRectF& exposed) const {
    const HeadLinesLayout geometry = layout(area);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, linesDrawn() <= kAntialiasedLines);
    paintLines(painter, geometry, exposed);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintTokens(painter, geometry, exposed);
    painter.restore();
}

void HeadLinesPainter::paintLines(QPainter& painter, const HeadLinesLayout& layout, const QRectF& exposed) const {
    const bool clip = exposed.isValid();
    const auto [queryBegin, queryEnd, keyBegin, keyEnd] = focusRange();
    const float least = linesThreshold();
    // Lines of one head are gathered by their 8-bit opacity and drawn with one pen per opacity:
    // a few hundred drawLines calls instead of one pen per line.
    std::array<QVector<QLineF>, 256> byAlpha;
    for (int head = 0; head < heads(); ++head) {
        if (!headVisible(head)) continue;
        const Eigen::MatrixXf& weights = weights_[static_cast<std::size_t>(head)];
        for (int query = queryBegin; query < queryEnd; ++query) {
            const double y1 = layout.rowCentre(query);
            for (int key = keyBegin; key < keyEnd; ++key) {
                const float w = weights(query, key);
                if (!(w >= least)) continue;
                const double y2 = layout.rowCentre(key);
                if (clip && (std::max(y1, y2) < exposed.top() || std::min(y1, y2) > exposed.bottom())) continue;
                const auto alpha = static_cast<std::size_t>(std::lround(std::min(w, 1.0F) * 255.0F));
                byAlpha[alpha].append(QLineF(layout.lineStart, y1, layout.lineEnd, y2));
            }
        }
        QColor colour = headColour(head, style_.darkTheme);
        for (std::size_t alpha = 1; alpha < byAlpha.size(); ++alpha) {
            if (byAlpha[alpha].isEmpty()) continue;
            colour.setAlpha(static_cast<int>(alpha));
            painter.setPen(QPen(colour, style_.lineWidth, Qt::SolidLine, Qt::FlatCap));
            painter.drawLines(byAlpha[alpha]);
            byAlpha[alpha].clear();
        }
    }
}

void HeadLinesPainter::paintTokens(QPainter& painter, const HeadLinesLayout& layout, const QRectF& exposed) const {
    const QFontMetricsF metrics(style_.font);
    const double margin = metrics.averageCharWidth();
    const double column = layout.queryRight - layout.area.left() - margin;
    const double widest = metrics.averageCharWidth() * kWidestTokenChars;
    QFont titleFont = style_.font;
    titleFont.setBold(true);
    painter.setPen(style_.text);
    painter.setFont(titleFont);
    const QRectF titles(layout.area.left(), layout.area.top(), layout.area.width(), layout.top - layout.area.top());
    painter.drawText(titles.adjusted(margin, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, tr("Queries"));
    painter.drawText(titles.adjusted(0, 0, -margin, 0), Qt::AlignRight | Qt::AlignVCenter, tr("Keys"));

    const bool clip = exposed.isValid();
    for (int row = 0; row < size(); ++row) {
        const double top = layout.top + row * layout.pitch;
        if (clip && (top + layout.pitch < exposed.top() || top > exposed.bottom())) continue;
        const QString text = metrics.elidedText(tokens_[static_cast<std::size_t>(row)], Qt::ElideRight, widest);
        const QRectF query(layout.queryRight - column, top, column, layout.pitch);
        const QRectF key(layout.keyLeft, top, column, layout.pitch);
        for (const TokenSide side : {TokenSide::Query, TokenSide::Key}) {
            const bool focused = focus_ && focus_->side == side && focus_->index == row;
            QFont font = style_.font;
            font.setBold(focused);
            painter.setFont(font);
            const QRectF cell = side == TokenSide::Query ? query : key;
            const Qt::Alignment align = (side == TokenSide::Query ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
            if (focused) {
                const QRectF ink = painter.boundingRect(cell, align, text).adjusted(-margin / 3, 0, margin / 3, 0);
                painter.setPen(QPen(style_.highlight, std::max(2.0, style_.lineWidth)));
                painter.setBrush(Qt::NoBrush);
                painter.drawRoundedRect(ink, margin / 2, margin / 2);
                painter.setPen(style_.text);
            }
            painter.drawText(cell, align, text);
        }
    }
}

}  // namespace attnviz::ui
