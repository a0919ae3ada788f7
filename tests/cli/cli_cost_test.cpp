// `attnviz cost`, started as a user starts it: the CSV's exact columns and one row per kernel and
// n, the charts as images, refusals before any work (exit 1, one line, nothing written, at once),
// usage errors (exit 2) and the help.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
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

std::vector<std::vector<std::string>> csvRows(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::vector<std::string> cells;
        std::istringstream fields(line);
        std::string cell;
        while (std::getline(fields, cell, ',')) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

}  // namespace

TEST(CliCost, CsvHasOneRowPerKernelAndN) {
    const TempFolder folder;
    const std::string out = folder.file("cost.csv");
    const auto r = runAttnviz({"cost", "--kernels", "naive,flash,linear", "--n", "64..256", "--d", "16", "--repeats", "1",
                               "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << "no progress line when standard error is not a terminal: " << r.err;
    const auto rows = csvRows(readFileBytes(out));
    ASSERT_EQ(rows.size(), 1u + 3 * 3) << "a header and one row per kernel and n";
    EXPECT_EQ(rows[0], (std::vector<std::string>{"kernel", "n", "d", "median_ms", "peak_extra_bytes"}));
    const char* kernels[] = {"naive", "flash", "linear"};
    const char* sizes[] = {"64", "128", "256"};
    for (std::size_t i = 1; i < rows.size(); ++i) {
        ASSERT_EQ(rows[i].size(), 5u) << i;
        EXPECT_EQ(rows[i][0], kernels[(i - 1) % 3]) << i;
        EXPECT_EQ(rows[i][1], sizes[(i - 1) / 3]) << i;
        EXPECT_EQ(rows[i][2], "16");
        EXPECT_GT(std::stod(rows[i][3]), 0.0) << rows[i][3];
        EXPECT_GE(std::stoll(rows[i][4]), -1) << rows[i][4];
    }
    for (const char* kernel : kernels)
        EXPECT_NE(r.out.find(std::string(kernel) + ": time slope "), std::string::npos) << r.out;
}

TEST(CliCost, ChartsAsImages) {
    const TempFolder folder;
    for (const char* format : {"png", "svg", "pdf"}) {
        const std::string out = folder.file(std::string("wall.") + format);
        const auto r = runAttnviz({"cost", "--kernels", "flash,linear", "--n", "64..128", "--d", "16", "--repeats", "1",
                                   "-o", out});
        ASSERT_EQ(r.exitCode, 0) << format << ": " << r.err;
        const std::string bytes = readFileBytes(out);
        const std::string magic = std::string(format) == "png" ? "\x89PNG" : std::string(format) == "pdf" ? "%PDF" : "<?xml";
        EXPECT_EQ(bytes.substr(0, magic.size()), magic) << format;
    }
}

TEST(CliCost, ASizeBeyondTheMemoryLimitIsRefusedBeforeAnyWork) {
    const TempFolder folder;
    const std::string out = folder.file("cost.csv");
    writeFile(out, "old\n");
    const auto start = std::chrono::steady_clock::now();
    // flash at 64 … would run first if the plan were checked point by point.
    const auto r = runAttnviz({"cost", "--kernels", "flash,naive", "--n", "64..65536", "-o", out});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "attnviz cost: naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)\n");
    EXPECT_EQ(readFileBytes(out), "old\n") << "the existing file is left as it was";
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"cost.csv"});
    EXPECT_LT(seconds, 2.0) << "nothing measured";
}

TEST(CliCost, UnknownKernelsAndBadRangesAreRefused) {
    const TempFolder folder;
    const std::string out = folder.file("cost.csv");
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"--kernels", "naive,fast"},
         "attnviz cost: \"fast\" is not a kernel: choose naive, exact, flash, window, sparse or linear\n"},
        {{"--n", "256..64"}, "attnviz cost: --n: expected a size n >= 1 or a range A..B with 1 <= A <= B, got \"256..64\"\n"},
        {{"--n", "0..64"}, "attnviz cost: --n: expected a size n >= 1 or a range A..B with 1 <= A <= B, got \"0..64\"\n"},
        {{"--n", "lots"}, "attnviz cost: --n: expected a size n >= 1 or a range A..B with 1 <= A <= B, got \"lots\"\n"},
    };
    for (const auto& [options, expected] : cases) {
        std::vector<std::string> arguments = {"cost"};
        arguments.insert(arguments.end(), options.begin(), options.end());
        arguments.insert(arguments.end(), {"-o", out});
        const auto r = runAttnviz(arguments);
        EXPECT_EQ(r.exitCode, 1) << options.back();
        EXPECT_EQ(r.err, expected);
        EXPECT_TRUE(folder.entries().empty()) << options.back() << ": something was written";
    }
}

TEST(CliCost, UsageErrorsExit2) {
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"cost", "--n", "64"}, "give the file to write with -o FILE"},
        {{"cost", "-o", "cost.json"}, "cannot tell the format of \"cost.json\""},
        {{"cost", "--d", "0", "-o", "cost.csv"}, "--d: expected an integer of at least 1, got \"0\""},
        {{"cost", "--repeats", "x", "-o", "cost.csv"}, "--repeats: expected an integer of at least 1, got \"x\""},
        {{"cost", "--speed", "-o", "cost.csv"}, "speed"},
        {{"cost", "--n", "64", "--n", "128", "-o", "cost.csv"}, "--n is given more than once"},
    };
    for (const auto& [arguments, expected] : cases) {
        const auto r = runAttnviz(arguments);
        EXPECT_EQ(r.exitCode, 2) << expected;
        EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("(see attnviz cost --help)"), std::string::npos) << r.err;
    }
}

TEST(CliCost, HelpDocumentsEveryOption) {
    const auto r = runAttnviz({"cost", "--help"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    for (const char* text : {"--kernels", "--n", "--d", "--repeats", "--causal", "--window", "--output", "--format",
                             "kernel,n,d,median_ms,peak_extra_bytes", "100..1000: 100, 128, 256, 512,", "Exit status"})
        EXPECT_NE(r.out.find(text), std::string::npos) << "missing " << text;
    const auto main = runAttnviz({"--help"});
    EXPECT_NE(main.out.find("attnviz cost"), std::string::npos) << main.out;
}
