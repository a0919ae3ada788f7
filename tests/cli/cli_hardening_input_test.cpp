// Issue 14, the input side: every number and size read from an option or a file is bounded before
// anything is computed or allocated. Each case: the exit code, one line naming the problem (and
// the file), quick, and nothing written.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/CliRunner.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"

using attnviz::cli_test::RunOptions;
using attnviz::cli_test::RunResult;
using attnviz::cli_test::kChatSentence;
using attnviz::cli_test::runAttnviz;
using attnviz::testing::TempFolder;
using attnviz::testing::writeFile;

namespace {

constexpr int kFailure = 1;
constexpr int kBadUsage = 2;

/// Runs attnviz and checks the refusal: status, one line holding expected, and the time — a
/// generous bound that detects a hang or a read of a whole device, not a speed goal.
RunResult expectRefusal(const std::vector<std::string>& arguments, int status, const std::string& expected,
                        const RunOptions& options = {}, std::chrono::seconds bound = std::chrono::seconds(5)) {
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = runAttnviz(arguments, options);
    EXPECT_LT(std::chrono::steady_clock::now() - start, bound) << r.err;
    EXPECT_EQ(r.exitCode, status) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << "expected \"" << expected << "\" in: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    return r;
}

std::string session(const std::string& config) {
    return R"({"format": "attnviz-session", "version": 2, "sentence": "Le chat est assis", "config": )" + config +
           "}\n";
}

/// A weights JSON file of d_model 2: W_Q = W_K = scale · I, W_V = W_O = I.
std::string weights(const std::string& scale) {
    const std::string scaled = "[[" + scale + ", 0], [0, " + scale + "]]";
    const std::string identity = "[[1, 0], [0, 1]]";
    return R"({"format": "attnviz-weights", "version": 1, "d_model": 2, "W_Q": )" + scaled + R"(, "W_K": )" + scaled +
           R"(, "W_V": )" + identity + R"(, "W_O": )" + identity + "}\n";
}

const std::vector<std::string> kRefusalFormats = {"png", "csv", "json"};

}  // namespace

TEST(CliHardeningInput, ATemperatureThatWouldOverflowIsBadUsage) {
    for (const std::string& format : kRefusalFormats) {
        const TempFolder folder;
        expectRefusal({"export", "--text", kChatSentence, "--temperature", "1e-310", "-o", folder.file("x." + format)},
                      kBadUsage, "--temperature: at least 0.001, got 1e-310");
        EXPECT_TRUE(folder.entries().empty()) << format << ": something was written";
    }
}

TEST(CliHardeningInput, ASessionTemperatureThatWouldOverflowIsRefused) {
    const TempFolder folder;
    const std::string path = folder.file("cold.attnviz");
    writeFile(path, session(R"({"temperature": 1e-310})"));
    const RunResult r = expectRefusal({"export", "--session", path, "-o", folder.file("x.csv")}, kFailure,
                                      "the temperature T must be at least 0.001 (it is 1e-310)");
    EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"cold.attnviz"});
}

TEST(CliHardeningInput, WeightsWhoseScoresOverflowAreRefusedNotShownAsNaN) {
    for (const std::string& format : kRefusalFormats) {
        const TempFolder folder;
        writeFile(folder.file("w.json"), weights("1e200"));  // scores near 1e400
        expectRefusal({"export", "--text", kChatSentence, "--weights", folder.file("w.json"), "-o",
                       folder.file("x." + format)},
                      kFailure, "head 1: QKᵀ can exceed the range of a double (±1.8e308)");
        EXPECT_EQ(folder.entries(), std::vector<std::string>{"w.json"}) << format;
    }
}

TEST(CliHardeningInput, WeightsNearTheLargestDoubleAreRefused) {
    const TempFolder folder;
    writeFile(folder.file("w.json"), weights("1.7e308"));
    expectRefusal({"export", "--text", kChatSentence, "--weights", folder.file("w.json"), "-o", folder.file("x.csv")},
                  kFailure, "the range of a double (±1.8e308)");
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"w.json"});
}

TEST(CliHardeningInput, PadToAndTokenLimitAboveTheLimitAreRefusedNotClamped) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"mask": {"pad_to": 10000}})", "pad-to length must be at most 4096 (it is 10000)"},
        {R"({"max_tokens": 100000000000})", "the token limit must be at most 4096 (it is 100000000000)"},
    };
    for (const auto& [config, expected] : cases) {
        const TempFolder folder;
        const std::string path = folder.file("big.attnviz");
        writeFile(path, session(config));
        const RunResult r = expectRefusal({"export", "--session", path, "-o", folder.file("x.png")}, kFailure, expected);
        EXPECT_NE(r.err.find(path + ": session.config"), std::string::npos) << r.err;
        EXPECT_EQ(folder.entries(), std::vector<std::string>{"big.attnviz"}) << config;
    }
}

TEST(CliHardeningInput, AnEndlessDeviceGivenAsTextIsRefusedAtItsFirstByte) {
    const TempFolder folder;
    expectRefusal({"export", "--text-file", "/dev/zero", "-o", folder.file("x.png")}, kFailure,
                  "cannot read /dev/zero: byte 1 is a NUL byte, so it is not a text file");
    EXPECT_TRUE(folder.entries().empty());
}

TEST(CliHardeningInput, StandardInputStopsAtTheSentenceLimit) {
    const TempFolder folder;
    RunOptions options;
    options.standardInput = std::string((std::size_t{1} << 20) + 1, 'a');
    expectRefusal({"export", "--text-file", "-", "-o", folder.file("x.png")}, kFailure,
                  "cannot read standard input: it is larger than 1 MiB, the limit for this kind of file", options);
    EXPECT_TRUE(folder.entries().empty());
}

TEST(CliHardeningInput, AnEndlessSessionOrWeightsFileIsRefusedAtItsFirstByte) {
    // Both are JSON, which never holds a NUL byte: refused in the first block, not after reading
    // their limits (256 MiB and 1.5 GiB).
    const TempFolder folder;
    const std::string notText = "cannot read /dev/zero: byte 1 is a NUL byte, so it is not a text file";
    expectRefusal({"export", "--session", "/dev/zero", "-o", folder.file("x.png")}, kFailure, notText);
    expectRefusal({"export", "--text", kChatSentence, "--weights", "/dev/zero", "-o", folder.file("x.png")}, kFailure,
                  notText);
    EXPECT_TRUE(folder.entries().empty());
}

TEST(CliHardeningInput, AWeightsFileOverItsLimitIsRefusedBeforeItIsRead) {
    // Sparse: 1.5 GiB + 1 byte that take no room on disk, and would take seconds to read.
    const TempFolder folder;
    const std::string path = folder.file("huge.json");
    writeFile(path, "");
    std::filesystem::resize_file(path, (std::uintmax_t{1536} << 20) + 1);
    expectRefusal({"export", "--text", kChatSentence, "--weights", path, "-o", folder.file("x.png")}, kFailure,
                  "cannot read " + path + ": it is larger than 1536 MiB, the limit for this kind of file");
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"huge.json"});
}
