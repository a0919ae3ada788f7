// attnviz export, run as a child process with no display: every format, every step, the data
// read back equal to the core's trace, sessions as input, and refused inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/SessionFile.h"
#include "core/formats/TraceJson.h"
#include "core/io/AtomicFile.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"

using namespace attnviz;
using attnviz::cli_test::runAttnviz;
using attnviz::cli_test::runProgram;
using attnviz::testing::bitIdentical;
using attnviz::testing::TempFolder;
using attnviz::testing::writeFile;

namespace {

const std::string kApostropheSentence = "Le chat est assis sur le tapis de l’élève";

AttentionConfig twoHeadsCausal() {
    AttentionConfig config;
    config.heads = 2;
    config.mask.causal = true;
    config.seed = 7;
    return config;
}

std::vector<std::string> twoHeadsCausalArguments() { return {"--heads", "2", "--causal", "--seed", "7"}; }

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

TEST(CliExport, CsvOfEveryStepAndHeadEqualsTheTrace) {
    TempFolder folder;
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, twoHeadsCausal());
    for (int s = 0; s < kStepCount; ++s) {
        const auto step = static_cast<Step>(s);
        for (const std::string head : {"1", "2", "mean"}) {  // heads are counted from 1
            const std::string out = folder.file(std::string(stepName(step)) + "-" + head + ".csv");
            const auto r = runAttnviz(concat({"export", "--text", kApostropheSentence, "--step", stepName(step), "--head", head,
                                              "-o", out},
                                             twoHeadsCausalArguments()));
            ASSERT_EQ(r.exitCode, 0) << r.err;
            EXPECT_TRUE(r.err.empty()) << r.err;
            const CsvMatrix csv = readMatrixCsv(readFileBytes(out));
            const int headIndex = head == "mean" ? kAllHeads : std::stoi(head) - 1;
            EXPECT_TRUE(bitIdentical(csv.values, trace.matrix(step, headIndex))) << stepName(step) << " head " << head;
            EXPECT_EQ(csv.rowLabels, tokenLabels(trace.tokens()));
        }
    }
}

TEST(CliExport, JsonEqualsTheTrace) {
    TempFolder folder;
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, twoHeadsCausal());
    const std::string out = folder.file("trace.json");
    const auto r = runAttnviz(concat({"export", "--text", kApostropheSentence, "-o", out}, twoHeadsCausalArguments()));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const TraceDocument doc = loadTraceJson(out);
    EXPECT_EQ(doc.tokens, trace.tokens());
    EXPECT_TRUE(doc.config == trace.config());
    EXPECT_TRUE(bitIdentical(doc.x, trace.x()));
    EXPECT_TRUE(bitIdentical(doc.output, trace.output()));
    EXPECT_TRUE(bitIdentical(doc.meanWeights, trace.matrix(Step::Weights, kAllHeads)));
    ASSERT_EQ(doc.heads.size(), 2u);
    for (int h = 0; h < 2; ++h) {
        EXPECT_TRUE(bitIdentical(doc.heads[static_cast<std::size_t>(h)].weights, trace.matrix(Step::Weights, h)));
        EXPECT_TRUE(bitIdentical(doc.heads[static_cast<std::size_t>(h)].scores, trace.matrix(Step::Scores, h)));
    }
}

TEST(CliExport, PngOfEveryStep) {
    TempFolder folder;
    for (int s = 0; s < kStepCount; ++s) {
        const std::string name = stepName(static_cast<Step>(s));
        const std::string out = folder.file(name + ".png");
        const auto r = runAttnviz({"export", "--text", kApostropheSentence, "--step", name, "-o", out});
        ASSERT_EQ(r.exitCode, 0) << name << ": " << r.err;
        EXPECT_TRUE(r.err.empty()) << name << ": " << r.err;
        const std::string bytes = readFileBytes(out);
        EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << name;
    }
    EXPECT_EQ(folder.entries().size(), static_cast<std::size_t>(kStepCount)) << "a temporary was left";
}

