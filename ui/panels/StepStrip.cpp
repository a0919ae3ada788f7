#include "ui/panels/StepStrip.h"

#include <QEvent>
#include <QToolButton>

#include <algorithm>

namespace attnviz::ui {
namespace {

constexpr int kSpacing = 4;

QToolButton* stripButton(QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setFocusPolicy(Qt::NoFocus);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

/// Previous and Next as arrows alone: their text's arrow ("◀ Previous" → "◀").
QString arrowOf(const QString& text) {
    for (const QChar c : text)
        if (c == QChar(0x25C0) || c == QChar(0x25B6)) return QString(c);
    return text;
}

}  // namespace

StepStrip::StepStrip(int steps, QWidget* parent) : QWidget(parent) {
    previous_ = stripButton(this);
    next_ = stripButton(this);
    for (int s = 0; s < steps; ++s) {
        QToolButton* button = stripButton(this);
        button->setCheckable(true);
        connect(button, &QToolButton::clicked, this, [this, s] {
            setCurrent(current_);  // a click never unchecks the current step
            emit stepChosen(s);
        });
        steps_.push_back(button);
    }
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setCurrent(0);
}

QToolButton* StepStrip::stepButton(int index) const {
    return index >= 0 && index < static_cast<int>(steps_.size()) ? steps_[static_cast<std::size_t>(index)] : nullptr;
}

void StepStrip::setStepText(int index, const QString& text) {
    if (QToolButton* button = stepButton(index)) button->setText(text);
    updateGeometry();
    arrange();
}

void StepStrip::setNavigationTexts(const QString& previous, const QString& next) {
    previousText_ = previous;
    nextText_ = next;
    previous_->setAccessibleName(previous);
    next_->setAccessibleName(next);
    updateGeometry();
    arrange();
}

void StepStrip::setCurrent(int index) {
    current_ = std::clamp(index, 0, static_cast<int>(steps_.size()) - 1);
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        QToolButton* button = steps_[s];
        const bool isCurrent = static_cast<int>(s) == current_;
        button->setChecked(isCurrent);
        // The current step in the selection's colours: it stands out from the back of the room.
        QPalette palette = this->palette();
        if (isCurrent) {
            palette.setColor(QPalette::Button, palette.color(QPalette::Highlight));
            palette.setColor(QPalette::ButtonText, palette.color(QPalette::HighlightedText));
        }
        button->setPalette(palette);
    }
    previous_->setEnabled(current_ > 0);
    next_->setEnabled(current_ + 1 < static_cast<int>(steps_.size()));
}

int StepStrip::rowHeight() const {
    int height = 0;
    for (const QToolButton* button : steps_) height = std::max(height, button->sizeHint().height());
    return std::max(height, previous_->sizeHint().height());
}

int StepStrip::widthFor(int rows, bool arrowsOnly) const {
    // A button's width for a text: its size hint less its own text's width, plus the text's.
    const auto buttonWidth = [&](const QToolButton* button, const QString& text) {
        const QFontMetrics metrics = button->fontMetrics();
        return button->sizeHint().width() - metrics.horizontalAdvance(button->text()) +
               metrics.horizontalAdvance(arrowsOnly ? arrowOf(text) : text);
    };
    const auto perRow = static_cast<std::size_t>((steps_.size() + static_cast<std::size_t>(rows) - 1) /
                                                 static_cast<std::size_t>(rows));
    int widest = 0;
    for (std::size_t first = 0; first < steps_.size(); first += perRow) {
        int row = 0;
        for (std::size_t s = first; s < std::min(steps_.size(), first + perRow); ++s)
            row += steps_[s]->sizeHint().width() + kSpacing;
        widest = std::max(widest, row);
    }
    return buttonWidth(previous_, previousText_) + kSpacing + widest + kSpacing + buttonWidth(next_, nextText_);
}

StepStrip::Arrangement StepStrip::arrangementFor(int width) const {
    if (width >= widthFor(1, false)) return {1, false};
    if (width >= widthFor(2, false)) return {2, false};
    return {2, true};
}

QSize StepStrip::sizeHint() const { return {widthFor(1, false), rowHeight()}; }

QSize StepStrip::minimumSizeHint() const { return {widthFor(2, true), rowHeight()}; }

bool StepStrip::event(QEvent* event) {
    // A button's text or font changed its size: measure and place them again.
    if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::FontChange) {
        updateGeometry();
        arrange();
    }
    if (event->type() == QEvent::PaletteChange) setCurrent(current_);
    return QWidget::event(event);
}

void StepStrip::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrange();
}

void StepStrip::arrange() {
    const Arrangement arrangement = arrangementFor(width());
    rows_ = arrangement.rows;
    previous_->setText(arrangement.arrowsOnly ? arrowOf(previousText_) : previousText_);
    next_->setText(arrangement.arrowsOnly ? arrowOf(nextText_) : nextText_);

    const int line = rowHeight();
    const int height = rows_ == 1 ? line : 2 * line + kSpacing;
    if (minimumHeight() != height || maximumHeight() != height) setFixedHeight(height);  // one row or two
    previous_->setGeometry(0, 0, previous_->sizeHint().width(), height);
    const int nextWidth = next_->sizeHint().width();  // the sizes of the texts just set
    next_->setGeometry(width() - nextWidth, 0, nextWidth, height);
    const auto perRow = (steps_.size() + static_cast<std::size_t>(rows_) - 1) / static_cast<std::size_t>(rows_);
    const int left = previous_->width() + kSpacing;
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        const auto row = static_cast<int>(s / perRow);
        int x = left;
        for (std::size_t before = static_cast<std::size_t>(row) * perRow; before < s; ++before) x += steps_[before]->sizeHint().width() + kSpacing;
        steps_[s]->setGeometry(x, row * (line + kSpacing), steps_[s]->sizeHint().width(), line);
    }
}

}  // namespace attnviz::ui
