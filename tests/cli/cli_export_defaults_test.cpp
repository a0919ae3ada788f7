// attnviz export without --session, --projections or --weights draws what the window shows at
// first: the teaching model with the window's default controls, never the remembered settings of
// the machine it runs on. --d-model or --seed alone ask for random projections, whose figures say
// they are untrained. A figure of the command line is in English whatever the locale.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "core/formats/ConfigJson.h"
#include "core/formats/MatrixCsv.h"
#include "core/io/AtomicFile.h"
#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"
#include "tests/support/SvgTextLines.h"

using namespace attnviz;
using attnviz::cli_test::runAttnviz;
using attnviz::testing::TempFolder;
using attnviz::testing::writeFile;

namespace {

const std::string kChat = "Le chat est assis";

/// Row 0 ("Le") of the teaching model's weights for "Le chat est assis", by hand from the rules
/// of resources/teaching/model.json and the lexicon (le: determiner singular masculine; chat: noun
/// living singular masculine; est: verb; assis: adjective). A determiner's query scores a key j:
///   agreement in number 2·number_i·number_j + in gender 2·gender_i·gender_j
///   + determiner → noun 8 for a noun + the place right after, 8·cos(30°(j−i−1)) + 4·cos(10°(j−i−1)),
/// and the scores are divided by √d_k = √20 (one head of the 20 dimensions).
std::vector<double> teachingWeightsOfLe() {
    const auto degrees = [](double d) { return d * std::numbers::pi / 180; };
    const auto place = [&](int j) { return 8 * std::cos(degrees(30.0 * (j - 1))) + 4 * std::cos(degrees(10.0 * (j - 1))); };
    const std::vector<double> scores = {
        2 + 2 + place(0),      // le: same number, same gender
        2 + 2 + 8 + place(1),  // chat: same number and gender, a noun, right after
        place(2),              // est: no number, no gender
        place(3),              // assis
    };
    std::vector<double> weights;
    double sum = 0;
    for (double score : scores) sum += std::exp(score / std::sqrt(20.0));
    for (double score : scores) weights.push_back(std::exp(score / std::sqrt(20.0)) / sum);
    return weights;
}

nlohmann::json golden(const std::string& name) {
    return nlohmann::json::parse(readFileBytes(attnviz::testing::testData("golden/" + name + ".json")));
}

Eigen::MatrixXd goldenWeights(const nlohmann::json& doc) {
    const auto rows = doc.at("mean_weights").get<std::vector<std::vector<double>>>();
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.front().size()));
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = 0; j < rows[i].size(); ++j)
            m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
    return m;
}

/// Largest |a − b| of two matrices of the same shape (infinity when the shapes differ).
double largestDifference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
    return (a - b).cwiseAbs().maxCoeff();
}

}  // namespace

