// HeadSummary (core/heads): the five measures per head, written out by hand on small stacks, and
// against the independent numpy script tests/reference/heads/head_summaries.py, run at test time
// on the same weights (float64 in both, so within 1e-9): the teaching model on the chapter's
// sentence with 4 heads, a generated GPT-2 checkpoint (HeadSummaryCheckpoint, every layer and
// head) and a seeded array that numpy writes as .npy files, as a model computed elsewhere gives it.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/NpyArray.h"
#include "core/gpt2/Gpt2Forward.h"
#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "core/model/TeachingConfig.h"
#include "tests/core/heads/HeadSummaryReference.h"
#include "tests/core/heads/HeadTestCases.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/FileBytes.h"
#include "tests/support/Gpt2TestCheckpoint.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

using testing::numpySummaries;
using testing::kChapterSentence;
using testing::SentenceCase;
using testing::tokenName;
using testing::summariesMatch;

// Both sides compute in float64 from the same weights; only the order of the sums differs.
constexpr double kFloat64Tolerance = 1e-9;

/// One imported head of n × n weights given row by row (exact in float32), for hand computations.
AttentionStack oneHead(int n, std::vector<float> rowMajor, bool causal) {
    auto imported = std::make_shared<ImportedWeights>();
    imported->layers = 1;
    imported->heads = 1;
    imported->causal = causal;
    for (int i = 0; i < n; ++i) imported->tokens.push_back(tokenName(i + 1));
    Eigen::MatrixXf w(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) w(i, j) = rowMajor[static_cast<std::size_t>(i * n + j)];
    imported->weights.push_back(w);
    return AttentionStack::fromImported(imported);
}

AttentionStack teachingStack(int heads, const MaskConfig& mask, const char* sentence = kChapterSentence) {
    AttentionConfig config = teachingConfig();
    config.heads = heads;
    config.mask = mask;
    return AttentionStack::fromTrace(std::make_shared<const AttentionTrace>(AttentionTrace::compute(sentence, config)));
}

// --- By hand ------------------------------------------------------------------------------------

TEST(HeadSummary, ThreeTokensByHand) {
    // Rows: (½ ¼ ¼), (½ ½ 0), (¼ ¼ ½).
    const HeadSummary s = summarizeHead(oneHead(3, {0.5f, 0.25f, 0.25f, 0.5f, 0.5f, 0, 0.25f, 0.25f, 0.5f}, false), 0, 0);
    // Entropy: ½·1 + 2·¼·2 = 1.5 bits, ½·1 + ½·1 = 1 bit, 1.5 bits: mean 4/3.
    EXPECT_DOUBLE_EQ(s.entropy, 4.0 / 3);
    // Distance: ¼·1 + ¼·2 = 0.75, ½·1 = 0.5, ¼·2 + ¼·1 = 0.75: mean 2/3.
    EXPECT_DOUBLE_EQ(s.meanDistance, 2.0 / 3);
    // Previous token, rows 1 and 2 only: (½ + ¼) / 2.
    EXPECT_DOUBLE_EQ(s.previousToken, 0.375);
    // First token: (½ + ½ + ¼) / 3; same token: (½ + ½ + ½) / 3.
    EXPECT_DOUBLE_EQ(s.firstToken, 5.0 / 12);
    EXPECT_DOUBLE_EQ(s.sameToken, 0.5);
}

// The stack keeps its summaries: made once (the model view, its table and its exports read the
// same ones), shared by its copies, and not kept when their making was cancelled.
TEST(HeadSummary, AStackMakesItsSummariesOnceAndItsCopiesShareThem) {
    const AttentionStack stack = oneHead(3, {0.5f, 0.25f, 0.25f, 0.5f, 0.5f, 0, 0.25f, 0.25f, 0.5f}, false);
    const std::atomic<bool> cancelled{true};
    EXPECT_THROW((void)stack.summaries(&cancelled), Cancelled);
    EXPECT_FALSE(stack.hasSummaries()) << "a cancelled making keeps nothing";
    const AttentionStack copy = stack;  // before they are made: the copy shares what is made later
    const std::vector<HeadSummary>& made = stack.summaries();
    ASSERT_EQ(made.size(), 1u);
    EXPECT_DOUBLE_EQ(made[0].entropy, 4.0 / 3) << "the hand computation of ThreeTokensByHand";
    EXPECT_EQ(&stack.summaries(), &made) << "made once: the same summaries again";
    EXPECT_TRUE(copy.hasSummaries());
    EXPECT_EQ(&copy.summaries(), &made);
}