TEST(CliExport, SvgHoldsEveryTokenLabelAsText) {
    TempFolder folder;
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, AttentionConfig{});
    for (const char* step : {"weights", "scores", "q"}) {
        const std::string out = folder.file(std::string(step) + ".svg");
        const auto r = runAttnviz({"export", "--text", kApostropheSentence, "--step", step, "-o", out});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const std::string svg = readFileBytes(out);
        EXPECT_NE(svg.find("<svg"), std::string::npos);
        for (const Token& token : trace.tokens())
            EXPECT_NE(svg.find(">" + token.text + "</text>"), std::string::npos) << step << ": " << token.text;
    }
}

TEST(CliExport, TheFiguresTitleAndCaptionCountHeadsFromOne) {
    TempFolder folder;
    const std::string out = folder.file("second.svg");
    const auto r =
        runAttnviz(concat({"export", "--text", kApostropheSentence, "--head", "2", "-o", out}, twoHeadsCausalArguments()));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string svg = readFileBytes(out);
    EXPECT_NE(svg.find(">Attention weights — head 2</text>"), std::string::npos) << "the second head's title";
    EXPECT_NE(svg.find("2 heads (head 2 shown)"), std::string::npos) << "the caption";
}

TEST(CliExport, PdfIsOnePageAndHoldsTheTokenLabels) {
    TempFolder folder;
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, AttentionConfig{});
    const std::string out = folder.file("weights.pdf");
    const auto r = runAttnviz({"export", "--text", kApostropheSentence, "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(readFileBytes(out).substr(0, 5), "%PDF-");
    const auto info = runProgram({"pdfinfo", out});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    EXPECT_NE(info.out.find("Pages:           1\n"), std::string::npos) << info.out;
    const auto text = runProgram({"pdftotext", "-raw", out, "-"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    for (const Token& token : trace.tokens()) EXPECT_NE(text.out.find(token.text), std::string::npos) << token.text;
}

TEST(CliExport, FormatOptionOverridesTheExtension) {
    TempFolder folder;
    const std::string out = folder.file("matrix.dat");
    const auto r = runAttnviz({"export", "--text", kApostropheSentence, "--format", "csv", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NO_THROW((void)readMatrixCsv(readFileBytes(out)));
}

TEST(CliExport, ImageOptionsAreAccepted) {
    TempFolder folder;
    const auto r = runAttnviz({"export", "--text", kApostropheSentence, "--colormap", "viridis", "--dpi", "300", "--title",
                               "Figure 1 — essai", "--no-values", "--window", "2", "--global", "0,3",
                               "--temperature", "0.5", "--no-scale", "--no-positions", "--d-model", "16",
                               "--heads", "4", "--head", "mean", "-o", folder.file("f.png")});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(CliExport, SessionSavedByExportIsReadBackAsInput) {
    TempFolder folder;
    const std::string session = folder.file("s.attnviz");
    auto r = runAttnviz(concat({"export", "--text", kApostropheSentence, "--step", "scores", "--head", "2", "-o", session},
                               twoHeadsCausalArguments()));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Session saved = loadSession(session);
    EXPECT_EQ(saved.sentence, kApostropheSentence);
    EXPECT_TRUE(saved.config == twoHeadsCausal());
    EXPECT_EQ(saved.view.step, Step::Scores);
    EXPECT_EQ(saved.view.head, 1) << "--head 2 is the second head, stored 0-based in the file";

    // The session's step and head are used, its settings reproduce the same matrices.
    const std::string csv = folder.file("from-session.csv");
    r = runAttnviz({"export", "--session", session, "-o", csv});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, twoHeadsCausal());
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(csv)).values, trace.matrix(Step::Scores, 1)));

    // Options replace the session's settings.
    r = runAttnviz({"export", "--session", session, "--seed", "8", "--step", "weights", "-o", csv});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    AttentionConfig changed = twoHeadsCausal();
    changed.seed = 8;
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(csv)).values,
                             AttentionTrace::compute(kApostropheSentence, changed).matrix(Step::Weights, 1)));
}

