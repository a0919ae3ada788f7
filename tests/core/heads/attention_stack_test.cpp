// AttentionStack (core/heads): every layer and head of a sentence, from a trace (the teaching
// model: one layer), from a GPT-2 forward pass (AttentionStackCheckpoint: against the numpy
// GPT-2 reference of tests/reference/gpt2, fixture gpt2_forward_references) and from imported
// weights; the refusals a person reads (layers and heads counted from 1) and the heads' roles.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Forward.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/heads/AttentionStack.h"
#include "core/model/TeachingConfig.h"
#include "tests/core/heads/HeadTestCases.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/Gpt2TestCheckpoint.h"
#include "tests/support/MessageOf.h"

namespace attnviz {
namespace {

using testing::messageOf;
using testing::kChapterSentence;
using testing::SentenceCase;
using testing::tokenName;

std::shared_ptr<const AttentionTrace> teachingTrace(int heads, bool causal) {
    AttentionConfig config = teachingConfig();
    config.heads = heads;
    config.mask.causal = causal;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(kChapterSentence, config));
}

/// layers × heads matrices of n × n; head (l, h) holds 100·l + 10·h + 1 + i + j/8 in float32, so
/// that each head and cell is told apart (not weights that sum to 1: the stack does not validate).
std::shared_ptr<ImportedWeights> numberedWeights(int layers, int heads, int n, bool causal) {
    auto imported = std::make_shared<ImportedWeights>();
    imported->layers = layers;
    imported->heads = heads;
    imported->causal = causal;
    for (int i = 0; i < n; ++i) imported->tokens.push_back(tokenName(i + 1));
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            Eigen::MatrixXf w(n, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) w(i, j) = static_cast<float>(100 * l + 10 * h + 1 + i) + static_cast<float>(j) / 8;
            imported->weights.push_back(w);
        }
    return imported;
}

TEST(AttentionStack, FromTraceIsOneLayerWhoseHeadsAreTheTracesWeights) {
    const auto trace = teachingTrace(4, false);
    const AttentionStack stack = AttentionStack::fromTrace(trace);
    EXPECT_EQ(stack.origin(), StackOrigin::Trace);
    EXPECT_EQ(stack.trace(), trace.get());
    EXPECT_EQ(stack.layers(), 1);
    ASSERT_EQ(stack.heads(), 4);
    ASSERT_EQ(stack.size(), 15);
    EXPECT_EQ(stack.tokens().front(), "L'");
    EXPECT_EQ(stack.tokens()[10], "il");
    for (int head = 0; head < 4; ++head) {
        const Eigen::MatrixXd expected = trace->matrix(Step::Weights, head);
        EXPECT_EIGEN_NEAR(stack.weights(0, head), expected, 0, 0) << "head " << head + 1;
    }
    for (int i = 0; i < stack.size(); ++i) {
        EXPECT_FALSE(stack.rowFullyMasked(i));
        for (int j = 0; j < stack.size(); ++j) EXPECT_FALSE(stack.isMasked(i, j)) << "no mask: (" << i << ", " << j << ")";
    }
}

TEST(AttentionStack, FromACausalTraceMasksTheKeysAfterTheQuery) {
    const auto trace = teachingTrace(2, true);
    const AttentionStack stack = AttentionStack::fromTrace(trace);
    for (int i = 0; i < stack.size(); ++i)
        for (int j = 0; j < stack.size(); ++j) {
            EXPECT_EQ(stack.isMasked(i, j), j > i) << "(" << i << ", " << j << ")";
            if (j > i) {
                EXPECT_EQ(stack.weights(0, 1)(i, j), 0.0) << "a masked cell weighs 0";
            }
        }
}

