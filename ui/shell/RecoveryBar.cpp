#include "ui/shell/RecoveryBar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace attnviz::ui {

RecoveryBar::RecoveryBar(QWidget* parent) : NoticeBar(Tone::Warning, parent) {
    addIcon(QStyle::SP_MessageBoxInformation);
    text_ = addText(true);
    restore_ = new QPushButton;
    discard_ = new QPushButton;
    connect(restore_, &QPushButton::clicked, this, &RecoveryBar::restoreRequested);
    connect(discard_, &QPushButton::clicked, this, &RecoveryBar::discardRequested);
    row()->addWidget(restore_);
    row()->addWidget(discard_);
    hide();
    retranslateUi();
}

void RecoveryBar::offer(const QString& savedAt) {
    savedAt_ = savedAt;
    retranslateUi();
    show();
}

void RecoveryBar::changeEvent(QEvent* event) {
    NoticeBar::changeEvent(event);
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
