// attnviz export --attention FILE: weights computed elsewhere (tests/fixtures/imported, written by
// numpy), run as a child process with no display. CSV values are the file's (numpy's, in
// good/expected.json); every refusal exits with its status and one line, and writes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/formats/MatrixCsv.h"
#include "core/io/AtomicFile.h"
#include "tests/support/CaseNames.h"
#include "tests/support/CliRunner.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

using namespace attnviz;
using attnviz::cli_test::runAttnviz;
using attnviz::testing::TempFolder;
using attnviz::testing::testData;

namespace {

std::string importedFixture(const std::string& relative) { return testData("fixtures/imported/" + relative).string(); }

/// numpy's weights of a good importedFixture: [layer][head][row][key].
nlohmann::json expected(const std::string& name) {
    return nlohmann::json::parse(readFileBytes(importedFixture("good/expected.json"))).at(name);
}

void expectOneLineFailure(const cli_test::RunResult& r, int status, const std::string& message) {
    EXPECT_EQ(r.exitCode, status) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << "expected \"" << message << "\" in: " << r.err;
}

CsvMatrix exportCsv(const TempFolder& folder, const std::vector<std::string>& extra) {
    const std::string out = folder.file("out.csv");
    std::vector<std::string> arguments{"export", "-o", out};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const auto r = runAttnviz(arguments);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return readMatrixCsv(readFileBytes(out));
}

}  // namespace

TEST(CliAttention, CsvHoldsTheFilesWeightsOfTheChosenLayerAndHead) {
    TempFolder folder;
    const nlohmann::json numpy = expected("layers_heads_f4");
    // Layer 2, head 3, counted from 1: numpy's [1][2].
    const CsvMatrix chosen =
        exportCsv(folder, {"--attention", importedFixture("good/layers_heads_f4.npy"), "--layer", "2", "--head", "3"});
    EXPECT_EQ(chosen.corner, "weights (layer 2, head 3)");
    EXPECT_EQ(chosen.rowLabels, (std::vector<std::string>{"0:The", "1: cat", "2: sat", "3: on", "4: it"}));
    ASSERT_EQ(chosen.values.rows(), 5);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            EXPECT_EQ(chosen.values(i, j), static_cast<double>(static_cast<float>(numpy[1][2][i][j].get<double>())));

    // Defaults: layer 1, head 1.
    const CsvMatrix first = exportCsv(folder, {"--attention", importedFixture("good/layers_heads_f4.npy")});
    EXPECT_EQ(first.corner, "weights (layer 1, head 1)");
    EXPECT_EQ(first.values(2, 3), static_cast<double>(static_cast<float>(numpy[0][0][2][3].get<double>())));

    // The mean of layer 1's three heads, by hand.
    const CsvMatrix mean = exportCsv(folder, {"--attention", importedFixture("good/layers_heads_f4.npy"), "--head", "mean"});
    EXPECT_EQ(mean.corner, "weights (layer 1, mean of heads)");
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            double sum = 0;
            for (int h = 0; h < 3; ++h) sum += static_cast<float>(numpy[0][h][i][j].get<double>());
            EXPECT_NEAR(mean.values(i, j), sum / 3, 1e-15);
        }
}

