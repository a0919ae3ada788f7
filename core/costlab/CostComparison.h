#pragma once
// "What each technique keeps": exact attention (the chapter's code, naive) beside Flash, sliding
// window + global tokens, block-sparse and linear attention on the same Q, K, V, each with the
// n × n weights it implies, its difference from exact, and the numbers a student compares.
//
// The divergence is KL(technique ‖ exact), in bits, not KL(exact ‖ technique): a window or
// sparse row puts no weight on the cells it drops, where exact puts some, so KL(exact ‖ technique)
// is +∞ as soon as anything is dropped. KL(technique ‖ exact) is finite (a technique only weighs
// keys exact can see) and, for window and sparse, whose kept weights are exact's renormalised,
// it is −log₂(the share of exact's weight on the kept cells): 1 bit means the kept cells held
// half of exact's weight. That share is also reported directly, as the dropped mass.
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/costlab/CostKernel.h"
#include "core/costlab/CostMemory.h"

namespace attnviz {

/// One technique's comparison with exact attention.
struct TechniqueComparison {
    CostKernel kernel = CostKernel::Naive;
    RowMatrix<double> output;      ///< n × d_v
    RowMatrix<double> weights;     ///< n × n: 0 on the cells it does not keep (linear: normalised φ(q)·φ(k))
    RowMatrix<double> difference;  ///< weights − exact's weights
    /// Cells the technique computes: the mask's visible cells, within its pattern (window, sparse).
    std::vector<bool> kept;        ///< n × n, row-major

    double maxOutputError = 0;  ///< max over the n × d_v outputs of |output − exact's|
    /// Mean over rows of KL(technique row ‖ exact row), in bits (see the top of this file), over
    /// the rows where both see at least one key.
    double meanKlBits = 0;
    /// Mean over the rows exact sees a key in of the exact weight on visible cells not kept.
    double meanDroppedMass = 0;
    /// Rows where exact sees a key and the technique keeps none (its output row is then 0; left
    /// out of meanKlBits, where they would count +∞; they count 1 in meanDroppedMass).
    int emptiedRows = 0;
    std::int64_t keptCells = 0;     ///< cells kept (visible under the mask)
    std::int64_t visibleCells = 0;  ///< cells the mask lets through (exact's)
    /// keptCells / visibleCells; 1 when the mask hides every cell.
    [[nodiscard]] double keptShare() const {
        return visibleCells > 0 ? static_cast<double>(keptCells) / static_cast<double>(visibleCells) : 1.0;
    }
    double flops = 0;         ///< costFlops: the chapter's count for one call
    CostFootprint footprint;  ///< costFootprint without the weights the comparison asks for
    /// Bytes the technique needs beyond Q, K and V: its score matrix and its working memory.
    [[nodiscard]] double memoryBeyondInputs() const { return footprint.scoreMatrix + footprint.working; }

    [[nodiscard]] bool isKept(int query, int key) const {
        const auto n = static_cast<std::size_t>(weights.rows());
        return kept[static_cast<std::size_t>(query) * n + static_cast<std::size_t>(key)];
    }
};

/// Exact attention and every technique on one input.
struct CostComparison {
    int n = 0, d = 0, dv = 0;
    CostOptions options;  ///< the mask and every technique's settings used (kernel unused)
    /// Exact attention, the chapter's naive kernel: its errors are 0, it keeps every visible cell.
    TechniqueComparison exact;
    /// Flash, Window, Sparse, Linear, in that order (kComparedTechniques).
    std::vector<TechniqueComparison> techniques;

    /// The technique of that kernel (exact for Naive); throws std::out_of_range for Exact.
    [[nodiscard]] const TechniqueComparison& of(CostKernel kernel) const;
};

/// The techniques compared with exact attention, in the order CostComparison holds them.
inline constexpr CostKernel kComparedTechniques[] = {CostKernel::Flash, CostKernel::Window, CostKernel::Sparse,
                                                     CostKernel::Linear};

/// Runs exact attention (naive, with weights) and each of kComparedTechniques on Q, K (n × d) and
/// V (n × d_v) in float64 under options' mask and settings (options.kernel and options.weights
/// are ignored), and compares them. Throws ConfigError CostComparisonTooLarge beyond
/// limits::kMaxComparisonTokens positions, the kernels' ConfigError for bad settings or shapes,
/// Cancelled when *cancel becomes true.
[[nodiscard]] CostComparison compareCostTechniques(const RowMatrix<double>& q, const RowMatrix<double>& k,
                                                   const RowMatrix<double>& v, const CostOptions& options,
                                                   const std::atomic<bool>* cancel = nullptr);

/// Cells kernel computes for n positions under options' mask and pattern, n × n row-major:
/// the visible keys of each query (every one for naive, exact, flash and linear), within the
/// window and global tokens (window) or the kept blocks (sparse).
[[nodiscard]] std::vector<bool> keptCells(CostKernel kernel, const CostOptions& options, int n);

/// log₂ of the exact softmax weights of q_i·k_j / √d over each row's visible keys (−∞ elsewhere,
/// and on rows that see no key), n × n: finite where a weight underflows to 0.
[[nodiscard]] RowMatrix<double> exactLog2Weights(const RowMatrix<double>& q, const RowMatrix<double>& k,
                                                 const CostOptions& options);

}  // namespace attnviz
