// Behaviour of the attention core that a user relies on, checked against hand computations and
// published reference values (the numpy reference covers the rest, see golden_test.cpp).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <sstream>

#include "core/attention/AttentionTrace.h"
#include "core/attention/Explanation.h"
#include "core/base/Errors.h"
#include "core/base/SeededGenerator.h"
#include "core/kernels/AttentionKernel.h"
#include "core/kernels/KernelIsa.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/Sanitizers.h"

namespace attnviz {
namespace {

const char* const kFrench = "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.";
const char* const kEnglish = "The animal didn't cross the street because it was too tired.";

TEST(SeededGenerator, MatchesThePublishedSplitMix64Sequence) {
    // Reference outputs of SplitMix64 from state 0 (Vigna's splitmix64.c).
    SeededGenerator generator(std::uint64_t{0});
    EXPECT_EQ(generator.nextU64(), 0xE220A8397B1DCDAFULL);
    EXPECT_EQ(generator.nextU64(), 0x6E789E6AA1B965F4ULL);
    EXPECT_EQ(generator.nextU64(), 0x06C45D188009454FULL);
}

TEST(SeededGenerator, FnvMatchesTheStandardTestVectors) {
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(SeededGenerator, MapsToNumbersAsDocumented) {
    SeededGenerator generator(std::uint64_t{0});
    // First draw 0xE220A8397B1DCDAF: (x >> 11)·2^-53 by hand.
    const double unit = static_cast<double>(0xE220A8397B1DCDAFULL >> 11) / 9007199254740992.0;
    EXPECT_EQ(generator.nextUnit(), unit);
    const double unit2 = static_cast<double>(0x6E789E6AA1B965F4ULL >> 11) / 9007199254740992.0;
    EXPECT_EQ(generator.nextSymmetric(3.0), (2 * unit2 - 1) * 3.0);
    SeededGenerator seeded(7, "W_Q");
    SeededGenerator manual(std::uint64_t{7} ^ fnv1a64("W_Q"));
    EXPECT_EQ(seeded.nextU64(), manual.nextU64()) << "a stream starts at seed XOR fnv1a64(tag)";
}

RowMatrix<double> rows(std::initializer_list<std::initializer_list<double>> values) {
    RowMatrix<double> m(static_cast<Eigen::Index>(values.size()), static_cast<Eigen::Index>(values.begin()->size()));
    Eigen::Index r = 0;
    for (const auto& row : values) {
        Eigen::Index c = 0;
        for (double v : row) m(r, c++) = v;
        ++r;
    }
    return m;
}

TEST(AttentionKernel, MatchesAHandComputation) {
    // Q = [[1,0],[0,1]], K = [[1,0],[1,1]], V = [[1,2],[3,4]], divisor √2.
    // Row 0: scores (1, 1) → equal weights ½, ½ → context (2, 3).
    // Row 1: scores (0, 1) → scaled (0, 1/√2) → w = (1, e^{1/√2}) / (1 + e^{1/√2}).
    const auto q = rows({{1, 0}, {0, 1}});
    const auto k = rows({{1, 0}, {1, 1}});
    const auto v = rows({{1, 2}, {3, 4}});
    const AttentionMask noMask(MaskConfig{}, 2, 2);
    const auto result = computeAttention<double>(q, k, v, std::sqrt(2.0), noMask);
    const double e = std::exp(1 / std::sqrt(2.0));
    const double w0 = 1 / (1 + e), w1 = e / (1 + e);
    Eigen::MatrixXd expected(2, 2);
    expected << 2, 3, w0 * 1 + w1 * 3, w0 * 2 + w1 * 4;
    EXPECT_EIGEN_NEAR(Eigen::MatrixXd(result.context), expected, 1e-15, 0);
    EXPECT_DOUBLE_EQ(result.rowMax[0], 1 / std::sqrt(2.0));
    EXPECT_DOUBLE_EQ(result.rowSum[0], 2.0);
    EXPECT_DOUBLE_EQ(result.rowMax[1], 1 / std::sqrt(2.0));
    EXPECT_DOUBLE_EQ(result.rowSum[1], 1 + 1 / e) << "Σ exp(s − max) = e^{−1/√2} + 1";

    const auto single = computeAttention<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(),
                                                std::sqrt(2.0f), noMask);
    EXPECT_EIGEN_NEAR(Eigen::MatrixXd(single.context.cast<double>()), expected, 1e-6, 0);
}

TEST(AttentionKernel, SoftmaxIsExactForScoresOfTenThousand) {
    const auto q = rows({{1}});
    const AttentionMask noMask(MaskConfig{}, 1, 1);
    // Scores (1e4, −1e4): e^{−2e4} underflows, so the weights are exactly (1, 0); context = v_0.
    {
        const AttentionMask mask(MaskConfig{}, 2, 2);
        const auto result = computeAttention<double>(rows({{1}, {0}}), rows({{1e4}, {-1e4}}), rows({{1}, {2}}), 1.0, mask);
        EXPECT_EQ(result.rowMax[0], 1e4);
        EXPECT_EQ(result.rowSum[0], 1.0);
        EXPECT_EQ(result.context(0, 0), 1.0);
        // Row 1 has q = 0: scores (0, 0) → ½, ½ → 1.5.
        EXPECT_EQ(result.context(1, 0), 1.5);
    }
    // Scores (1e4, 1e4 − 1): weights 1/(1+e^{−1}) and e^{−1}/(1+e^{−1}), no overflow.
    {
        const AttentionMask mask(MaskConfig{}, 2, 2);
        const auto result =
            computeAttention<double>(rows({{1}, {1}}), rows({{1e4}, {1e4 - 1}}), rows({{0}, {1}}), 1.0, mask);
        const double expected = std::exp(-1.0) / (1 + std::exp(-1.0));
        EXPECT_NEAR(result.context(0, 0), expected, 1e-15);
        EXPECT_TRUE(std::isfinite(result.rowSum[0]));
    }
    (void)q;
    (void)noMask;
}

AttentionConfig configWith(bool causal) {
    AttentionConfig config;
    config.mask.causal = causal;
    return config;
}

TEST(AttentionTrace, UnmaskedRowsSumToOneAndMaskedWeightsAreExactlyZero) {
    for (const char* sentence : {kFrench, kEnglish}) {
        for (int heads : {1, 2, 4}) {
            AttentionConfig config;
            config.heads = heads;
            config.mask.causal = true;
            config.mask.window = 3;
            config.mask.globalTokens = {0};
            config.mask.customMasked = {{5, 4}};
            const auto trace = AttentionTrace::compute(sentence, config);
            for (int head = 0; head < heads; ++head) {
                const Eigen::MatrixXd w = trace.matrix(Step::Weights, head);
                for (int i = 0; i < trace.size(); ++i) {
                    EXPECT_NEAR(w.row(i).sum(), 1.0, 1e-12) << "row " << i << " head " << head;
                    for (int j = 0; j < trace.size(); ++j) {
                        if (trace.mask().isMasked(i, j)) {
                            EXPECT_EQ(w(i, j), 0.0) << i << "," << j;
                        } else {
                            EXPECT_GT(w(i, j), 0.0) << i << "," << j;
                        }
                    }
                }
            }
        }
    }
}

TEST(AttentionTrace, CausalUpperTriangleIsExactlyZeroAndMaskedIsMinusInfinity) {
    const auto trace = AttentionTrace::compute(kFrench, configWith(true));
    const Eigen::MatrixXd w = trace.matrix(Step::Weights, 0);
    const Eigen::MatrixXd masked = trace.matrix(Step::Masked, 0);
    const Eigen::MatrixXd scaled = trace.matrix(Step::Scaled, 0);
    for (int i = 0; i < trace.size(); ++i)
        for (int j = 0; j < trace.size(); ++j) {
            if (j > i) {
                EXPECT_EQ(w(i, j), 0.0);
                EXPECT_EQ(masked(i, j), -std::numeric_limits<double>::infinity());
                EXPECT_TRUE(std::isfinite(scaled(i, j))) << "the scaled step shows every value";
            } else {
                EXPECT_EQ(masked(i, j), scaled(i, j));
            }
        }
    EXPECT_EQ(w(0, 0), 1.0) << "the first token can only look at itself";
}

TEST(AttentionTrace, FullyMaskedRowGivesZerosNotNaN) {
    AttentionConfig config = configWith(true);
    config.mask.customMasked = {{0, 0}};  // with causal, query 0 has no key left
    const auto trace = AttentionTrace::compute(kEnglish, config);
    EXPECT_TRUE(trace.rowFullyMasked(0));
    EXPECT_FALSE(trace.rowFullyMasked(1));
    const Eigen::MatrixXd w = trace.matrix(Step::Weights, 0);
    EXPECT_TRUE(w.allFinite());
    EXPECT_EQ(w.row(0).sum(), 0.0);
    EXPECT_TRUE(trace.context().allFinite());
    EXPECT_EQ(trace.context().row(0).norm(), 0.0);
    EXPECT_TRUE(trace.output().allFinite());
    const CellExplanation cell = explainCell(trace, 0, 0, 0);
    EXPECT_TRUE(cell.masked);
    EXPECT_TRUE(cell.rowFullyMasked);
    EXPECT_EQ(cell.weight, 0.0);

    // The chapter's way, masked_fill(−inf) then softmax, computed by hand on the same row: every
    // entry is −inf, max is −inf, exp(−inf − (−inf)) = exp(NaN) = NaN.
    const Eigen::RowVectorXd row = trace.matrix(Step::Masked, 0).row(0);
    const double max = row.maxCoeff();
    const double chapterWeight = std::exp(row[0] - max) / (row.array() - max).exp().sum();
    EXPECT_TRUE(std::isnan(chapterWeight)) << "the chapter's code gives NaN here; ours gives 0";
}

TEST(AttentionTrace, IdenticalSeedsGiveBitIdenticalTraces) {
    AttentionConfig config;
    config.heads = 2;
    config.seed = 1234567;
    const auto a = AttentionTrace::compute(kFrench, config);
    const auto b = AttentionTrace::compute(kFrench, config);
    for (int s = 0; s < kStepCount; ++s)
        for (int head : {0, 1, kAllHeads}) {
            const Step step = static_cast<Step>(s);
            EXPECT_TRUE(a.matrix(step, head) == b.matrix(step, head)) << stepName(step) << " head " << head;
        }
    config.seed = 1234568;
    const auto c = AttentionTrace::compute(kFrench, config);
    EXPECT_FALSE(a.matrix(Step::Weights, 0) == c.matrix(Step::Weights, 0)) << "another seed, other weights";
}

TEST(AttentionTrace, SameWordGetsTheSameVectorWherever) {
    AttentionConfig config;
    config.positionalEncoding = false;
    const auto trace = AttentionTrace::compute("la rue et la Rue", config);
    EXPECT_TRUE(trace.x().row(0) == trace.x().row(3));
    EXPECT_TRUE(trace.x().row(1) == trace.x().row(4)) << "keys are lower-cased";
    EXPECT_FALSE(trace.x().row(0) == trace.x().row(1));
}

TEST(AttentionTrace, PermutingTokensWithoutPositionsPermutesTheWeights) {
    AttentionConfig config;
    config.positionalEncoding = false;
    const auto tokens = tokenize(kEnglish);
    std::vector<int> order(tokens.size());
    std::iota(order.begin(), order.end(), 0);
    std::reverse(order.begin(), order.end());
    std::swap(order[0], order[3]);
    std::vector<Token> permuted;
    for (int index : order) permuted.push_back(tokens[static_cast<std::size_t>(index)]);
    const auto original = AttentionTrace::fromTokens(tokens, config);
    const auto shuffled = AttentionTrace::fromTokens(permuted, config);
    const Eigen::MatrixXd w = original.matrix(Step::Weights, 0);
    const Eigen::MatrixXd wp = shuffled.matrix(Step::Weights, 0);
    Eigen::MatrixXd expected(w.rows(), w.cols());
    for (Eigen::Index i = 0; i < w.rows(); ++i)
        for (Eigen::Index j = 0; j < w.cols(); ++j) expected(i, j) = w(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
    EXPECT_EIGEN_NEAR(wp, expected, 1e-12, 1e-15);
}

TEST(AttentionTrace, MeanHeadIsTheMeanOfTheHeads) {
    AttentionConfig config;
    config.heads = 4;
    const auto trace = AttentionTrace::compute(kFrench, config);
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(trace.size(), trace.size());
    for (int h = 0; h < 4; ++h) sum += trace.matrix(Step::Weights, h);
    EXPECT_EIGEN_NEAR(trace.matrix(Step::Weights, kAllHeads), Eigen::MatrixXd(sum / 4), 1e-15, 0);
    EXPECT_EQ(trace.cols(Step::Q, 1), 2) << "d_k = 8 / 4";
    EXPECT_EQ(trace.cols(Step::Q, kAllHeads), 8);
}

TEST(AttentionTrace, BlocksAreSlicesOfTheWholeMatrix) {
    const auto trace = AttentionTrace::compute(kFrench, configWith(true));
    for (Step step : {Step::Scores, Step::Masked, Step::Weights, Step::Q, Step::Context}) {
        const Eigen::MatrixXd whole = trace.matrix(step, 0);
        const int cols = trace.cols(step, 0);
        const Eigen::MatrixXd part = trace.block(step, 0, 3, 1, 5, cols - 1);
        EXPECT_TRUE(part == whole.block(3, 1, 5, cols - 1)) << stepName(step);
    }
    EXPECT_THROW((void)trace.block(Step::Weights, 0, 10, 0, 10, 2), ConfigError);
    EXPECT_THROW((void)trace.matrix(Step::Weights, 3), ConfigError);
}

TEST(AttentionTrace, ContextIsTheWeightedSumOfValues) {
    AttentionConfig config = configWith(true);
    config.heads = 2;
    const auto trace = AttentionTrace::compute(kFrench, config);
    for (int head = 0; head < 2; ++head) {
        const Eigen::MatrixXd expected = trace.matrix(Step::Weights, head) * trace.matrix(Step::V, head);
        EXPECT_EIGEN_NEAR(trace.matrix(Step::Context, head), expected, 1e-12, 1e-15);
    }
    const Eigen::MatrixXd output = trace.context() * trace.projections().wo;
    EXPECT_EIGEN_NEAR(trace.output(), output, 1e-12, 1e-15);
}

TEST(Explanation, CellIsRebuiltFromQueryAndKey) {
    AttentionConfig config = configWith(true);
    config.heads = 2;
    config.temperature = 0.5;
    const auto trace = AttentionTrace::compute(kFrench, config);
    const Eigen::MatrixXd scores = trace.matrix(Step::Scores, 1);
    const Eigen::MatrixXd weights = trace.matrix(Step::Weights, 1);
    for (auto [i, j] : {std::pair{10, 1}, std::pair{3, 3}, std::pair{2, 7}}) {
        const CellExplanation cell = explainCell(trace, 1, i, j);
        EXPECT_EQ(cell.products.size(), 4);
        EXPECT_NEAR(cell.products.sum(), cell.dot, 1e-15);
        EXPECT_EQ(cell.dot, scores(i, j)) << "the same products summed in the same order";
        EXPECT_DOUBLE_EQ(cell.divisor, std::sqrt(4.0) * 0.5);
        EXPECT_EQ(cell.scaled, cell.dot / cell.divisor);
        EXPECT_EQ(cell.masked, j > i);
        EXPECT_NEAR(cell.weight, weights(i, j), 1e-15);
        if (!cell.masked) {
            EXPECT_NEAR(cell.expShifted / cell.rowSum, cell.weight, 1e-15);
        }
    }
    const ContextExplanation context = explainContext(trace, 1, 10);
    EXPECT_NEAR(context.weights.sum(), 1.0, 1e-12);
    EXPECT_EIGEN_NEAR(Eigen::MatrixXd(context.context.transpose()),
                      Eigen::MatrixXd(trace.matrix(Step::Context, 1).row(10)), 1e-12, 1e-15);
    EXPECT_EIGEN_NEAR(Eigen::MatrixXd(context.terms.row(2)), Eigen::MatrixXd(context.weights[2] * context.values.row(2)),
                      0, 0);
    // The refusal names the head as a person counts heads: index 2 of a 2-head trace is "head 3".
    try {
        (void)explainCell(trace, 2, 0, 0);
        ADD_FAILURE() << "head index 2 of 2 heads was accepted";
    } catch (const ConfigError& error) {
        EXPECT_STREQ(error.what(), "head 3 does not exist (there are 2)");
    }
}

TEST(AttentionConfig, BadSettingsAreRefusedBeforeAnyWork) {
    const auto refused = [](AttentionConfig config, const std::string& words) {
        try {
            (void)AttentionTrace::compute(kFrench, config);
        } catch (const ConfigError& error) {
            EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
            return;
        }
        ADD_FAILURE() << "accepted a config that should say: " << words;
    };
    AttentionConfig c;
    c.dModel = 0;
    refused(c, "d_model");
    c = {};
    c.heads = 3;
    refused(c, "do not divide d_model");
    c = {};
    c.heads = 0;
    refused(c, "heads");
    for (double t : {0.0, -1.0, std::numeric_limits<double>::infinity(), std::nan("")}) {
        c = {};
        c.temperature = t;
        refused(c, "temperature");
    }
    c = {};
    c.mask.window = -2;
    refused(c, "window");
    // Padding counts as tokens: 4,096 at most, like a sentence (a padded trace of a million
    // tokens would need terabytes).
    c = {};
    c.mask.padTo = 4097;
    refused(c, "pad-to length must be at most 4096 (it is 4097)");
    c.mask.padTo = 4096;
    EXPECT_NO_THROW(c.validate());
    c = {};
    c.maxTokens = 4097;
    refused(c, "the token limit must be at most 4096 (it is 4097)");
    c = {};
    c.preset = ProjectionPreset::Supplied;
    const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(8, 8);
    Eigen::MatrixXd withNan = identity;
    withNan(2, 3) = std::nan("");
    c.supplied = {identity, withNan, identity, identity};
    refused(c, "W_K holds a NaN");
    c.supplied = {identity, Eigen::MatrixXd::Identity(8, 7), identity, identity};
    refused(c, "W_K must be 8×8");
}

TEST(AttentionTrace, EmptySentencesAreRefused) {
    for (const char* sentence : {"", "   \n\t "}) EXPECT_THROW((void)AttentionTrace::compute(sentence, {}), InputError);
}

TEST(AttentionTrace, PaddingKeysAreMaskedAndPaddedRowsStillAttend) {
    AttentionConfig config;
    config.mask.padTo = 8;
    const auto trace = AttentionTrace::compute("Le chat est assis", config);
    ASSERT_EQ(trace.size(), 8);
    EXPECT_EQ(trace.realTokenCount(), 4);
    EXPECT_EQ(trace.tokens()[5].text, "[PAD]");
    const Eigen::MatrixXd w = trace.matrix(Step::Weights, 0);
    EXPECT_EQ(w.rightCols(4).norm(), 0.0);
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(w.row(i).sum(), 1.0, 1e-12);
}

TEST(AttentionKernel, EveryInstructionSetGivesTheSameNumbers) {
    // Random inputs with a general mask: the AVX2 and AVX-512 builds of the loop must agree with
    // the baseline build to rounding.
    const int n = 157, d = 16;
    SeededGenerator generator(99, "kernel-test");
    RowMatrix<double> q(n, d), k(n, d), v(n, d);
    for (auto* m : {&q, &k, &v})
        for (int i = 0; i < n * d; ++i) m->data()[i] = generator.nextSymmetric(2.0);
    MaskConfig maskConfig;
    maskConfig.window = 20;
    maskConfig.globalTokens = {3};
    maskConfig.customMasked = {{5, 5}, {5, 4}};
    const AttentionMask mask(maskConfig, n, n - 4);
    const auto reference = computeAttention<double>(q, k, v, 4.0, mask);

    const auto run = [&](kernel::RowBlockDouble attend) {
        RowMatrix<double> context(n, d);
        Eigen::VectorXd rowMax(n), rowSum(n);
        kernel::AttentionTask<double> task{q.data(), k.data(), v.data(), n, d, d, 4.0, {}, context.data(),
                                           rowMax.data(), rowSum.data(), {}};
        task.mask.kind = kernel::MaskKind::General;
        task.mask.owner = &mask;
        task.mask.fillRow = [](const void* owner, int query, int first, int count, std::uint8_t* out) {
            static_cast<const AttentionMask*>(owner)->fillRow(query, first, count, out);
        };
        attend(task, 0, 100);
        attend(task, 100, n - 100);
        return Eigen::MatrixXd(context);
    };
    EXPECT_EIGEN_NEAR(run(kernel::baseline::attendRowsDouble), Eigen::MatrixXd(reference.context), 1e-13, 1e-15);
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        EXPECT_EIGEN_NEAR(run(kernel::avx2::attendRowsDouble), Eigen::MatrixXd(reference.context), 1e-13, 1e-15);
    }
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw")) {
        EXPECT_EIGEN_NEAR(run(kernel::avx512::attendRowsDouble), Eigen::MatrixXd(reference.context), 1e-13, 1e-15);
    }
    std::cout << "[ info ] kernel in use: " << kernelInstructionSet() << "\n";
}

TEST(AttentionKernel, TheFloatPathAgreesWithTheExactPathForEveryShapeMaskAndInstructionSet) {
    // The float path (register tiles of 6 rows × 16–64 keys, padded K and V, its own exp) against
    // the exact float64 path, which the golden files check: shapes that leave short tiles and
    // padding everywhere, blocks longer than one tile, and each mask kind, to 1e-5.
    struct Shape {
        int n, d, dv;
    };
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
    for (const Shape shape : {Shape{1, 1, 1}, Shape{7, 3, 5}, Shape{65, 20, 20}, Shape{157, 64, 64}, Shape{300, 17, 33}}) {
        const int n = shape.n;
        SeededGenerator generator(static_cast<std::uint64_t>(n), "float-kernel");
        RowMatrix<float> q(n, shape.d), k(n, shape.d), v(n, shape.dv);
        for (auto* m : {&q, &k, &v})
            for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] = static_cast<float>(generator.nextSymmetric(2.0));
        for (int maskKind = 0; maskKind < 3; ++maskKind) {
            MaskConfig maskConfig;
            if (maskKind == 1) maskConfig.causal = true;
            if (maskKind == 2) {
                maskConfig.window = 9;
                maskConfig.globalTokens = {0};
                maskConfig.customMasked = {{n - 1, 0}};
            }
            const AttentionMask mask(maskConfig, n, n);
            const std::string where = "n " + std::to_string(n) + ", d " + std::to_string(shape.d) + ", d_v " +
                                      std::to_string(shape.dv) + ", mask " + std::to_string(maskKind);
            const RowMatrix<double> qd = q.cast<double>(), kd = k.cast<double>(), vd = v.cast<double>();
            const auto exact = computeAttention<double>(qd, kd, vd, 3.0, mask);
            const Eigen::MatrixXd expected = exact.context;

            const auto dispatched = computeAttention<float>(q, k, v, 3.0f, mask);
            EXPECT_EIGEN_NEAR(Eigen::MatrixXd(dispatched.context.cast<double>()), expected, 1e-5, 1e-5) << where;
            EXPECT_EIGEN_NEAR(Eigen::VectorXd(dispatched.rowSum.cast<double>()), Eigen::VectorXd(exact.rowSum), 1e-5, 0)
                << where;

            // Each instruction set's build, in blocks of 90 rows (15 tiles of 6) and a short rest.
            const auto run = [&](kernel::RowBlockFloat attend) {
                std::vector<float> keys, values;
                RowMatrix<float> context(n, shape.dv);
                Eigen::VectorXf rowMax(n), rowSum(n);
                kernel::AttentionTask<float> task;
                task.q = q.data();
                task.k = k.data();
                task.v = v.data();
                task.n = n;
                task.d = shape.d;
                task.dv = shape.dv;
                task.divisor = 3.0f;
                task.mask.kind = maskKind == 0 ? kernel::MaskKind::None
                                 : maskKind == 1 ? kernel::MaskKind::Causal
                                                 : kernel::MaskKind::General;
                task.mask.owner = &mask;
                task.mask.fillRow = [](const void* owner, int query, int first, int count, std::uint8_t* out) {
                    static_cast<const AttentionMask*>(owner)->fillRow(query, first, count, out);
                };
                task.context = context.data();
                task.rowMax = rowMax.data();
                task.rowSum = rowSum.data();
                task.packed = kernel::packFloat(k.data(), v.data(), n, shape.d,
                                                shape.dv, keys, values);
                kernel::FloatScratch scratch;
                for (int row0 = 0; row0 < n; row0 += 90) attend(task, row0, std::min(90, n - row0), scratch);
                return Eigen::MatrixXd(context.cast<double>());
            };
            EXPECT_EIGEN_NEAR(run(kernel::baseline::attendRowsFloat), expected, 1e-5, 1e-5) << where << " baseline";
            if (avx2) {
                EXPECT_EIGEN_NEAR(run(kernel::avx2::attendRowsFloat), expected, 1e-5, 1e-5) << where << " avx2";
            }
            if (avx512) {
                EXPECT_EIGEN_NEAR(run(kernel::avx512::attendRowsFloat), expected, 1e-5, 1e-5) << where << " avx512";
            }
        }
    }
}

TEST(AttentionTrace, FourThousandTokensStayUnderOneGibibyte) {
    const auto bound = testing::processMemoryBound(std::int64_t{1} << 30);
    if (!bound) GTEST_SKIP() << testing::kNoMemoryBound;
    std::ostringstream sentence;
    for (int i = 0; i < 4095; ++i) sentence << "mot" << (i % 500) << ' ';
    sentence << '.';
    AttentionConfig config;
    config.heads = 2;
    config.mask.causal = true;
    const auto trace = AttentionTrace::compute(sentence.str(), config);
    ASSERT_EQ(trace.size(), 4096);
    const Eigen::MatrixXd corner = trace.block(Step::Weights, 1, 4000, 0, 96, 4096);
    EXPECT_NEAR(corner.row(95).sum(), 1.0, 1e-12);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    EXPECT_LT(usage.ru_maxrss * 1024, *bound) << "peak resident memory in bytes";
}

}  // namespace
}  // namespace attnviz