TEST(CliExportDefaults, WithoutProjectionsItWritesTheTeachingModelsWeights) {
    TempFolder folder;
    const std::string out = folder.file("chat.csv");
    const auto r = runAttnviz({"export", "--text", kChat, "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const CsvMatrix csv = readMatrixCsv(readFileBytes(out));
    ASSERT_EQ(csv.values.rows(), 4);
    const std::vector<double> expected = teachingWeightsOfLe();
    for (int j = 0; j < 4; ++j)
        EXPECT_NEAR(csv.values(0, j), expected[static_cast<std::size_t>(j)], 1e-12) << "Le → key " << j;
    EXPECT_NEAR(csv.values(0, 1), 0.83, 0.005) << "Le → chat, as the window shows it";

    // Its 20 named dimensions, as in the window.
    const auto q = runAttnviz({"export", "--text", kChat, "--step", "q", "-o", folder.file("q.csv")});
    ASSERT_EQ(q.exitCode, 0) << q.err;
    const CsvMatrix qCsv = readMatrixCsv(readFileBytes(folder.file("q.csv")));
    ASSERT_EQ(qCsv.columnLabels.size(), 20u);
    EXPECT_EQ(qCsv.columnLabels[1], "d1:looks for a living being");
}

TEST(CliExportDefaults, TheFigureSaysTeachingModelAndNotUntrained) {
    TempFolder folder;
    const std::string out = folder.file("chat.svg");
    const auto r = runAttnviz({"export", "--text", kChat, "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string texts = attnviz::testing::svgTextLines(readFileBytes(out));
    EXPECT_NE(texts.find("teaching model"), std::string::npos) << texts;
    EXPECT_NE(texts.find("d_model = 20"), std::string::npos) << texts;
    EXPECT_EQ(texts.find("untrained"), std::string::npos) << texts;
}

TEST(CliExportDefaults, TheMachinesRememberedSettingsAreNeverRead) {
    // What the window remembers (QSettings "AttnViz"/"AttnViz", ui/shell/AppSettings) after a
    // lesson with random weights, the causal mask, viridis and the French interface.
    AttentionConfig remembered;
    remembered.mask.causal = true;
    std::string json = configToJson(remembered).dump();
    std::string escaped;  // a quoted string of QSettings' INI format
    for (char c : json) escaped += c == '"' ? std::string("\\\"") : c == '\\' ? std::string("\\\\") : std::string(1, c);
    TempFolder folder;
    const std::string config = folder.file("config");
    std::filesystem::create_directories(config + "/AttnViz");
    writeFile(config + "/AttnViz/AttnViz.conf", "[session]\nconfig=\"" + escaped +
                                                    "\"\nsentence=Le chien\n[view]\ncolorMap=viridis\n"
                                                    "weightsRange=data\nlanguage=fr\n");
    attnviz::cli_test::RunOptions options;
    options.environment = {"XDG_CONFIG_HOME=" + config, "HOME=" + folder.file("home")};
    const std::string out = folder.file("chat.csv");
    const auto r = runAttnviz({"export", "--text", kChat, "-o", out}, options);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NEAR(readMatrixCsv(readFileBytes(out)).values(0, 1), teachingWeightsOfLe()[1], 1e-12)
        << "the teaching model, no mask: the window's defaults";
    const auto svg = runAttnviz({"export", "--text", kChat, "-o", folder.file("chat.svg")}, options);
    ASSERT_EQ(svg.exitCode, 0) << svg.err;
    const std::string texts = attnviz::testing::svgTextLines(readFileBytes(folder.file("chat.svg")));
    EXPECT_NE(texts.find("no mask"), std::string::npos) << texts;
    EXPECT_NE(texts.find("Attention weights"), std::string::npos) << "in English: " << texts;
}

TEST(CliExportDefaults, SeedAloneMeansRandomProjections) {
    // The numpy reference's golden file for seed 7 (random projections, d_model 8).
    const nlohmann::json doc = golden("en_seed_7");
    TempFolder folder;
    const std::string out = folder.file("seed7.csv");
    const auto r = runAttnviz({"export", "--text", doc.at("sentence").get<std::string>(), "--seed", "7", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_LE(largestDifference(readMatrixCsv(readFileBytes(out)).values, goldenWeights(doc)), 1e-12);
}

TEST(CliExportDefaults, DModelAloneMeansRandomProjectionsAndTheCaptionSaysUntrained) {
    const nlohmann::json doc = golden("en_4_heads_d16");  // random projections, d_model 16, 4 heads
    const std::string sentence = doc.at("sentence").get<std::string>();
    TempFolder folder;
    const auto r = runAttnviz({"export", "--text", sentence, "--d-model", "16", "--heads", "4", "--head", "mean", "-o",
                               folder.file("mean.csv")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_LE(largestDifference(readMatrixCsv(readFileBytes(folder.file("mean.csv"))).values, goldenWeights(doc)), 1e-12);

    const auto svg = runAttnviz({"export", "--text", sentence, "--d-model", "16", "-o", folder.file("random.svg")});
    ASSERT_EQ(svg.exitCode, 0) << svg.err;
    const std::string texts = attnviz::testing::svgTextLines(readFileBytes(folder.file("random.svg")));
    EXPECT_NE(texts.find("untrained random W"), std::string::npos) << texts;
    EXPECT_NE(texts.find("d_model = 16"), std::string::npos) << texts;
}

TEST(CliExportDefaults, FiguresStayInEnglishWhateverTheLocale) {
    TempFolder folder;
    attnviz::cli_test::RunOptions french;
    french.environment = {"LANG=fr_FR.UTF-8", "LC_ALL=fr_FR.UTF-8", "LANGUAGE=fr"};
    const std::string out = folder.file("chat.svg");
    const auto r = runAttnviz({"export", "--text", kChat, "--temperature", "0.5", "-o", out}, french);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string texts = attnviz::testing::svgTextLines(readFileBytes(out));
    for (const char* english : {"Attention weights — head 1", "Queries", "Keys", "T = 0.5", "teaching model",
                                "scaled by √d_k"})
        EXPECT_NE(texts.find(english), std::string::npos) << english << " missing from:\n" << texts;
    for (const char* word : {"Poids", "Requêtes", "Clés", "T = 0,5", "modèle"})
        EXPECT_EQ(texts.find(word), std::string::npos) << word << " in:\n" << texts;
    // The numbers in the cells (Le → chat is 0.98 at T = 0.5): a decimal point, never a comma.
    EXPECT_NE(texts.find("\n0.98\n"), std::string::npos) << texts;
    EXPECT_EQ(texts.find("0,"), std::string::npos) << texts;
}