TEST(CliExport, ProjectionsChoosesTheWindowsTeachingModelOrAnotherPreset) {
    TempFolder folder;
    // The window opens on the teaching model: the command line gives the same numbers on request.
    auto r = runAttnviz({"export", "--text", kApostropheSentence, "--projections", "teaching", "--step", "q", "-o",
                         folder.file("q.csv")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const CsvMatrix q = readMatrixCsv(readFileBytes(folder.file("q.csv")));
    EXPECT_EQ(q.values.cols(), 20) << "the teaching model's 20 named dimensions";
    ASSERT_EQ(q.columnLabels.size(), 20u);
    EXPECT_EQ(q.columnLabels[1], "d1:looks for a living being") << "the column's index, then its name";
    EXPECT_TRUE(bitIdentical(q.values, AttentionTrace::compute(kApostropheSentence, teachingConfig()).matrix(Step::Q, 0)));

    r = runAttnviz({"export", "--text", kApostropheSentence, "--projections", "identity", "--d-model", "6", "--step", "weights",
                    "-o", folder.file("identity.csv")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    AttentionConfig identity;
    identity.preset = ProjectionPreset::Identity;
    identity.dModel = 6;
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(folder.file("identity.csv"))).values,
                             AttentionTrace::compute(kApostropheSentence, identity).matrix(Step::Weights, 0)));

    // A session saved on the teaching model, exported with random projections instead.
    const std::string session = folder.file("teaching.attnviz");
    ASSERT_EQ(runAttnviz({"export", "--text", kApostropheSentence, "--projections", "teaching", "-o", session}).exitCode, 0);
    r = runAttnviz({"export", "--session", session, "--projections", "random", "--d-model", "8", "-o",
                    folder.file("random.csv")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(folder.file("random.csv"))).values,
                             AttentionTrace::compute(kApostropheSentence, AttentionConfig{}).matrix(Step::Weights, 0)));
}

