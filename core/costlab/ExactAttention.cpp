// The program's own exact kernel (core/kernels/AttentionKernel.h) behind the lab's interface:
// the mask becomes an AttentionMask (causal, or padding past the real keys). It chooses its own
// threads (all of the pool for a large input).
#include "core/costlab/CostSupport.h"
#include "core/masks/AttentionMask.h"

namespace attnviz::costlab {

template <typename T>
CostResult<T> exactAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    const T divisor = scoreDivisor<T>(static_cast<int>(q.cols()));
    MaskConfig config;
    config.causal = prefix.causal;
    const AttentionMask mask(config, n, prefix.real);
    AttentionRows<T> rows = computeAttention<T>(q, k, v, divisor, mask, cancel);
    CostResult<T> result;
    result.output = std::move(rows.context);
    if (options.weights)
        result.weights = softmaxWeights(q, k, divisor, rows.rowMax, rows.rowSum, [&](int i, int j) { return j < prefix.end(i); });
    return result;
}

template CostResult<float> exactAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                 const CostOptions&, const std::atomic<bool>*);
template CostResult<double> exactAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                   const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
