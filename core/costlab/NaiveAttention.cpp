// The chapter's scaled_dot_product_attention as written: the whole n × n score matrix is made,
// then masked, softmaxed and multiplied by V, so that its memory really is n² (the "Complexité
// mémoire O(n²)" the lab measures). Rows are split between threads; the matrix is one.
#include <cmath>
#include <limits>

#include "core/base/WorkerPool.h"
#include "core/costlab/CostSupport.h"

namespace attnviz::costlab {

template <typename T>
CostResult<T> naiveAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel) {
    constexpr T minusInfinity = -std::numeric_limits<T>::infinity();
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    const T divisor = scoreDivisor<T>(d);

    RowMatrix<T> scores(n, n);  // the chapter's `scores`, then `attention_weights`, in place
    CostResult<T> result;
    result.output.resize(n, v.cols());
    constexpr int kRows = 64;
    const int blocks = (n + kRows - 1) / kRows;
    const unsigned threads = costThreads(options, static_cast<double>(n) * n * static_cast<double>(d + v.cols()));
    parallelFor(blocks, threads, [&](int block, unsigned) {
        throwIfCancelled(cancel);
        const int row0 = block * kRows, rows = std::min(kRows, n - row0);
        auto part = scores.middleRows(row0, rows);
        part.noalias() = q.middleRows(row0, rows) * k.transpose();  // scores = Q·Kᵀ
        part /= divisor;                                              // / √d_k
        for (int r = 0; r < rows; ++r) {
            auto row = part.row(r);
            const int end = prefix.end(row0 + r);
            row.tail(n - end).setConstant(minusInfinity);  // masked_fill(mask == 0, −∞)
            // softmax(dim = −1); a row with nothing visible gets 0, not the chapter's NaN.
            if (end == 0) {
                row.setZero();
                continue;
            }
            const T max = row.head(end).maxCoeff();
            row = (row.array() - max).exp();
            row /= row.sum();
        }
        result.output.middleRows(row0, rows).noalias() = part * v;  // attention_weights · V
    });
    if (options.weights) result.weights = std::move(scores);
    return result;
}

template CostResult<float> naiveAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                 const CostOptions&, const std::atomic<bool>*);
template CostResult<double> naiveAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                   const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
