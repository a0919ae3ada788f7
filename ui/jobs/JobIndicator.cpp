#include "ui/jobs/JobIndicator.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <cmath>

#include "ui/jobs/JobRunner.h"

namespace attnviz::ui {

JobIndicator::JobIndicator(QWidget* parent) : QWidget(parent) {
    label_ = new QLabel;
    bar_ = new QProgressBar;
    bar_->setRange(0, 0);
    bar_->setMaximumWidth(220);
    bar_->setTextVisible(false);
    cancel_ = new QPushButton;
    auto* layout = new QHBoxLayout(this);
    // Apart from the status text on its left, which runs up to it.
    layout->setContentsMargins(16, 0, 0, 0);
    layout->addWidget(label_);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    showDelay_.setSingleShot(true);
    showDelay_.setInterval(kShowDelayMs);
    connect(&showDelay_, &QTimer::timeout, this, [this] { setVisible(job_ && job_->isRunning()); });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        if (job_) job_->cancel();
    });
    retranslateUi();
    hide();
}

void JobIndicator::watch(JobRunner* job, const QString& what) {
    if (job_) job_->disconnect(this);
    job_ = job;
    // A long file name is shortened in its middle; the whole text stays in the tooltip.
    label_->setText(label_->fontMetrics().elidedText(what, Qt::ElideMiddle, kMaxLabelPixels));
    label_->setToolTip(what);
    connect(job, &JobRunner::runningChanged, this, &JobIndicator::onRunningChanged);
    connect(job, &JobRunner::progressed, this, [this](double fraction) {
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(std::lround(fraction * 1000)));
    });
    onRunningChanged(job->isRunning());
}

void JobIndicator::onRunningChanged(bool running) {
    if (running) {
        bar_->setRange(0, 0);  // moving until the job says how far it is
        if (!isVisible()) showDelay_.start();
    } else {
        showDelay_.stop();
        hide();
    }
}

void JobIndicator::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void JobIndicator::retranslateUi() {
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop this work: the window keeps what it shows."));
}

}  // namespace attnviz::ui
