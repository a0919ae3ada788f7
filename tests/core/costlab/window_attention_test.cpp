// The sliding window + global tokens kernel (core/costlab/WindowAttention.cpp) equals exact
// attention under the same mask: the program's exact kernel under an AttentionMask built from
// MaskConfig's window rule (|i − j| < w, or i or j global, the causal mask and the padding on
// top), which the test first checks cell by cell against that rule written out here. Float64
// within 1e-12, float32 within 1e-5; odd n, w ≥ n, w = 1, duplicate globals, n below a block of
// rows, one and two threads; the weights option; and n = 65,536 in memory O(n·(d + w)), where
// exact weights would need 16 GiB.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/base/PeakMemory.h"
#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostTestSupport.h"
#include "tests/support/CaseNames.h"
#include "tests/support/Sanitizers.h"

namespace attnviz {
namespace {

using testing::exactUnderMask;
using testing::maxAbsDifference;
using testing::seededMatrix;

struct WindowCase {
    std::string name;
    int n, d, dv;
    int window;
    std::vector<int> globals;
    CostMask mask = CostMask::Full;
    int realKeys = 0;  ///< Padded only
};

std::ostream& operator<<(std::ostream& out, const WindowCase& c) { return out << c.name; }

// The rule as the chapter states it, written out: what query i may see.
bool windowRule(const WindowCase& c, int i, int j) {
    bool global = false;
    for (const int g : c.globals) global = global || g == i || g == j;
    const bool inPattern = std::abs(i - j) < c.window || global;
    const bool masked = (c.mask == CostMask::Causal && j > i) || (c.mask == CostMask::Padded && j >= c.realKeys);
    return inPattern && !masked;
}

AttentionMask windowMask(const WindowCase& c) {
    MaskConfig config;
    config.causal = c.mask == CostMask::Causal;
    config.window = c.window;
    config.globalTokens = c.globals;
    return AttentionMask(config, c.n, c.mask == CostMask::Padded ? c.realKeys : c.n);
}

CostOptions windowOptions(const WindowCase& c, unsigned threads) {
    CostOptions options;
    options.kernel = CostKernel::Window;
    options.mask = c.mask;
    options.realKeys = c.realKeys;
    options.window = c.window;
    options.globalTokens = c.globals;
    options.threads = threads;
    return options;
}

class WindowAttention : public ::testing::TestWithParam<WindowCase> {};

TEST_P(WindowAttention, TheMaskIsTheRule) {
    const WindowCase& c = GetParam();
    const AttentionMask mask = windowMask(c);
    for (int i = 0; i < c.n; ++i)
        for (int j = 0; j < c.n; ++j) ASSERT_EQ(mask.allows(i, j), windowRule(c, i, j)) << "query " << i << ", key " << j;
}

TEST_P(WindowAttention, EqualsExactAttentionUnderTheWindowMask) {
    const WindowCase& c = GetParam();
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    const testing::ExactReference exact = exactUnderMask(q, k, v, windowMask(c));
    for (const unsigned threads : {1u, 2u}) {
        const CostOptions options = windowOptions(c, threads);
        EXPECT_LT(maxAbsDifference(runCostKernel<double>(q, k, v, options).output, exact.output), 1e-12)
            << threads << " threads";
        const auto single = runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options);
        EXPECT_LT(maxAbsDifference(single.output, exact.output), 1e-5) << "float32, " << threads << " threads";
    }
}

TEST_P(WindowAttention, WeightsAreTheKeptCellsOfExactAttention) {
    const WindowCase& c = GetParam();
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    const testing::ExactReference exact = exactUnderMask(q, k, v, windowMask(c));
    CostOptions options = windowOptions(c, 0);
    options.weights = true;
    const CostResult<double> result = runCostKernel<double>(q, k, v, options);
    ASSERT_EQ(result.weights.rows(), c.n);
    ASSERT_EQ(result.weights.cols(), c.n);
    EXPECT_LT(maxAbsDifference(result.weights, exact.weights), 1e-12);
    for (int i = 0; i < c.n; ++i) {
        bool seesSomething = false;
        for (int j = 0; j < c.n; ++j) {
            if (!windowRule(c, i, j)) {
                EXPECT_EQ(result.weights(i, j), 0.0) << "query " << i << ", key " << j;
            }
            seesSomething = seesSomething || windowRule(c, i, j);
        }
        EXPECT_NEAR(result.weights.row(i).sum(), seesSomething ? 1.0 : 0.0, 1e-12) << "row " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, WindowAttention,
    ::testing::Values(WindowCase{"odd_n_full", 37, 6, 4, 3, {0, 17}},
                      WindowCase{"causal", 37, 6, 4, 5, {3, 30}, CostMask::Causal},
                      // One global token is padding: its row is computed, its key is seen by no one.
                      WindowCase{"padded", 37, 6, 4, 4, {2, 35}, CostMask::Padded, 29},
                      WindowCase{"padded_nothing_real", 9, 3, 2, 2, {4}, CostMask::Padded, 0},
                      WindowCase{"window_at_least_n", 23, 5, 7, 40, {}},
                      WindowCase{"window_at_least_n_causal", 23, 5, 7, 23, {11}, CostMask::Causal},
                      // w = 1: a row sees itself only, and the global tokens.
                      WindowCase{"window_1", 19, 4, 3, 1, {}},
                      WindowCase{"window_1_global", 19, 4, 3, 1, {5}, CostMask::Causal},
                      WindowCase{"duplicate_globals", 33, 4, 5, 2, {7, 7, 0, 7}, CostMask::Causal},
                      WindowCase{"every_token_global", 12, 3, 3, 2, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
                      WindowCase{"n_below_a_block_of_rows", 5, 4, 4, 2, {1}},
                      WindowCase{"one_position", 1, 3, 2, 1, {}},
                      WindowCase{"many_blocks_and_tiles", 700, 16, 24, 37, {0, 350, 699}},
                      WindowCase{"many_blocks_causal", 700, 16, 24, 300, {10, 500}, CostMask::Causal}),
    testing::CaseNameOf());

// Row i is v_i when it sees only itself (w = 1, no global token): a value the softmax cannot move.
TEST(WindowAttentionByHand, WindowOneCopiesEachValue) {
    const int n = 11;
    const auto q = seededMatrix<double>(n, 4, "q"), k = seededMatrix<double>(n, 4, "k"), v = seededMatrix<double>(n, 3, "v");
    CostOptions options;
    options.kernel = CostKernel::Window;
    options.window = 1;
    EXPECT_EQ(runCostKernel<double>(q, k, v, options).output, v);
}

// n = 65,536, w = 4, d = 8: exact attention's weights alone would be n² floats (16 GiB); the window
// kernel needs its output and its packed keys and values, O(n·(d + w)). A few rows are checked
// against the definition computed here from their 2w − 1 keys.
TEST(WindowAttentionLarge, SixtyFiveThousandPositionsInMemoryLinearInN) {
    const int n = 65'536, d = 8, w = 4;
    // n·(d + w) floats is 3 MiB; allow 8 times that for padding to whole vectors and per-thread
    // buffers: still 1/700 of the 16 GiB of exact weights.
    const auto bound = testing::processMemoryBound(8LL * n * (d + w) * static_cast<std::int64_t>(sizeof(float)));
    if (!bound) GTEST_SKIP() << testing::kNoMemoryBound;
    if (!PeakMemoryMeter::available()) GTEST_SKIP() << "no /proc/self/clear_refs: peak memory cannot be measured";
    const auto q = seededMatrix<float>(n, d, "q"), k = seededMatrix<float>(n, d, "k"), v = seededMatrix<float>(n, d, "v");
    CostOptions options;
    options.kernel = CostKernel::Window;
    options.window = w;
    CostResult<float> result;
    const std::int64_t extra = measurePeakExtraBytes([&] { result = runCostKernel<float>(q, k, v, options); });
    RecordProperty("peak_extra_bytes", std::to_string(extra));
    EXPECT_LT(extra, *bound) << "peak extra bytes " << extra;
    ASSERT_EQ(result.output.rows(), n);
    for (const int i : {0, 1, 32'767, n - 1}) {
        std::vector<double> scores;
        double max = -1e300;
        for (int j = std::max(0, i - w + 1); j < std::min(n, i + w); ++j) {
            scores.push_back(q.row(i).cast<double>().dot(k.row(j).cast<double>()) / std::sqrt(double{d}));
            max = std::max(max, scores.back());
        }
        Eigen::RowVectorXd expected = Eigen::RowVectorXd::Zero(d);
        double sum = 0;
        for (int j = std::max(0, i - w + 1), s = 0; j < std::min(n, i + w); ++j, ++s) {
            const double e = std::exp(scores[static_cast<std::size_t>(s)] - max);
            sum += e;
            expected += e * v.row(j).cast<double>();
        }
        expected /= sum;
        EXPECT_LT((result.output.row(i).cast<double>() - expected).cwiseAbs().maxCoeff(), 1e-5) << "row " << i;
    }
}

}  // namespace
}  // namespace attnviz
