// Every reader that reads a whole file refuses one over its format's size limit before reading
// it: a sparse file one byte over the limit (nothing on disk, instant to make) must be refused
// at once with the limit named, never read (which would take seconds and gigabytes).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/formats/ImportedAttention.h"
#include "core/formats/SessionFile.h"
#include "core/formats/TraceJson.h"
#include "core/formats/WeightsFile.h"
#include "core/gpt2/Gpt2Config.h"
#include "core/model/TeachingModel.h"
#include "core/text/ByteLevelBpe.h"
#include "tests/support/CaseNames.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

namespace fs = std::filesystem;
using testing::messageOf;

struct LimitCase {
    std::string name;
    std::string tooLarge;                       ///< the file made one byte over the limit
    int limitMiB;                               ///< the limit the refusal names (core/base/Limits.h)
    std::vector<std::string> companions;        ///< small files the reader needs beside it
    std::function<void(const fs::path&)> read;  ///< reads from the folder
};

void PrintTo(const LimitCase& c, std::ostream* out) { *out << c.name; }

// What a reader needs besides the file under test: small enough to be read, never reached
// (or reached after) because the large file is refused.
constexpr const char* kSmallJson = "{}";

const std::vector<LimitCase> kCases = {
    {"session", "s.attnviz", 256, {}, [](const fs::path& d) { (void)loadSession(d / "s.attnviz"); }},
    {"weights_json", "w.json", 1536, {}, [](const fs::path& d) { (void)loadWeights(d / "w.json"); }},
    {"weights_npy", "W_Q.npy", 129, {}, [](const fs::path& d) { (void)loadWeights(d); }},
    {"trace_json", "t.json", 1536, {}, [](const fs::path& d) { (void)loadTraceJson(d / "t.json"); }},
    {"imported_json", "a.json", 1536, {},
     [](const fs::path& d) { (void)readImportedAttention(d / "a.json", ImportOptions{}); }},
    {"imported_tokens", "a.tokens.json", 16, {"a.npy"},
     [](const fs::path& d) { (void)readImportedAttention(d / "a.npy", ImportOptions{}); }},
    {"teaching_model", "model.json", 16, {}, [](const fs::path& d) { (void)TeachingModel::load(d / "model.json"); }},
    {"bpe_vocab", "vocab.json", 64, {"merges.txt"},
     [](const fs::path& d) { (void)ByteLevelBpe::fromVocabAndMerges(d / "vocab.json", d / "merges.txt"); }},
    {"bpe_tokenizer_json", "tokenizer.json", 64, {},
     [](const fs::path& d) { (void)ByteLevelBpe::fromTokenizerJson(d / "tokenizer.json"); }},
    {"model_config", "config.json", 1, {}, [](const fs::path& d) { (void)gpt2::readGpt2Config(d / "config.json"); }},
};

class FileLimits : public ::testing::TestWithParam<LimitCase> {};

TEST_P(FileLimits, RefusesAFileOneByteOverTheLimitBeforeReadingIt) {
    const LimitCase& c = GetParam();
    const testing::TempFolder folder;
    for (const std::string& companion : c.companions) testing::writeFile(folder.path() / companion, kSmallJson);
    const fs::path large = folder.path() / c.tooLarge;
    testing::writeFile(large, "");
    fs::resize_file(large, (std::uintmax_t{static_cast<unsigned>(c.limitMiB)} << 20) + 1);  // sparse

    const auto start = std::chrono::steady_clock::now();
    const std::string message = messageOf<IoError>([&] { c.read(folder.path()); });
    // A generous bound that detects a read of the whole file, not a speed goal.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << c.name;
    EXPECT_EQ(message, "cannot read " + large.string() + ": it is larger than " + std::to_string(c.limitMiB) +
                           " MiB, the limit for this kind of file");
}

INSTANTIATE_TEST_SUITE_P(EveryReader, FileLimits, ::testing::ValuesIn(kCases), testing::CaseNameOf{});

}  // namespace
}  // namespace attnviz
