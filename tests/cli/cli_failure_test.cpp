// Writes that fail for real, through the command line: a target under a regular file, a missing
// folder, a file size limit (RLIMIT_FSIZE lowered in the child, SIGXFSZ ignored). Each: exit 1, one
// line naming the problem, the old file byte-identical, no temporary left. Runs as root too:
// nothing here relies on permissions.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/io/AtomicFile.h"
#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"

using attnviz::readFileBytes;
using attnviz::cli_test::runAttnviz;
using attnviz::testing::TempFolder;
using attnviz::testing::writeFile;

namespace {

// 40 tokens: every format's output is well over the 4 KiB size limit used below.
const std::string kLongSentence =
    "La professeure a expliqué la leçon aux élèves , puis elle leur a demandé de résumer ce qu'ils avaient "
    "compris avant la fin de la journée et de rendre leurs copies le lendemain matin sans faute .";

const std::vector<std::string> kFormats = {"png", "svg", "pdf", "csv", "json", "attnviz"};

void expectOneLineFailure(const attnviz::cli_test::RunResult& r, const std::string& expected, const std::string& what) {
    EXPECT_EQ(r.exitCode, 1) << what << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << what << ": " << r.err;
}

}  // namespace

TEST(CliWriteFailure, TargetUnderARegularFile) {
    for (const std::string& format : kFormats) {
        TempFolder folder;
        const std::string regular = folder.file("plain");
        writeFile(regular, "I am a file\n");
        const std::string out = regular + "/out." + format;
        const auto r = runAttnviz({"export", "--text", kLongSentence, "-o", out});
        expectOneLineFailure(r, "is not a folder", format);
        EXPECT_NE(r.err.find(out), std::string::npos) << r.err;
        EXPECT_EQ(readFileBytes(regular), "I am a file\n") << format;
        EXPECT_EQ(folder.entries(), std::vector<std::string>{"plain"}) << format << ": something was left";
    }
}

TEST(CliWriteFailure, MissingFolder) {
    for (const std::string& format : kFormats) {
        TempFolder folder;
        const std::string out = folder.file("no/such/folder/out." + format);
        const auto r = runAttnviz({"export", "--text", kLongSentence, "-o", out});
        expectOneLineFailure(r, "does not exist", format);
        EXPECT_TRUE(folder.entries().empty()) << format << ": something was created";
    }
}

TEST(CliWriteFailure, DiskFullLeavesTheOldFileAndNoTemporary) {
    for (const std::string& format : kFormats) {
        TempFolder folder;
        const std::string out = folder.file("out." + format);
        const std::string old = "the previous " + format + " file, which must survive\n";
        writeFile(out, old);
        attnviz::cli_test::RunOptions limited;
        limited.fileSizeLimit = 4096;
        std::vector<std::string> arguments = {"export", "--text", kLongSentence, "-o", out};
        if (format == "attnviz") {
            // A session holds settings only (about 900 bytes): a lower limit stops it, yet leaves
            // room for the message (standard error goes to a file under the same limit).
            limited.fileSizeLimit = 400;
        }
        const auto r = runAttnviz(arguments, limited);
        expectOneLineFailure(r, "the file is too large for the limit (ulimit -f)", format);
        EXPECT_EQ(readFileBytes(out), old) << format;
        EXPECT_EQ(folder.entries(), std::vector<std::string>{"out." + format}) << format << ": a temporary was left";
    }
}

TEST(CliWriteFailure, ReplacingAnExistingFileWorksWhenThereIsRoom) {
    TempFolder folder;
    const std::string out = folder.file("out.csv");
    writeFile(out, "old");
    const auto r = runAttnviz({"export", "--text", kLongSentence, "-o", out});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(readFileBytes(out), "old");
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"out.csv"});
}
