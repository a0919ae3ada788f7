#pragma once
// What a GPT-2 forward pass keeps of one sentence for the views: per layer its X (the ln_1
// output), Q, K and V with their biases, and each head's softmax statistics, from which any
// attention weight is recomputed on demand (the n × n weights are never stored); and the most
// likely next tokens.
#include <vector>

#include "core/kernels/AttentionKernel.h"

namespace attnviz::gpt2 {

/// One transformer block of the sentence.
struct Gpt2LayerTrace {
    RowMatrix<float> input;    ///< X = ln_1(residual stream): n × n_embd
    RowMatrix<float> queries;  ///< Q = X·W_Q + b_Q: n × n_embd; head h holds columns h·d_k … (h + 1)·d_k − 1
    RowMatrix<float> keys;     ///< K, the same way
    RowMatrix<float> values;   ///< V, the same way
    RowMatrix<float> rowMax;   ///< heads × n: max_j of head h's scaled scores of query i (causal: j ≤ i)
    RowMatrix<float> rowSum;   ///< heads × n: Σ_j exp(score_ij − rowMax), j ≤ i
};

/// A token the model may write next.
struct NextToken {
    int id = 0;
    double probability = 0;
    friend bool operator==(const NextToken&, const NextToken&) = default;
};

/// The forward pass of one sentence.
struct Gpt2Trace {
    std::vector<int> tokenIds;
    int heads = 0;
    std::vector<Gpt2LayerTrace> layers;
    /// The most likely next tokens after the last one (softmax of the output embedding's logits),
    /// most likely first; equal probabilities by ascending id.
    std::vector<NextToken> nextTokens;

    [[nodiscard]] int tokenCount() const { return static_cast<int>(tokenIds.size()); }
    [[nodiscard]] int headSize() const;

    /// The weight of key `key` for query `query` in head `head` of layer `layer` (all from 0):
    /// exp(q·k / √d_k − rowMax) / rowSum, the score recomputed in float64 from the float32 Q and
    /// K; 0 for a key after the query (the causal mask). Refuses indices outside the trace.
    [[nodiscard]] double weight(int layer, int head, int query, int key) const;
};

}  // namespace attnviz::gpt2
