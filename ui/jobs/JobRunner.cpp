#include "ui/jobs/JobRunner.h"

namespace attnviz::ui {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
    poll_.setInterval(kProgressPollMs);
    connect(&poll_, &QTimer::timeout, this, &JobRunner::poll);
}

double JobRunner::progress() const {
    if (!newest_) return -1;
    const int permille = newest_->permille.load(std::memory_order_relaxed);
    return permille < 0 ? -1.0 : permille / 1000.0;
}

void JobRunner::setNewest(std::shared_ptr<JobState> state) {
    const bool wasRunning = isRunning();
    newest_ = std::move(state);
    lastPermille_ = -1;
    poll_.start();
    if (!wasRunning) emit runningChanged(true);
}

void JobRunner::clearNewest() {
    if (!newest_) return;
    newest_.reset();
    poll_.stop();
    emit runningChanged(false);
}

void JobRunner::poll() {
    if (!newest_) return;
    const int permille = newest_->permille.load(std::memory_order_relaxed);
    if (permille < 0 || permille == lastPermille_) return;
    lastPermille_ = permille;
    emit progressed(permille / 1000.0);
}

}  // namespace attnviz::ui
