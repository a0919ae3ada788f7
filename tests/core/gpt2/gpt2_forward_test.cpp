// GPT-2's forward pass (core/gpt2/Gpt2Forward). Gpt2CheckpointForward: against the independent
// numpy reference (tests/reference/gpt2), run at test time on the generated checkpoints (fixtures
// gpt2_checkpoints and gpt2_forward_references): every layer's and head's attention weights,
// recomputed from the trace's Q, K and softmax statistics, and the next tokens' probabilities,
// within 1e-4 (the checkpoints opened by the loader, Gpt2Checkpoint). Gpt2Forward: refusals,
// cancel and progress on a small random model made here.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/SeededGenerator.h"
#include "core/gpt2/Gpt2Checkpoint.h"
#include "core/gpt2/Gpt2Forward.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/MessageOf.h"

namespace attnviz::gpt2 {
namespace {

using testing::messageOf;

struct ForwardCase {
    std::string name;
    std::string checkpoint;  ///< a folder written by make_checkpoints.py
    int sentence;            ///< its index in tests/core/gpt2/forward_sentences.json
};
void PrintTo(const ForwardCase& c, std::ostream* out) { *out << c.name; }

std::vector<ForwardCase> forwardCases() {
    std::vector<ForwardCase> cases;
    for (const char* checkpoint : {"f32", "f16", "bf16", "f32_n_inner"})
        for (int sentence = 0; sentence < 3; ++sentence)
            cases.push_back({std::string(checkpoint) + "_sentence" + std::to_string(sentence + 1), checkpoint, sentence});
    return cases;
}

class Gpt2CheckpointForward : public ::testing::TestWithParam<ForwardCase> {};

TEST_P(Gpt2CheckpointForward, EveryHeadsWeightsAndTheNextTokensMatchTheNumpyReference) {
    const ForwardCase& c = GetParam();
    const Gpt2Checkpoint checkpoint = Gpt2Checkpoint::open(attnviz::testing::gpt2Checkpoints() / c.checkpoint);
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() /
                     (c.checkpoint + "_" + std::to_string(c.sentence) + ".json"));
    ASSERT_TRUE(in) << "the reference of " << c.name << " is missing (fixture gpt2_forward_references)";
    const nlohmann::json reference = nlohmann::json::parse(in);
    const auto ids = reference.at("token_ids").get<std::vector<int>>();
    if (c.sentence == 2) {
        ASSERT_GE(ids.size(), 100u) << "the long sentence must have 100 tokens or more";
    }

    ForwardOptions options;
    options.threads = 2;
    const Gpt2Trace trace = runForward(checkpoint.weights(), ids, options);

    const int n = static_cast<int>(ids.size());
    const auto& attentions = reference.at("attentions");
    ASSERT_EQ(trace.layers.size(), attentions.size());
    for (std::size_t layer = 0; layer < attentions.size(); ++layer) {
        ASSERT_EQ(static_cast<std::size_t>(trace.heads), attentions[layer].size());
        for (int head = 0; head < trace.heads; ++head) {
            Eigen::MatrixXd expected(n, n), actual(n, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    expected(i, j) = attentions[layer][static_cast<std::size_t>(head)][static_cast<std::size_t>(i)]
                                               [static_cast<std::size_t>(j)]
                                                   .get<double>();
                    actual(i, j) = trace.weight(static_cast<int>(layer), head, i, j);
                }
            EXPECT_EIGEN_NEAR(actual, expected, 0, 1e-4) << c.name << ", layer " << layer + 1 << ", head " << head + 1;
        }
    }

    const auto& next = reference.at("next_tokens");
    ASSERT_EQ(trace.nextTokens.size(), next.size());
    for (std::size_t i = 0; i < next.size(); ++i) {
        EXPECT_EQ(trace.nextTokens[i].id, next[i].at("id").get<int>()) << c.name << ", next token " << i + 1;
        EXPECT_NEAR(trace.nextTokens[i].probability, next[i].at("p").get<double>(), 1e-4) << c.name << ", next token " << i + 1;
    }
}

INSTANTIATE_TEST_SUITE_P(Reference, Gpt2CheckpointForward, ::testing::ValuesIn(forwardCases()), testing::CaseNameOf());

// A small GPT-2 with seeded random weights, owned here (the forward pass reads views).
class RandomModel {
public:
    RandomModel(int layers, int heads, int embedding, int positions, int vocabulary) : generator_(11, "random-gpt2") {
        Gpt2Config& c = weights_.config;
        c.layers = layers;
        c.heads = heads;
        c.embedding = embedding;
        c.positions = positions;
        c.vocabulary = vocabulary;
        c.inner = 4 * embedding;
        weights_.tokenEmbedding = matrix(vocabulary, embedding);
        weights_.positionEmbedding = matrix(positions, embedding);
        weights_.outputEmbedding = weights_.tokenEmbedding;
        weights_.lnFWeight = vector(embedding, 1.0);
        weights_.lnFBias = vector(embedding, 0.0);
        for (int l = 0; l < layers; ++l) {
            Gpt2Layer layer;
            layer.ln1Weight = vector(embedding, 1.0);
            layer.ln1Bias = vector(embedding, 0.0);
            layer.attnWeight = matrix(embedding, 3 * embedding);
            layer.attnBias = vector(3 * embedding, 0.0);
            layer.attnProjWeight = matrix(embedding, embedding);
            layer.attnProjBias = vector(embedding, 0.0);
            layer.ln2Weight = vector(embedding, 1.0);
            layer.ln2Bias = vector(embedding, 0.0);
            layer.fcWeight = matrix(embedding, c.inner);
            layer.fcBias = vector(c.inner, 0.0);
            layer.mlpProjWeight = matrix(c.inner, embedding);
            layer.mlpProjBias = vector(embedding, 0.0);
            weights_.layers.push_back(layer);
        }
    }
    [[nodiscard]] const Gpt2Weights& weights() const { return weights_; }

private:
    const float* values(std::size_t count, double centre) {
        auto& storage = storage_.emplace_back(count);
        for (float& v : storage) v = static_cast<float>(centre + generator_.nextSymmetric(0.5));
        return storage.data();
    }
    MatrixView matrix(int rows, int cols) {
        return {values(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), 0.0), rows, cols};
    }
    std::span<const float> vector(int size, double centre) {
        return {values(static_cast<std::size_t>(size), centre), static_cast<std::size_t>(size)};
    }

