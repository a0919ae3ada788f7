// `attnviz export --model DIR` on the GPT-2 checkpoints generated at test time (fixtures
// gpt2_checkpoints … gpt2_forward_references, tests/core/CMakeLists.txt), against the independent
// numpy reference's forward pass of the same sentence: the CSV of a layer's head and of the mean
// of its heads (1e-4), the trace JSON's model fields; figures name the model, the layer and the
// head; every usage error and refusal exits with its status, one line, and writes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/formats/MatrixCsv.h"
#include "core/io/AtomicFile.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/CliRunner.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

using cli_test::runAttnviz;
using testing::TempFolder;

const std::filesystem::path kCheckpoints = attnviz::testing::gpt2Checkpoints();

/// Sentence 1 of tests/core/gpt2/forward_sentences.json (French: elisions, accents), whose
/// numpy forward pass the fixture wrote into <checkpoint>_1.json.
std::string referenceSentence() {
    std::ifstream in(attnviz::testing::testDataDir() / "core" / "gpt2" / "forward_sentences.json");
    return nlohmann::json::parse(in).at(1).get<std::string>();
}

nlohmann::json reference(const std::string& checkpoint) {
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() / (checkpoint + "_1.json"));
    if (!in) throw std::runtime_error("no reference for " + checkpoint + " (fixture gpt2_forward_references)");
    return nlohmann::json::parse(in);
}

/// Layer and head from 1, as the command line counts them.
Eigen::MatrixXd numpyHead(const nlohmann::json& ref, int layer, int head) {
    const auto& rows = ref.at("attentions").at(static_cast<std::size_t>(layer - 1)).at(static_cast<std::size_t>(head - 1));
    const auto n = static_cast<Eigen::Index>(rows.size());
    Eigen::MatrixXd m(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) m(i, j) = rows.at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(j)).get<double>();
    return m;
}

void expectOneLine(const testing::RunResult& r, int status, const std::string& expected, const std::string& what) {
    EXPECT_EQ(r.exitCode, status) << what << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << what << ": " << r.err;
}

class CliModelCheckpoint : public ::testing::TestWithParam<std::string> {};

TEST_P(CliModelCheckpoint, TheCsvOfAHeadAndOfTheMeanOfTheHeadsAreNumpysWeights) {
    const std::string checkpoint = GetParam();
    const nlohmann::json ref = reference(checkpoint);
    const int layers = static_cast<int>(ref.at("attentions").size());
    const int heads = static_cast<int>(ref.at("attentions").at(0).size());
    TempFolder folder;
    const std::string model = (kCheckpoints / checkpoint).string();
    for (int layer = 1; layer <= layers; ++layer) {
        const int head = layer == 1 ? 1 : heads;  // the first and the last head
        const std::string out = folder.file("head.csv");
        auto r = runAttnviz({"export", "--model", model, "--text", referenceSentence(), "--layer",
                             std::to_string(layer), "--head", std::to_string(head), "--step", "weights", "-o", out});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const CsvMatrix csv = readMatrixCsv(readFileBytes(out));
        EXPECT_EIGEN_NEAR(csv.values, numpyHead(ref, layer, head), 0, 1e-4) << "layer " << layer << ", head " << head;
        EXPECT_EQ(csv.corner, "weights (head " + std::to_string(head) + ")");

        r = runAttnviz({"export", "--model", model, "--text", referenceSentence(), "--layer", std::to_string(layer),
                        "--head", "mean", "-o", out});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Eigen::MatrixXd mean = numpyHead(ref, layer, 1);
        for (int h = 2; h <= heads; ++h) mean += numpyHead(ref, layer, h);
        mean /= heads;
        EXPECT_EIGEN_NEAR(readMatrixCsv(readFileBytes(out)).values, mean, 0, 1e-4) << "layer " << layer << ", mean";
    }
}

