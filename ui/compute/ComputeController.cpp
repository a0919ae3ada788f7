#include "ui/compute/ComputeController.h"

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <new>

#include "core/base/Errors.h"

namespace attnviz::ui {

ComputeController::ComputeController(QObject* parent) : QObject(parent) {
    connect(&job_, &JobRunner::runningChanged, this, &ComputeController::busyChanged);
}

ComputeController::~ComputeController() = default;

quint64 ComputeController::request(ComputeRequest request) {
    const quint64 id = ++latest_;
    job_.start(
        [this, request = std::move(request), id, hook = startHook_](const JobControl& control) {
            if (hook) hook();
            const auto progress = [this, id, &control](int done, int total) {
                control.reportProgress(done, total);
                QMetaObject::invokeMethod(this, [this, id, done, total] {
                    if (id == latest_) emit this->progress(done, total);
                }, Qt::QueuedConnection);
            };
            ComputeResult result = compute(request, control.cancelFlag(), progress);
            result.id = id;
            return result;
        },
        [this](ComputeResult result) { emit finished(std::make_shared<const ComputeResult>(std::move(result))); });
    return id;
}

void ComputeController::cancel() { job_.stop(); }

int ComputeController::shownHead(int requested, int heads) {
    return requested == kAllHeads || (requested >= 0 && requested < heads) ? requested : 0;
}

namespace {

/// The largest stack (layers × heads × n², about 8 ms of work) whose summaries come with the result.
constexpr double kSummaryCellsInCompute = 1 << 18;

}  // namespace

ComputeResult ComputeController::compute(const ComputeRequest& request, const std::atomic<bool>& cancel,
                                         const std::function<void(int done, int total)>& progress) {
    QElapsedTimer timer;
    timer.start();
    ComputeResult result;
    result.sentence = request.sentence;
    result.sourceOptions = request.sourceOptions;
    try {
        if (cancel.load()) throw Cancelled();
        result.layer = request.layer;
        SourceRequest wanted;
        wanted.sentence = request.sentence.toStdString();
        wanted.config = request.config;
        wanted.model = request.model;
        wanted.layer = request.layer;
        wanted.reuseRun = request.reuseRun;
        wanted.reuseTrace = request.reuse;
        wanted.reuseStack = request.reuseStack;
        wanted.language = request.sourceOptions.language;  // the teaching heads' roles, as the interface
        wanted.threads = static_cast<unsigned>(std::max(1, QThread::idealThreadCount()));
        wanted.cancel = &cancel;
        wanted.progress = progress;
        AttentionSource built = buildSource(wanted);
        result.trace = std::move(built.trace);
        result.run = std::move(built.run);
        result.head = shownHead(request.head, result.trace->heads());
        if (cancel.load()) throw Cancelled();
        result.sources = MatrixSource::allSteps(result.trace, result.head, &cancel, request.sourceOptions);
        if (request.labelFont)  // shared by the rows of every step and the columns of the n × n ones
            (void)result.sources[static_cast<std::size_t>(Step::Weights)]->widestRowLabel(*request.labelFont);
        result.stack = std::move(built.stack);
        // A large stack's summaries would hold up the heatmap (100 ms for 1,024 tokens): the
        // model view makes them on its own worker when it is shown. Made once: a reused stack has them.
        const double cells = static_cast<double>(result.stack->layers()) * result.stack->heads() *
                             result.stack->size() * result.stack->size();
        if (cells <= kSummaryCellsInCompute) (void)result.stack->summaries(&cancel);
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
        result.run.reset();
        result.stack.reset();
        result.sources = {};
    }
    result.milliseconds = timer.elapsed();
    return result;
}

}  // namespace attnviz::ui
