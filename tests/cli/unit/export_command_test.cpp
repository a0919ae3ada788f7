// `attnviz export` as a library call (app/cli/ExportCommand): the bad usage found once the
// settings are known (exit 2) and its one line, a head counted from 1, and data written without
// a Qt application. Figures are written by the program in cli_tests.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/cli/CommandLine.h"
#include "app/cli/ExportCommand.h"
#include "core/attention/AttentionTrace.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/SessionFile.h"
#include "core/io/AtomicFile.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/TempFolder.h"
#include "tests/support/EigenAssertions.h"

using namespace attnviz;
using namespace attnviz::app;
using attnviz::testing::TempFolder;

namespace {

const std::string kSentence = "Le chat est assis";

struct Outcome {
    int status = -1;
    std::string errors;  ///< what went to standard error
};

/// `attnviz export ARGUMENTS`, parsed and run in this process.
Outcome runExportCommand(const std::vector<std::string>& arguments) {
    QStringList list{QStringLiteral("attnviz"), QStringLiteral("export")};
    for (const std::string& argument : arguments) list << QString::fromStdString(argument);
    const CommandLine command = parseCommandLine(list);
    if (command.action != CommandLine::Action::Export) return {2, "parse: " + command.error.toStdString()};
    std::ostringstream errors;
    const int status = runExport(command.exportOptions, "attnviz", errors);
    return {status, errors.str()};
}

AttentionConfig withHeads(int heads) {
    AttentionConfig config;
    config.heads = heads;
    return config;
}

}  // namespace

TEST(ExportCommand, HeadOneIsTheFirstHead) {
    TempFolder folder;
    const AttentionTrace trace = AttentionTrace::compute(kSentence, withHeads(4));
    for (const int head : {1, 4}) {
        const std::string out = folder.file("head" + std::to_string(head) + ".csv");
        const Outcome outcome = runExportCommand({"--text", kSentence, "--projections", "random", "--heads", "4",
                                                  "--step", "scores", "--head", std::to_string(head), "-o", out});
        ASSERT_EQ(outcome.status, 0) << outcome.errors;
        EXPECT_TRUE(outcome.errors.empty()) << outcome.errors;
        EXPECT_EIGEN_NEAR(readMatrixCsv(readFileBytes(out)).values, trace.matrix(Step::Scores, head - 1), 0, 0)
            << "--head " << head << " is the core's head " << head - 1;
    }
}

TEST(ExportCommand, ASessionKeepsTheHeadZeroBasedAsItsFileDoes) {
    TempFolder folder;
    const std::string session = folder.file("lesson.attnviz");
    const Outcome outcome = runExportCommand({"--text", kSentence, "--heads", "2", "--head", "2", "-o", session});
    ASSERT_EQ(outcome.status, 0) << outcome.errors;
    EXPECT_EQ(loadSession(session).view.head, 1) << "view.head stays 0-based in the file";
    EXPECT_NE(readFileBytes(session).find("\"head\": 1"), std::string::npos) << readFileBytes(session);
}

TEST(ExportCommand, AColourMapInAnyCaseIsKeptInItsOwnSpelling) {
    TempFolder folder;
    const std::string session = folder.file("viridis.attnviz");
    const Outcome outcome = runExportCommand({"--text", kSentence, "--colormap", "VIRIDIS", "-o", session});
    ASSERT_EQ(outcome.status, 0) << outcome.errors;
    EXPECT_EQ(loadSession(session).view.colormap, "viridis");
}

struct BadUsage {
    std::string name;
    std::vector<std::string> arguments;  ///< after "attnviz export --text 'Le chat est assis' -o OUT.csv"
    std::string line;                    ///< standard error, whole (or a part of it when partial)
    bool partial = false;                ///< the core's own words: line is somewhere in them
};

void PrintTo(const BadUsage& c, std::ostream* out) { *out << c.name; }

class ExportCommandBadUsage : public ::testing::TestWithParam<BadUsage> {};

