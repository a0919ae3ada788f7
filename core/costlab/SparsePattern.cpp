#include "core/costlab/SparsePattern.h"

#include <algorithm>
#include <string>

#include "core/base/SeededGenerator.h"
#include "core/costlab/CostSupport.h"

namespace attnviz {

bool SparsePattern::keeps(int query, int key) const {
    const auto& kept = keptBlocks[static_cast<std::size_t>(query / blockSize)];
    return std::binary_search(kept.begin(), kept.end(), key / blockSize);
}

SparsePattern sparsePattern(int n, const CostOptions& options) {
    SparsePattern pattern;
    pattern.n = n;
    pattern.blockSize = options.blockSize;
    pattern.blockCount = n == 0 ? 0 : (n - 1) / options.blockSize + 1;
    const int blocks = pattern.blockCount;
    const bool causal = options.mask == CostMask::Causal;
    pattern.keptBlocks.resize(static_cast<std::size_t>(blocks));
    std::vector<char> kept(static_cast<std::size_t>(blocks));
    std::vector<int> candidates;
    for (int block = 0; block < blocks; ++block) {
        const int last = causal ? block : blocks - 1;  // the last key block it may keep
        std::fill(kept.begin(), kept.end(), 0);
        if (block < options.globalBlocks) {
            std::fill(kept.begin(), kept.begin() + last + 1, 1);
        } else {
            for (int j = std::max(0, block - 1); j <= std::min(last, block + 1); ++j) kept[static_cast<std::size_t>(j)] = 1;
            for (int j = 0; j < std::min(options.globalBlocks, last + 1); ++j) kept[static_cast<std::size_t>(j)] = 1;
            candidates.clear();
            for (int j = 0; j <= last; ++j)
                if (!kept[static_cast<std::size_t>(j)]) candidates.push_back(j);
            SeededGenerator generator(options.seed, "sparse:" + std::to_string(block));
            const auto count = static_cast<int>(candidates.size());
            for (int t = 0; t < std::min(options.randomBlocks, count); ++t) {
                const int pick = t + static_cast<int>(generator.nextUnit() * (count - t));
                std::swap(candidates[static_cast<std::size_t>(t)], candidates[static_cast<std::size_t>(pick)]);
                kept[static_cast<std::size_t>(candidates[static_cast<std::size_t>(t)])] = 1;
            }
        }
        auto& list = pattern.keptBlocks[static_cast<std::size_t>(block)];
        for (int j = 0; j < blocks; ++j)
            if (kept[static_cast<std::size_t>(j)]) list.push_back(j);
    }

    // Cells the mask lets through: row i sees keys below end(i) in each kept block.
    const costlab::VisiblePrefix prefix = costlab::visiblePrefix(options, n);
    for (int i = 0; i < n; ++i)
        for (const int block : pattern.keptBlocks[static_cast<std::size_t>(i / options.blockSize)]) {
            const long long first = static_cast<long long>(block) * options.blockSize;
            const long long last = std::min<long long>(first + options.blockSize, prefix.end(i));
            if (last > first) pattern.keptCells += last - first;
        }
    return pattern;
}

}  // namespace attnviz
