#pragma once
// GPT-2's forward pass in float32 on the core's kernels: token + position embeddings; per layer
// ln_1 → c_attn (Q, K, V with biases) → causal attention per head (computeAttention) → c_proj →
// residual → ln_2 → MLP (gelu_new) → residual; ln_f; the next-token distribution of the last
// position from the output embedding.
#include <atomic>
#include <functional>
#include <span>

#include "core/gpt2/Gpt2Trace.h"
#include "core/gpt2/Gpt2Weights.h"

namespace attnviz::gpt2 {

/// How a forward pass runs.
struct ForwardOptions {
    /// Threads of the pool (WorkerPool::parallelFor), the caller's included.
    unsigned threads = 1;
    /// Checked between layers and between the steps of a layer: when it becomes true the pass
    /// stops with Cancelled.
    const std::atomic<bool>* cancel = nullptr;
    /// Called after each layer with the layers done so far and their number.
    std::function<void(int layersDone, int layers)> progress;
};

/// How many next tokens a trace keeps (what Transformer Explainer shows).
inline constexpr int kNextTokens = 5;

/// Runs the model on the token ids (1 … n_positions of them, each below vocab_size; refused
/// otherwise with InputError) and keeps what the views need (Gpt2Trace).
[[nodiscard]] Gpt2Trace runForward(const Gpt2Weights& weights, std::span<const int> tokenIds,
                                   const ForwardOptions& options);

}  // namespace attnviz::gpt2