    SeededGenerator generator_;
    std::vector<std::vector<float>> storage_;  // inner buffers keep their address when it grows
    Gpt2Weights weights_;
};

TEST(Gpt2Forward, RefusesNoTokenTooManyTokensAndAnIdOutsideTheVocabulary) {
    const RandomModel model(1, 2, 8, 6, 30);
    const ForwardOptions options;
    EXPECT_EQ(messageOf<InputError>([&] { (void)runForward(model.weights(), {}, options); }),
              "the sentence is empty: type at least one word");
    const std::vector<int> seven = {1, 2, 3, 4, 5, 6, 7};
    EXPECT_EQ(messageOf<InputError>([&] { (void)runForward(model.weights(), seven, options); }),
              "the sentence has 7 tokens, more than the limit of 6");
    const std::vector<int> outside = {1, 30};
    EXPECT_EQ(messageOf<InputError>([&] { (void)runForward(model.weights(), outside, options); }),
              "token id 30 at position 2 is outside the model's vocabulary of 30 tokens");
    const std::vector<int> negative = {-1};
    EXPECT_EQ(messageOf<InputError>([&] { (void)runForward(model.weights(), negative, options); }),
              "token id -1 at position 1 is outside the model's vocabulary of 30 tokens");
}

TEST(Gpt2Forward, ReportsEachLayerAndStopsBetweenLayersWhenCancelled) {
    const RandomModel model(3, 2, 16, 8, 40);
    const std::vector<int> ids = {3, 1, 4, 1, 5};
    std::vector<std::pair<int, int>> calls;
    ForwardOptions options;
    options.threads = 2;
    options.progress = [&](int done, int layers) { calls.emplace_back(done, layers); };
    const Gpt2Trace trace = runForward(model.weights(), ids, options);
    EXPECT_EQ(calls, (std::vector<std::pair<int, int>>{{1, 3}, {2, 3}, {3, 3}}));
    EXPECT_EQ(trace.layers.size(), 3u);
    EXPECT_EQ(trace.nextTokens.size(), 5u);

    std::atomic<bool> cancel{false};
    calls.clear();
    options.cancel = &cancel;
    options.progress = [&](int done, int layers) {
        calls.emplace_back(done, layers);
        cancel = true;  // as a newer request would, while layer 2 waits
    };
    EXPECT_THROW((void)runForward(model.weights(), ids, options), Cancelled);
    EXPECT_EQ(calls, (std::vector<std::pair<int, int>>{{1, 3}})) << "layer 2 ran after the cancel";
}

TEST(Gpt2Forward, EachRowOfWeightsSumsToOneOverTheKeysUpToItsQuery) {
    // A property of any causal softmax, checked on every row of every head.
    const RandomModel model(2, 4, 32, 16, 50);
    const std::vector<int> ids = {7, 0, 49, 12, 12, 3, 30, 1, 2, 5, 8};
    ForwardOptions options;
    options.threads = 2;
    const Gpt2Trace trace = runForward(model.weights(), ids, options);
    EXPECT_EQ(trace.headSize(), 8);
    for (int layer = 0; layer < 2; ++layer)
        for (int head = 0; head < 4; ++head)
            for (int i = 0; i < trace.tokenCount(); ++i) {
                double sum = 0;
                for (int j = 0; j < trace.tokenCount(); ++j) {
                    const double w = trace.weight(layer, head, i, j);
                    if (j > i) {
                        EXPECT_EQ(w, 0.0) << "a key after its query";
                    }
                    sum += w;
                }
                EXPECT_NEAR(sum, 1.0, 1e-5) << "layer " << layer << " head " << head << " row " << i;
            }
    double total = 0;
    for (const NextToken& token : trace.nextTokens) total += token.probability;
    EXPECT_GT(total, 0.0);
    EXPECT_LE(total, 1.0);
    for (std::size_t i = 1; i < trace.nextTokens.size(); ++i)
        EXPECT_GE(trace.nextTokens[i - 1].probability, trace.nextTokens[i].probability) << "most likely first";
}

TEST(Gpt2Forward, AWeightOutsideTheTraceIsRefusedByName) {
    const RandomModel model(2, 2, 8, 8, 20);
    const std::vector<int> ids = {1, 2, 3};
    const Gpt2Trace trace = runForward(model.weights(), ids, ForwardOptions{});
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)trace.weight(2, 0, 0, 0); }), "layer 3 does not exist (there are 2)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)trace.weight(0, 2, 0, 0); }), "head 3 does not exist (there are 2)");
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)trace.weight(0, 0, 3, 0); }), "cell (3, 0) is outside the 3×3 matrix");
}

}  // namespace
}  // namespace attnviz::gpt2
