#include "ui/shell/UntrainedBanner.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace attnviz::ui {
namespace {

// The window's catalogue context, where these texts were translated before the banner had a class.
QString translated(const char* text) { return QCoreApplication::translate("attnviz::ui::MainWindow", text); }

}  // namespace

UntrainedBanner::UntrainedBanner(QWidget* parent) : NoticeBar(Tone::Untrained, parent) {
    setObjectName(QStringLiteral("untrainedBanner"));
    text_ = addText(false);
    useTeaching_ = new QPushButton;
    connect(useTeaching_, &QPushButton::clicked, this, &UntrainedBanner::useTeachingModel);
    row()->addWidget(useTeaching_, 0, Qt::AlignVCenter);
    hide();
    retranslateUi();
}

void UntrainedBanner::changeEvent(QEvent* event) {
    NoticeBar::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void UntrainedBanner::retranslateUi() {
    text_->setText(translated(QT_TRANSLATE_NOOP("attnviz::ui::MainWindow",
                                                "<b>Untrained weights.</b> W_Q, W_K and W_V are random numbers: the "
                                                "patterns below carry no linguistic meaning. For attention that means "
                                                "something, use the teaching model.")));
    useTeaching_->setText(translated(QT_TRANSLATE_NOOP("attnviz::ui::MainWindow", "Use the teaching model")));
    useTeaching_->setToolTip(translated(
        QT_TRANSLATE_NOOP("attnviz::ui::MainWindow", "Projections: Teaching model (its named dimensions and rules)")));
}

}  // namespace attnviz::ui
