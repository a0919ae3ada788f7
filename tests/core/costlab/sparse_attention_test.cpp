// The block-sparse kernel (core/costlab/SparseAttention.cpp) equals exact attention under the
// mask of its pattern's kept blocks: the program's exact kernel under an AttentionMask whose
// custom-masked cells are those of the blocks not kept (the pattern itself is checked by hand in
// sparse_pattern_test.cpp), with the causal mask and the padding on top. Float64 within 1e-12,
// float32 within 1e-5; odd n, a short last block, blocks of 1, n below the block size, one and two
// threads; the weights option.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/costlab/CostKernel.h"
#include "core/costlab/SparsePattern.h"
#include "tests/core/costlab/CostTestSupport.h"
#include "tests/support/CaseNames.h"

namespace attnviz {
namespace {

using testing::exactUnderMask;
using testing::maxAbsDifference;
using testing::seededMatrix;

struct SparseCase {
    std::string name;
    int n, d, dv;
    int blockSize, globalBlocks, randomBlocks;
    CostMask mask = CostMask::Full;
    int realKeys = 0;  ///< Padded only
};

std::ostream& operator<<(std::ostream& out, const SparseCase& c) { return out << c.name; }

CostOptions sparseOptions(const SparseCase& c, unsigned threads) {
    CostOptions options;
    options.kernel = CostKernel::Sparse;
    options.mask = c.mask;
    options.realKeys = c.realKeys;
    options.blockSize = c.blockSize;
    options.globalBlocks = c.globalBlocks;
    options.randomBlocks = c.randomBlocks;
    options.threads = threads;
    return options;
}

// Every cell whose key block is not in the query block's kept list is masked by hand.
AttentionMask patternMask(const SparseCase& c, const SparsePattern& pattern) {
    MaskConfig config;
    config.causal = c.mask == CostMask::Causal;
    for (int i = 0; i < c.n; ++i) {
        const auto& kept = pattern.keptBlocks[static_cast<std::size_t>(i / c.blockSize)];
        for (int j = 0; j < c.n; ++j)
            if (std::find(kept.begin(), kept.end(), j / c.blockSize) == kept.end()) config.customMasked.insert({i, j});
    }
    return AttentionMask(config, c.n, c.mask == CostMask::Padded ? c.realKeys : c.n);
}

class SparseAttention : public ::testing::TestWithParam<SparseCase> {};

TEST_P(SparseAttention, EqualsExactAttentionOnTheKeptBlocks) {
    const SparseCase& c = GetParam();
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    const testing::ExactReference exact = exactUnderMask(q, k, v, patternMask(c, sparsePattern(c.n, sparseOptions(c, 0))));
    for (const unsigned threads : {1u, 2u}) {
        const CostOptions options = sparseOptions(c, threads);
        EXPECT_LT(maxAbsDifference(runCostKernel<double>(q, k, v, options).output, exact.output), 1e-12)
            << threads << " threads";
        const auto single = runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options);
        EXPECT_LT(maxAbsDifference(single.output, exact.output), 1e-5) << "float32, " << threads << " threads";
    }
}

TEST_P(SparseAttention, WeightsAreTheKeptCellsOfExactAttention) {
    const SparseCase& c = GetParam();
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    CostOptions options = sparseOptions(c, 0);
    options.weights = true;
    const AttentionMask mask = patternMask(c, sparsePattern(c.n, options));
    const testing::ExactReference exact = exactUnderMask(q, k, v, mask);
    const CostResult<double> result = runCostKernel<double>(q, k, v, options);
    ASSERT_EQ(result.weights.rows(), c.n);
    ASSERT_EQ(result.weights.cols(), c.n);
    EXPECT_LT(maxAbsDifference(result.weights, exact.weights), 1e-12);
    for (int i = 0; i < c.n; ++i) {
        for (int j = 0; j < c.n; ++j)
            if (!mask.allows(i, j)) {
                EXPECT_EQ(result.weights(i, j), 0.0) << "query " << i << ", key " << j;
            }
        EXPECT_NEAR(result.weights.row(i).sum(), mask.rowFullyMasked(i) ? 0.0 : 1.0, 1e-12) << "row " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, SparseAttention,
                         ::testing::Values(SparseCase{"odd_n_full", 41, 6, 4, 4, 1, 2},
                                           SparseCase{"causal", 41, 6, 4, 4, 1, 2, CostMask::Causal},
                                           SparseCase{"padded", 41, 6, 4, 4, 1, 2, CostMask::Padded, 30},
                                           SparseCase{"no_global_block", 43, 5, 3, 3, 0, 1},
                                           SparseCase{"blocks_of_one", 17, 4, 4, 1, 2, 3, CostMask::Causal},
                                           SparseCase{"n_below_the_block_size", 13, 4, 6, 64, 1, 2},
                                           SparseCase{"many_blocks", 700, 16, 24, 32, 1, 2},
                                           SparseCase{"many_blocks_causal", 700, 16, 24, 50, 2, 3, CostMask::Causal}),
                         testing::CaseNameOf());

// Below the block size there is one block, kept whole: exact attention itself.
TEST(SparseAttentionByHand, OneBlockIsExactAttention) {
    const int n = 13;
    const auto q = seededMatrix<double>(n, 4, "q"), k = seededMatrix<double>(n, 4, "k"), v = seededMatrix<double>(n, 4, "v");
    const AttentionMask none(MaskConfig{}, n, n);
    CostOptions options;
    options.kernel = CostKernel::Sparse;
    options.blockSize = 64;
    EXPECT_LT(maxAbsDifference(runCostKernel<double>(q, k, v, options).output, exactUnderMask(q, k, v, none).output), 1e-12);
}

}  // namespace
}  // namespace attnviz
