// --weights FILE on the command line, run as a child process with no display: good files (.npy
// written by numpy, JSON) export with their matrices, bad files exit 1 with one line and write
// nothing, a missing argument is bad usage (2).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/SessionFile.h"
#include "core/formats/WeightsFile.h"
#include "core/io/AtomicFile.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/NpyFixtures.h"
#include "tests/support/TempFolder.h"

using namespace attnviz;
using attnviz::cli_test::kChatSentence;
using attnviz::cli_test::runAttnviz;
using attnviz::testing::bitIdentical;
using attnviz::testing::TempFolder;
using attnviz::testing::writeFile;
using attnviz::testing::npy::expectedWo;
using attnviz::testing::npy::expectedWq;
using attnviz::testing::npy::fixture;

namespace {

CsvMatrix exportCsv(const TempFolder& folder, const std::string& step, const std::vector<std::string>& extra) {
    const std::string out = folder.file(step + ".csv");
    std::vector<std::string> arguments{"export", "--text", kChatSentence, "--step", step, "-o", out};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const auto r = runAttnviz(arguments);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return readMatrixCsv(readFileBytes(out));
}

void expectOneLineFailure(const cli_test::RunResult& r, int status, const std::string& expected) {
    EXPECT_EQ(r.exitCode, status) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << "expected \"" << expected << "\" in: " << r.err;
}

}  // namespace

TEST(CliWeights, NpyFilesWrittenByNumpyGiveTheirProjections) {
    TempFolder folder;
    for (const std::string& path : {fixture("good"), fixture("good/W_O.npy")}) {
        const CsvMatrix x = exportCsv(folder, "x", {"--weights", path});
        const CsvMatrix q = exportCsv(folder, "q", {"--weights", path});
        ASSERT_EQ(x.values.cols(), 3) << "d_model is the weights' own";
        // Q = X · W_Q, with W_Q as numpy saved it.
        const Eigen::MatrixXd byHand = x.values * expectedWq();
        ASSERT_EQ(q.values.rows(), byHand.rows());
        EXPECT_LE((q.values - byHand).cwiseAbs().maxCoeff(), 1e-12) << q.values << "\nvs\n" << byHand;
        const CsvMatrix output = exportCsv(folder, "output", {"--weights", path});
        const CsvMatrix context = exportCsv(folder, "context", {"--weights", path});
        EXPECT_LE((output.values - context.values * expectedWo()).cwiseAbs().maxCoeff(), 1e-12);

        // And exactly what the core computes with those weights.
        const AttentionTrace trace =
            AttentionTrace::compute(kChatSentence, withWeights(AttentionConfig{}, loadWeights(path)));
        EXPECT_TRUE(bitIdentical(q.values, trace.q()));
        EXPECT_TRUE(bitIdentical(exportCsv(folder, "weights", {"--weights", path}).values, trace.matrix(Step::Weights, 0)));
    }
}

TEST(CliWeights, JsonWeightsAndTheirSession) {
    TempFolder folder;
    const std::string weights = folder.file("w.json");
    writeFile(weights, R"({"format": "attnviz-weights", "version": 1, "d_model": 2,
        "W_Q": [[1, 2], [3, 4]], "W_K": [[0.5, 0], [0, 0.5]], "W_V": [[1, 0], [0, 1]], "W_O": [[0, 1], [1, -0.25]]})");
    const CsvMatrix x = exportCsv(folder, "x", {"--weights", weights});
    const CsvMatrix q = exportCsv(folder, "q", {"--weights", weights});
    Eigen::MatrixXd wq(2, 2);
    wq << 1, 2, 3, 4;
    EXPECT_LE((q.values - x.values * wq).cwiseAbs().maxCoeff(), 1e-12);

    // The session written with --weights holds them: reading it back needs no --weights.
    const std::string session = folder.file("s.attnviz");
    const auto r = runAttnviz({"export", "--text", kChatSentence, "--weights", weights, "-o", session});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Session saved = loadSession(session);
    EXPECT_EQ(saved.config.preset, ProjectionPreset::Supplied);
    EXPECT_TRUE(bitIdentical(saved.config.supplied.wq(), wq));

    // On a session using the teaching model, weights of its size keep its X.
    const std::string teaching = folder.file("teaching.attnviz");
    Session lesson;
    lesson.sentence = kChatSentence;
    lesson.config = teachingConfig();
    saveSession(teaching, lesson);
    Weights edited = weightsOf(TeachingModel::builtIn().projections());
    edited.wq(2, 1) = 0;
    const std::string editedPath = folder.file("edited.json");
    saveWeights(editedPath, edited);
    const std::string out = folder.file("teaching-q.csv");
    const auto t = runAttnviz({"export", "--session", teaching, "--weights", editedPath, "--step", "q", "-o", out});
    ASSERT_EQ(t.exitCode, 0) << t.err;
    const AttentionTrace expected = AttentionTrace::compute(kChatSentence, replaceWeights(teachingConfig(), edited));
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(out)).values, expected.q()));
}

