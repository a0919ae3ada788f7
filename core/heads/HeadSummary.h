#pragma once
// One number per head that says what the head does, so a grid of 144 heads can be sorted or
// highlighted by it ("find the previous-token heads"). Each is a mean over the rows that have
// at least one key left by the mask (a padding row counts for nothing); definitions in README
// "All heads at a glance", checked against tests/reference/heads/head_summaries.py.
#include <atomic>
#include <string_view>
#include <vector>

#include "core/heads/AttentionStack.h"

namespace attnviz {

enum class HeadMeasure {
    Entropy,        ///< −Σ_j w_ij log₂ w_ij, in bits (0: one key; log₂ n: uniform over n keys)
    MeanDistance,   ///< Σ_j w_ij |i − j|, in tokens
    PreviousToken,  ///< w_i,i−1, over the rows i ≥ 1 only (row 0 has no previous token)
    FirstToken,     ///< w_i,0
    SameToken,      ///< w_i,i
};
inline constexpr int kHeadMeasureCount = 5;
/// "entropy", "distance", "previous", "first", "same" (command line and files).
[[nodiscard]] const char* headMeasureName(HeadMeasure measure);
/// Inverse of headMeasureName; false when the name is unknown.
[[nodiscard]] bool headMeasureFromName(std::string_view name, HeadMeasure& out);

/// The five measures of one head. A head whose rows are all masked has every measure 0; so has
/// PreviousToken when no row i ≥ 1 has a key left.
struct HeadSummary {
    double entropy = 0;
    double meanDistance = 0;
    double previousToken = 0;
    double firstToken = 0;
    double sameToken = 0;

    [[nodiscard]] double value(HeadMeasure measure) const;
};

/// The summary of one head's n × n weights under the stack's mask.
[[nodiscard]] HeadSummary summarizeHead(const AttentionStack& stack, int layer, int head);
/// Every head's summary, layer-major (index layer·heads + head), heads computed in parallel.
/// Throws Cancelled when *cancel becomes true.
[[nodiscard]] std::vector<HeadSummary> summarizeStack(const AttentionStack& stack,
                                                      const std::atomic<bool>* cancel = nullptr);

}  // namespace attnviz
