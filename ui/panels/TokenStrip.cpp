#include "ui/panels/TokenStrip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>

namespace attnviz::ui {
namespace {

constexpr int kMargin = 6;     // around the strip
constexpr int kGap = 6;        // between chips
constexpr int kPadX = 10;      // inside a chip
constexpr int kPadY = 4;
constexpr qsizetype kMaxCachedTexts = 50000;  // widths kept across sentences, then measured afresh

QString stripToolTip() {
    return TokenStrip::tr("The tokens of the sentence, in order. Click one (or use ← and →) to select its row (its "
                          "query).");
}

}  // namespace

TokenStrip::TokenStrip(QWidget* parent) : QAbstractScrollArea(parent) {
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    viewport()->setMouseTracking(true);
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(stripToolTip());
}

void TokenStrip::keyPressEvent(QKeyEvent* event) {
    const int count = tokenCount();
    int to = -1;
    switch (event->key()) {
        case Qt::Key_Left: to = selected_ < 0 ? 0 : selected_ - 1; break;
        case Qt::Key_Right: to = selected_ < 0 ? 0 : selected_ + 1; break;
        case Qt::Key_Home: to = 0; break;
        case Qt::Key_End: to = count - 1; break;
        default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
    if (count == 0) return;
    to = std::clamp(to, 0, count - 1);
    if (to != selected_) emit tokenClicked(to);
}

void TokenStrip::setTokens(const std::vector<Token>& tokens, int realTokenCount) {
    tokens_.clear();
    tokens_.reserve(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        Chip chip;
        chip.text = QString::fromStdString(tokens[i].text);
        chip.begin = tokens[i].begin;
        chip.end = tokens[i].end;
        chip.id = tokens[i].id;
        chip.padding = static_cast<int>(i) >= realTokenCount;
        tokens_.push_back(std::move(chip));
    }
    if (selected_ >= tokenCount()) selected_ = -1;
    hovered_ = -1;
    relayout();
}

void TokenStrip::setUnknownTokens(const std::vector<bool>& unknown, const QString& language) {
    lexiconLanguage_ = language;
    for (std::size_t i = 0; i < tokens_.size(); ++i) tokens_[i].unknown = i < unknown.size() && unknown[i];
    viewport()->update();
}

bool TokenStrip::isUnknown(int index) const {
    return index >= 0 && index < tokenCount() && tokens_[static_cast<std::size_t>(index)].unknown;
}

void TokenStrip::setSelectedToken(int index) {
    if (index < -1 || index >= tokenCount()) index = -1;
    selected_ = index;
    if (index >= 0) {
        const Chip& chip = tokens_[static_cast<std::size_t>(index)];
        QScrollBar* bar = horizontalScrollBar();
        const int left = chip.x - kMargin, right = chip.x + chip.width + kMargin - viewport()->width();
        if (left < bar->value()) bar->setValue(left);
        else if (right > bar->value()) bar->setValue(right);
    }
    viewport()->update();
}

QRect TokenStrip::chipRect(int index) const {
    if (index < 0 || index >= tokenCount()) return {};
    const Chip& chip = tokens_[static_cast<std::size_t>(index)];
    return {chip.x - horizontalScrollBar()->value(), kMargin, chip.width, chipHeight()};
}

std::optional<int> TokenStrip::tokenAt(QPoint viewportPos) const {
    const int x = viewportPos.x() + horizontalScrollBar()->value();
    const auto it = std::upper_bound(tokens_.begin(), tokens_.end(), x,
                                     [](int value, const Chip& chip) { return value < chip.x; });
    if (it == tokens_.begin()) return std::nullopt;
    const int index = static_cast<int>(std::distance(tokens_.begin(), it)) - 1;
    if (!chipRect(index).contains(viewportPos)) return std::nullopt;
    return index;
}

QString TokenStrip::toolTipFor(int index) const {
    if (index < 0 || index >= tokenCount()) return {};
    const Chip& chip = tokens_[static_cast<std::size_t>(index)];
    if (chip.padding) return tr("Token %1: padding [PAD], not in the sentence (masked as a key)").arg(index);
    QString text = tr("Token %1 «\u00a0%2\u00a0»: bytes %3–%4 of the sentence (UTF-8)")
                       .arg(index)
                       .arg(chip.text)
                       .arg(chip.begin)
                       .arg(chip.end);
    if (chip.id >= 0) text += QLatin1Char('\n') + tr("Id %1 in the model's vocabulary").arg(chip.id);
    if (chip.unknown)
        text += QLatin1Char('\n') + tr("Not in the %1 lexicon: neutral features (every lexical feature is 0)")
                                      .arg(lexiconLanguage_);
    return text;
}

QSize TokenStrip::sizeHint() const {
    return {400, chipHeight() + 2 * kMargin + horizontalScrollBar()->sizeHint().height()};
}

QSize TokenStrip::minimumSizeHint() const { return {100, sizeHint().height()}; }

int TokenStrip::chipHeight() const {
    return fontMetrics().height() + 2 * kPadY + QFontMetrics(indexFont()).height();
}

QFont TokenStrip::indexFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(7.0, font().pointSizeF() * 0.7));
    return small;
}