TEST(HeadSummary, CausalCellsCountAsZeroWhateverTheArrayHoldsThere) {
    // Causal: the ½ and ¼ above the diagonal are masked, so the rows are (1), (½ ½), (¼ ¼ ½).
    const HeadSummary s = summarizeHead(oneHead(3, {1, 0.5f, 0, 0.5f, 0.5f, 0.25f, 0.25f, 0.25f, 0.5f}, true), 0, 0);
    EXPECT_DOUBLE_EQ(s.entropy, (0 + 1 + 1.5) / 3);
    EXPECT_DOUBLE_EQ(s.meanDistance, (0 + 0.5 + 0.75) / 3);
    EXPECT_DOUBLE_EQ(s.previousToken, (0.5 + 0.25) / 2);
    EXPECT_DOUBLE_EQ(s.firstToken, (1 + 0.5 + 0.25) / 3);
    EXPECT_DOUBLE_EQ(s.sameToken, (1 + 0.5 + 0.5) / 3);
}

TEST(HeadSummary, APreviousTokenHeadAndAFirstTokenHeadReadAsSuch) {
    // Four tokens; row 0 can only look at itself.
    const HeadSummary previous = summarizeHead(oneHead(4, {1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}, true), 0, 0);
    EXPECT_EQ(previous.entropy, 0.0) << "one key per row: no uncertainty";
    EXPECT_DOUBLE_EQ(previous.meanDistance, 0.75);  // 0, 1, 1, 1
    EXPECT_EQ(previous.previousToken, 1.0);
    EXPECT_DOUBLE_EQ(previous.firstToken, 0.5);  // rows 0 and 1
    EXPECT_DOUBLE_EQ(previous.sameToken, 0.25);  // row 0

    const HeadSummary first = summarizeHead(oneHead(4, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, true), 0, 0);
    EXPECT_DOUBLE_EQ(first.meanDistance, 1.5);      // 0, 1, 2, 3
    EXPECT_DOUBLE_EQ(first.previousToken, 1.0 / 3);  // row 1 only, of rows 1 to 3
    EXPECT_EQ(first.firstToken, 1.0);
}

TEST(HeadSummary, UniformRowsHaveTheLargestEntropy) {
    // Four keys at ¼: log₂ 4 = 2 bits on every row.
    const HeadSummary s = summarizeHead(oneHead(4, std::vector<float>(16, 0.25f), false), 0, 0);
    EXPECT_DOUBLE_EQ(s.entropy, 2.0);
    // Distance: row i has Σ_j |i − j| / 4 = 1.5, 1, 1, 1.5.
    EXPECT_DOUBLE_EQ(s.meanDistance, 1.25);
    EXPECT_DOUBLE_EQ(s.previousToken, 0.25);
}

TEST(HeadSummary, OneTokenHasNoPreviousToken) {
    const HeadSummary s = summarizeHead(oneHead(1, {1}, true), 0, 0);
    EXPECT_EQ(s.entropy, 0.0);
    EXPECT_EQ(s.meanDistance, 0.0);
    EXPECT_EQ(s.previousToken, 0.0) << "no row i ≥ 1";
    EXPECT_EQ(s.firstToken, 1.0);
    EXPECT_EQ(s.sameToken, 1.0);
}

TEST(HeadSummary, AFullyMaskedRowCountsForNothing) {
    // "Le chat est assis", every key of query 2 masked by hand: rows 0, 1 and 3 make the means.
    MaskConfig mask;
    for (int key = 0; key < 4; ++key) mask.customMasked.insert({2, key});
    const AttentionStack stack = teachingStack(1, mask, "Le chat est assis");
    ASSERT_TRUE(stack.rowFullyMasked(2));
    const Eigen::MatrixXd w = stack.weights(0, 0);
    const HeadSummary s = summarizeHead(stack, 0, 0);
    EXPECT_NEAR(s.firstToken, (w(0, 0) + w(1, 0) + w(3, 0)) / 3, 1e-15);
    EXPECT_NEAR(s.sameToken, (w(0, 0) + w(1, 1) + w(3, 3)) / 3, 1e-15);
    EXPECT_NEAR(s.previousToken, (w(1, 0) + w(3, 2)) / 2, 1e-15) << "rows 1 and 3";
}

TEST(HeadSummary, AHeadWithEveryRowMaskedMeasuresZero) {
    MaskConfig mask;
    for (int query = 0; query < 2; ++query)
        for (int key = 0; key < 2; ++key) mask.customMasked.insert({query, key});
    const HeadSummary s = summarizeHead(teachingStack(1, mask, "Le chat"), 0, 0);
    for (int m = 0; m < kHeadMeasureCount; ++m)
        EXPECT_EQ(s.value(static_cast<HeadMeasure>(m)), 0.0) << headMeasureName(static_cast<HeadMeasure>(m));
}

