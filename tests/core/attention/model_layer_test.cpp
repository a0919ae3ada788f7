// AttentionTrace::fromLayer: a trained model's layer, its softmax, context and output recomputed
// in float64 from the layer's Q, K, V — checked here against a 2-token case computed by hand;
// and the trace JSON of such a layer (core/formats/TraceJson), its model fields read back.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/TraceJson.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/MessageOf.h"

namespace attnviz {
namespace {

using testing::messageOf;

AttentionConfig modelConfig() {
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 1;
    config.preset = ProjectionPreset::Model;
    config.positionalEncoding = false;
    config.mask.causal = true;
    return config;
}

ModelLayer handLayer() {
    ModelLayer layer;
    layer.x = Eigen::MatrixXd::Identity(2, 2);
    layer.q = (Eigen::MatrixXd(2, 2) << 1, 0, 0, 2).finished();
    layer.k = (Eigen::MatrixXd(2, 2) << 2, 0, 0, 1).finished();
    layer.v = (Eigen::MatrixXd(2, 2) << 1, 2, 3, 4).finished();
    layer.wq = layer.wk = layer.wv = Eigen::MatrixXd::Identity(2, 2);
    layer.wo = (Eigen::MatrixXd(2, 2) << 1, 1, 0, 1).finished();
    layer.outputBias = (Eigen::RowVectorXd(2) << 0.5, -1).finished();
    layer.origin.model = "hand";
    layer.origin.layer = 2;
    layer.origin.layers = 3;
    layer.origin.tokenIds = {7, 9};
    layer.origin.nextTokens = {{4, "␣a", 0.75}};
    return layer;
}

std::vector<Token> twoTokens() { return {{"A", 0, 1, 7}, {"B", 1, 2, 9}}; }

TEST(ModelLayerTrace, WeightsContextAndOutputWithItsBiasAreComputedFromTheLayersQKV) {
    const AttentionTrace trace = AttentionTrace::fromLayer(twoTokens(), modelConfig(), handLayer());
    // Token 1 sees keys 0 and 1: scores 0 and 2, scaled by √2; token 0 sees only itself.
    const double w1 = std::exp(std::sqrt(2.0)) / (1 + std::exp(std::sqrt(2.0)));
    const Eigen::MatrixXd weights = (Eigen::MatrixXd(2, 2) << 1, 0, 1 - w1, w1).finished();
    const Eigen::MatrixXd context = (Eigen::MatrixXd(2, 2) << 1, 2, 1 + 2 * w1, 2 + 2 * w1).finished();
    // output = context · W_O + b = (c0, c0 + c1) + (0.5, −1)
    const Eigen::MatrixXd output = (Eigen::MatrixXd(2, 2) << 1.5, 2, 1.5 + 2 * w1, 2 + 4 * w1).finished();
    EXPECT_EIGEN_NEAR(trace.matrix(Step::Weights, 0), weights, 0, 1e-12);
    EXPECT_EIGEN_NEAR(trace.context(), context, 0, 1e-12);
    EXPECT_EIGEN_NEAR(trace.output(), output, 0, 1e-12);
    EXPECT_EQ(trace.projections().wo, handLayer().wo);
    EXPECT_EQ(trace.weight(0, 1, 1), trace.matrix(Step::Weights, 0)(1, 1));  // the views agree to the bit

    ASSERT_NE(trace.origin(), nullptr);
    EXPECT_EQ(trace.origin()->model, "hand");
    EXPECT_EQ(trace.origin()->layer, 2);
    EXPECT_EQ(trace.origin()->tokenIds, (std::vector<int>{7, 9}));
    EXPECT_EQ(trace.origin()->nextTokens, (std::vector<NextTokenGuess>{{4, "␣a", 0.75}}));
}

TEST(ModelLayerTrace, ALayerOfAnotherShapeIsRefusedByName) {
    ModelLayer layer = handLayer();
    layer.q = Eigen::MatrixXd::Zero(3, 2);
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)AttentionTrace::fromLayer(twoTokens(), modelConfig(), layer); }),
              "the model layer's Q is 3×2, expected 2×2");
}

TEST(ModelLayerTrace, TheModelPresetNeedsALayerAndOtherTracesHaveNoOrigin) {
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)AttentionTrace::fromTokens(twoTokens(), modelConfig()); }),
              "the projections \"model\" come from a model's checkpoint: open the model folder");
    EXPECT_EQ(AttentionTrace::compute("a b", AttentionConfig{}).origin(), nullptr);
}

std::string traceJsonOf(const AttentionTrace& trace) {
    std::ostringstream out;
    writeTraceJson(out, trace);
    return out.str();
}

TEST(ModelTraceJson, AddsTheModelTheLayerFromOneTheTokenIdsAndTheNextTokens) {
    const AttentionTrace trace = AttentionTrace::fromLayer(twoTokens(), modelConfig(), handLayer());
    const std::string text = traceJsonOf(trace);
    const nlohmann::json json = nlohmann::json::parse(text);
    EXPECT_EQ(json.at("version"), 1);
    EXPECT_EQ(json.at("model"), "hand");
    EXPECT_EQ(json.at("layer"), 3);  // origin.layer 2, counted from 1
    EXPECT_EQ(json.at("token_ids"), nlohmann::json::parse("[7, 9]"));
    EXPECT_EQ(json.at("next_tokens"), nlohmann::json::parse(R"([{"id": 4, "p": 0.75, "text": "␣a"}])"));
    EXPECT_EQ(json.at("config").at("preset"), "model");
    EXPECT_EQ(json.at("heads").size(), 1u);

    const TraceDocument document = readTraceJson(text);
    EXPECT_EQ(document.config.preset, ProjectionPreset::Model);
    ASSERT_TRUE(document.origin.has_value());
    EXPECT_EQ(document.origin->model, "hand");
    EXPECT_EQ(document.origin->layer, 2);
    EXPECT_EQ(document.origin->tokenIds, (std::vector<int>{7, 9}));
    EXPECT_EQ(document.origin->nextTokens, (std::vector<NextTokenGuess>{{4, "␣a", 0.75}}));
}

TEST(ModelTraceJson, OtherTracesHaveNoModelFieldsAndLayerZeroIsRefused) {
    const std::string plain = traceJsonOf(AttentionTrace::compute("a b", AttentionConfig{}));
    EXPECT_FALSE(nlohmann::json::parse(plain).contains("model"));
    EXPECT_FALSE(readTraceJson(plain).origin.has_value());

    nlohmann::json json = nlohmann::json::parse(traceJsonOf(AttentionTrace::fromLayer(twoTokens(), modelConfig(), handLayer())));
    json["layer"] = 0;
    EXPECT_EQ(messageOf<FormatError>([&] { (void)readTraceJson(json.dump()); }), "trace.layer: layers count from 1");
}

}  // namespace
}  // namespace attnviz
