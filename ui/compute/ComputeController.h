#pragma once
#include <QFont>
#include <QObject>
#include <QString>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "core/model/AttentionConfig.h"
#include "core/sources/AttentionSource.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/jobs/LatestJob.h"

namespace attnviz::gpt2 {
class Gpt2Model;
}

namespace attnviz::ui {

/// What to compute: a sentence under a config, and the head whose matrices the views show.
struct ComputeRequest {
    QString sentence;
    AttentionConfig config;
    int head = 0;  ///< 0 … h−1 or kAllHeads; clamped to the trace's heads
    /// A trace already computed for this sentence and config (and layer): only the sources are rebuilt.
    std::shared_ptr<const AttentionTrace> reuse;
    /// A trained model: the sentence becomes its tokens, every layer is computed (ModelRun) and
    /// the views show layer `layer` (0-based). Null: the config's own model.
    std::shared_ptr<const gpt2::Gpt2Model> model = nullptr;
    int layer = 0;
    /// The model's forward pass already made for this sentence: only the layer's trace is made.
    std::shared_ptr<const ModelRun> reuseRun = nullptr;
    /// Every layer and head of the trace or run reused above, with its summaries once made: kept
    /// as it is (another head, layer or colour range changes neither). Null: made again.
    std::shared_ptr<const AttentionStack> reuseStack = nullptr;
    /// The font the heatmaps lay their labels out in: the token labels are measured in it here,
    /// off the GUI thread (MatrixSource::widestRowLabel).
    std::optional<QFont> labelFont = std::nullopt;
    /// The language of the teaching model's dimension names on the steps' columns, the weights'
    /// colour range.
    SourceOptions sourceOptions = {};
};

/// Everything the views need, made off the GUI thread (the trace and one MatrixSource per step,
/// since a signed source scans its whole matrix for its colour scale).
struct ComputeResult {
    enum class Outcome { Done, InputError, ConfigError, OtherError, Cancelled };
    Outcome outcome = Outcome::Done;
    QString error;  ///< the core's one-line message when outcome is an error
    std::optional<ErrorMessage> refusal;  ///< the same as a code and its arguments, when the core refused
    quint64 id = 0;
    QString sentence;
    SourceOptions sourceOptions;  ///< the request's
    int head = 0;
    std::shared_ptr<const AttentionTrace> trace;
    std::shared_ptr<const ModelRun> run;  ///< the model's forward pass (trained model only)
    int layer = 0;                        ///< the request's
    /// Every layer and head of the sentence (the model and head views): the trace's heads, or
    /// every layer of the model's forward pass.
    /// Its summaries (AttentionStack::summaries) are made here for a small stack (up to 2^18
    /// cells in all); a larger one's, by the model view on its worker when it is shown.
    std::shared_ptr<const AttentionStack> stack;
    std::array<std::shared_ptr<const MatrixSource>, kStepCount> sources;  ///< indexed by Step
    qint64 milliseconds = 0;
};

/// Runs requests off the GUI thread (a LatestJob). The latest request wins: a new request cancels
/// the older ones (each has its own cancel flag, checked by the core), and only the latest
/// result is reported. The destructor cancels and waits.
class ComputeController : public QObject {
    Q_OBJECT
public:
    explicit ComputeController(QObject* parent = nullptr);
    ~ComputeController() override;

    /// Starts a computation, cancelling every older one. Returns its id.
    quint64 request(ComputeRequest request);
    /// Cancels the running computations; the latest one reports a Cancelled outcome.
    void cancel();
    /// True while the latest request runs.
    [[nodiscard]] bool isBusy() const { return job_.isRunning(); }
    /// Requests whose work has not finished yet, superseded ones included.
    [[nodiscard]] int runningJobs() const { return job_.pendingJobs(); }
    /// For tests: called on the worker thread at the start of each request, before any work (a
    /// request cancelled by then does none), so that a test can hold the worker at a known point.
    /// Applies to the requests made after it is set; null: nothing is called.
    void setStartHook(std::function<void()> hook) { startHook_ = std::move(hook); }

    /// The work itself, synchronous (what the worker thread runs); progress, when set, hears of
    /// each layer of a trained model's forward pass.
    [[nodiscard]] static ComputeResult compute(const ComputeRequest& request, const std::atomic<bool>& cancel,
                                               const std::function<void(int done, int total)>& progress = {});
    /// The head a result shows for the requested one: itself, or head 0 when the trace has no such head.
    [[nodiscard]] static int shownHead(int requested, int heads);

signals:
    void busyChanged(bool busy);
    /// The latest request's forward pass has done `done` of its `total` layers.
    void progress(int done, int total);
    /// The latest request's result (success, error or cancellation).
    void finished(std::shared_ptr<const attnviz::ui::ComputeResult> result);

private:
    std::function<void()> startHook_;
    quint64 latest_ = 0;  ///< the id of the latest request
    /// cancel() is its stop(): the latest request still reports, as Cancelled. Last, so that it
    /// is destroyed first: it cancels the requests and waits for them.
    LatestJob<ComputeResult> job_{this};
};

}  // namespace attnviz::ui
