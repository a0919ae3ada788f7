#pragma once
// Every layer and head of one sentence's attention at once: what the model view (a grid of
// layers × heads), the head view and the per-head summaries read. Made from a trace of the
// attention pipeline (one layer: the teaching model, random or supplied weights), from a GPT-2
// forward pass (every layer), or from weights computed elsewhere and imported. The weights are
// computed on demand, one head at a time, so 144 heads of 1,024 tokens never sit in memory
// together. Layers and heads are 0-based here; a person reads them from 1.
#include <Eigen/Core>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/formats/ImportedAttention.h"

namespace attnviz {

class AttentionTrace;
struct HeadSummary;
struct SummaryCache;
namespace gpt2 {
struct Gpt2Trace;
}

/// Where a stack's weights come from. Only a Trace stack has the Q and K that the steps and the
/// explainer need; a Model stack has them one layer at a time (Gpt2Model::layerTrace); an
/// Imported one has weights only.
enum class StackOrigin { Trace, Model, Imported };

class AttentionStack {
public:
    /// One layer: the trace's heads, each head's weights as trace->matrix(Step::Weights, head);
    /// masked cells those of trace->mask().
    [[nodiscard]] static AttentionStack fromTrace(std::shared_ptr<const AttentionTrace> trace);
    /// Every layer of a GPT-2 forward pass (weights as Gpt2Trace::weight gives them, computed
    /// a head at a time in float64 from the float32 Q and K); causal. tokens: one readable text per
    /// token id of the trace.
    [[nodiscard]] static AttentionStack fromModel(std::shared_ptr<const gpt2::Gpt2Trace> trace,
                                                  std::vector<std::string> tokens);
    /// Imported weights, as given; masked cells only when imported->causal.
    [[nodiscard]] static AttentionStack fromImported(std::shared_ptr<const ImportedWeights> imported);

    [[nodiscard]] StackOrigin origin() const { return origin_; }
    [[nodiscard]] int layers() const { return layers_; }
    [[nodiscard]] int heads() const { return heads_; }
    /// n: tokens (queries and keys).
    [[nodiscard]] int size() const { return static_cast<int>(tokens_.size()); }
    /// The readable text of each token (padding included for a padded trace).
    [[nodiscard]] const std::vector<std::string>& tokens() const { return tokens_; }
    /// True when key `key` is masked for query `query` (drawn hatched, weight 0).
    [[nodiscard]] bool isMasked(int query, int key) const;
    /// True when every key of the row is masked (a padding row): summaries skip it.
    [[nodiscard]] bool rowFullyMasked(int query) const;
    /// The n × n weights of one head, masked cells 0. Throws ConfigError NoSuchLayer or
    /// NoSuchHead (counted from 1) for indices outside the stack.
    [[nodiscard]] Eigen::MatrixXd weights(int layer, int head) const;

    /// What each head does, when the model names it (the multi-head teaching model): one entry
    /// per head, layer-major (index layer·heads + head); empty text for a head without a role.
    [[nodiscard]] const std::string& headRole(int layer, int head) const;
    /// Sets the roles: heads() entries (applied to every layer) or layers()·heads() entries.
    /// Throws ConfigError for another count.
    void setHeadRoles(std::vector<std::string> roles);

    /// The trace a Trace stack was made from; null otherwise.
    [[nodiscard]] const AttentionTrace* trace() const { return trace_.get(); }

    /// Every head's summary (core/heads/HeadSummary.h), layer-major (index layer·heads + head):
    /// made once, on the first call's thread (summarizeStack), then kept and shared by this
    /// stack's copies, so that the model view, its table, its exports and the lenses never make
    /// them twice. Throws Cancelled when *cancel becomes true while they are made (nothing kept).
    [[nodiscard]] const std::vector<HeadSummary>& summaries(const std::atomic<bool>* cancel = nullptr) const;
    /// True once summaries() has made them: reading them costs nothing.
    [[nodiscard]] bool hasSummaries() const;

private:
    AttentionStack();
    void requireHead(int layer, int head) const;

    StackOrigin origin_ = StackOrigin::Trace;
    int layers_ = 0;
    int heads_ = 0;
    std::vector<std::string> tokens_;
    std::vector<std::string> roles_;
    std::shared_ptr<const AttentionTrace> trace_;
    std::shared_ptr<const gpt2::Gpt2Trace> model_;
    std::shared_ptr<const ImportedWeights> imported_;
    std::shared_ptr<SummaryCache> summaryCache_;
};

}  // namespace attnviz