TEST(AttentionStack, AFullyMaskedRowOfATraceIsFlagged) {
    AttentionConfig config = teachingConfig();
    for (int key = 0; key < 4; ++key) config.mask.customMasked.insert({2, key});
    const AttentionStack stack =
        AttentionStack::fromTrace(std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", config)));
    ASSERT_EQ(stack.size(), 4);
    EXPECT_TRUE(stack.rowFullyMasked(2));
    EXPECT_FALSE(stack.rowFullyMasked(1));
    EXPECT_EQ(stack.weights(0, 0).row(2).sum(), 0.0) << "its weights are 0, never NaN";
}

TEST(AttentionStack, FromImportedKeepsEachHeadsWeightsLayerMajor) {
    const auto imported = numberedWeights(2, 3, 4, false);
    const AttentionStack stack = AttentionStack::fromImported(imported);
    EXPECT_EQ(stack.origin(), StackOrigin::Imported);
    EXPECT_EQ(stack.trace(), nullptr);
    EXPECT_EQ(stack.layers(), 2);
    EXPECT_EQ(stack.heads(), 3);
    EXPECT_EQ(stack.size(), 4);
    EXPECT_EQ(stack.tokens(), (std::vector<std::string>{"t1", "t2", "t3", "t4"}));
    // Layer 2, head 3 (1-based): 100 + 20 + 1 + i + j/8.
    EXPECT_EQ(stack.weights(1, 2)(0, 0), 121.0);
    EXPECT_EQ(stack.weights(1, 2)(3, 1), 124.125);
    EXPECT_EQ(stack.weights(0, 1)(2, 3), 13.375);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_FALSE(stack.isMasked(i, j)) << "not causal: nothing is masked";
}

TEST(AttentionStack, ACausalImportHasWeightZeroAfterTheQueryWhateverTheFileHolds) {
    const AttentionStack stack = AttentionStack::fromImported(numberedWeights(1, 2, 3, true));
    const Eigen::MatrixXd w = stack.weights(0, 1);
    for (int i = 0; i < 3; ++i) {
        EXPECT_FALSE(stack.rowFullyMasked(i)) << "a causal row keeps its own token";
        for (int j = 0; j < 3; ++j) {
            EXPECT_EQ(stack.isMasked(i, j), j > i) << "(" << i << ", " << j << ")";
            EXPECT_EQ(w(i, j), j > i ? 0.0 : 11.0 + i + j / 8.0) << "(" << i << ", " << j << ")";
        }
    }
}

TEST(AttentionStack, RefusesALayerOrHeadOutsideItCountingFromOne) {
    const AttentionStack stack = AttentionStack::fromImported(numberedWeights(2, 3, 2, false));
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)stack.weights(2, 0); }), "layer 3 does not exist (there are 2)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)stack.weights(-1, 0); }), "layer 0 does not exist (there are 2)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)stack.weights(0, 3); }), "head 4 does not exist (there are 3)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)stack.headRole(1, 5); }), "head 6 does not exist (there are 3)");
    const AttentionStack trace = AttentionStack::fromTrace(teachingTrace(4, false));
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)trace.weights(1, 0); }), "layer 2 does not exist (there are 1)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)trace.weights(0, 4); }), "head 5 does not exist (there are 4)");
}

TEST(AttentionStack, RefusesImportedWeightsOfAnotherCountThanLayersTimesHeads) {
    auto imported = numberedWeights(2, 3, 2, false);
    imported->weights.pop_back();
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)AttentionStack::fromImported(imported); }),
              "5 weight matrices given for 6 heads in all");
}

TEST(AttentionStack, RefusesAnotherNumberOfTokenTextsThanTheForwardPassHas) {
    auto trace = std::make_shared<gpt2::Gpt2Trace>();
    trace->tokenIds = {464, 3797, 3332};
    trace->heads = 1;
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)AttentionStack::fromModel(trace, {"The", " cat"}); }),
              "2 token texts given for a forward pass of 3 tokens");
}

TEST(AttentionStack, RolesAreGivenPerHeadForEveryLayerOrPerHeadOfEachLayer) {
    AttentionStack stack = AttentionStack::fromImported(numberedWeights(2, 3, 2, false));
    EXPECT_EQ(stack.headRole(1, 2), "") << "no role until the model names them";

    stack.setHeadRoles({"coreference", "previous token", "determiner → noun"});
    for (int layer = 0; layer < 2; ++layer) {
        EXPECT_EQ(stack.headRole(layer, 0), "coreference") << "layer " << layer + 1;
        EXPECT_EQ(stack.headRole(layer, 2), "determiner → noun") << "layer " << layer + 1;
    }

    stack.setHeadRoles({"a1", "a2", "a3", "b1", "b2", "b3"});
    EXPECT_EQ(stack.headRole(0, 2), "a3");
    EXPECT_EQ(stack.headRole(1, 0), "b1") << "layer-major: layer 2's first head is the fourth entry";

    EXPECT_EQ(messageOf<ConfigError>([&] { stack.setHeadRoles({"a", "b", "c", "d"}); }),
              "4 head roles given: expected 3 (one per head) or 6 (one per head of each layer)");
    EXPECT_EQ(stack.headRole(1, 0), "b1") << "a refused list changes nothing";

    stack.setHeadRoles({});
    EXPECT_EQ(stack.headRole(1, 0), "") << "an empty list takes the roles away";
}

TEST(AttentionStack, OneLayerTakesOneRolePerHead) {
    AttentionStack stack = AttentionStack::fromTrace(teachingTrace(4, false));
    stack.setHeadRoles({"coreference", "previous token", "determiner → noun", "negation → verb"});
    EXPECT_EQ(stack.headRole(0, 3), "negation → verb");
    EXPECT_EQ(messageOf<ConfigError>([&] { stack.setHeadRoles({"a", "b"}); }),
              "2 head roles given: expected 4 (one per head) or 4 (one per head of each layer)");
}

// --- GPT-2: every layer and head against the numpy reference -------------------------------------

class AttentionStackCheckpoint : public ::testing::TestWithParam<SentenceCase> {};

TEST_P(AttentionStackCheckpoint, EveryLayerAndHeadIsTheNumpyReferencesAttention) {
    const int sentence = GetParam().sentence;
    const testing::Gpt2TestCheckpoint checkpoint(attnviz::testing::gpt2Checkpoints() / "f32");
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() / ("f32_" + std::to_string(sentence) + ".json"));
    ASSERT_TRUE(in) << "the reference is missing (fixture gpt2_forward_references)";
    const nlohmann::json reference = nlohmann::json::parse(in);
    const auto ids = reference.at("token_ids").get<std::vector<int>>();
    gpt2::ForwardOptions options;
    options.threads = 2;
    const auto trace = std::make_shared<const gpt2::Gpt2Trace>(gpt2::runForward(checkpoint.weights(), ids, options));

    const AttentionStack stack = AttentionStack::fromModel(trace, reference.at("tokens").get<std::vector<std::string>>());
    EXPECT_EQ(stack.origin(), StackOrigin::Model);
    EXPECT_EQ(stack.trace(), nullptr) << "no single trace: Q and K come one layer at a time";
    const auto& attentions = reference.at("attentions");
    ASSERT_EQ(stack.layers(), static_cast<int>(attentions.size()));
    ASSERT_EQ(stack.layers(), 2);
    ASSERT_EQ(stack.heads(), 4);
    const int n = stack.size();
    ASSERT_EQ(n, static_cast<int>(ids.size()));
    for (int layer = 0; layer < stack.layers(); ++layer)
        for (int head = 0; head < stack.heads(); ++head) {
            const auto& rows = attentions[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
            Eigen::MatrixXd expected(n, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    expected(i, j) = rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>();
            const Eigen::MatrixXd actual = stack.weights(layer, head);
            EXPECT_EIGEN_NEAR(actual, expected, 0, 1e-4) << "layer " << layer + 1 << ", head " << head + 1;
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    ASSERT_EQ(stack.isMasked(i, j), j > i) << "causal: (" << i << ", " << j << ")";
                    // The same numbers as the trace's own weight(), which the heatmap and the steps show.
                    ASSERT_NEAR(actual(i, j), trace->weight(layer, head, i, j), 1e-15)
                        << "layer " << layer + 1 << ", head " << head + 1 << " (" << i << ", " << j << ")";
                }
        }
}

INSTANTIATE_TEST_SUITE_P(Sentences, AttentionStackCheckpoint,
                         ::testing::Values(SentenceCase{"english", 0}, SentenceCase{"french", 1}), testing::CaseNameOf());

}  // namespace
}  // namespace attnviz
