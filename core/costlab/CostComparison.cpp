#include "core/costlab/CostComparison.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/costlab/CostMemory.h"
#include "core/costlab/SparsePattern.h"

namespace attnviz {

namespace {

/// Every mask of the lab lets query i see the keys 0 … visibleEnd(i) − 1 (CostKernel.h).
int visibleEnd(const CostOptions& options, int n, int query) {
    const int real = options.mask == CostMask::Padded ? options.realKeys : n;
    return std::min(real, options.mask == CostMask::Causal ? query + 1 : n);
}

void throwIfCancelled(const std::atomic<bool>* cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

/// The metrics of technique against exact, whose weights, output and log₂ weights are given.
void compare(TechniqueComparison& technique, const TechniqueComparison& exact, const RowMatrix<double>& exactLog2,
             const CostOptions& options, int n, const std::atomic<bool>* cancel) {
    technique.difference = technique.weights - exact.weights;
    technique.maxOutputError =
        technique.output.size() > 0 ? (technique.output - exact.output).cwiseAbs().maxCoeff() : 0.0;
    double klSum = 0, droppedSum = 0;
    int klRows = 0, keyRows = 0;
    technique.emptiedRows = 0;
    technique.keptCells = technique.visibleCells = 0;
    for (int i = 0; i < n; ++i) {
        throwIfCancelled(cancel);
        const int end = visibleEnd(options, n, i);
        technique.visibleCells += end;
        if (end == 0) continue;  // exact sees no key: nothing to compare in this row
        ++keyRows;
        double dropped = 0, kl = 0;
        int kept = 0;
        for (int j = 0; j < end; ++j) {
            if (!technique.isKept(i, j)) {
                dropped += exact.weights(i, j);
                continue;
            }
            ++kept;
            const double t = technique.weights(i, j);
            if (t > 0) kl += t * (std::log2(t) - exactLog2(i, j));  // 0 · log 0 = 0
        }
        technique.keptCells += kept;
        if (kept == 0) {
            ++technique.emptiedRows;
            droppedSum += 1;  // the whole of exact's row is lost
            continue;
        }
        droppedSum += dropped;
        // KL ≥ 0; rounding leaves about −1e-16 where the technique is exact (Flash).
        klSum += std::max(0.0, kl);
        ++klRows;
    }
    technique.meanKlBits = klRows > 0 ? klSum / klRows : 0.0;
    technique.meanDroppedMass = keyRows > 0 ? droppedSum / keyRows : 0.0;
}

TechniqueComparison run(CostKernel kernel, const RowMatrix<double>& q, const RowMatrix<double>& k,
                        const RowMatrix<double>& v, const CostOptions& options, const std::atomic<bool>* cancel) {
    CostOptions own = options;
    own.kernel = kernel;
    own.weights = true;
    CostResult<double> result = runCostKernel(q, k, v, own, cancel);
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols());
    const auto dv = static_cast<int>(v.cols());
    TechniqueComparison technique;
    technique.kernel = kernel;
    technique.output = std::move(result.output);
    technique.weights = std::move(result.weights);
    technique.kept = keptCells(kernel, own, n);
    technique.flops = costFlops(own, n, d, dv);
    own.weights = false;  // the comparison's weights are the view's, not the technique's cost
    technique.footprint = costFootprint(own, n, d, dv, static_cast<int>(sizeof(double)));
    return technique;
}

}  // namespace

const TechniqueComparison& CostComparison::of(CostKernel kernel) const {
    if (kernel == CostKernel::Naive) return exact;
    for (const TechniqueComparison& technique : techniques)
        if (technique.kernel == kernel) return technique;
    throw std::out_of_range(std::string("no comparison for the kernel ") + costKernelName(kernel));
}

std::vector<bool> keptCells(CostKernel kernel, const CostOptions& options, int n) {
    const auto size = static_cast<std::size_t>(n);
    std::vector<bool> kept(size * size, false);
    std::vector<bool> global(size, false);
    if (kernel == CostKernel::Window)
        for (const int position : options.globalTokens)
            if (position >= 0 && position < n) global[static_cast<std::size_t>(position)] = true;
    std::optional<SparsePattern> pattern;
    if (kernel == CostKernel::Sparse) pattern = sparsePattern(n, options);
    for (int i = 0; i < n; ++i) {
        const int end = visibleEnd(options, n, i);
        for (int j = 0; j < end; ++j) {
            bool keeps = true;
            if (kernel == CostKernel::Window)
                keeps = std::abs(i - j) < options.window || global[static_cast<std::size_t>(i)] ||
                        global[static_cast<std::size_t>(j)];
            else if (kernel == CostKernel::Sparse)
                keeps = pattern->keeps(i, j);
            kept[static_cast<std::size_t>(i) * size + static_cast<std::size_t>(j)] = keeps;
        }
    }
    return kept;
}

RowMatrix<double> exactLog2Weights(const RowMatrix<double>& q, const RowMatrix<double>& k, const CostOptions& options) {
    const auto n = static_cast<int>(q.rows());
    const double divisor = q.cols() > 0 ? std::sqrt(static_cast<double>(q.cols())) : 1.0;
    constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
    RowMatrix<double> log2Weights = RowMatrix<double>::Constant(n, n, minusInfinity);
    for (int i = 0; i < n; ++i) {
        const int end = visibleEnd(options, n, i);
        if (end == 0) continue;
        const Eigen::VectorXd scores = (k.topRows(end) * q.row(i).transpose()) / divisor;
        const double max = scores.maxCoeff();
        // log softmax = s − max − log Σ exp(s − max): no exp of a large number, no log of 0.
        const double logSum = std::log((scores.array() - max).exp().sum());
        for (int j = 0; j < end; ++j) log2Weights(i, j) = (scores(j) - max - logSum) / std::log(2.0);
    }
    return log2Weights;
}

CostComparison compareCostTechniques(const RowMatrix<double>& q, const RowMatrix<double>& k, const RowMatrix<double>& v,
                                     const CostOptions& options, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    if (n > limits::kMaxComparisonTokens)
        throw ConfigError(ErrorCode::CostComparisonTooLarge,
                          {groupedThousands(limits::kMaxComparisonTokens), groupedThousands(n)});
    CostComparison comparison;
    comparison.n = n;
    comparison.d = static_cast<int>(q.cols());
    comparison.dv = static_cast<int>(v.cols());
    comparison.options = options;
    comparison.exact = run(CostKernel::Naive, q, k, v, options, cancel);
    const RowMatrix<double> exactLog2 = exactLog2Weights(q, k, options);
    compare(comparison.exact, comparison.exact, exactLog2, options, n, cancel);
    for (const CostKernel kernel : kComparedTechniques) {
        TechniqueComparison technique = run(kernel, q, k, v, options, cancel);
        compare(technique, comparison.exact, exactLog2, options, n, cancel);
        comparison.techniques.push_back(std::move(technique));
    }
    return comparison;
}

}  // namespace attnviz
