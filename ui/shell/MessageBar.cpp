#include "ui/shell/MessageBar.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace attnviz::ui {

MessageBar::MessageBar(QWidget* parent) : NoticeBar(Tone::Warning, parent) {
    addIcon(QStyle::SP_MessageBoxWarning);
    text_ = addText(true);
    hide_ = new QToolButton;
    hide_->setAutoRaise(true);
    connect(hide_, &QToolButton::clicked, this, &MessageBar::hideMessage);
    row()->addWidget(hide_, 0, Qt::AlignTop);
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
    NoticeBar::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void MessageBar::retranslateUi() {
    // The window's catalogue context, where these texts were translated before the bar had a class.
    hide_->setText(QCoreApplication::translate("attnviz::ui::MainWindow", "✕"));
    hide_->setToolTip(QCoreApplication::translate("attnviz::ui::MainWindow", "Hide this message"));
}

}  // namespace attnviz::ui
