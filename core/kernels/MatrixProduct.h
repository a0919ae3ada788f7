#pragma once
// Float32 matrix products for a real model's layers (Q, K, V, c_proj, the MLP, the next-token
// logits), on the kernels' scheme: micro-kernels compiled for baseline x86-64, AVX2+FMA and
// AVX-512, chosen at run time, threads from the pool. Register-tiled, over packed blocks of A
// and B when A has many rows; for a few rows B (the weights) is streamed once, in place.
#include <atomic>

#include "core/kernels/InstructionSet.h"

namespace attnviz {

/// A float32 matrix stored row by row: element (r, c) at data[r·stride + c].
struct FloatMatrixView {
    const float* data = nullptr;
    int rows = 0;
    int cols = 0;
    int stride = 0;  ///< floats from one row to the next (≥ cols)
};

/// The same, writable.
struct FloatMatrixSpan {
    float* data = nullptr;
    int rows = 0;
    int cols = 0;
    int stride = 0;
};

/// What a product does with its output.
enum class ProductOutput {
    Store,       ///< out = a·b + bias
    Accumulate,  ///< out += a·b + bias (a residual connection)
    GeluNew,     ///< out = gelu_new(a·b + bias), GPT-2's MLP activation (the tanh form)
};

/// out (m × n) from a (m × k) and b (k × n) as `output` says; bias: n values, or null. Runs on at
/// most `threads` threads of the pool (WorkerPool::parallelFor); a cancel flag that becomes true
/// stops it between blocks with Cancelled. Sums run in blocks with fused multiply-adds where the
/// processor has them: about 1e-7 relative per term, not bit-reproducible across processors.
void multiplyMatrices(FloatMatrixView a, FloatMatrixView b, const float* bias, FloatMatrixSpan out,
                      ProductOutput output, unsigned threads, const std::atomic<bool>* cancel = nullptr);

/// out[r] = Σ_c matrix(r, c)·vector[c] for every row r (vector: matrix.cols values).
void multiplyMatrixVector(FloatMatrixView matrix, const float* vector, float* out, unsigned threads);

/// The same two, with the build for `set` (which the processor must support): the tests compare
/// each build with the baseline one.
void multiplyMatricesWith(InstructionSet set, FloatMatrixView a, FloatMatrixView b, const float* bias,
                          FloatMatrixSpan out, ProductOutput output, unsigned threads,
                          const std::atomic<bool>* cancel = nullptr);
void multiplyMatrixVectorWith(InstructionSet set, FloatMatrixView matrix, const float* vector, float* out,
                              unsigned threads);

}  // namespace attnviz
