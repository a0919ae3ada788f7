#pragma once
// The block-sparse pattern of the sparse kernel (BigBird, Zaheer et al., 2020): which blocks of
// keys each block of queries keeps. The kernel computes only those blocks; the lab draws them.
#include <cstdint>
#include <vector>

#include "core/costlab/CostKernel.h"

namespace attnviz {

struct SparsePattern {
    int n = 0;
    int blockSize = 1;
    int blockCount = 0;  ///< ⌈n / blockSize⌉; the last block may be shorter
    /// For query block I, the key blocks it keeps, in increasing order.
    std::vector<std::vector<int>> keptBlocks;

    /// Cells of kept blocks that the mask lets through (what the kernel computes).
    std::int64_t keptCells = 0;

    /// True when the pattern keeps cell (query, key) (the mask may still hide it).
    [[nodiscard]] bool keeps(int query, int key) const;
};

/// The pattern for n positions: query block I keeps key blocks I − 1, I and I + 1 (the sliding
/// blocks), the global blocks 0 … g − 1, and r random blocks among the others; a global block
/// keeps every block. The random ones come from SeededGenerator(seed, "sparse:" + I): the
/// candidates (the blocks not yet kept, in increasing order) are drawn without replacement by a
/// partial Fisher–Yates shuffle, position t swapped with t + ⌊unit()·(count − t)⌋. Under the
/// causal mask only blocks J ≤ I are kept or drawn. Options as CostOptions documents; checked by
/// checkCostOptions.
[[nodiscard]] SparsePattern sparsePattern(int n, const CostOptions& options);

}  // namespace attnviz
