#pragma once
// A GPT-2-family checkpoint as the forward pass reads it: its sizes, and every tensor as a
// contiguous float32 row-major view. Views point into the memory-mapped model.safetensors when
// the file stores F32, 4-byte aligned (the 548 MB gpt2 file is never copied), or into float32
// copies the loader made (F16, BF16, unaligned F32). The owner (Gpt2Checkpoint) keeps the
// mapping and the copies alive. Every value is finite (the loader refuses NaN and ±∞).
#include <cstddef>
#include <span>
#include <vector>

#include "core/gpt2/Gpt2Config.h"

namespace attnviz::gpt2 {

/// A float32 matrix stored row-major: element (r, c) at data[r * cols + c]. Hugging Face's
/// Conv1D weights are (in, out): y = x · W + b.
struct MatrixView {
    const float* data = nullptr;
    int rows = 0;
    int cols = 0;
};

/// One transformer block's tensors (names without the "transformer." prefix: h.N.…).
struct Gpt2Layer {
    std::span<const float> ln1Weight, ln1Bias;  ///< ln_1: n_embd each
    MatrixView attnWeight;                      ///< attn.c_attn.weight: n_embd × 3·n_embd (Q | K | V)
    std::span<const float> attnBias;            ///< attn.c_attn.bias: 3·n_embd
    MatrixView attnProjWeight;                  ///< attn.c_proj.weight: n_embd × n_embd (W_O)
    std::span<const float> attnProjBias;        ///< attn.c_proj.bias
    std::span<const float> ln2Weight, ln2Bias;  ///< ln_2
    MatrixView fcWeight;                        ///< mlp.c_fc.weight: n_embd × inner
    std::span<const float> fcBias;              ///< inner
    MatrixView mlpProjWeight;                   ///< mlp.c_proj.weight: inner × n_embd
    std::span<const float> mlpProjBias;         ///< n_embd
};

/// Every tensor of the model.
struct Gpt2Weights {
    Gpt2Config config;
    MatrixView tokenEmbedding;     ///< wte.weight: vocab × n_embd
    MatrixView positionEmbedding;  ///< wpe.weight: n_positions × n_embd
    std::vector<Gpt2Layer> layers;
    std::span<const float> lnFWeight, lnFBias;  ///< ln_f
    /// lm_head.weight (vocab × n_embd) when the file has one, else the tied wte.weight.
    MatrixView outputEmbedding;
};

}  // namespace attnviz::gpt2