TEST(HeadSummary, MeasuresAreNamedForTheCommandLineAndReadBack) {
    const std::vector<std::string> names = {"entropy", "distance", "previous", "first", "same"};
    ASSERT_EQ(static_cast<int>(names.size()), kHeadMeasureCount);
    for (int m = 0; m < kHeadMeasureCount; ++m) {
        EXPECT_EQ(headMeasureName(static_cast<HeadMeasure>(m)), names[static_cast<std::size_t>(m)]);
        HeadMeasure read = HeadMeasure::Entropy;
        ASSERT_TRUE(headMeasureFromName(names[static_cast<std::size_t>(m)], read));
        EXPECT_EQ(read, static_cast<HeadMeasure>(m));
    }
    HeadMeasure untouched = HeadMeasure::SameToken;
    EXPECT_FALSE(headMeasureFromName("Entropy", untouched));
    EXPECT_FALSE(headMeasureFromName("", untouched));
    EXPECT_EQ(untouched, HeadMeasure::SameToken);
    const HeadSummary s{1, 2, 3, 4, 5};
    EXPECT_EQ(s.value(HeadMeasure::Entropy), 1);
    EXPECT_EQ(s.value(HeadMeasure::MeanDistance), 2);
    EXPECT_EQ(s.value(HeadMeasure::PreviousToken), 3);
    EXPECT_EQ(s.value(HeadMeasure::FirstToken), 4);
    EXPECT_EQ(s.value(HeadMeasure::SameToken), 5);
}

// --- Against numpy: the teaching model ------------------------------------------------------------

TEST(HeadSummary, TeachingModelWithFourHeadsMatchesNumpy) {
    const AttentionStack stack = teachingStack(4, MaskConfig{});
    const auto summaries = summarizeStack(stack);
    EXPECT_TRUE(summariesMatch(summaries, numpySummaries(stack, "none"), 1, 4, kFloat64Tolerance));
}

TEST(HeadSummary, CausalTeachingModelMatchesNumpy) {
    MaskConfig mask;
    mask.causal = true;
    const AttentionStack stack = teachingStack(4, mask);
    EXPECT_TRUE(summariesMatch(summarizeStack(stack), numpySummaries(stack, "causal"), 1, 4, kFloat64Tolerance));
}

TEST(HeadSummary, TeachingModelUnderAnExplicitMaskMatchesNumpy) {
    // Causal, padded to 18, and query 5 with every key masked by hand: the mask numpy is given is
    // written here from README "Masks" (causal: j ≤ i; padding hides [PAD] keys), not asked of the C++.
    MaskConfig mask;
    mask.causal = true;
    mask.padTo = 18;
    for (int key = 0; key < 18; ++key) mask.customMasked.insert({5, key});
    const AttentionStack stack = teachingStack(2, mask);
    ASSERT_EQ(stack.size(), 18);
    nlohmann::json rows = nlohmann::json::array();
    for (int i = 0; i < 18; ++i) {
        std::vector<bool> row;
        for (int j = 0; j < 18; ++j) row.push_back(j > i || j >= 15 || i == 5);
        rows.push_back(row);
    }
    EXPECT_TRUE(summariesMatch(summarizeStack(stack), numpySummaries(stack, rows), 1, 2, kFloat64Tolerance));
}

TEST(HeadSummary, TeachingModelUnderASlidingWindowMatchesNumpy) {
    // Window 3 with token 0 global (README "Masks": |i − j| < 3 unless i or j is global).
    MaskConfig mask;
    mask.window = 3;
    mask.globalTokens = {0};
    const AttentionStack stack = teachingStack(4, mask);
    const int n = stack.size();
    nlohmann::json rows = nlohmann::json::array();
    for (int i = 0; i < n; ++i) {
        std::vector<bool> row;
        for (int j = 0; j < n; ++j) row.push_back(std::abs(i - j) >= 3 && i != 0 && j != 0);
        rows.push_back(row);
    }
    EXPECT_TRUE(summariesMatch(summarizeStack(stack), numpySummaries(stack, rows), 1, 4, kFloat64Tolerance));
}

// --- Against numpy: an imported array ------------------------------------------------------------

/// The array numpy writes (make-imported), read back one (n, n) slice at a time.
std::shared_ptr<ImportedWeights> readImported(const testing::TempFolder& folder, const std::string& name, int layers,
                                              int heads, bool causal) {
    auto imported = std::make_shared<ImportedWeights>();
    imported->layers = layers;
    imported->heads = heads;
    imported->causal = causal;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const std::string file = name + "_l" + std::to_string(l) + "_h" + std::to_string(h) + ".npy";
            const NpyArray slice = NpyArray::parse(testing::readFile(folder.file(file)), file);
            EXPECT_EQ(slice.dtype, "<f4") << file;
            imported->weights.push_back(slice.values.cast<float>());  // float32 in the file: exact
        }
    for (Eigen::Index i = 0; i < imported->weights.front().rows(); ++i) imported->tokens.push_back(tokenName(i + 1));
    return imported;
}

