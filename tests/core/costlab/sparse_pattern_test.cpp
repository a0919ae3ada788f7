// The block-sparse pattern (core/costlab/SparsePattern.h) by hand on small cases: which key
// blocks query block I keeps (I − 1, I, I + 1, the global blocks, the seeded random ones), what a
// global block keeps, the causal mask, a last block shorter than the others, n below the block
// size, more random blocks asked than there are, and the count of kept cells.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/SeededGenerator.h"
#include "core/costlab/SparsePattern.h"

namespace attnviz {
namespace {

using Blocks = std::vector<std::vector<int>>;

CostOptions sparseOptions(int blockSize, int globalBlocks, int randomBlocks, CostMask mask = CostMask::Full) {
    CostOptions options;
    options.kernel = CostKernel::Sparse;
    options.blockSize = blockSize;
    options.globalBlocks = globalBlocks;
    options.randomBlocks = randomBlocks;
    options.mask = mask;
    return options;
}

// The one random block of query block I drawn from two candidates a < b: the header's partial
// Fisher–Yates at t = 0 picks candidate ⌊unit·2⌋ of SeededGenerator(seed, "sparse:" + I).
int drawnOfTwo(std::uint64_t seed, int block, int a, int b) {
    SeededGenerator generator(seed, "sparse:" + std::to_string(block));
    return generator.nextUnit() < 0.5 ? a : b;
}

// Cells (i, j) whose key block query i's block keeps and that the mask lets through, counted one
// by one.
std::int64_t cellsOf(const Blocks& kept, int n, int blockSize, bool causal) {
    std::int64_t cells = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < (causal ? i + 1 : n); ++j)
            for (const int block : kept[static_cast<std::size_t>(i / blockSize)]) cells += block == j / blockSize ? 1 : 0;
    return cells;
}

// n = 10 in blocks of 2: five blocks. Block 0 is global (keeps all); every other keeps its
// neighbours, block 0, and one random block among those left: for block 2 only block 4 is left,
// for block 3 only block 1; blocks 1 and 4 draw one of two.
TEST(SparsePattern, FiveBlocksByHand) {
    const CostOptions options = sparseOptions(2, 1, 1);
    const SparsePattern pattern = sparsePattern(10, options);
    const int one = drawnOfTwo(options.seed, 1, 3, 4), four = drawnOfTwo(options.seed, 4, 1, 2);
    Blocks expected = {{0, 1, 2, 3, 4}, {0, 1, 2, one}, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}, {0, four, 3, 4}};
    std::sort(expected[1].begin(), expected[1].end());
    std::sort(expected[4].begin(), expected[4].end());
    EXPECT_EQ(pattern.blockCount, 5);
    EXPECT_EQ(pattern.keptBlocks, expected);
    EXPECT_EQ(pattern.keptCells, cellsOf(expected, 10, 2, false));
    // keeps(): query 3 is in block 1; key 9 in block 4.
    EXPECT_EQ(pattern.keeps(3, 9), one == 4);
    EXPECT_TRUE(pattern.keeps(9, 0));
}

// Causal: only blocks J ≤ I. Block 0 keeps itself; block 1 keeps 0 and 1 (nothing left to draw);
// block 2 keeps 0, 1, 2; block 3 keeps 2, 3, 0 and the only one left, 1; block 4 keeps 3, 4, 0 and
// draws one of 1 and 2.
TEST(SparsePattern, CausalKeepsOnlyEarlierBlocks) {
    const CostOptions options = sparseOptions(2, 1, 1, CostMask::Causal);
    const SparsePattern pattern = sparsePattern(10, options);
    Blocks expected = {{0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, drawnOfTwo(options.seed, 4, 1, 2), 3, 4}};
    std::sort(expected[4].begin(), expected[4].end());
    EXPECT_EQ(pattern.keptBlocks, expected);
    EXPECT_EQ(pattern.keptCells, cellsOf(expected, 10, 2, true));
}

// n = 9 in blocks of 2: the last block is [8, 9). No random block: 2 global blocks keep
// everything, the others their neighbours and blocks 0 and 1.
TEST(SparsePattern, ShortLastBlockAndTwoGlobalBlocks) {
    const SparsePattern pattern = sparsePattern(9, sparseOptions(2, 2, 0));
    const Blocks expected = {{0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}, {0, 1, 2, 3}, {0, 1, 2, 3, 4}, {0, 1, 3, 4}};
    EXPECT_EQ(pattern.blockCount, 5);
    EXPECT_EQ(pattern.keptBlocks, expected);
    // Rows 0–7 lose nothing but: block 2 (rows 4, 5) misses key block 4 (one key), block 4 (row 8)
    // misses block 2 (two keys): 81 − 2·1 − 1·2.
    EXPECT_EQ(pattern.keptCells, 77);
}

TEST(SparsePattern, NBelowTheBlockSizeIsOneBlock) {
    const SparsePattern full = sparsePattern(5, sparseOptions(64, 1, 2));
    EXPECT_EQ(full.blockCount, 1);
    EXPECT_EQ(full.keptBlocks, Blocks{{0}});
    EXPECT_EQ(full.keptCells, 25);
    EXPECT_EQ(sparsePattern(5, sparseOptions(64, 0, 0, CostMask::Causal)).keptCells, 15);  // 1 + 2 + … + 5
    EXPECT_EQ(sparsePattern(0, sparseOptions(64, 1, 2)).blockCount, 0);
}

// More random blocks than are left: every block is kept, as dense attention.
TEST(SparsePattern, MoreRandomBlocksThanLeftKeepsEverything) {
    const SparsePattern pattern = sparsePattern(10, sparseOptions(2, 0, 10));
    for (const auto& kept : pattern.keptBlocks) EXPECT_EQ(kept, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(pattern.keptCells, 100);
}

// Padding is a mask: the pattern is the same, the cells past the real keys are not counted.
TEST(SparsePattern, PaddedCellsAreNotCounted) {
    CostOptions options = sparseOptions(2, 1, 1, CostMask::Padded);
    options.realKeys = 5;
    const SparsePattern padded = sparsePattern(10, options);
    const SparsePattern full = sparsePattern(10, sparseOptions(2, 1, 1));
    EXPECT_EQ(padded.keptBlocks, full.keptBlocks);
    std::int64_t cells = 0;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 5; ++j) cells += full.keeps(i, j) ? 1 : 0;
    EXPECT_EQ(padded.keptCells, cells);
}

// The random blocks are the seed's: the same seed gives the same pattern, another seed another
// one; each block draws exactly randomBlocks distinct blocks besides its own and the global ones.
TEST(SparsePattern, RandomBlocksFollowTheSeed) {
    CostOptions options = sparseOptions(2, 1, 2);
    const int n = 40;  // 20 blocks
    const SparsePattern first = sparsePattern(n, options);
    EXPECT_EQ(sparsePattern(n, options).keptBlocks, first.keptBlocks);
    options.seed = 43;
    EXPECT_NE(sparsePattern(n, options).keptBlocks, first.keptBlocks);
    for (int block = 1; block < 19; ++block)  // inner blocks: 3 sliding + 1 global + 2 random, all distinct
        EXPECT_EQ(first.keptBlocks[static_cast<std::size_t>(block)].size(), block == 1 ? 5u : 6u) << "block " << block;
}

}  // namespace
}  // namespace attnviz