TEST(CliWeights, BadFilesExitOneWithOneLineAndWriteNothing) {
    TempFolder folder;
    const std::string nanFolder = folder.file("nan");
    std::filesystem::create_directory(nanFolder);
    for (const char* name : {"W_Q.npy", "W_K.npy", "W_O.npy"})
        std::filesystem::copy_file(fixture(std::string("good/") + name), nanFolder + "/" + name);
    std::filesystem::copy_file(fixture("bad/nan.npy"), nanFolder + "/W_V.npy");
    const std::string damaged = folder.file("damaged.json");
    writeFile(damaged, R"({"format": "attnviz-weights", "vers)");
    const std::string missing = folder.file("missing.json");

    const std::pair<std::string, std::string> cases[] = {
        {nanFolder, "W_V.npy: value at row 2, column 1 is NaN"},
        {damaged, damaged + ": damaged weights file"},
        {missing, "cannot open " + missing + ": no such file"},
    };
    for (const auto& [path, message] : cases) {
        const std::string out = folder.file("out.csv");
        const auto r = runAttnviz({"export", "--text", kChatSentence, "--weights", path, "-o", out});
        expectOneLineFailure(r, 1, message);
        EXPECT_EQ(r.err.rfind("attnviz export: --weights: ", 0), 0u) << r.err;
        EXPECT_FALSE(std::filesystem::exists(out)) << path << ": an output was written";

        // The window refuses them the same way, before it would need a display.
        const auto w = runAttnviz({"--weights", path});
        expectOneLineFailure(w, 1, message);
    }
}

TEST(CliWeights, BadUsageExitsTwo) {
    TempFolder folder;
    const auto noFile = runAttnviz({"export", "--text", kChatSentence, "-o", folder.file("o.csv"), "--weights"});
    expectOneLineFailure(noFile, 2, "--weights");
    const auto windowNoFile = runAttnviz({"--weights"});
    expectOneLineFailure(windowNoFile, 2, "--weights");
    const auto twice = runAttnviz({"export", "--text", kChatSentence, "--weights", fixture("good"), "--weights",
                                   fixture("good"), "-o", folder.file("o.csv")});
    expectOneLineFailure(twice, 2, "--weights is given more than once");
    const auto otherSize = runAttnviz({"export", "--text", kChatSentence, "--weights", fixture("good"), "--d-model", "8",
                                       "-o", folder.file("o.csv")});
    expectOneLineFailure(otherSize, 2, "--d-model 8 does not match the weights, whose d_model is 3");
    const auto heads = runAttnviz({"export", "--text", kChatSentence, "--weights", fixture("good"), "--heads", "2", "-o",
                                   folder.file("o.csv")});
    expectOneLineFailure(heads, 2, "2 heads do not divide d_model = 3");
    EXPECT_TRUE(folder.entries().empty()) << "nothing is written on bad usage";

    const auto help = runAttnviz({"export", "--help"});
    EXPECT_NE(help.out.find("--weights FILE"), std::string::npos);
    const auto mainHelp = runAttnviz({"--help"});
    EXPECT_NE(mainHelp.out.find("--weights FILE"), std::string::npos);
}