void TokenStrip::relayout() {
    // Widths are measured once per text and per index, then looked up: a sentence of thousands
    // of tokens repeats most of its words, and its indices are the last sentence's.
    if (font() != measuredFont_ || textWidths_.size() > kMaxCachedTexts) {
        measuredFont_ = font();
        textWidths_.clear();
        indexWidths_.clear();
    }
    const QFontMetrics metrics(font());
    const QFontMetrics indexMetrics(indexFont());
    for (auto i = static_cast<int>(indexWidths_.size()); i < tokenCount(); ++i)
        indexWidths_.push_back(indexMetrics.horizontalAdvance(QString::number(i)));
    int x = kMargin;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        Chip& chip = tokens_[i];
        auto text = textWidths_.constFind(chip.text);
        if (text == textWidths_.cend()) text = textWidths_.insert(chip.text, metrics.horizontalAdvance(chip.text));
        chip.x = x;
        chip.width = std::max(*text, indexWidths_[i]) + 2 * kPadX;
        x += chip.width + kGap;
    }
    contentWidth_ = x - kGap + kMargin;
    updateScrollBar();
    updateGeometry();
    viewport()->update();
}

void TokenStrip::updateScrollBar() {
    horizontalScrollBar()->setRange(0, std::max(0, contentWidth_ - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    horizontalScrollBar()->setSingleStep(40);
}

void TokenStrip::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const int left = horizontalScrollBar()->value();
    const int right = left + viewport()->width();
    const auto first = std::upper_bound(tokens_.begin(), tokens_.end(), left,
                                        [](int value, const Chip& chip) { return value < chip.x + chip.width; });
    const QFont small = indexFont();
    const int textHeight = fontMetrics().height();
    for (auto it = first; it != tokens_.end() && it->x < right; ++it) {
        const int index = static_cast<int>(std::distance(tokens_.begin(), it));
        const QRect rect = chipRect(index);
        const bool selected = index == selected_;
        const bool hovered = index == hovered_;
        QColor fill = selected ? pal.color(QPalette::Highlight) : pal.color(QPalette::AlternateBase);
        if (hovered && !selected) fill = fill.darker(110);
        QPen border(selected ? pal.color(QPalette::Highlight).darker(130) : pal.color(QPalette::Mid));
        if (it->padding) border.setStyle(Qt::DashLine);
        if (it->unknown && !it->padding) {
            border.setStyle(Qt::DashLine);
            border.setWidthF(2);
            if (!selected) border.setColor(QColor(0xb3, 0x5c, 0x00));  // dark orange: "not known"
        }
        painter.setPen(border);
        painter.setBrush(it->padding ? QBrush(pal.color(QPalette::Window)) : QBrush(fill));
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
        const QColor text = selected ? pal.color(QPalette::HighlightedText)
                                     : (it->padding ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
        painter.setPen(text);
        painter.setFont(font());
        painter.drawText(QRect(rect.x(), rect.y() + kPadY, rect.width(), textHeight), Qt::AlignCenter, it->text);
        painter.setFont(small);
        painter.drawText(QRect(rect.x(), rect.y() + kPadY + textHeight, rect.width(), rect.height() - kPadY - textHeight),
                         Qt::AlignHCenter | Qt::AlignTop, QString::number(index));
    }
}

void TokenStrip::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QAbstractScrollArea::mousePressEvent(event);
    if (const auto index = tokenAt(event->position().toPoint())) {
        setSelectedToken(*index);
        emit tokenClicked(*index);
    }
}

void TokenStrip::mouseMoveEvent(QMouseEvent* event) {
    const int index = tokenAt(event->position().toPoint()).value_or(-1);
    if (index != hovered_) {
        hovered_ = index;
        viewport()->setCursor(index >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        viewport()->update();
    }
}

void TokenStrip::leaveEvent(QEvent* event) {
    hovered_ = -1;
    viewport()->update();
    QAbstractScrollArea::leaveEvent(event);
}

bool TokenStrip::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto index = tokenAt(help->pos())) {
            QToolTip::showText(help->globalPos(), toolTipFor(*index), viewport(), chipRect(*index));
        } else {
            QToolTip::showText(help->globalPos(), toolTip(), viewport());
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void TokenStrip::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
}

void TokenStrip::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) relayout();
    if (event->type() == QEvent::LanguageChange) setToolTip(stripToolTip());
}

}  // namespace attnviz::ui
