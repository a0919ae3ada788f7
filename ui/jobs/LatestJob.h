#pragma once
#include <QCoreApplication>
#include <QFutureWatcher>
#include <QUnhandledException>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>
#include <functional>
#include <list>
#include <memory>

#include "ui/jobs/JobControl.h"
#include "ui/jobs/JobPool.h"
#include "ui/jobs/JobRunner.h"

namespace attnviz::ui {

/// The one way the window runs work off the GUI thread: on jobPool(), the newest job wins.
///
/// start(work, done) runs work(control) on a worker thread and then done(result) on the GUI
/// thread, only if no newer job was started and cancel() was not called meanwhile: an older job
/// is cancelled (its flag is set, which its work may check to stop early) and its result is
/// dropped unseen. The work reports its failures in T (it should not throw; if it does, failed()
/// is emitted). Progress and cancellation are shared with JobIndicator through JobRunner.
/// The destructor cancels every job and waits for their work, so work may use what the owner
/// owns as long as the LatestJob is destroyed first (declare it last).
template <typename T>
class LatestJob final : public JobRunner {
public:
    using Work = std::function<T(const JobControl&)>;
    using Done = std::function<void(T)>;

    explicit LatestJob(QObject* parent = nullptr) : JobRunner(parent) {}
    ~LatestJob() override { dropEveryRun(); }
    LatestJob(const LatestJob&) = delete;
    LatestJob& operator=(const LatestJob&) = delete;

    void start(Work work, Done done) {
        if (newest()) newest()->cancel.store(true);
        auto state = std::make_shared<JobState>();
        const quint64 id = ++latestId_;
        auto* watcher = new QFutureWatcher<T>(this);
        runs_.push_back(Run{id, state, watcher});
        connect(watcher, &QFutureWatcherBase::finished, this,
                [this, id, done = std::move(done)] { onFinished(id, done); });
        setNewest(state);
        watcher->setFuture(
            QtConcurrent::run(&jobPool(), [work = std::move(work), state] { return work(JobControl(state)); }));
    }

    void cancel() override {
        if (!newest()) return;
        newest()->cancel.store(true);
        runs_.back().deliverWhenStopped = false;  // the newest run is the last one started
        clearNewest();
        emit cancelled();
    }

    /// Asks the newest job to stop early (its flag is set) but still delivers what its work
    /// returns: for work whose partial result matters, such as a sweep that says how far it got.
    /// isRunning() stays true until then, so that nothing new starts beside it.
    void stop() {
        if (!newest()) return;
        newest()->cancel.store(true);
        runs_.back().deliverWhenStopped = true;
    }

    /// Blocks until every job's work has returned, then delivers the newest result (tests).
    void waitForFinished() {
        for (const Run& run : runs_) run.watcher->waitForFinished();
        QCoreApplication::sendPostedEvents();
    }
    /// Jobs whose work has not been delivered or dropped yet, superseded ones included.
    [[nodiscard]] int pendingJobs() const { return static_cast<int>(runs_.size()); }

    /// Cancels every job and blocks until their work has returned; nothing is delivered. For an
    /// owner whose destructor must know that no work still runs (the destructor does the same).
    void cancelAndWait() {
        dropEveryRun();
        clearNewest();
    }

private:
    struct Run {
        quint64 id;
        std::shared_ptr<JobState> state;
        QFutureWatcher<T>* watcher;
        bool deliverWhenStopped = false;  ///< stop(), not cancel(), set the flag
    };

    /// Cancels every run and waits for its work, delivering nothing (and emitting nothing, since
    /// the destructor calls it).
    void dropEveryRun() {
        for (Run& run : runs_) {
            run.state->cancel.store(true);
            run.watcher->disconnect(this);
        }
        for (Run& run : runs_) {
            run.watcher->waitForFinished();
            delete run.watcher;
        }
        runs_.clear();
    }

    void onFinished(quint64 id, const Done& done) {
        auto run = std::find_if(runs_.begin(), runs_.end(), [id](const Run& r) { return r.id == id; });
        if (run == runs_.end()) return;
        QFutureWatcher<T>* watcher = run->watcher;
        const bool wanted = id == latestId_ && (!run->state->cancel.load() || run->deliverWhenStopped);
        const bool isNewest = newest() == run->state;
        runs_.erase(run);
        watcher->deleteLater();
        if (!wanted) return;
        if (isNewest) clearNewest();
        try {
            try {
                done(watcher->future().takeResult());
            } catch (const QUnhandledException& wrapped) {
                // QtConcurrent wraps what the work threw; its own message is inside.
                if (wrapped.exception()) std::rethrow_exception(wrapped.exception());
                throw;
            }
        } catch (const std::exception& error) {
            emit failed(QString::fromUtf8(error.what()));
        } catch (...) {
            emit failed(QStringLiteral("unknown exception"));
        }
    }

    std::list<Run> runs_;
    quint64 latestId_ = 0;
};

}  // namespace attnviz::ui
