#pragma once
// The one place where a request for attention (a sentence under settings, a trained model, or
// weights computed elsewhere) becomes what every view and every export reads: the layer's trace,
// every layer and head as a stack, and what the source can show. The window (ComputeController,
// on its worker) and the command line (attnviz export) both build through here.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/heads/AttentionStack.h"
#include "core/model/AttentionConfig.h"
#include "core/sources/SourceCapabilities.h"
#include "core/text/Tokenizer.h"

namespace attnviz {

namespace gpt2 {
class Gpt2Model;
}

/// A trained model's forward pass over one sentence: every layer, kept so that another layer or
/// head is shown without computing again.
struct ModelRun {
    std::shared_ptr<const gpt2::Gpt2Model> model = nullptr;
    std::string sentence;
    std::vector<Token> tokens;
    gpt2::Gpt2Trace trace;
};

/// What to build. Exactly one source: imported weights when `imported` is set, else a trained
/// model when `model` is set, else the sentence under `config` (the teaching model or supplied
/// weights).
struct SourceRequest {
    std::string sentence;
    AttentionConfig config;
    /// A trained model: the sentence becomes its tokens, every layer is computed (ModelRun) and
    /// the trace is layer `layer` (0-based).
    std::shared_ptr<const gpt2::Gpt2Model> model = nullptr;
    int layer = 0;
    /// Weights computed elsewhere, already read: shown as they are (no trace: no Q and K).
    std::shared_ptr<const AttentionStack> imported = nullptr;

    /// What was built before and still holds: the same model and sentence's forward pass (only
    /// the layer's trace is made), the same sentence and settings' trace, or the stack of either
    /// (another head or layer changes none of them). Null: made.
    std::shared_ptr<const ModelRun> reuseRun = nullptr;
    std::shared_ptr<const AttentionTrace> reuseTrace = nullptr;
    std::shared_ptr<const AttentionStack> reuseStack = nullptr;

    /// The language of the teaching heads' written roles ("fr"; empty: English).
    std::string language;
    /// Threads of a model's forward pass, the caller's included.
    unsigned threads = 1;
    /// Checked between the steps: when it becomes true the build stops with Cancelled.
    const std::atomic<bool>* cancel = nullptr;
    /// Hears of each layer of a model's forward pass (layers done, layers).
    std::function<void(int done, int total)> progress;
};

/// What every view reads.
struct AttentionSource {
    /// The layer shown, with every step; null for imported weights.
    std::shared_ptr<const AttentionTrace> trace;
    /// The forward pass the trace is a layer of (trained model only).
    std::shared_ptr<const ModelRun> run;
    /// Every layer and head (the model and head views, the summaries).
    std::shared_ptr<const AttentionStack> stack;
    SourceCapabilities capabilities;
};

/// Builds the source the request asks for. Throws what the core throws for a refused input
/// (InputError: a sentence the tokenizer cannot read; ConfigError: settings that cannot be used;
/// Cancelled).
[[nodiscard]] AttentionSource buildSource(const SourceRequest& request);

/// What a source of each kind can show, for a window that has its source before it has a result
/// (a model folder just opened, a file of weights just read).
[[nodiscard]] SourceCapabilities computedCapabilities(const AttentionConfig& config);
[[nodiscard]] SourceCapabilities modelCapabilities();
[[nodiscard]] SourceCapabilities importedCapabilities(const AttentionStack& imported);

}  // namespace attnviz
