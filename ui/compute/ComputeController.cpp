#include "ui/compute/ComputeController.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <new>

#include "core/base/Errors.h"

namespace attnviz::ui {

ComputeController::ComputeController(QObject* parent) : QObject(parent) {
    pool_.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
}

ComputeController::~ComputeController() {
    for (Job& job : jobs_) job.cancel->store(true);
    for (Job& job : jobs_) {
        job.watcher->disconnect(this);
        job.watcher->waitForFinished();
        delete job.watcher;
    }
    pool_.waitForDone();
}

quint64 ComputeController::request(ComputeRequest request) {
    for (Job& job : jobs_) job.cancel->store(true);
    Job job;
    job.id = ++latest_;
    job.cancel = std::make_shared<std::atomic<bool>>(false);
    job.watcher = new QFutureWatcher<ComputeResult>(this);
    const quint64 id = job.id;
    connect(job.watcher, &QFutureWatcherBase::finished, this, [this, id] { onJobFinished(id); });
    job.watcher->setFuture(QtConcurrent::run(&pool_, [request = std::move(request), cancel = job.cancel, id,
                                                      hook = startHook_] {
        if (hook) hook();
        ComputeResult result = compute(request, *cancel);
        result.id = id;
        return result;
    }));
    jobs_.push_back(job);
    setBusy(true);
    return id;
}

void ComputeController::cancel() {
    for (Job& job : jobs_) job.cancel->store(true);
}

void ComputeController::onJobFinished(quint64 id) {
    const auto it = std::find_if(jobs_.begin(), jobs_.end(), [id](const Job& job) { return job.id == id; });
    if (it == jobs_.end()) return;
    auto result = std::make_shared<const ComputeResult>(it->watcher->result());
    it->watcher->deleteLater();
    jobs_.erase(it);
    if (id != latest_) return;  // superseded: a newer request reports instead
    setBusy(false);
    emit finished(result);
}

void ComputeController::setBusy(bool busy) {
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy);
}

int ComputeController::shownHead(int requested, int heads) {
    return requested == kAllHeads || (requested >= 0 && requested < heads) ? requested : 0;
}

ComputeResult ComputeController::compute(const ComputeRequest& request, const std::atomic<bool>& cancel) {
    QElapsedTimer timer;
    timer.start();
    ComputeResult result;
    result.sentence = request.sentence;
    result.sourceOptions = request.sourceOptions;
    try {
        if (cancel.load()) throw Cancelled();
        result.trace = request.reuse ? request.reuse
                                     : std::make_shared<const AttentionTrace>(AttentionTrace::compute(
                                           request.sentence.toStdString(), request.config, &cancel));
        result.head = shownHead(request.head, result.trace->heads());
        if (cancel.load()) throw Cancelled();
        result.sources = MatrixSource::allSteps(result.trace, result.head, &cancel, request.sourceOptions);
        if (request.labelFont)  // shared by the rows of every step and the columns of the n × n ones
            (void)result.sources[static_cast<std::size_t>(Step::Weights)]->widestRowLabel(*request.labelFont);
    } catch (const Cancelled&) {
        result.outcome = ComputeResult::Outcome::Cancelled;
    } catch (const InputError& e) {
        result.outcome = ComputeResult::Outcome::InputError;
        result.error = QString::fromUtf8(e.what());
        result.refusal = e.message();
    } catch (const ConfigError& e) {
        result.outcome = ComputeResult::Outcome::ConfigError;
        result.error = QString::fromUtf8(e.what());
        result.refusal = e.message();
    } catch (const std::bad_alloc&) {
        result.outcome = ComputeResult::Outcome::OtherError;
        result.error = tr("not enough memory for this computation");
    } catch (const Error& e) {
        result.outcome = ComputeResult::Outcome::OtherError;
        result.error = QString::fromUtf8(e.what());
        result.refusal = e.message();
    } catch (const std::exception& e) {
        result.outcome = ComputeResult::Outcome::OtherError;
        result.error = QString::fromUtf8(e.what());
    }
    if (result.outcome != ComputeResult::Outcome::Done) {
        result.trace.reset();
        result.sources = {};
    }
    result.milliseconds = timer.elapsed();
    return result;
}

}  // namespace attnviz::ui
