#pragma once
// What "What each technique keeps" compares: one head's Q, K and V, from the window's trace of
// the sentence or of the cost lab's long example text, with the lab's mask nearest the trace's.
#include <QString>
#include <QStringList>

#include "core/attention/AttentionTrace.h"
#include "core/costlab/CostKernel.h"

namespace attnviz::ui {

/// One head's inputs to the cost lab's kernels.
struct ComparisonInput {
    RowMatrix<double> q, k, v;  ///< n × d_k, n × d_k, n × d_v
    QStringList tokens;         ///< the n tokens' texts
    CostMask mask = CostMask::Full;
    int realKeys = 0;  ///< Padded: the real tokens
    [[nodiscard]] int size() const { return static_cast<int>(q.rows()); }
};

/// Head `head` of trace (kAllHeads or a head it does not have: head 0): its Q, K, V columns, the
/// tokens, and the trace's mask as the lab has it: causal when the trace is causal, else padded
/// when it has padding, else full (the window's sliding window and cells masked by hand are the
/// window's own; the lab's window technique has its own w and global tokens).
[[nodiscard]] ComparisonInput comparisonInput(const AttentionTrace& trace, int head);

/// The cost lab's long example text: a paragraph of the chapter (its introduction, its
/// complexity and its optimisation techniques), a few hundred tokens, in French as the chapter.
[[nodiscard]] QString longExampleText();

}  // namespace attnviz::ui
