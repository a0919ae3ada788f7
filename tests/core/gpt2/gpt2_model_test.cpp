// A real model's layer as the views read it (core/gpt2/Gpt2Model → AttentionTrace::fromLayer).
// Gpt2ModelCheckpoint: against the independent numpy reference run at test time on the generated
// checkpoints (fixtures gpt2_checkpoints … gpt2_forward_references): the token ids of the sentence,
// every layer's and head's weights as the trace's heatmap reads them (1e-4), the mean of a layer's
// heads, and the next tokens with their probabilities (1e-4).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Heads.h"
#include "core/gpt2/Gpt2Model.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/MessageOf.h"

namespace attnviz::gpt2 {
namespace {

using testing::messageOf;

std::string sentence(int index) {
    std::ifstream in(attnviz::testing::testDataDir() / "core" / "gpt2" / "forward_sentences.json");
    return nlohmann::json::parse(in).at(static_cast<std::size_t>(index)).get<std::string>();
}

nlohmann::json reference(const std::string& checkpoint, int sentenceIndex) {
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() /
                     (checkpoint + "_" + std::to_string(sentenceIndex) + ".json"));
    if (!in) throw std::runtime_error("the reference " + checkpoint + " is missing (fixture gpt2_forward_references)");
    return nlohmann::json::parse(in);
}

Eigen::MatrixXd referenceHead(const nlohmann::json& attentions, std::size_t layer, std::size_t head, int n) {
    Eigen::MatrixXd m(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            m(i, j) = attentions[layer][head][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get<double>();
    return m;
}

class Gpt2ModelCheckpoint : public ::testing::TestWithParam<std::string> {};

TEST_P(Gpt2ModelCheckpoint, EveryLayerTraceShowsTheNumpyReferencesWeightsAndNextTokens) {
    const std::string checkpoint = GetParam();
    const Gpt2Model model = Gpt2Model::open(attnviz::testing::gpt2Checkpoints() / checkpoint);
    EXPECT_EQ(model.name(), checkpoint);
    const nlohmann::json expected = reference(checkpoint, 1);
    const std::vector<Token> tokens = model.tokenize(sentence(1));
    std::vector<int> ids;
    for (const Token& token : tokens) ids.push_back(token.id);
    ASSERT_EQ(ids, expected.at("token_ids").get<std::vector<int>>());

    ForwardOptions options;
    options.threads = 2;
    const Gpt2Trace forward = model.forward(tokens, options);
    const int n = static_cast<int>(tokens.size());
    const auto& attentions = expected.at("attentions");
    ASSERT_EQ(static_cast<std::size_t>(model.config().layers), attentions.size());
    for (int layer = 0; layer < model.config().layers; ++layer) {
        const AttentionTrace trace = model.layerTrace(tokens, forward, layer);
        ASSERT_NE(trace.origin(), nullptr);
        EXPECT_EQ(trace.origin()->layer, layer);
        EXPECT_EQ(trace.origin()->tokenIds, ids);
        Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(n, n);
        for (int head = 0; head < trace.heads(); ++head) {
            const Eigen::MatrixXd numpy = referenceHead(attentions, static_cast<std::size_t>(layer),
                                                        static_cast<std::size_t>(head), n);
            EXPECT_EIGEN_NEAR(trace.matrix(Step::Weights, head), numpy, 0, 1e-4)
                << checkpoint << ", layer " << layer + 1 << ", head " << head + 1;
            sum += numpy;
        }
        EXPECT_EIGEN_NEAR(trace.matrix(Step::Weights, kAllHeads), sum / trace.heads(), 0, 1e-4)
            << checkpoint << ", layer " << layer + 1 << ", mean of the heads";
    }

    const AttentionTrace last = model.layerTrace(tokens, forward, model.config().layers - 1);
    const auto& next = expected.at("next_tokens");
    ASSERT_EQ(last.origin()->nextTokens.size(), next.size());
    for (std::size_t i = 0; i < next.size(); ++i) {
        EXPECT_EQ(last.origin()->nextTokens[i].id, next[i].at("id").get<int>()) << "next token " << i + 1;
        EXPECT_NEAR(last.origin()->nextTokens[i].probability, next[i].at("p").get<double>(), 1e-4);
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, Gpt2ModelCheckpoint, ::testing::Values(std::string("f32"), std::string("bf16")),
                         testing::CaseNameOf());

TEST(Gpt2ModelCheckpointSettings, TheAttentionIsCausalScaledAndNamesTheModelsLayersFromOne) {
    const Gpt2Model model = Gpt2Model::open(attnviz::testing::gpt2Checkpoints() / "f32" / "");
    EXPECT_EQ(model.name(), "f32");  // a trailing separator does not hide the folder's name
    const AttentionConfig config = model.attentionConfig();
    EXPECT_EQ(config.dModel, model.config().embedding);
    EXPECT_EQ(config.heads, model.config().heads);
    EXPECT_TRUE(config.mask.causal);
    EXPECT_TRUE(config.scaleBySqrtDk);
    EXPECT_EQ(config.preset, ProjectionPreset::Model);
    EXPECT_EQ(config.maxTokens, static_cast<std::size_t>(model.config().positions));

    const std::vector<Token> tokens = model.tokenize("The cat sat.");
    const Gpt2Trace forward = model.forward(tokens, ForwardOptions{});
    const int layers = model.config().layers;
    EXPECT_EQ(messageOf<Error>([&] { (void)model.layerTrace(tokens, forward, layers); }),
              "layer " + std::to_string(layers + 1) + " does not exist (the model has " + std::to_string(layers) + ")");
    EXPECT_EQ(messageOf<Error>([&] { (void)AttentionTrace::fromTokens(tokens, config); }),
              "the projections \"model\" come from a model's checkpoint: open the model folder");
}

TEST(Gpt2ModelCheckpointSettings, ASentenceLongerThanTheModelsPositionsIsRefused) {
    const Gpt2Model model = Gpt2Model::open(attnviz::testing::gpt2Checkpoints() / "f32");
    std::string text;
    for (int i = 0; i <= model.config().positions; ++i) text += " a";
    const std::string limit = std::to_string(model.config().positions);
    EXPECT_EQ(messageOf<Error>([&] { (void)model.tokenize(text); }),
              "the sentence has more than " + limit + " tokens: the model reads at most " + limit + " at once");
}

}  // namespace
}  // namespace attnviz::gpt2
