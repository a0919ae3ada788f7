// The shared test helpers decide whether many tests pass: each one here must tell apart what it
// claims to (−0 from 0, a NaN from another, a lost folder, a signal from an exit status).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/BitIdentical.h"
#include "tests/support/CaseNames.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

namespace fs = std::filesystem;
using namespace attnviz::testing;

namespace {

TEST(BitIdentical, TellsApartWhatEqualityDoesNot) {
    EXPECT_TRUE(bitIdentical(0.1 + 0.2, 0.30000000000000004));
    EXPECT_FALSE(bitIdentical(0.0, -0.0)) << "equal as numbers, not as bits";
    EXPECT_FALSE(bitIdentical(1.0, std::nextafter(1.0, 2.0))) << "one ulp";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_TRUE(bitIdentical(nan, nan)) << "the same NaN is the same bits, though nan != nan";
    EXPECT_FALSE(bitIdentical(nan, -nan));
}

TEST(BitIdentical, NamesTheFirstDifferingEntryAndHowManyDiffer) {
    Eigen::MatrixXd a(2, 2), b(2, 2);
    a << 1, 2, 3, 4;
    b << 1, 2, 3.5, -4;
    const ::testing::AssertionResult result = bitIdentical(a, b);
    EXPECT_FALSE(result);
    EXPECT_STREQ(result.message(), "2 of 4 entries differ, the first at (1, 0): 3 vs 3.5");
    EXPECT_STREQ(bitIdentical(a, Eigen::MatrixXd::Zero(2, 3)).message(), "shape 2x2 vs 2x3");
    EXPECT_TRUE(bitIdentical(a, a));
    EXPECT_TRUE(bitIdentical(a.middleCols(1, 1), b.topRightCorner(2, 1).cwiseAbs())) << "blocks and expressions";
}

TEST(TempFolder, IsNewEmptyAndGoneAfterwardsWithItsContent) {
    fs::path kept;
    {
        const TempFolder folder;
        const TempFolder other;
        kept = folder.path();
        ASSERT_TRUE(fs::is_directory(kept));
        EXPECT_NE(kept, other.path());
        EXPECT_TRUE(folder.entries().empty());
        fs::create_directory(folder.path() / "sub");
        writeFile(folder.path() / "sub" / "x", "x");
        writeFile(folder.file("b"), "");
        writeFile(folder.file(".a"), "");
        EXPECT_EQ(folder.entries(), (std::vector<std::string>{".a", "b", "sub"})) << "sorted, hidden names included";
    }
    EXPECT_FALSE(fs::exists(kept));
}

TEST(FileBytes, WritesAndReadsEveryByteAndRefusesAMissingFolder) {
    const TempFolder folder;
    const std::string bytes("a\0b\r\n\xff", 6);
    writeFile(folder.path() / "f", bytes);
    EXPECT_EQ(readFile(folder.path() / "f"), bytes);
    EXPECT_EQ(fs::file_size(folder.path() / "f"), 6u);
    EXPECT_THROW(writeFile(folder.path() / "missing" / "f", "x"), std::runtime_error);
}

TEST(MessageOf, GivesTheMessageOfTheExpectedTypeOnly) {
    EXPECT_EQ(messageOf<std::invalid_argument>([] { throw std::invalid_argument("bad seed"); }), "bad seed");
    EXPECT_EQ(messageOf<std::invalid_argument>([] {}), "(no exception of the expected type)");
    EXPECT_THROW(messageOf<std::invalid_argument>([] { throw std::out_of_range("other"); }), std::out_of_range);
}

struct NamedCase {
    std::string name;
};

TEST(CaseNames, KeepLettersDigitsAndUnderscores) {
    EXPECT_EQ(caseName("fr_causal-2.json é"), "fr_causal_2_json___") << "é is two bytes";
    const ::testing::TestParamInfo<std::string> file("n64_causal.json", 3);
    EXPECT_EQ(CaseNameOf()(file), "n64_causal_json") << "the parameter, not the index";
    const ::testing::TestParamInfo<NamedCase> named(NamedCase{"NoOutput"}, 7);
    EXPECT_EQ(CaseNameOf()(named), "NoOutput");
}

TEST(TestData, FindsTheTestsAndTheProjectFolders) {
    EXPECT_TRUE(fs::is_regular_file(testData("support/TestData.h")));
    EXPECT_TRUE(fs::is_regular_file(projectFile("tests/support/TestData.h")));
}

TEST(ProcessRunner, ReturnsExitStatusSignalAndOutputs) {
    const RunResult exited = runProgram({"sh", "-c", "printf out; printf err >&2; exit 3"});
    EXPECT_EQ(exited.exitCode, 3);
    EXPECT_EQ(exited.out, "out");
    EXPECT_EQ(exited.err, "err");
    EXPECT_EQ(runProgram({"sh", "-c", "kill -TERM $$"}).exitCode, -SIGTERM);
    EXPECT_EQ(runProgram({"attnviz-no-such-program"}).exitCode, 127);
    RunOptions input;
    input.standardInput = "line one\nline two\n";
    EXPECT_EQ(runProgram({"cat"}, input).out, input.standardInput);
}

/// Sets an environment variable for its lifetime, then puts back what was there.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        ::setenv(name, value, 1);
    }
    ~ScopedVariable() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(ProcessRunner, ChildHasNoDisplay) {
    const ScopedVariable display("DISPLAY", ":7"), platform("QT_QPA_PLATFORM", "xcb"), kept("ATTNVIZ_KEPT", "yes");
    const RunResult r = runProgram({"sh", "-c", "echo \"${DISPLAY-none} ${QT_QPA_PLATFORM-none} ${ATTNVIZ_KEPT-none}\""});
    EXPECT_EQ(r.out, "none none yes\n") << "the display is gone, the rest of the environment is kept";
}

TEST(ProcessRunner, FileSizeLimitStopsTheChildsWrites) {
    const TempFolder folder;
    RunOptions limited;
    limited.fileSizeLimit = 4096;
    const RunResult r = runProgram({"sh", "-c", "head -c 100000 /dev/zero > \"$0\"", folder.file("big")}, limited);
    EXPECT_NE(r.exitCode, 0) << "the write fails (EFBIG) instead of killing the child";
    EXPECT_GT(r.exitCode, 0) << "SIGXFSZ is ignored: an exit status, not a signal";
    EXPECT_LE(fs::file_size(folder.path() / "big"), 4096u);
}

}  // namespace
