#pragma once
#include <Eigen/Core>
#include <atomic>

#include "core/masks/AttentionMask.h"

namespace attnviz {

template <typename T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using ColumnVector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// What exact attention keeps per query row: the context row and the two softmax statistics
/// from which any weight is recomputed on demand (w_ij = exp(s_ij − rowMax_i) / rowSum_i).
/// A fully masked row has rowMax = −∞, rowSum = 0 and a zero context row.
template <typename T>
struct AttentionRows {
    RowMatrix<T> context;    ///< n × d_v
    ColumnVector<T> rowMax;  ///< max_j of the scaled, masked scores of row i
    ColumnVector<T> rowSum;  ///< Σ_j exp(s_ij − rowMax_i)
};

/// Exact softmax(Q·Kᵀ / divisor + mask)·V, a block of query rows at a time, so the n × n matrix
/// is never stored whole (the chapter's "Flash Attention" idea): only a block's scores, in the
/// L2 cache. The one function the window, the exports and the benchmark call. Runs on
/// 1..hardware threads; the hot loop is compiled for baseline x86-64, AVX2+FMA and AVX-512 and
/// chosen at run time. float64 sums in index order with std::exp (the same bits everywhere);
/// float32 is the speed path: register-tiled products and a vectorized exp, to ~1e-6.
/// Throws Cancelled when *cancel becomes true between row blocks.
template <typename T>
[[nodiscard]] AttentionRows<T> computeAttention(const RowMatrix<T>& q, const RowMatrix<T>& k,
                                                const RowMatrix<T>& v, T divisor,
                                                const AttentionMask& mask,
                                                const std::atomic<bool>* cancel = nullptr);

/// Which instruction set the hot loop uses on this processor: "avx512", "avx2" or "baseline".
[[nodiscard]] const char* kernelInstructionSet();

}  // namespace attnviz
