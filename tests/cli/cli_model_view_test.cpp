// attnviz export --view: the model view (every layer × head) written in each format by the
// program run as a user runs it; the head view as a figure; an unknown view refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"

using attnviz::cli_test::runAttnviz;
using attnviz::testing::readFile;
using attnviz::testing::TempFolder;

namespace {

const std::string kCarpetSentence = "Le chat est assis sur le tapis";

std::vector<std::string> modelView(const std::string& output) {
    return {"export", "--text", kCarpetSentence, "--heads", "4", "--causal", "--view", "model", "-o", output};
}

/// The big-endian 32-bit number at offset of a PNG (IHDR's width at 16, height at 20).
unsigned bigEndian(const std::string& bytes, std::size_t offset) {
    unsigned value = 0;
    for (std::size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(bytes[offset + i]);
    return value;
}

TEST(CliModelView, PngSvgAndPdfAreFigures) {
    const TempFolder folder;
    for (const std::string name : {"heads.png", "heads.svg", "heads.pdf"}) {
        const auto path = folder.path() / name;
        const auto run = runAttnviz(modelView(path.string()));
        ASSERT_EQ(run.exitCode, 0) << name << ": " << run.err;
        const std::string bytes = readFile(path);
        if (name.ends_with(".png")) {
            ASSERT_EQ(bytes.substr(1, 3), "PNG");
            // Four thumbnails side by side at 192 dpi: wider than tall, and wider than 4 × 80 units.
            EXPECT_GT(bigEndian(bytes, 16), 4u * 80u * 2u);
            EXPECT_GT(bigEndian(bytes, 16), bigEndian(bytes, 20));
        } else if (name.ends_with(".svg")) {
            EXPECT_NE(bytes.find("<svg"), std::string::npos);
            EXPECT_NE(bytes.find("layer 1 · head 4"), std::string::npos) << "every head labelled, from 1";
            EXPECT_NE(bytes.find("masked"), std::string::npos) << "the causal mask's legend";
        } else {
            EXPECT_EQ(bytes.substr(0, 5), "%PDF-");
        }
    }
}

TEST(CliModelView, CsvHasOneRowPerHeadWithItsSummaries) {
    const TempFolder folder;
    const auto path = folder.path() / "heads.csv";
    const auto run = runAttnviz(modelView(path.string()));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = readFile(path);
    ASSERT_EQ(text.substr(0, text.find('\n')), "layer,head,role,entropy,distance,previous,first,same");
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5);
    EXPECT_EQ(text.find("\n1,1,,"), text.find('\n'));
    EXPECT_NE(text.find("\n1,4,,"), std::string::npos);
}

TEST(CliModelView, TheFourHeadTeachingModelsRolesAreInTheSummaries) {
    const TempFolder folder;
    const auto path = folder.path() / "roles.json";
    const auto run = runAttnviz({"export", "--text", kCarpetSentence, "--projections", "teaching-heads", "--view", "model",
                                 "-o", path.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json heads = nlohmann::json::parse(readFile(path));
    ASSERT_EQ(heads.size(), 4u);
    for (const auto& head : heads) EXPECT_FALSE(head["role"].get<std::string>().empty()) << head.dump();
}

TEST(CliModelView, JsonHasOneObjectPerHead) {
    const TempFolder folder;
    const auto path = folder.path() / "heads.json";
    const auto run = runAttnviz(modelView(path.string()));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json heads = nlohmann::json::parse(readFile(path));
    ASSERT_EQ(heads.size(), 4u);
    for (int h = 0; h < 4; ++h) {
        EXPECT_EQ(heads[h]["layer"], 1);
        EXPECT_EQ(heads[h]["head"], h + 1);
        for (const char* measure : {"entropy", "distance", "previous", "first", "same"})
            EXPECT_TRUE(heads[h][measure].is_number()) << measure;
        // On a causal mask the first row has only itself: its weight 1 counts in the same-token mean.
        EXPECT_GE(heads[h]["same"].get<double>(), 1.0 / 7 - 1e-12);
    }
}

TEST(CliModelView, HeadViewIsAFigureAndAnUnknownViewIsRefused) {
    const TempFolder folder;
    const auto head = runAttnviz({"export", "--text", kCarpetSentence, "--heads", "4", "--view", "head", "-o",
                                  (folder.path() / "h.png").string()});
    ASSERT_EQ(head.exitCode, 0) << head.err;
    EXPECT_EQ(readFile(folder.path() / "h.png").substr(1, 3), "PNG");
    const auto unknown = runAttnviz({"export", "--text", kCarpetSentence, "--view", "grid", "-o", (folder.path() / "g.png").string()});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("--view: \"grid\" is not one of heatmap, model, head"), std::string::npos) << unknown.err;
    EXPECT_FALSE(std::filesystem::exists(folder.path() / "g.png"));
}

}  // namespace
