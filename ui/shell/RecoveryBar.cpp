#include "ui/shell/RecoveryBar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace attnviz::ui {

RecoveryBar::RecoveryBar(QWidget* parent) : QFrame(parent) {
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(2);
    // The message bar's dark text on pale yellow, in the light and the dark theme alike.
    QPalette colours = palette();
    colours.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xcd));
    colours.setColor(QPalette::WindowText, QColor(0x3d, 0x2c, 0x00));
    setPalette(colours);
    setAutoFillBackground(true);

    auto* layout = new QHBoxLayout(this);
    auto* icon = new QLabel;
    const int iconSize = fontMetrics().height() * 3 / 2;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(iconSize, iconSize));
    text_ = new QLabel;
    text_->setWordWrap(true);
    QFont bold = text_->font();
    bold.setBold(true);
    text_->setFont(bold);
    restore_ = new QPushButton;
    discard_ = new QPushButton;
    connect(restore_, &QPushButton::clicked, this, &RecoveryBar::restoreRequested);
    connect(discard_, &QPushButton::clicked, this, &RecoveryBar::discardRequested);
    layout->addWidget(icon);
    layout->addWidget(text_, 1);
    layout->addWidget(restore_);
    layout->addWidget(discard_);
    hide();
    retranslateUi();
}

void RecoveryBar::offer(const QString& savedAt) {
    savedAt_ = savedAt;
    retranslateUi();
    show();
}

void RecoveryBar::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void RecoveryBar::retranslateUi() {
    text_->setText(tr("AttnViz did not close normally. Your work from %1 was kept: restore it?").arg(savedAt_));
    restore_->setText(tr("&Restore"));
    restore_->setToolTip(tr("Bring back the sentence, the settings and the weights as they were"));
    discard_->setText(tr("&Discard"));
    discard_->setToolTip(tr("Forget the kept work and go on with this window"));
}

}  // namespace attnviz::ui