TEST(CliAttention, JsonHoldsTokensLayerHeadAndWeights) {
    TempFolder folder;
    const std::string out = folder.file("head.json");
    const auto r = runAttnviz({"export", "--attention", importedFixture("good/causal.json"), "--layer", "2", "--head", "1", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json written = nlohmann::json::parse(readFileBytes(out));
    EXPECT_EQ(written.at("tokens"), (std::vector<std::string>{"The", " cat", " sat", " on", " it"}));
    EXPECT_EQ(written.at("layer"), 2);
    EXPECT_EQ(written.at("head"), 1);
    EXPECT_EQ(written.at("causal"), true);
    const nlohmann::json numpy = expected("causal.json");
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            EXPECT_EQ(written.at("weights")[i][j].get<double>(),
                      static_cast<double>(static_cast<float>(numpy[1][0][i][j].get<double>())));
}

TEST(CliAttention, FiguresAreWritten) {
    TempFolder folder;
    for (const std::string name : {"w.png", "w.svg", "w.pdf"}) {
        const auto r = runAttnviz({"export", "--attention", importedFixture("good/causal_f4.npy"), "--causal", "--head", "2",
                                   "-o", folder.file(name)});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_GT(std::filesystem::file_size(folder.file(name)), 100U) << name;
    }
    const std::string svg = readFileBytes(folder.file("w.svg"));
    EXPECT_NE(svg.find("layer 1 · head 2"), std::string::npos) << "the title names the layer and head";
}

struct Refusal {
    std::string name;
    std::vector<std::string> arguments;  ///< after "export", before "-o OUT"
    int status;
    std::string message;
};

void PrintTo(const Refusal& c, std::ostream* out) { *out << c.name; }

class CliAttentionRefusal : public ::testing::TestWithParam<Refusal> {};

TEST_P(CliAttentionRefusal, ExitsWithOneLineAndWritesNothing) {
    const Refusal& refusal = GetParam();
    TempFolder folder;
    const std::string out = folder.file("out.csv");
    std::vector<std::string> arguments{"export"};
    arguments.insert(arguments.end(), refusal.arguments.begin(), refusal.arguments.end());
    arguments.insert(arguments.end(), {"-o", out});
    expectOneLineFailure(runAttnviz(arguments), refusal.status, refusal.message);
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_TRUE(std::filesystem::is_empty(folder.path())) << "no temporary left";
}

const std::string kGood = testData("fixtures/imported/good/layers_heads_f4.npy").string();
const std::string kBad = testData("fixtures/imported/bad/").string();

INSTANTIATE_TEST_SUITE_P(
    EveryRefusal, CliAttentionRefusal,
    ::testing::Values(
        Refusal{"row_sum", {"--attention", kBad + "row_sum.npy"}, 1,
                "attnviz export: " + kBad + "row_sum.npy: layer 2 head 3 row 5 sums to 0.87, not 1 (within 0.001)"},
        Refusal{"nan", {"--attention", kBad + "nan.npy"}, 1, "nan.npy: layer 2 head 1 row 3 key 2 is nan, not a finite number"},
        Refusal{"batch", {"--attention", kBad + "batch2.npy"}, 1, "holds a batch of 2 sentences"},
        Refusal{"no_tokens", {"--attention", kBad + "no_tokens.npy"}, 1, "no tokens: give --tokens FILE"},
        Refusal{"ragged", {"--attention", kBad + "ragged.json"}, 1, "ragged.json: attentions[1][2][3]: expected 5 items"},
        Refusal{"masked", {"--attention", kBad + "masked_weight.npy", "--causal"}, 1,
                "layer 2 head 1 row 2 key 3 is after its query (causal) but holds 0.25, not 0"},
        Refusal{"missing", {"--attention", kBad + "absent.npy", "--tokens", kBad + "nan.tokens.json"}, 1,
                "absent.npy: no such file"},
        Refusal{"step", {"--attention", kGood, "--step", "scores"}, 2,
                "--step scores: imported weights have no Q and K: only the weights can be shown"},
        Refusal{"text", {"--attention", kGood, "--text", "Le chat"}, 2, "--text cannot be used with --attention"},
        Refusal{"projections", {"--attention", kGood, "--projections", "random"}, 2,
                "--projections cannot be used with --attention"},
        Refusal{"weights", {"--attention", kGood, "--weights", kGood}, 2, "--weights cannot be used with --attention"},
        Refusal{"model", {"--attention", kGood, "--model", "/tmp"}, 2, "--model cannot be used with --attention"},
        Refusal{"tokens_alone", {"--text", "Le chat", "--tokens", kGood}, 2, "--tokens needs --attention"},
        Refusal{"layer", {"--attention", kGood, "--layer", "3"}, 2, "layer 3 does not exist (there are 2)"},
        Refusal{"head", {"--attention", kGood, "--head", "4"}, 2, "--head 4: there are only 3 heads (1 … 3)"}),
    attnviz::testing::CaseNameOf());