TEST_P(ExportCommandBadUsage, ExitsWithTwoAndOneLineAndWritesNothing) {
    const BadUsage& c = GetParam();
    TempFolder folder;
    std::vector<std::string> arguments = {"--text", kSentence, "-o", folder.file("out.csv")};
    arguments.insert(arguments.end(), c.arguments.begin(), c.arguments.end());
    const Outcome outcome = runExportCommand(arguments);
    EXPECT_EQ(outcome.status, 2) << outcome.errors;
    if (c.partial) {
        EXPECT_EQ(outcome.errors.rfind("attnviz export: ", 0), 0u) << outcome.errors;
        EXPECT_NE(outcome.errors.find(c.line), std::string::npos) << outcome.errors;
        EXPECT_EQ(outcome.errors.find('\n'), outcome.errors.size() - 1) << "one line: " << outcome.errors;
    } else {
        EXPECT_EQ(outcome.errors, c.line + "\n");
    }
    EXPECT_TRUE(folder.entries().empty()) << "something was written";
}

const std::string kHint = " (see attnviz export --help)";
const std::string kWeights = attnviz::testing::testDataDir().string() + "/fixtures/npy/good";  // d_model 3

INSTANTIATE_TEST_SUITE_P(
    Cases, ExportCommandBadUsage,
    ::testing::Values(
        BadUsage{"HeadBeyondTheOnlyHead", {"--head", "2"}, "attnviz export: --head 2: there is only 1 head" + kHint},
        BadUsage{"HeadBeyondTheCount", {"--heads", "4", "--head", "5"},
                 "attnviz export: --head 5: there are only 4 heads (1 … 4)" + kHint},
        BadUsage{"UnknownColormap", {"--colormap", "jet"},
                 "attnviz export: --colormap: \"jet\" is not one of Blues, viridis, cividis, RdBu_r" + kHint},
        BadUsage{"DModelOtherThanTheWeights", {"--weights", kWeights, "--d-model", "4"},
                 "attnviz export: --d-model 4 does not match the weights, whose d_model is 3" + kHint},
        BadUsage{"HeadsNotDividingTheTeachingModelsDModel", {"--heads", "3"},
                 "3 heads do not divide the teaching model's 20 dimensions", true},
        BadUsage{"HeadsNotDividingDModel", {"--d-model", "8", "--heads", "3"}, "3 heads do not divide d_model = 8",
                 true},
        BadUsage{"TeachingModelWithAnotherDModel", {"--projections", "teaching", "--d-model", "8"},
                 "d_model must be 20", true}),
    [](const ::testing::TestParamInfo<BadUsage>& param) { return param.param.name; });

TEST(ExportCommand, ASessionsHeadBeyondTheNewCountIsNamedAsTheFileHasIt) {
    TempFolder folder;
    const std::string session = folder.file("lesson.attnviz");
    ASSERT_EQ(runExportCommand({"--text", kSentence, "--heads", "4", "--head", "4", "-o", session}).status, 0);
    const Outcome outcome = runExportCommand({"--session", session, "--heads", "2", "-o", folder.file("out.csv")});
    EXPECT_EQ(outcome.status, 2);
    EXPECT_EQ(outcome.errors, "attnviz export: the session shows head 4 (view.head 3), but there are only 2 heads "
                              "(1 … 2): choose one with --head" + kHint + "\n");
}

TEST(ExportCommand, ABlankSentenceIsBadUsage) {
    TempFolder folder;
    QStringList list = {QStringLiteral("attnviz"), QStringLiteral("export"), QStringLiteral("--text"),
                        QStringLiteral("   "), QStringLiteral("-o"), QString::fromStdString(folder.file("out.csv"))};
    const CommandLine command = parseCommandLine(list);
    ASSERT_EQ(command.action, CommandLine::Action::Export) << command.error.toStdString();
    std::ostringstream errors;
    EXPECT_EQ(runExport(command.exportOptions, "attnviz", errors), 2);
    EXPECT_EQ(errors.str().rfind("attnviz export: --text: ", 0), 0u) << errors.str();
    EXPECT_TRUE(folder.entries().empty());
}

TEST(ExportCommand, AnUnreadableInputIsAFailureNotBadUsage) {
    TempFolder folder;
    const Outcome outcome = runExportCommand({"--text-file", folder.file("missing.txt"), "-o", folder.file("out.csv")});
    EXPECT_EQ(outcome.status, 1);
    EXPECT_EQ(outcome.errors, "attnviz export: cannot open " + folder.file("missing.txt") + ": no such file\n");
}
