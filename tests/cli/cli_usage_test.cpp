// attnviz --help, --version and bad usage: documented options, exit status 2 and one line on
// standard error. None of these needs a display (the child has no DISPLAY).
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "tests/support/CaseNames.h"
#include "tests/support/CliRunner.h"

using attnviz::cli_test::runAttnviz;

namespace {

int lineCount(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST(CliUsage, HelpDocumentsTheWindowAndTheExportCommand) {
    const auto r = runAttnviz({"--help"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    for (const char* text : {"attnviz FILE.attnviz", "--text", "export", "--version", "--help", "example:"})
        EXPECT_NE(r.out.find(text), std::string::npos) << "missing " << text << " in\n" << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CliUsage, ExportHelpDocumentsEveryOptionWithAnExample) {
    const auto r = runAttnviz({"export", "--help"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::vector<std::string> options = {
        "--text", "--text-file", "--session", "--causal", "--window", "--global", "--d-model", "--heads",
        "--temperature", "--no-scale", "--no-positions", "--seed", "--projections", "--step", "--head", "--colormap", "--scale",
        "--dpi", "--title", "--colour-range", "--values", "--no-values", "--output", "--format"};
    // Entries: a line starting with "  -" and the indented lines after it.
    std::vector<std::string> entries;
    std::size_t start = 0;
    while (start < r.out.size()) {
        const std::size_t end = r.out.find('\n', start);
        const std::string line = r.out.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (line.rfind("  -", 0) == 0) {
            entries.push_back(line);
        } else if (!entries.empty() && line.rfind("    ", 0) == 0) {
            entries.back() += "\n" + line;
        } else if (!entries.empty() && line.empty()) {
            entries.emplace_back();  // a blank line ends the entry
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
    for (const std::string& option : options) {
        const auto entry = std::find_if(entries.begin(), entries.end(), [&](const std::string& e) {
            const std::string head = e.substr(0, e.find('\n'));
            const std::size_t at = head.find(option);
            return at != std::string::npos && at + option.size() < head.size() &&
                   (head[at + option.size()] == ' ' || head[at + option.size()] == ',');
        });
        ASSERT_NE(entry, entries.end()) << option << " is not documented in\n" << r.out;
        EXPECT_NE(entry->find("example:"), std::string::npos) << option << " has no example:\n" << *entry;
    }
    for (const char* step : {"x, q, k, v, scores, scaled, masked, weights", "context", "output"})
        EXPECT_NE(r.out.find(step), std::string::npos) << step;
    EXPECT_NE(r.out.find("Exit status"), std::string::npos);
}

TEST(CliUsage, VersionPrintsTheVersion) {
    const auto r = runAttnviz({"--version"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("attnviz ", 0), 0u) << r.out;
    EXPECT_EQ(lineCount(r.out), 1) << r.out;
}

TEST(CliUsage, WindowWithoutADisplayFailsWithAMessageInsteadOfACrash) {
    for (const std::vector<std::string>& arguments : {std::vector<std::string>{}, {"--text", "Le chat"}}) {
        const auto r = runAttnviz(arguments);
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_EQ(lineCount(r.err), 1) << r.err;
        EXPECT_NE(r.err.find("no display"), std::string::npos) << r.err;
    }
}

// Every usage error and its message is checked in cli_unit_tests (the library, called directly);
// here, one of each kind shows what the program does with them: exit status 2, one line on
// standard error, nothing on standard output, no display needed.
struct UsageCase {
    std::string name;
    std::vector<std::string> arguments;
    std::string line;  ///< standard error, whole
};

/// Shown by GoogleTest for a failing case: the command line.
void PrintTo(const UsageCase& c, std::ostream* out) {
    *out << "attnviz";
    for (const std::string& argument : c.arguments) *out << ' ' << argument;
}

class CliBadUsage : public ::testing::TestWithParam<UsageCase> {};

TEST_P(CliBadUsage, ExitsWithTwoAndOneLine) {
    const UsageCase& c = GetParam();
    const auto r = runAttnviz(c.arguments);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err, c.line + "\n");
    EXPECT_TRUE(r.out.empty()) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadUsage,
    ::testing::Values(
        UsageCase{"WindowOption", {"--bogus"}, "attnviz: Unknown option 'bogus'. (see attnviz --help)"},
        UsageCase{"ExportOption", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--head", "0"},
                  "attnviz: --head 0: heads count from 1 (the first head is --head 1) (see attnviz export --help)"},
        UsageCase{"HeadBeyondTheCount",
                  {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--heads", "4", "--head", "5"},
                  "attnviz export: --head 5: there are only 4 heads (1 … 4) (see attnviz export --help)"}),
    attnviz::testing::CaseNameOf());
