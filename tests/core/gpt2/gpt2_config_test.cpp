#include "core/gpt2/Gpt2Config.h"

#include <gtest/gtest.h>

#include <string>

#include "core/base/Errors.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz::gpt2 {
namespace {

using testing::messageOf;

// config.json of Hugging Face's "gpt2" (GPT-2 small), as published.
constexpr const char* kGpt2Small = R"({
  "activation_function": "gelu_new",
  "architectures": ["GPT2LMHeadModel"],
  "attn_pdrop": 0.1,
  "bos_token_id": 50256,
  "embd_pdrop": 0.1,
  "eos_token_id": 50256,
  "initializer_range": 0.02,
  "layer_norm_epsilon": 1e-05,
  "model_type": "gpt2",
  "n_ctx": 1024,
  "n_embd": 768,
  "n_head": 12,
  "n_layer": 12,
  "n_positions": 1024,
  "resid_pdrop": 0.1,
  "summary_activation": null,
  "summary_first_dropout": 0.1,
  "summary_proj_to_labels": true,
  "summary_type": "cls_index",
  "summary_use_proj": true,
  "task_specific_params": {"text-generation": {"do_sample": true, "max_length": 50}},
  "vocab_size": 50257
})";

/// A small config with one more member (", \"key\": value") or none.
std::string smallConfig(const std::string& extra = {}) {
    return R"({"model_type": "gpt2", "n_layer": 2, "n_head": 4, "n_embd": 64, "n_positions": 128,)"
           R"( "vocab_size": 50257)" + extra + "}";
}

std::string refusal(const std::string& text) {
    return messageOf<FormatError>([&] { (void)parseGpt2Config(text); });
}

TEST(Gpt2Config, ReadsGpt2SmallsConfig) {
    const Gpt2Config config = parseGpt2Config(kGpt2Small);
    EXPECT_EQ(config.layers, 12);
    EXPECT_EQ(config.heads, 12);
    EXPECT_EQ(config.embedding, 768);
    EXPECT_EQ(config.positions, 1024);
    EXPECT_EQ(config.vocabulary, 50257);
    EXPECT_EQ(config.inner, 3072) << "n_inner absent: 4 × n_embd";
    EXPECT_EQ(config.layerNormEpsilon, 1e-5);
    EXPECT_EQ(config.headSize(), 64);
}

TEST(Gpt2Config, ReadsNInnerAndEpsilonWhenSet) {
    const Gpt2Config config = parseGpt2Config(smallConfig(R"(, "n_inner": 96, "layer_norm_epsilon": 0.001)"));
    EXPECT_EQ(config.inner, 96);
    EXPECT_EQ(config.layerNormEpsilon, 1e-3);
    EXPECT_EQ(parseGpt2Config(smallConfig(R"(, "n_inner": null)")).inner, 256) << "null: 4 × n_embd";
    EXPECT_EQ(parseGpt2Config(smallConfig()).layerNormEpsilon, 1e-5) << "absent: Hugging Face's default";
}

TEST(Gpt2Config, AcceptsTheOptionsAtTheValuesAttnVizComputes) {
    EXPECT_NO_THROW((void)parseGpt2Config(smallConfig(
        R"(, "scale_attn_weights": true, "scale_attn_by_inverse_layer_idx": false, "reorder_and_upcast_attn": false)")));
}

TEST(Gpt2Config, RefusesAnotherModelType) {
    EXPECT_EQ(refusal(R"({"model_type": "bert", "hidden_size": 768})"),
              "model type 'bert' is not supported: AttnViz reads GPT-2-family models");
    EXPECT_EQ(refusal(R"({"n_layer": 2})"), "the field \"model_type\" is missing");
}

TEST(Gpt2Config, RefusesAnotherActivation) {
    EXPECT_EQ(refusal(smallConfig(R"(, "activation_function": "relu")")),
              "activation_function: \"relu\" is not supported (AttnViz computes \"gelu_new\" only)");
}

TEST(Gpt2Config, RefusesScaleAttnByInverseLayerIdx) {
    EXPECT_EQ(refusal(smallConfig(R"(, "scale_attn_by_inverse_layer_idx": true)")),
              "scale_attn_by_inverse_layer_idx: true is not supported (AttnViz computes false only)");
}

TEST(Gpt2Config, RefusesReorderAndUpcastAttn) {
    EXPECT_EQ(refusal(smallConfig(R"(, "reorder_and_upcast_attn": true)")),
              "reorder_and_upcast_attn: true is not supported (AttnViz computes false only)");
}

TEST(Gpt2Config, RefusesUnscaledAttention) {
    EXPECT_EQ(refusal(smallConfig(R"(, "scale_attn_weights": false)")),
              "scale_attn_weights: false is not supported (AttnViz computes true only)");
}

TEST(Gpt2Config, RefusesSizesThatAreNotPositiveIntegers) {
    EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_layer": 0})"), "n_layer: expected a positive integer");
    EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_layer": "12"})"),
              "n_layer: expected a positive integer (got a string)");
    EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_layer": 2, "n_head": 4})"), "the field \"n_embd\" is missing");
    EXPECT_EQ(refusal(smallConfig(R"(, "n_inner": 1e3)")), "n_inner: expected a positive integer (got a fractional number)");
    EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_layer": 16777217})"), "n_layer: 16777217 is too large");
}

TEST(Gpt2Config, RefusesHeadsThatDoNotDivideTheEmbedding) {
    EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_layer": 2, "n_head": 5, "n_embd": 64, "n_positions": 8,)"
                      R"( "vocab_size": 10})"),
              "n_head: 5 heads do not divide d_model = 64: d_k = d_model / heads must be a whole number");
}

TEST(Gpt2Config, RefusesAnEpsilonThatIsNotPositive) {
    EXPECT_EQ(refusal(smallConfig(R"(, "layer_norm_epsilon": 0)")), "layer_norm_epsilon: 0 is out of range");
}

TEST(Gpt2Config, RefusesDamagedJson) {
    EXPECT_EQ(refusal(""), "damaged JSON: the file is empty");
    EXPECT_EQ(refusal("{\"model_type\": \"gpt2\",").rfind("damaged JSON: ", 0), 0u);
    EXPECT_EQ(refusal("[]"), "expected an object (got an array)");
}

TEST(Gpt2Config, FileRefusalsNameTheFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("config.json");
    testing::writeFile(path, R"({"model_type": "bert"})");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)readGpt2Config(path); }),
              path + ": model type 'bert' is not supported: AttnViz reads GPT-2-family models");
    testing::writeFile(path, kGpt2Small);
    EXPECT_EQ(readGpt2Config(path).layers, 12);
}

}  // namespace
}  // namespace attnviz::gpt2