TEST(HeadSummary, ImportedArraysMatchNumpy) {
    const testing::TempFolder folder;
    ASSERT_TRUE(testing::runHeadSummaries({"make-imported", folder.path().string()}));
    for (const auto& [name, causal] : {std::pair{"full", false}, std::pair{"causal", true}}) {
        const nlohmann::json expected = testing::readJson(folder.file(std::string(name) + "_summaries.json"));
        const int layers = expected.at("layers").get<int>(), heads = expected.at("heads").get<int>();
        const AttentionStack stack = AttentionStack::fromImported(readImported(folder, name, layers, heads, causal));
        EXPECT_TRUE(summariesMatch(summarizeStack(stack), expected, layers, heads, kFloat64Tolerance)) << name;
    }
}

TEST(HeadSummary, EveryHeadOfAStackInLayerMajorOrder) {
    const testing::TempFolder folder;
    ASSERT_TRUE(testing::runHeadSummaries({"make-imported", folder.path().string()}));
    const AttentionStack stack = AttentionStack::fromImported(readImported(folder, "full", 2, 3, false));
    const std::vector<HeadSummary> all = summarizeStack(stack);
    ASSERT_EQ(all.size(), 6u);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h) {
            const HeadSummary one = summarizeHead(stack, l, h);
            EXPECT_EQ(all[static_cast<std::size_t>(l * 3 + h)].entropy, one.entropy) << "layer " << l + 1 << ", head " << h + 1;
            EXPECT_EQ(all[static_cast<std::size_t>(l * 3 + h)].previousToken, one.previousToken);
        }
    // make-imported's layer 1, head 2 is a previous-token head: the largest previous share of all.
    EXPECT_EQ(all[1].previousToken, 1.0);
}

TEST(HeadSummary, ACancelledSummaryThrowsCancelled) {
    const AttentionStack stack = teachingStack(4, MaskConfig{});
    std::atomic<bool> cancel{true};
    EXPECT_THROW((void)summarizeStack(stack, &cancel), Cancelled);
    cancel = false;
    EXPECT_EQ(summarizeStack(stack, &cancel).size(), 4u) << "a flag left false changes nothing";
}

// --- Against numpy: a generated GPT-2 checkpoint ---------------------------------------------------

class HeadSummaryCheckpoint : public ::testing::TestWithParam<SentenceCase> {};

TEST_P(HeadSummaryCheckpoint, EveryLayerAndHeadMatchesNumpy) {
    const std::filesystem::path referencePath =
        attnviz::testing::gpt2ForwardReferences() / ("f32_" + std::to_string(GetParam().sentence) + ".json");
    std::ifstream in(referencePath);
    ASSERT_TRUE(in) << "the reference is missing (fixture gpt2_forward_references)";
    const nlohmann::json reference = nlohmann::json::parse(in);
    const testing::Gpt2TestCheckpoint checkpoint(attnviz::testing::gpt2Checkpoints() / "f32");
    gpt2::ForwardOptions options;
    options.threads = 2;
    const auto ids = reference.at("token_ids").get<std::vector<int>>();
    const auto trace = std::make_shared<const gpt2::Gpt2Trace>(gpt2::runForward(checkpoint.weights(), ids, options));
    const AttentionStack stack = AttentionStack::fromModel(trace, reference.at("tokens").get<std::vector<std::string>>());
    const std::vector<HeadSummary> summaries = summarizeStack(stack);

    // The same float64 weights on both sides.
    EXPECT_TRUE(summariesMatch(summaries, numpySummaries(stack, "causal"), 2, 4, kFloat64Tolerance)) << "the C++ weights";

    // End to end: numpy's summaries of its own float64 forward pass. The C++ forward is float32
    // (weights within 1e-4 of the reference's, AttentionStackCheckpoint); measured here: at most
    // 1.4e-6 on a distance, 4e-7 on an entropy, so 1e-5 keeps a margin of 7.
    const testing::TempFolder folder;
    ASSERT_TRUE(testing::runHeadSummaries(
        {"summarize", referencePath.string(), "-o", folder.file("summaries.json"), "--mask", "causal"}));
    EXPECT_TRUE(summariesMatch(summaries, testing::readJson(folder.file("summaries.json")), 2, 4, 1e-5))
        << "numpy's own forward pass";
}

INSTANTIATE_TEST_SUITE_P(Sentences, HeadSummaryCheckpoint,
                         ::testing::Values(SentenceCase{"english", 0}, SentenceCase{"french", 1}, SentenceCase{"long", 2}),
                         testing::CaseNameOf());

}  // namespace
}  // namespace attnviz
