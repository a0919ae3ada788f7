#pragma once
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

#include "ui/jobs/JobControl.h"

namespace attnviz::ui {

/// The signals and the progress polling of LatestJob<T> (a template cannot hold Q_OBJECT).
/// Everything here lives on the GUI thread.
class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);

    /// True from start() until the newest job finished or was cancelled.
    [[nodiscard]] bool isRunning() const { return newest_ != nullptr; }
    /// The newest job's progress in [0, 1], or -1 while it has not said.
    [[nodiscard]] double progress() const;
    /// Cancels the newest job: its result, when it comes, is dropped and cancelled() is emitted.
    virtual void cancel() = 0;

signals:
    void runningChanged(bool running);
    /// The newest job's progress changed (in [0, 1]); polled every kProgressPollMs.
    void progressed(double fraction);
    /// The newest job ended without its result: cancel() was called.
    void cancelled();
    /// The newest job threw instead of returning its result (a defect: work reports errors in
    /// its result); the message says what was thrown.
    void failed(const QString& message);

protected:
    void setNewest(std::shared_ptr<JobState> state);
    void clearNewest();
    [[nodiscard]] const std::shared_ptr<JobState>& newest() const { return newest_; }

private:
    static constexpr int kProgressPollMs = 100;
    void poll();

    std::shared_ptr<JobState> newest_;
    QTimer poll_;
    int lastPermille_ = -1;
};

}  // namespace attnviz::ui
