#pragma once
// What the cost lab's kernels share (internal to core/costlab): the visible keys of a row, the
// thread count, the divisor, cancellation, and the n × n softmax weights for the comparison view.
#include <algorithm>
#include <atomic>
#include <cmath>

#include "core/base/Errors.h"
#include "core/base/LargePages.h"
#include "core/costlab/CostKernel.h"

namespace attnviz::costlab {

/// Every mask of the lab lets query i see a prefix of the keys: 0 … end(i) − 1.
struct VisiblePrefix {
    int n = 0;
    int real = 0;  ///< keys past it are padding
    bool causal = false;
    [[nodiscard]] int end(int query) const { return std::min(real, causal ? query + 1 : n); }
};
[[nodiscard]] VisiblePrefix visiblePrefix(const CostOptions& options, int n);

/// options.threads, or when it is 0 what threadsForWork gives for that many multiply-adds; never
/// more than the shared pool has.
[[nodiscard]] unsigned costThreads(const CostOptions& options, double multiplyAdds);

/// √d, the chapter's divisor (1 when d is 0, where every score is 0 anyway).
template <typename T>
[[nodiscard]] T scoreDivisor(int d) {
    return d > 0 ? std::sqrt(static_cast<T>(d)) : T{1};
}

inline void throwIfCancelled(const std::atomic<bool>* cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

/// w_ij = exp(q_i·k_j / divisor − rowMax_i) / rowSum_i where keeps(i, j), 0 elsewhere and on rows
/// that see nothing (rowSum 0): the weights a softmax kernel implies, from its row statistics.
template <typename T, typename Keeps>
[[nodiscard]] RowMatrix<T> softmaxWeights(const RowMatrix<T>& q, const RowMatrix<T>& k, T divisor,
                                          const ColumnVector<T>& rowMax, const ColumnVector<T>& rowSum, Keeps keeps) {
    const auto n = static_cast<int>(q.rows());
    RowMatrix<T> weights = RowMatrix<T>::Zero(n, n);
    for (int i = 0; i < n; ++i) {
        if (!(rowSum(i) > 0)) continue;
        for (int j = 0; j < n; ++j) {
            if (!keeps(i, j)) continue;
            T score = 0;
            for (Eigen::Index m = 0; m < q.cols(); ++m) score += q(i, m) * k(j, m);
            weights(i, j) = std::exp(score / divisor - rowMax(i)) / rowSum(i);
        }
    }
    return weights;
}

/// The kernels behind runCostKernel, the options already checked.
template <typename T>
CostResult<T> naiveAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel);
template <typename T>
CostResult<T> exactAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel);
template <typename T>
CostResult<T> flashAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel);
template <typename T>
CostResult<T> windowAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                              const CostOptions& options, const std::atomic<bool>* cancel);
template <typename T>
CostResult<T> sparseAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                              const CostOptions& options, const std::atomic<bool>* cancel);
template <typename T>
CostResult<T> linearAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                              const CostOptions& options, const std::atomic<bool>* cancel);

}  // namespace attnviz::costlab