TEST_P(CliModelCheckpoint, TheTraceJsonHoldsTheLayersHeadsTheTokenIdsAndTheNextTokens) {
    const std::string checkpoint = GetParam();
    const nlohmann::json ref = reference(checkpoint);
    const int layers = static_cast<int>(ref.at("attentions").size());
    TempFolder folder;
    const std::string out = folder.file("trace.json");
    const auto r = runAttnviz({"export", "--model", (kCheckpoints / checkpoint).string(), "--text",
                               referenceSentence(), "--layer", std::to_string(layers), "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json trace = nlohmann::json::parse(readFileBytes(out));
    EXPECT_EQ(trace.at("version"), 1);
    EXPECT_EQ(trace.at("model"), checkpoint);
    EXPECT_EQ(trace.at("layer"), layers);
    EXPECT_EQ(trace.at("token_ids"), ref.at("token_ids"));
    const auto& heads = trace.at("heads");
    ASSERT_EQ(heads.size(), ref.at("attentions").at(static_cast<std::size_t>(layers - 1)).size());
    for (std::size_t h = 0; h < heads.size(); ++h) {
        EXPECT_EQ(heads[h].at("head"), h);
        const auto rows = heads[h].at("weights").get<std::vector<std::vector<double>>>();
        const Eigen::MatrixXd expected = numpyHead(ref, layers, static_cast<int>(h) + 1);
        ASSERT_EQ(static_cast<Eigen::Index>(rows.size()), expected.rows());
        for (Eigen::Index i = 0; i < expected.rows(); ++i)
            for (Eigen::Index j = 0; j < expected.cols(); ++j)
                EXPECT_NEAR(rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)], expected(i, j), 1e-4)
                    << "head " << h + 1 << " (" << i << ", " << j << ")";
    }
    const auto& next = trace.at("next_tokens");
    const auto& expectedNext = ref.at("next_tokens");
    ASSERT_EQ(next.size(), expectedNext.size());
    for (std::size_t i = 0; i < next.size(); ++i) {
        EXPECT_EQ(next[i].at("id"), expectedNext[i].at("id")) << "next token " << i + 1;
        EXPECT_NEAR(next[i].at("p").get<double>(), expectedNext[i].at("p").get<double>(), 1e-4) << "next token " << i + 1;
        EXPECT_TRUE(next[i].at("text").is_string());
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, CliModelCheckpoint, ::testing::Values(std::string("f32"), std::string("bf16")),
                         testing::CaseNameOf());

TEST(CliModelCheckpointFigures, EveryFigureFormatIsWrittenAndNamesTheModelLayerAndHead) {
    TempFolder folder;
    const std::string model = (kCheckpoints / "f32").string();
    for (const std::string format : {"png", "svg", "pdf"}) {
        const std::string out = folder.file("figure." + format);
        const auto r = runAttnviz({"export", "--model", model, "--text", "The cat sat on the mat.", "--layer", "2",
                                   "--head", "3", "--step", "scores", "-o", out});
        ASSERT_EQ(r.exitCode, 0) << format << ": " << r.err;
        EXPECT_GT(std::filesystem::file_size(out), 1000u) << format;
    }
    // SVG keeps its text: the caption and the readable tokens (a leading space as "␣").
    const std::string svg = readFileBytes(folder.file("figure.svg"));
    EXPECT_NE(svg.find("f32 · layer 2 · head 3"), std::string::npos);
    EXPECT_NE(svg.find("␣cat"), std::string::npos);
}

TEST(CliModelCheckpointRefusals, OptionsThatSetWeightsOrSizesAreUsageErrors) {
    const std::string model = (kCheckpoints / "f32").string();
    const std::vector<std::vector<std::string>> options = {
        {"--projections", "random"}, {"--weights", "w.json"}, {"--d-model", "8"}, {"--heads", "2"}, {"--seed", "7"}};
    for (const std::vector<std::string>& option : options) {
        TempFolder folder;
        std::vector<std::string> arguments = {"export", "--model", model, "--text", "The cat", "-o", folder.file("w.csv")};
        arguments.insert(arguments.end(), option.begin(), option.end());
        const auto r = runAttnviz(arguments);
        expectOneLine(r, 2, option.front() + " cannot be used with --model", option.front());
        EXPECT_TRUE(folder.entries().empty()) << option.front();
    }
}

TEST(CliModelCheckpointRefusals, AFolderThatCannotBeOpenedIsAFailureWithTheLoadersLine) {
    const std::vector<std::pair<std::string, std::string>> folders = {
        {(kCheckpoints / "no_such_model").string(), "no such folder"},
        {(kCheckpoints / "bad_model_type_bert").string(), "model type 'bert' is not supported"},
        {(kCheckpoints / "bad_pytorch_bin_only").string(), "download model.safetensors"}};
    for (const auto& [model, expected] : folders) {
        TempFolder folder;
        const auto r = runAttnviz({"export", "--model", model, "--text", "The cat", "-o", folder.file("t.json")});
        expectOneLine(r, 1, expected, model);
        EXPECT_TRUE(folder.entries().empty()) << model;
    }
}

TEST(CliModelCheckpointRefusals, ASentenceLongerThanTheModelsPositionsIsAFailure) {
    const nlohmann::json config = nlohmann::json::parse(readFileBytes(kCheckpoints / "f32" / "config.json"));
    const int positions = config.at("n_positions").get<int>();
    std::string sentence;
    for (int i = 0; i <= positions; ++i) sentence += " cat";
    TempFolder folder;
    const auto r = runAttnviz({"export", "--model", (kCheckpoints / "f32").string(), "--text", sentence, "-o",
                               folder.file("w.csv")});
    expectOneLine(r, 1, "the sentence has more than " + std::to_string(positions) + " tokens", "long sentence");
    EXPECT_TRUE(folder.entries().empty());
}

TEST(CliModelCheckpointRefusals, LayersAndHeadsBeyondTheModelsAreUsageErrorsCountedFromOne) {
    const std::string model = (kCheckpoints / "f32").string();
    const nlohmann::json config = nlohmann::json::parse(readFileBytes(kCheckpoints / "f32" / "config.json"));
    const int layers = config.at("n_layer").get<int>(), heads = config.at("n_head").get<int>();
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--layer", std::to_string(layers + 1)},
         "layer " + std::to_string(layers + 1) + " does not exist (the model has " + std::to_string(layers) + ")"},
        {{"--head", std::to_string(heads + 1)},
         "head " + std::to_string(heads + 1) + " does not exist (each layer of the model has " + std::to_string(heads) + ")"},
        {{"--layer", "0"}, "--layer 0: layers count from 1"},
        {{"--layer", "two"}, "--layer: expected an integer of at least 1"}};
    for (const auto& [option, expected] : cases) {
        TempFolder folder;
        std::vector<std::string> arguments = {"export", "--model", model, "--text", "The cat", "-o", folder.file("w.png")};
        arguments.insert(arguments.end(), option.begin(), option.end());
        expectOneLine(runAttnviz(arguments), 2, expected, option.front() + " " + option.back());
        EXPECT_TRUE(folder.entries().empty());
    }
    TempFolder folder;
    expectOneLine(runAttnviz({"export", "--text", "The cat", "--layer", "1", "-o", folder.file("w.png")}), 2,
                  "--layer needs --model", "--layer without --model");
    EXPECT_TRUE(folder.entries().empty());
}

}  // namespace
}  // namespace attnviz
