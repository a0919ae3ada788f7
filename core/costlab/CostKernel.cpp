#include "core/costlab/CostKernel.h"

#include <algorithm>
#include <string>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"
#include "core/costlab/CostMemory.h"
#include "core/costlab/CostSupport.h"
#include "core/costlab/SparsePattern.h"

namespace attnviz {

namespace costlab {

VisiblePrefix visiblePrefix(const CostOptions& options, int n) {
    return {n, options.mask == CostMask::Padded ? options.realKeys : n, options.mask == CostMask::Causal};
}

unsigned costThreads(const CostOptions& options, double multiplyAdds) {
    const unsigned pool = WorkerPool::shared().helperCount() + 1;
    return options.threads == 0 ? threadsForWork(multiplyAdds) : std::min(options.threads, pool);
}

}  // namespace costlab

void checkCostOptions(const CostOptions& options, int n) {
    if (options.tileSize < 1) throw ConfigError(ErrorCode::CostTileTooSmall, {std::to_string(options.tileSize)});
    if (options.window < 1) throw ConfigError(ErrorCode::CostWindowTooSmall, {std::to_string(options.window)});
    if (options.blockSize < 1) throw ConfigError(ErrorCode::CostBlockTooSmall, {std::to_string(options.blockSize)});
    if (options.globalBlocks < 0 || options.randomBlocks < 0) throw ConfigError(ErrorCode::CostNegativeBlocks);
    if (options.mask == CostMask::Padded && (options.realKeys < 0 || options.realKeys > n))
        throw ConfigError(ErrorCode::CostRealKeysOutside, {std::to_string(n), std::to_string(options.realKeys)});
    if (options.kernel == CostKernel::Window)
        for (const int position : options.globalTokens)
            if (position < 0 || position >= n)
                throw ConfigError(ErrorCode::CostGlobalTokenOutside,
                                  {std::to_string(position), std::to_string(n), std::to_string(n - 1)});
}

const char* costKernelName(CostKernel kernel) {
    switch (kernel) {
    case CostKernel::Naive: return "naive";
    case CostKernel::Exact: return "exact";
    case CostKernel::Flash: return "flash";
    case CostKernel::Window: return "window";
    case CostKernel::Sparse: return "sparse";
    case CostKernel::Linear: return "linear";
    }
    return "?";
}

CostKernel parseCostKernel(std::string_view name) {
    for (const CostKernel kernel : kAllCostKernels)
        if (name == costKernelName(kernel)) return kernel;
    throw ConfigError(ErrorCode::CostUnknownKernel, {std::string(name)});
}

double costFlops(const CostOptions& options, int n, int d, int dv) {
    const double width = static_cast<double>(d) + dv;
    const double rows = n;
    switch (options.kernel) {
    case CostKernel::Naive:
    case CostKernel::Exact:
    case CostKernel::Flash: return 2.0 * rows * rows * width / (options.mask == CostMask::Causal ? 2.0 : 1.0);
    case CostKernel::Window: {
        // Keys in a row's band: 2w − 1 (|i − j| < w), only the w at or before i under the causal
        // mask, never more than n. (Global tokens, a handful, are not counted.)
        const double band = options.mask == CostMask::Causal ? options.window : 2.0 * options.window - 1.0;
        return 2.0 * rows * std::min(band, rows) * width;
    }
    case CostKernel::Sparse: return 2.0 * static_cast<double>(sparsePattern(n, options).keptCells) * width;
    case CostKernel::Linear: return 4.0 * rows * d * dv;
    }
    return 0;
}

template <typename T>
CostResult<T> runCostKernel(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                            const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    if (k.rows() != n || v.rows() != n || k.cols() != q.cols())
        throw ConfigError(ErrorCode::KernelShapes, {std::to_string(q.rows()), std::to_string(q.cols()), std::to_string(k.rows()),
                                                    std::to_string(k.cols()), std::to_string(v.rows()), std::to_string(n)});
    checkCostOptions(options, n);
    checkCostFits(options, n, static_cast<int>(q.cols()), static_cast<int>(v.cols()), static_cast<int>(sizeof(T)),
                  CostInputs::NotCounted);
    switch (options.kernel) {
    case CostKernel::Naive: return costlab::naiveAttention(q, k, v, options, cancel);
    case CostKernel::Exact: return costlab::exactAttention(q, k, v, options, cancel);
    case CostKernel::Flash: return costlab::flashAttention(q, k, v, options, cancel);
    case CostKernel::Window: return costlab::windowAttention(q, k, v, options, cancel);
    case CostKernel::Sparse: return costlab::sparseAttention(q, k, v, options, cancel);
    case CostKernel::Linear: return costlab::linearAttention(q, k, v, options, cancel);
    }
    return {};
}

template CostResult<float> runCostKernel<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                const CostOptions&, const std::atomic<bool>*);
template CostResult<double> runCostKernel<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                  const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz
