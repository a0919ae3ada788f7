// buildSource (core/sources), the one builder the window and attnviz export share: each kind of
// source gives the trace and stack the views read and says what it can show; what was built
// before is reused, not made again; a cancelled build stops. AttentionSourceCheckpoint: a trained
// model's source against the independent numpy GPT-2 reference (fixture gpt2_forward_references).
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/model/TeachingConfig.h"
#include "core/sources/AttentionSource.h"
#include "tests/core/heads/HeadTestCases.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/EigenAssertions.h"

namespace attnviz {
namespace {

using testing::kChapterSentence;

SourceRequest teachingRequest(bool heads) {
    SourceRequest request;
    request.sentence = kChapterSentence;
    request.config = heads ? withTeachingHeads(teachingConfig()) : teachingConfig();
    return request;
}

std::shared_ptr<ImportedWeights> uniformWeights(int layers, int heads, int n) {
    auto imported = std::make_shared<ImportedWeights>();
    imported->layers = layers;
    imported->heads = heads;
    for (int i = 0; i < n; ++i) imported->tokens.push_back("t" + std::to_string(i + 1));
    for (int k = 0; k < layers * heads; ++k)
        imported->weights.push_back(Eigen::MatrixXf::Constant(n, n, 1.0F / static_cast<float>(n)));
    return imported;
}

TEST(AttentionSource, TheTeachingModelShowsEveryStepAndItsWeightsAreTheUsers) {
    const AttentionSource source = buildSource(teachingRequest(false));
    ASSERT_NE(source.trace, nullptr);
    EXPECT_EQ(source.run, nullptr) << "no model, no forward pass";
    ASSERT_NE(source.stack, nullptr);
    EXPECT_EQ(source.stack->trace(), source.trace.get()) << "the stack is the trace's own heads";
    EXPECT_EQ(source.stack->layers(), 1);
    EXPECT_EQ(source.trace->size(), 15) << "the chapter's sentence: 15 tokens";
    SourceCapabilities expected;
    expected.hasQueriesAndKeys = true;
    expected.hasEditableWeights = true;
    EXPECT_EQ(source.capabilities, expected) << "one head without a written role, no layers, no next tokens";
}

TEST(AttentionSource, TheTeachingHeadsSayWhatTheyDoInTheLanguageAsked) {
    SourceRequest request = teachingRequest(true);
    const AttentionSource english = buildSource(request);
    request.language = "fr";
    const AttentionSource french = buildSource(request);
    EXPECT_TRUE(english.capabilities.hasHeadRoles);
    ASSERT_EQ(english.stack->heads(), 4);
    const std::vector<std::string> englishRoles = teachingHeadRoles(english.trace->config(), "");
    const std::vector<std::string> frenchRoles = teachingHeadRoles(french.trace->config(), "fr");
    ASSERT_EQ(englishRoles.size(), 4u);
    for (int head = 0; head < 4; ++head) {
        const auto h = static_cast<std::size_t>(head);
        EXPECT_FALSE(englishRoles[h].empty()) << "head " << head + 1;
        EXPECT_EQ(english.stack->headRole(0, head), englishRoles[h]) << "head " << head + 1;
        EXPECT_EQ(french.stack->headRole(0, head), frenchRoles[h]) << "head " << head + 1;
    }
    EXPECT_NE(englishRoles, frenchRoles) << "the French roles are written in French";
}

TEST(AttentionSource, WhatWasBuiltBeforeIsReusedNotMadeAgain) {
    const AttentionSource first = buildSource(teachingRequest(false));
    SourceRequest again = teachingRequest(false);
    again.reuseTrace = first.trace;
    again.reuseStack = first.stack;
    const AttentionSource second = buildSource(again);
    EXPECT_EQ(second.trace, first.trace);
    EXPECT_EQ(second.stack, first.stack);
}

TEST(AttentionSource, ImportedWeightsAreShownAsTheyAreWithoutQueriesAndKeys) {
    SourceRequest request;
    request.imported = std::make_shared<const AttentionStack>(AttentionStack::fromImported(uniformWeights(1, 2, 3)));
    request.sentence = "ignored: the file gives the tokens";
    const AttentionSource one = buildSource(request);
    EXPECT_EQ(one.trace, nullptr);
    EXPECT_EQ(one.stack, request.imported);
    EXPECT_EQ(one.capabilities, SourceCapabilities{}) << "one layer: nothing but the weights";
    request.imported = std::make_shared<const AttentionStack>(AttentionStack::fromImported(uniformWeights(3, 2, 3)));
    EXPECT_TRUE(buildSource(request).capabilities.hasLayers) << "three layers to choose from";
}

TEST(AttentionSource, ACancelledBuildStops) {
    const std::atomic<bool> cancelled{true};
    SourceRequest request = teachingRequest(false);
    request.cancel = &cancelled;
    EXPECT_THROW((void)buildSource(request), Cancelled);
}

TEST(AttentionSource, ARefusedSentenceIsTheCoresRefusal) {
    SourceRequest request = teachingRequest(false);
    request.sentence = "";
    EXPECT_THROW((void)buildSource(request), InputError);
}

// A trained model: the layer asked for, every layer in the stack, the forward pass kept so that
// another layer is a new trace of the same run.
TEST(AttentionSourceCheckpoint, AModelsLayerIsTheNumpyReferencesAndAnotherLayerReusesTheRun) {
    std::ifstream sentences(attnviz::testing::testDataDir() / "core" / "gpt2" / "forward_sentences.json");
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() / "f32_1.json");
    ASSERT_TRUE(in) << "the reference is missing (fixture gpt2_forward_references)";
    const nlohmann::json reference = nlohmann::json::parse(in);
    const auto& attentions = reference.at("attentions");

    SourceRequest request;
    request.model = std::make_shared<const gpt2::Gpt2Model>(
        gpt2::Gpt2Model::open(attnviz::testing::gpt2Checkpoints() / "f32"));
    request.sentence = nlohmann::json::parse(sentences).at(1).get<std::string>();
    request.layer = 1;
    request.threads = 2;
    const AttentionSource layer2 = buildSource(request);
    ASSERT_NE(layer2.run, nullptr);
    ASSERT_NE(layer2.trace, nullptr);
    EXPECT_EQ(layer2.stack->layers(), static_cast<int>(attentions.size()));
    SourceCapabilities expected;
    expected.hasQueriesAndKeys = true;
    expected.hasLayers = true;
    expected.hasNextTokens = true;
    EXPECT_EQ(layer2.capabilities, expected);

    const int n = layer2.trace->size();
    const auto numpyHead = [&](std::size_t layer, std::size_t head) {
        Eigen::MatrixXd m(n, n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                m(i, j) = attentions[layer][head][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>();
        return m;
    };
    EXPECT_EIGEN_NEAR(layer2.trace->matrix(Step::Weights, 0), numpyHead(1, 0), 0, 1e-4) << "layer 2, head 1";

    request.layer = 0;
    request.reuseRun = layer2.run;
    request.reuseStack = layer2.stack;
    const AttentionSource layer1 = buildSource(request);
    EXPECT_EQ(layer1.run, layer2.run) << "another layer: no new forward pass";
    EXPECT_EQ(layer1.stack, layer2.stack);
    EXPECT_EIGEN_NEAR(layer1.trace->matrix(Step::Weights, 1), numpyHead(0, 1), 0, 1e-4) << "layer 1, head 2";
}

}  // namespace
}  // namespace attnviz
