#include "ui/shell/MessageBar.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace attnviz::ui {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent) {
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(2);
    // Dark text on pale yellow, in the light and the dark theme alike.
    QPalette warning = palette();
    warning.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xcd));
    warning.setColor(QPalette::WindowText, QColor(0x3d, 0x2c, 0x00));
    setPalette(warning);
    setAutoFillBackground(true);

    auto* layout = new QHBoxLayout(this);
    auto* icon = new QLabel;
    const int iconSize = fontMetrics().height() * 3 / 2;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    text_ = new QLabel;
    text_->setWordWrap(true);
    QFont bold = text_->font();
    bold.setBold(true);
    text_->setFont(bold);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    hide_ = new QToolButton;
    hide_->setAutoRaise(true);
    connect(hide_, &QToolButton::clicked, this, &MessageBar::hideMessage);
    layout->addWidget(icon);
    layout->addWidget(text_, 1);
    layout->addWidget(hide_, 0, Qt::AlignTop);
    hide();
    retranslateUi();
}

void MessageBar::showMessage(const QString& text) {
    text_->setText(text);
    show();
}

void MessageBar::hideMessage() {
    text_->clear();
    hide();
}

QString MessageBar::message() const { return isHidden() ? QString() : text_->text(); }

void MessageBar::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void MessageBar::retranslateUi() {
    // The window's catalogue context, where these texts were translated before the bar had a class.
    hide_->setText(QCoreApplication::translate("attnviz::ui::MainWindow", "✕"));
    hide_->setToolTip(QCoreApplication::translate("attnviz::ui::MainWindow", "Hide this message"));
}

}  // namespace attnviz::ui
