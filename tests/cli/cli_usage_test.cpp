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

struct UsageCase {
    std::string name;
    std::vector<std::string> arguments;
    std::string expectedInMessage;
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
    EXPECT_EQ(lineCount(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.expectedInMessage), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadUsage,
    ::testing::Values(
        UsageCase{"UnknownWindowOption", {"--bogus"}, "bogus"},
        UsageCase{"TwoSessionFiles", {"a.attnviz", "b.attnviz"}, "at most one session file"},
        UsageCase{"SessionAndText", {"--text", "x", "s.attnviz"}, "not both"},
        UsageCase{"UnknownExportOption", {"export", "--text", "Le chat", "--bogus", "-o", "/tmp/x.png"}, "bogus"},
        UsageCase{"NoInput", {"export", "-o", "/tmp/x.png"}, "--text, --text-file or --session"},
        UsageCase{"TwoInputs", {"export", "--text", "a", "--session", "b", "-o", "/tmp/x.png"}, "only one of"},
        UsageCase{"NoOutput", {"export", "--text", "Le chat"}, "-o FILE"},
        UsageCase{"UnknownExtension", {"export", "--text", "Le chat", "-o", "/tmp/x.bmp"}, "cannot tell the format"},
        UsageCase{"UnknownFormat", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--format", "gif"}, "--format"},
        UsageCase{"ScaleAndDpi", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--scale", "2", "--dpi", "300"}, "not both"},
        UsageCase{"ZeroScale", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--scale", "0"}, "--scale"},
        UsageCase{"DpiNotANumber", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--dpi", "abc"}, "--dpi"},
        UsageCase{"WindowNotANumber", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--window", "x"}, "--window"},
        UsageCase{"WindowZero", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--window", "0"}, "--window"},
        UsageCase{"GlobalNotAPosition", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--global", "0,a"}, "--global"},
        UsageCase{"NegativeTemperature", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--temperature", "-1"}, "--temperature"},
        UsageCase{"NegativeSeed", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--seed", "-3"}, "--seed"},
        UsageCase{"HeadsNotDividingDModel", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--heads", "3"}, "3 heads do not divide"},
        UsageCase{"UnknownColourRange", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--colour-range", "auto"}, "--colour-range"},
        UsageCase{"UnknownProjections", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--projections", "trained"}, "--projections"},
        UsageCase{"TeachingModelWithAnotherDModel", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--projections", "teaching", "--d-model", "8"}, "d_model must be 20"},
        UsageCase{"HeadOutOfRange", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--head", "1"}, "only 1 head"},
        UsageCase{"HeadNotANumber", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--head", "x"}, "--head"},
        UsageCase{"UnknownStep", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--step", "softmax"}, "--step"},
        UsageCase{"UnknownColormap", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--colormap", "jet"}, "--colormap"},
        UsageCase{"ValuesAndNoValues", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--values", "--no-values"}, "not both"},
        UsageCase{"OptionTwice", {"export", "--text", "Le chat", "-o", "/tmp/x.png", "--causal", "--causal"}, "more than once"},
        UsageCase{"BlankText", {"export", "--text", "   ", "-o", "/tmp/x.png"}, "--text"},
        UsageCase{"ExtraArgument", {"export", "--text", "Le chat", "extra", "-o", "/tmp/x.png"}, "unexpected argument"}),
    attnviz::testing::CaseNameOf());