TEST(CliExport, FiguresWriteNumbersWithAPointWhateverTheLocale) {
    // A French system (the window would write "0,67"): command-line figures stay in English.
    TempFolder folder;
    const std::string out = folder.file("il.svg");
    const auto r = runProgram({"/usr/bin/env", "LC_ALL=fr_FR.UTF-8", "LANG=fr_FR.UTF-8", "LANGUAGE=fr", attnviz::testing::attnvizExecutable(),
                               "export", "--text", "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.",
                               "--projections", "teaching", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string svg = readFileBytes(out);
    EXPECT_NE(svg.find(">0.67</text>"), std::string::npos) << "il → animal, with a point (README: 0.67)";
    EXPECT_NE(svg.find(">1.0</text>"), std::string::npos) << "the colour bar's top";
    EXPECT_EQ(svg.find(">0,67</text>"), std::string::npos) << "no decimal comma";
    EXPECT_NE(svg.find("Attention weights"), std::string::npos) << "the English title";
}

TEST(CliExport, ColourRangeIsKeptInTheSessionAndReadBack) {
    TempFolder folder;
    const std::string session = folder.file("range.attnviz");
    auto r = runAttnviz({"export", "--text", kApostropheSentence, "--colour-range", "data", "-o", session});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(loadSession(session).view.weightsRange, WeightsRange::Data);
    // The session's range, then the command line's over it.
    r = runAttnviz({"export", "--session", session, "--colour-range", "0-1", "-o", folder.file("fixed.attnviz")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(loadSession(folder.file("fixed.attnviz")).view.weightsRange, WeightsRange::Fixed);
    r = runAttnviz({"export", "--session", session, "-o", folder.file("again.attnviz")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(loadSession(folder.file("again.attnviz")).view.weightsRange, WeightsRange::Data);
    r = runAttnviz({"export", "--session", session, "--colour-range", "row", "-o", folder.file("row.attnviz")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(loadSession(folder.file("row.attnviz")).view.weightsRange, WeightsRange::PerRow);
}

TEST(CliExport, EachColourRangeIsNamedInTheCaptionAndOnTheColourBar) {
    // Random weights, causal: row 0 sees one key (weight 1), the other rows more.
    TempFolder folder;
    const auto exported = [&](const std::string& range) {
        const std::string out = folder.file(range + ".svg");
        const auto r = runAttnviz({"export", "--text", kApostropheSentence, "--projections", "random", "--causal", "--colour-range", range, "-o", out});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return readFileBytes(out);
    };
    const std::string fixed = exported("0-1");
    EXPECT_NE(fixed.find("colours: 0 to 1"), std::string::npos);
    EXPECT_NE(fixed.find(">1.0</text>"), std::string::npos) << "the bar's top";

    const std::string row = exported("row");
    EXPECT_NE(row.find("colours: each row against its largest weight"), std::string::npos);
    EXPECT_NE(row.find(">row's largest</text>"), std::string::npos) << "the bar's top, in words";

    // "data": the bar's ends are the weights' smallest and largest over rows 1 … n − 1.
    const Eigen::MatrixXd weights = AttentionTrace::compute(kApostropheSentence, [] {
        AttentionConfig causal;
        causal.mask.causal = true;
        return causal;
    }()).matrix(Step::Weights, 0);
    double smallest = 1, largest = 0;
    for (Eigen::Index i = 1; i < weights.rows(); ++i)
        for (Eigen::Index j = 0; j <= i; ++j) {
            smallest = std::min(smallest, weights(i, j));
            largest = std::max(largest, weights(i, j));
        }
    ASSERT_LT(largest, 1.0) << "row 0 (weight 1) is left out";
    const auto twoDecimals = [](double v) {
        char text[16];
        std::snprintf(text, sizeof text, "%.2f", v);
        return std::string(text);
    };
    const std::string data = exported("data");
    const std::string caption = "colours: smallest to largest weight (" + twoDecimals(smallest) + " to " +
                                twoDecimals(largest) + ")";
    EXPECT_NE(data.find(caption), std::string::npos) << caption;
    EXPECT_NE(data.find(">" + twoDecimals(largest) + "</text>"), std::string::npos) << "the bar's top";
    EXPECT_NE(data.find(">" + twoDecimals(smallest) + "</text>"), std::string::npos) << "the bar's bottom";
}

TEST(CliExport, TextFileAndStandardInput) {
    TempFolder folder;
    writeFile(folder.file("s.txt"), kApostropheSentence + "\n");
    const AttentionTrace trace = AttentionTrace::compute(kApostropheSentence, teachingConfig());  // the default
    auto r = runAttnviz({"export", "--text-file", folder.file("s.txt"), "-o", folder.file("a.csv")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(folder.file("a.csv"))).values,
                             trace.matrix(Step::Weights, 0)));
    attnviz::cli_test::RunOptions withInput;
    withInput.standardInput = kApostropheSentence;
    r = runAttnviz({"export", "--text-file", "-", "-o", folder.file("b.csv")}, withInput);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(readFileBytes(folder.file("a.csv")), readFileBytes(folder.file("b.csv")));
}

struct RefusedInput {
    std::string name;
    std::string content;  ///< empty: the file does not exist
    std::string expected;
};

/// Shown by GoogleTest for a failing case: the input file and the refusal expected.
void PrintTo(const RefusedInput& c, std::ostream* out) { *out << c.name << " refused with \"" << c.expected << '"'; }

class CliRefusedInput : public ::testing::TestWithParam<RefusedInput> {};

TEST_P(CliRefusedInput, ExitsWithOneAndLeavesTheOutputAlone) {
    const RefusedInput& c = GetParam();
    TempFolder folder;
    const std::string input = folder.file(c.name);
    if (!c.content.empty()) writeFile(input, c.content);
    const std::string out = folder.file("out.png");
    writeFile(out, "old bytes");
    const bool isSession = c.name.ends_with(".attnviz");
    const auto r = runAttnviz({"export", isSession ? "--session" : "--text-file", input, "-o", out});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_EQ(readFileBytes(out), "old bytes");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliRefusedInput,
    ::testing::Values(
        RefusedInput{"missing.attnviz", "", "no such file"},
        RefusedInput{"damaged.attnviz", "{\"format\": \"attnviz-session\", \"version\": 1, \"sent", "damaged session"},
        RefusedInput{"newer.attnviz",
                     "{\"format\": \"attnviz-session\", \"version\": 3, \"sentence\": \"a\", \"config\": {}}",
                     "session version 3 is newer than this program understands (2)"},
        RefusedInput{"trace.attnviz", "{\"format\": \"attnviz-trace\", \"version\": 1}", "not an AttnViz session"},
        RefusedInput{"missing.txt", "", "no such file"},
        RefusedInput{"latin1.txt", "caf\xe9 cr\xe8me", "UTF-8"}),
    attnviz::testing::CaseNameOf());
