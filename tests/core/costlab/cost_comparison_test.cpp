// CostComparison (core/costlab): what each technique keeps of exact attention, each number
// written out by hand on 3 to 6 tokens whose scores are all 0 (exact is then uniform over the
// visible keys) or read off closed forms, then against the independent numpy script
// tests/reference/costlab/technique_comparison.py, run at test time on the chapter's sentence and
// the cost lab's long text (float64 on both sides, so within 1e-9).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/costlab/CostComparison.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

namespace attnviz {
namespace {

using Matrix = RowMatrix<double>;

constexpr double kTight = 1e-12;

Matrix column(std::vector<double> values) {
    Matrix m(static_cast<Eigen::Index>(values.size()), 1);
    for (std::size_t i = 0; i < values.size(); ++i) m(static_cast<Eigen::Index>(i), 0) = values[i];
    return m;
}

/// n tokens, d = 1, every score 0: exact weighs the visible keys of a row alike.
Matrix zeros(int n) { return Matrix::Zero(n, 1); }

CostOptions windowOptions(CostMask mask, int window, std::vector<int> globals) {
    CostOptions options;
    options.mask = mask;
    options.window = window;
    options.globalTokens = std::move(globals);
    return options;
}

// --- By hand ------------------------------------------------------------------------------------

TEST(CostComparison, WindowOfOneOnThreeUniformTokensByHand) {
    // Scores all 0: exact is ⅓ everywhere; w = 1 keeps the diagonal only, so the window's weights
    // are the identity and its output row i is v_i.
    const Matrix v = column({1, 2, 4});
    const CostComparison c = compareCostTechniques(zeros(3), zeros(3), v, windowOptions(CostMask::Full, 1, {}));
    const TechniqueComparison& window = c.of(CostKernel::Window);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            EXPECT_NEAR(c.exact.weights(i, j), 1.0 / 3, kTight);
            EXPECT_EQ(window.weights(i, j), i == j ? 1.0 : 0.0) << "kept cells renormalised, 0 elsewhere exactly";
            EXPECT_NEAR(window.difference(i, j), i == j ? 2.0 / 3 : -1.0 / 3, kTight);
            EXPECT_EQ(window.isKept(i, j), i == j);
        }
    // Exact output 7/3 in every row; the window's 1, 2, 4: the largest gap |4 − 7/3| = 5/3.
    EXPECT_NEAR(window.maxOutputError, 5.0 / 3, kTight);
    // KL(window row ‖ exact row) = 1 · log₂(1 / ⅓) = log₂ 3 in every row; ⅔ of each row dropped.
    EXPECT_NEAR(window.meanKlBits, std::log2(3.0), kTight);
    EXPECT_NEAR(window.meanDroppedMass, 2.0 / 3, kTight);
    EXPECT_EQ(window.keptCells, 3);
    EXPECT_EQ(window.visibleCells, 9);
    EXPECT_DOUBLE_EQ(window.keptShare(), 1.0 / 3);
    EXPECT_EQ(window.emptiedRows, 0);
    // 2·n·(2w − 1)·(d + d_v) = 2·3·1·2.
    EXPECT_DOUBLE_EQ(window.flops, 12);
}

TEST(CostComparison, CausalWindowWithAGlobalTokenByHand) {
    // 4 tokens, causal, w = 1, token 0 global: row 0 keeps {0}, rows 1 … 3 keep {0, i}. Exact
    // row i weighs its i + 1 visible keys alike.
    const CostComparison c =
        compareCostTechniques(zeros(4), zeros(4), column({1, 2, 3, 4}), windowOptions(CostMask::Causal, 1, {0}));
    const TechniqueComparison& window = c.of(CostKernel::Window);
    const double expected[4][4] = {{1, 0, 0, 0}, {0.5, 0.5, 0, 0}, {0.5, 0, 0.5, 0}, {0.5, 0, 0, 0.5}};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_NEAR(window.weights(i, j), expected[i][j], kTight) << i << ", " << j;
    // Kept 1 + 2 + 2 + 2 = 7 of the 1 + 2 + 3 + 4 = 10 visible cells.
    EXPECT_EQ(window.keptCells, 7);
    EXPECT_EQ(window.visibleCells, 10);
    // Dropped: rows 0 and 1 nothing, row 2 ⅓, row 3 ½; mean over 4 rows.
    EXPECT_NEAR(window.meanDroppedMass, (1.0 / 3 + 0.5) / 4, kTight);
    // KL = −log₂(kept share of exact's weight): 0, 0, log₂(3/2), log₂ 2 = 1.
    EXPECT_NEAR(window.meanKlBits, (std::log2(1.5) + 1) / 4, kTight);
    // Outputs: exact row 3 = (1+2+3+4)/4 = 2.5, window (1+4)/2 = 2.5; row 2: 2 against (1+3)/2 = 2.
    EXPECT_NEAR(window.maxOutputError, 0.0, kTight);
}

TEST(CostComparison, PaddedRowsAWindowLeavesWithoutAKeyAreCountedNotInfinite) {
    // 4 tokens, the last 2 padding, w = 1: rows 2 and 3 would keep only keys 2 and 3, which are
    // padding, so they keep nothing, where exact weighs keys 0 and 1 at ½.
    CostOptions options = windowOptions(CostMask::Padded, 1, {});
    options.realKeys = 2;
    const CostComparison c = compareCostTechniques(zeros(4), zeros(4), column({2, 4, 6, 8}), options);
    const TechniqueComparison& window = c.of(CostKernel::Window);
    EXPECT_EQ(window.emptiedRows, 2);
    // Rows 0 and 1 keep one key of two: 1 bit each; rows 2 and 3 are left out of the KL mean.
    EXPECT_NEAR(window.meanKlBits, 1.0, kTight);
    // Dropped: ½, ½, 1, 1.
    EXPECT_NEAR(window.meanDroppedMass, 0.75, kTight);
    EXPECT_EQ(window.keptCells, 2);
    EXPECT_EQ(window.visibleCells, 8);
    // Emptied rows output 0 where exact gives (2 + 4)/2 = 3; row 1 gives 4 against 3.
    EXPECT_NEAR(window.maxOutputError, 3.0, kTight);
    for (int j = 0; j < 4; ++j) EXPECT_EQ(window.weights(3, j), 0.0);
}

TEST(CostComparison, SparseLocalBlocksOnSixUniformTokensByHand) {
    // Blocks of 2 (three blocks), no global or random block: block 0 keeps blocks 0–1, block 1
    // keeps 0–2, block 2 keeps 1–2. Rows 0, 1, 4, 5 keep 4 keys of 6, rows 2, 3 keep all 6.
    CostOptions options;
    options.blockSize = 2;
    options.globalBlocks = 0;
    options.randomBlocks = 0;
    const CostComparison c = compareCostTechniques(zeros(6), zeros(6), column({0, 0, 0, 0, 0, 6}), options);
    const TechniqueComparison& sparse = c.of(CostKernel::Sparse);
    EXPECT_EQ(sparse.keptCells, 4 * 4 + 2 * 6);
    EXPECT_EQ(sparse.visibleCells, 36);
    EXPECT_EQ(sparse.weights(0, 4), 0.0);
    EXPECT_NEAR(sparse.weights(0, 3), 0.25, kTight);
    EXPECT_NEAR(sparse.meanDroppedMass, 4 * (2.0 / 6) / 6, kTight);
    EXPECT_NEAR(sparse.meanKlBits, 4 * std::log2(6.0 / 4) / 6, kTight);
    // Exact output 1 everywhere; rows 0–1 see none of v_5 (0), rows 4–5 see it at ¼ (1.5).
    EXPECT_NEAR(sparse.maxOutputError, 1.0, kTight);
}

TEST(CostComparison, LinearAttentionAgainstClosedForms) {
    // d = 1, one query q = 1 (φ = 2) and keys 0, 1, −ln 2 (φ = 1, 2, ½): linear weighs them
    // 1 : 2 : ½ whatever q; exact weighs them e⁰ : e¹ : e^(−ln 2) = 1 : e : ½.
    const Matrix q = column({1, 1, 1});
    const Matrix k = column({0, 1, -std::log(2.0)});
    const Matrix v = column({3, 0, -2});
    const CostComparison c = compareCostTechniques(q, k, v, CostOptions{});
    const TechniqueComparison& linear = c.of(CostKernel::Linear);
    const double t[3] = {1 / 3.5, 2 / 3.5, 0.5 / 3.5};
    const double e[3] = {1 / (1.5 + std::exp(1.0)), std::exp(1.0) / (1.5 + std::exp(1.0)), 0.5 / (1.5 + std::exp(1.0))};
    double kl = 0, linearOut = 0, exactOut = 0;
    for (int j = 0; j < 3; ++j) {
        EXPECT_NEAR(linear.weights(0, j), t[j], kTight);
        EXPECT_NEAR(linear.difference(0, j), t[j] - e[j], kTight);
        kl += t[j] * std::log2(t[j] / e[j]);
        linearOut += t[j] * v(j, 0);
        exactOut += e[j] * v(j, 0);
    }
    EXPECT_NEAR(linear.meanKlBits, kl, kTight) << "the three rows are the same";
    EXPECT_NEAR(linear.maxOutputError, std::abs(linearOut - exactOut), kTight);
    EXPECT_DOUBLE_EQ(linear.keptShare(), 1.0) << "linear drops no cell: it spreads the weight differently";
    EXPECT_EQ(linear.meanDroppedMass, 0.0);
    // 4·n·d·d_v = 4·3·1·1.
    EXPECT_DOUBLE_EQ(linear.flops, 12);
}

TEST(CostComparison, FlashKeepsEverythingExactlyAndNeverStoresTheScoreMatrix) {
    const Matrix q = column({0.3, -1.2, 2.0, 0.7});
    const Matrix k = column({1.1, 0.4, -0.6, 1.9});
    const Matrix v = column({1, -1, 2, 5});
    CostOptions options;
    options.mask = CostMask::Causal;
    const CostComparison c = compareCostTechniques(q, k, v, options);
    const TechniqueComparison& flash = c.of(CostKernel::Flash);
    EXPECT_LT(flash.difference.cwiseAbs().maxCoeff(), 1e-14);
    EXPECT_LT(flash.maxOutputError, 1e-14);
    EXPECT_LT(flash.meanKlBits, 1e-14);
    EXPECT_EQ(flash.keptCells, 10);
    // The chapter's code stores n² scores of 8 bytes; Flash none.
    EXPECT_DOUBLE_EQ(c.exact.footprint.scoreMatrix, 4 * 4 * 8);
    EXPECT_DOUBLE_EQ(flash.footprint.scoreMatrix, 0);
    EXPECT_DOUBLE_EQ(flash.footprint.weights, 0) << "the weights the comparison asks for are not the technique's cost";
    // Causal halves 2·n²·(d + d_v) = 64.
    EXPECT_DOUBLE_EQ(flash.flops, 32);
    EXPECT_DOUBLE_EQ(c.exact.flops, 32);
}

TEST(CostComparison, ExactIsItsOwnReference) {
    const CostComparison c = compareCostTechniques(column({0.5, 1}), column({-1, 2}), column({1, 2}), CostOptions{});
    EXPECT_EQ(c.exact.kernel, CostKernel::Naive);
    EXPECT_EQ(c.exact.maxOutputError, 0.0);
    EXPECT_LT(c.exact.meanKlBits, 1e-15);
    EXPECT_EQ(c.exact.keptShare(), 1.0);
    ASSERT_EQ(c.techniques.size(), 4u);
    EXPECT_EQ(c.techniques[0].kernel, CostKernel::Flash);
    EXPECT_EQ(c.techniques[3].kernel, CostKernel::Linear);
}

TEST(CostComparison, NoKeyAnywhereGivesZerosNotNaN) {
    CostOptions options;
    options.mask = CostMask::Padded;
    options.realKeys = 0;
    const CostComparison c = compareCostTechniques(zeros(3), zeros(3), column({1, 2, 3}), options);
    for (const TechniqueComparison* t : {&c.exact, &c.techniques[0], &c.techniques[1], &c.techniques[2], &c.techniques[3]}) {
        EXPECT_TRUE(t->weights.allFinite());
        EXPECT_EQ(t->meanKlBits, 0.0);
        EXPECT_EQ(t->meanDroppedMass, 0.0);
        EXPECT_EQ(t->keptShare(), 1.0) << "nothing visible, nothing dropped";
        EXPECT_EQ(t->emptiedRows, 0) << "exact sees no key either";
    }
}

TEST(CostComparison, Log2WeightsStayFiniteWhereWeightsUnderflow) {
    // Scores 0 and −2000: the second weight is e^−2000, 0 in float64, but its log₂ is −2000/ln 2.
    const Matrix twoKeys = exactLog2Weights(column({1, 1}), column({0, -2000}), CostOptions{});
    EXPECT_NEAR(twoKeys(0, 1), -2000 / std::log(2.0), 1e-9);
}

TEST(CostComparison, RefusesMoreTokensThanItCanDraw) {
    const int n = limits::kMaxComparisonTokens + 1;
    try {
        (void)compareCostTechniques(Matrix::Zero(n, 1), Matrix::Zero(n, 1), Matrix::Zero(n, 1), CostOptions{});
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_STREQ(error.what(), "the comparison draws n × n weights: at most 1,024 positions (there are 1,025)");
    }
}

// --- Against numpy ------------------------------------------------------------------------------

std::vector<std::vector<double>> rows(const Matrix& m) {
    std::vector<std::vector<double>> out(static_cast<std::size_t>(m.rows()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) out[static_cast<std::size_t>(i)].push_back(m(i, j));
    return out;
}

const char* maskName(CostMask mask) {
    switch (mask) {
    case CostMask::Full: return "full";
    case CostMask::Causal: return "causal";
    case CostMask::Padded: return "padded";
    }
    return "?";
}

/// numpy's comparison of the same Q, K, V and settings (random blocks 0: the script draws none).
nlohmann::json numpyComparison(const Matrix& q, const Matrix& k, const Matrix& v, const CostOptions& options) {
    const testing::TempFolder folder;
    const nlohmann::json input = {{"q", rows(q)},
                                  {"k", rows(k)},
                                  {"v", rows(v)},
                                  {"mask", maskName(options.mask)},
                                  {"real_keys", options.realKeys},
                                  {"window", options.window},
                                  {"global_tokens", options.globalTokens},
                                  {"block_size", options.blockSize},
                                  {"global_blocks", options.globalBlocks},
                                  {"random_blocks", options.randomBlocks}};
    // nlohmann writes doubles with 17 significant digits: they read back exactly.
    testing::writeFile(folder.file("input.json"), input.dump());
    const testing::RunResult run =
        testing::runProgram({attnviz::testing::systemPython(), testing::testData("reference/costlab/technique_comparison.py").string(),
                             folder.file("input.json"), "-o", folder.file("output.json")});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    std::ifstream in(folder.file("output.json"));
    return nlohmann::json::parse(in);
}

void expectMatchesNumpy(const CostComparison& c, const nlohmann::json& numpy) {
    constexpr double kFloat64 = 1e-9;  // same definitions, different order of the sums
    for (const TechniqueComparison* t : {&c.exact, &c.techniques[0], &c.techniques[1], &c.techniques[2], &c.techniques[3]}) {
        const std::string name = t->kernel == CostKernel::Naive ? "exact" : costKernelName(t->kernel);
        SCOPED_TRACE(name);
        const nlohmann::json& expected = numpy.at(name);
        const auto weights = expected.at("weights").get<std::vector<std::vector<double>>>();
        const auto output = expected.at("output").get<std::vector<std::vector<double>>>();
        double worstWeight = 0, worstOutput = 0;
        for (int i = 0; i < c.n; ++i) {
            for (int j = 0; j < c.n; ++j)
                worstWeight = std::max(worstWeight, std::abs(t->weights(i, j) - weights[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]));
            for (int m = 0; m < c.dv; ++m)
                worstOutput = std::max(worstOutput, std::abs(t->output(i, m) - output[static_cast<std::size_t>(i)][static_cast<std::size_t>(m)]));
        }
        EXPECT_LT(worstWeight, kFloat64);
        EXPECT_LT(worstOutput, kFloat64);
        EXPECT_NEAR(t->maxOutputError, expected.at("max_output_error").get<double>(), kFloat64);
        EXPECT_NEAR(t->meanKlBits, expected.at("mean_kl_bits").get<double>(), kFloat64);
        EXPECT_NEAR(t->meanDroppedMass, expected.at("mean_dropped_mass").get<double>(), kFloat64);
        EXPECT_EQ(t->emptiedRows, expected.at("emptied_rows").get<int>());
        EXPECT_EQ(t->keptCells, expected.at("kept_cells").get<std::int64_t>());
        EXPECT_EQ(t->visibleCells, expected.at("visible_cells").get<std::int64_t>());
    }
}

/// Q, K, V of one head of the teaching model on text, as the window's trace has them.
struct HeadInputs {
    Matrix q, k, v;
};
HeadInputs teachingHead(const std::string& text, int head) {
    AttentionConfig config = teachingConfig();
    config.heads = 2;
    const AttentionTrace trace = AttentionTrace::compute(text, config);
    const int dK = trace.dK();
    return {trace.q().middleCols(head * dK, dK), trace.k().middleCols(head * dK, dK), trace.v().middleCols(head * dK, dK)};
}

TEST(CostComparison, ChapterSentenceMatchesNumpy) {
    const HeadInputs in = teachingHead("L'animal n'a pas traversé la rue parce qu'il était trop fatigué.", 1);
    for (const CostMask mask : {CostMask::Full, CostMask::Causal}) {
        SCOPED_TRACE(maskName(mask));
        CostOptions options = windowOptions(mask, 2, {0});
        options.blockSize = 3;
        options.globalBlocks = 1;
        options.randomBlocks = 0;
        const CostComparison c = compareCostTechniques(in.q, in.k, in.v, options);
        EXPECT_GT(c.of(CostKernel::Window).meanDroppedMass, 0) << "w = 2 drops cells of a sentence this long";
        expectMatchesNumpy(c, numpyComparison(in.q, in.k, in.v, options));
    }
}

TEST(CostComparison, LongTextMatchesNumpy) {
    const std::string text = testing::readFile(testing::projectFile("resources/costlab/long_text_fr.txt"));
    const HeadInputs in = teachingHead(text, 0);
    ASSERT_GT(in.q.rows(), 200) << "a text of a few hundred tokens";
    CostOptions options = windowOptions(CostMask::Padded, 8, {0, 5});
    options.realKeys = static_cast<int>(in.q.rows()) - 7;
    options.blockSize = 16;
    options.globalBlocks = 1;
    options.randomBlocks = 0;
    expectMatchesNumpy(compareCostTechniques(in.q, in.k, in.v, options), numpyComparison(in.q, in.k, in.v, options));
}

}  // namespace
}  // namespace attnviz
