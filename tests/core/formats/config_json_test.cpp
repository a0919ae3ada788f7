// AttentionConfig <-> JSON: every field, exact round trip (uint64 seed, bit-identical doubles),
// and errors naming the field.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "core/base/Errors.h"
#include "core/formats/ConfigJson.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/MessageOf.h"

using attnviz::AttentionConfig;
using attnviz::configFromJson;
using attnviz::configToJson;
using attnviz::FormatError;
using attnviz::ProjectionPreset;
using attnviz::testing::bitIdentical;
using attnviz::testing::messageOf;

namespace {

void expectSameConfig(const AttentionConfig& a, const AttentionConfig& b) {
    EXPECT_EQ(a.dModel, b.dModel);
    EXPECT_EQ(a.heads, b.heads);
    EXPECT_EQ(a.scaleBySqrtDk, b.scaleBySqrtDk);
    EXPECT_TRUE(bitIdentical(a.temperature, b.temperature));
    EXPECT_EQ(a.seed, b.seed);
    EXPECT_EQ(a.positionalEncoding, b.positionalEncoding);
    EXPECT_EQ(a.preset, b.preset);
    EXPECT_TRUE(bitIdentical(a.supplied.wq(), b.supplied.wq()));
    EXPECT_TRUE(bitIdentical(a.supplied.wk(), b.supplied.wk()));
    EXPECT_TRUE(bitIdentical(a.supplied.wv(), b.supplied.wv()));
    EXPECT_TRUE(bitIdentical(a.supplied.wo(), b.supplied.wo()));
    EXPECT_EQ(a.mask.causal, b.mask.causal);
    EXPECT_EQ(a.mask.window, b.mask.window);
    EXPECT_EQ(a.mask.globalTokens, b.mask.globalTokens);
    EXPECT_EQ(a.mask.padTo, b.mask.padTo);
    EXPECT_EQ(a.mask.customMasked, b.mask.customMasked);
    EXPECT_EQ(a.maxTokens, b.maxTokens);
}

AttentionConfig everyFieldSet() {
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 2;
    config.scaleBySqrtDk = false;
    config.temperature = 0.1;
    config.seed = std::numeric_limits<std::uint64_t>::max();  // 2^64 − 1
    config.positionalEncoding = false;
    config.preset = ProjectionPreset::Supplied;
    config.supplied = {Eigen::MatrixXd{{0.1, -0.0}, {1.0 / 3.0, 5e-324}},
                       Eigen::MatrixXd{{1e300, -2.5e-308}, {123456789.0, -1.0}},
                       Eigen::MatrixXd{{1.0, 0.0}, {0.0, 1.0}},
                       Eigen::MatrixXd{{std::nextafter(1.0, 2.0), 0.30000000000000004}, {-7.0, 2.0}}};
    config.mask.causal = true;
    config.mask.window = 3;
    config.mask.globalTokens = {4, 0};
    config.mask.padTo = 9;
    config.mask.customMasked = {{1, 0}, {2, 1}};
    config.maxTokens = 123;
    return config;
}

std::string formatErrorOf(const std::string& text) {
    return messageOf<FormatError>([&] { (void)configFromJson(nlohmann::json::parse(text)); });
}

TEST(ConfigJson, EveryFieldRoundTripsExactlyThroughText) {
    const AttentionConfig config = everyFieldSet();
    const std::string text = configToJson(config).dump();
    const AttentionConfig back = configFromJson(nlohmann::json::parse(text));
    expectSameConfig(back, config);
    EXPECT_TRUE(std::signbit(back.supplied.wq()(0, 1)));
    EXPECT_TRUE(back == config);
    // Without going through text (the JSON then holds signed integers).
    expectSameConfig(configFromJson(configToJson(config)), config);
}

TEST(ConfigJson, DefaultConfigRoundTrips) {
    const AttentionConfig config;
    const AttentionConfig back = configFromJson(nlohmann::json::parse(configToJson(config).dump()));
    expectSameConfig(back, config);
    EXPECT_FALSE(configToJson(config).contains("supplied"));
}

TEST(ConfigJson, WrittenFieldsHaveTheDocumentedNamesAndValues) {
    const nlohmann::json json = configToJson(everyFieldSet());
    EXPECT_EQ(json["seed"].dump(), "18446744073709551615");
    EXPECT_EQ(json["preset"], "supplied");
    AttentionConfig model;
    model.preset = ProjectionPreset::Model;
    EXPECT_EQ(configToJson(model)["preset"], "model");
    EXPECT_EQ(json["d_model"], 2);
    EXPECT_EQ(json["scale"], false);
    EXPECT_EQ(json["positional_encoding"], false);
    EXPECT_EQ(json["temperature"].dump(), "0.1");
    EXPECT_EQ(json["max_tokens"], 123);
    EXPECT_EQ(json["mask"].dump(),
              R"({"causal":true,"custom_masked":[[1,0],[2,1]],"global_tokens":[4,0],"pad_to":9,"window":3})");
    EXPECT_EQ(json["supplied"]["W_Q"].dump(), "[[0.1,-0.0],[0.3333333333333333,5e-324]]");
}

TEST(ConfigJson, ReadsHandWrittenJsonWithDefaultsForMissingFields) {
    const AttentionConfig config = configFromJson(nlohmann::json::parse(R"({
        "d_model": 4, "heads": 2, "seed": "18446744073709551615", "temperature": 2,
        "preset": "identity", "mask": {"custom_masked": [[1, 0]], "window": 2}
    })"));
    EXPECT_EQ(config.dModel, 4);
    EXPECT_EQ(config.heads, 2);
    EXPECT_EQ(config.seed, 18446744073709551615ULL);
    EXPECT_EQ(config.temperature, 2.0);
    EXPECT_EQ(config.preset, ProjectionPreset::Identity);
    EXPECT_EQ(config.mask.window, 2);
    EXPECT_EQ(config.mask.customMasked, (std::set<std::pair<int, int>>{{1, 0}}));
    EXPECT_TRUE(config.scaleBySqrtDk);  // defaults
    EXPECT_TRUE(config.positionalEncoding);
    EXPECT_FALSE(config.mask.causal);
    EXPECT_EQ(config.maxTokens, 4096u);
    EXPECT_EQ(configFromJson(nlohmann::json::parse(R"({"seed": 7})")).seed, 7u);
}

TEST(ConfigJson, WrongFieldsAreRefusedWithTheirName) {
    EXPECT_EQ(formatErrorOf(R"({"temperature": "hot"})"), "config.temperature: expected a number (got a string)");
    EXPECT_EQ(formatErrorOf(R"({"heads": 1.5})"), "config.heads: expected an integer (got a fractional number)");
    EXPECT_EQ(formatErrorOf(R"({"d_model": 3000000000})"), "config.d_model: 3000000000 is too large");
    EXPECT_EQ(formatErrorOf(R"({"scale": 1})"), "config.scale: expected true or false (got an integer)");
    EXPECT_EQ(formatErrorOf(R"({"tempreature": 1})"), "config: unknown field \"tempreature\"");
    EXPECT_EQ(formatErrorOf(R"({"preset": "magic"})"),
              "config.preset: \"magic\" is not one of \"random\", \"identity\", \"supplied\", \"teaching\", "
              "\"teaching-heads\", \"model\"");
    // A model's projections are its checkpoint's: the settings alone cannot bring them back.
    EXPECT_EQ(formatErrorOf(R"({"preset": "model"})"),
              "config.preset: the projections \"model\" come from a model's checkpoint: open the model folder");
    EXPECT_EQ(formatErrorOf(R"({"seed": -1})"), "config.seed: expected a non-negative integer or a string of digits (got a negative integer)");
    EXPECT_EQ(formatErrorOf(R"({"seed": "12x"})"), "config.seed: \"12x\" is not a decimal integer");
    EXPECT_EQ(formatErrorOf(R"({"seed": "18446744073709551616"})"),
              "config.seed: \"18446744073709551616\" is larger than 18446744073709551615");
    EXPECT_EQ(formatErrorOf(R"({"seed": 1.0})"),
              "config.seed: expected a non-negative integer or a string of digits (got a fractional number)");
    EXPECT_EQ(formatErrorOf(R"({"mask": {"custom_masked": [[1]]}})"),
              "config.mask.custom_masked[0]: expected a [query, key] pair (got an array)");
    EXPECT_EQ(formatErrorOf(R"({"mask": {"global_tokens": [0, "x"]}})"),
              "config.mask.global_tokens[1]: expected an integer (got a string)");
    EXPECT_EQ(formatErrorOf(R"({"mask": {"causal": true, "size": 3}})"), "config.mask: unknown field \"size\"");
    EXPECT_EQ(formatErrorOf(R"({"supplied": {"W_Q": [[1, 2], [3]]}})"),
              "config.supplied.W_Q[1]: has 1 numbers, expected 2 like row 0");
    EXPECT_EQ(formatErrorOf(R"({"supplied": {"W_K": [[1, null]]}})"),
              "config.supplied.W_K[0][1]: expected a number (got null)");
    EXPECT_EQ(formatErrorOf(R"({"max_tokens": -5})"), "config.max_tokens: expected a non-negative integer (got a negative integer)");
    EXPECT_EQ(formatErrorOf(R"([1, 2])"), "config: expected an object (got an array)");
}

}  // namespace
