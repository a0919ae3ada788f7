// Imported attention weights: .npy files of every shape, dtype and order, and JSON files, written
// by numpy (tests/fixtures/imported, made by make_fixtures.py there). The values the reader must
// find are numpy's own, in good/expected.json; every refusal is checked with its message.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/ImportedAttention.h"
#include "core/formats/NpyArray.h"
#include "core/io/AtomicFile.h"
#include "tests/support/CaseNames.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

using attnviz::FormatError;
using attnviz::ImportedWeights;
using attnviz::ImportOptions;
using attnviz::readImportedAttention;
using attnviz::testing::messageOf;
using attnviz::testing::testData;

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kTokens = {"The", " cat", " sat", " on", " it"};

fs::path importedFixture(const std::string& relative) { return testData("fixtures/imported/" + relative); }

/// numpy's values of a good importedFixture, (layers, heads, n, n).
nlohmann::json expectedValues(const std::string& name) {
    return nlohmann::json::parse(attnviz::readFileBytes(importedFixture("good/expected.json"))).at(name);
}

/// Every weight equals numpy's (float32 files: exactly; float64 files: rounded to float32).
void expectWeights(const ImportedWeights& imported, const nlohmann::json& expected) {
    ASSERT_EQ(imported.layers, static_cast<int>(expected.size()));
    ASSERT_EQ(imported.heads, static_cast<int>(expected[0].size()));
    ASSERT_EQ(imported.weights.size(), static_cast<std::size_t>(imported.layers * imported.heads));
    for (int l = 0; l < imported.layers; ++l)
        for (int h = 0; h < imported.heads; ++h) {
            const Eigen::MatrixXf& matrix = imported.weights[static_cast<std::size_t>(l * imported.heads + h)];
            ASSERT_EQ(matrix.rows(), 5);
            ASSERT_EQ(matrix.cols(), 5);
            for (int i = 0; i < 5; ++i)
                for (int j = 0; j < 5; ++j)
                    EXPECT_EQ(matrix(i, j), static_cast<float>(expected[l][h][i][j].get<double>()))
                        << "layer " << l + 1 << " head " << h + 1 << " row " << i + 1 << " key " << j + 1;
        }
}

struct GoodFile {
    std::string name;  ///< the importedFixture in good/, and its entry in expected.json
    std::string file;
    int layers;
    int heads;
    bool causal;
};

void PrintTo(const GoodFile& c, std::ostream* out) { *out << c.name; }

class ImportedGoodFile : public ::testing::TestWithParam<GoodFile> {};

TEST_P(ImportedGoodFile, ReadsNumpysValuesTokensAndShape) {
    const GoodFile& good = GetParam();
    const ImportedWeights imported = readImportedAttention(importedFixture("good/" + good.file), {});
    EXPECT_EQ(imported.tokens, kTokens);
    EXPECT_EQ(imported.layers, good.layers);
    EXPECT_EQ(imported.heads, good.heads);
    EXPECT_EQ(imported.causal, good.causal);
    expectWeights(imported, expectedValues(good.name));
}

INSTANTIATE_TEST_SUITE_P(
    EveryShapeAndDtype, ImportedGoodFile,
    ::testing::Values(GoodFile{"layers_heads_f4", "layers_heads_f4.npy", 2, 3, false},
                      GoodFile{"batch_f8_big_endian", "batch_f8_big_endian.npy", 2, 3, false},
                      GoodFile{"heads_f8_fortran", "heads_f8_fortran.npy", 1, 3, false},
                      GoodFile{"single_f4_big_endian_fortran", "single_f4_big_endian_fortran.npy", 1, 1, false},
                      GoodFile{"causal_f4", "causal_f4.npy", 2, 2, false},
                      GoodFile{"attention.json", "attention.json", 2, 3, false},
                      GoodFile{"causal.json", "causal.json", 2, 2, true}),
    attnviz::testing::CaseNameOf());

TEST(ImportedAttention, CausalOnlyWhenTheFileOrTheOptionSaysSo) {
    // causal_f4.npy has zeros above the diagonal: they are weights of 0, not masked cells.
    EXPECT_FALSE(readImportedAttention(importedFixture("good/causal_f4.npy"), {}).causal);
    EXPECT_TRUE(readImportedAttention(importedFixture("good/causal_f4.npy"), {.tokensFile = {}, .causal = true}).causal);
    EXPECT_FALSE(readImportedAttention(importedFixture("good/attention.json"), {}).causal);
    // The file's "causal": true holds without the option.
    EXPECT_TRUE(readImportedAttention(importedFixture("good/causal.json"), {.tokensFile = {}, .causal = false}).causal);
}

TEST(ImportedAttention, TokensFromTheOptionBeforeTheFileBeside) {
    attnviz::testing::TempFolder folder;
    const fs::path tokens = folder.path() / "words.json";
    attnviz::writeFileAtomically(tokens, R"(["a", "b", "c", "d", "e"])");
    const ImportedWeights imported =
        readImportedAttention(importedFixture("good/layers_heads_f4.npy"), {.tokensFile = tokens, .causal = false});
    EXPECT_EQ(imported.tokens, (std::vector<std::string>{"a", "b", "c", "d", "e"}));
    EXPECT_EQ(attnviz::tokensFileBeside("/x/run.npy"), fs::path("/x/run.tokens.json"));
}

struct BadFile {
    std::string name;  ///< the importedFixture in bad/
    bool causal;
    std::string message;  ///< after "<the file's path>: "
};

void PrintTo(const BadFile& c, std::ostream* out) { *out << c.name; }

class ImportedBadFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(ImportedBadFile, RefusedWithOneLineNamingTheFileAndThePlace) {
    const BadFile& bad = GetParam();
    const fs::path file = importedFixture("bad/" + bad.name);
    EXPECT_EQ(messageOf<FormatError>([&] { (void)readImportedAttention(file, {.tokensFile = {}, .causal = bad.causal}); }),
              file.string() + ": " + bad.message);
}

INSTANTIATE_TEST_SUITE_P(
    EveryRefusal, ImportedBadFile,
    ::testing::Values(
        BadFile{"nan.npy", false, "layer 2 head 1 row 3 key 2 is nan, not a finite number"},
        BadFile{"inf.npy", false, "layer 1 head 2 row 4 key 5 is inf, not a finite number"},
        BadFile{"negative.npy", false, "layer 1 head 3 row 1 key 4 is negative (-0.25)"},
        BadFile{"above_one.npy", false, "layer 1 head 2 row 3 key 3 is 1.0005, above 1: a weight is a share of its row"},
        BadFile{"row_sum.npy", false, "layer 2 head 3 row 5 sums to 0.87, not 1 (within 0.001)"},
        BadFile{"masked_weight.npy", true, "layer 2 head 1 row 2 key 3 is after its query (causal) but holds 0.25, not 0"},
        BadFile{"rank1.npy", false,
                "expected shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n) or (n, n), not (5,)"},
        BadFile{"rank6.npy", false,
                "expected shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n) or (n, n), not "
                "(1, 1, 2, 3, 5, 5)"},
        BadFile{"batch2.npy", false, "shape (2, 2, 3, 5, 5) holds a batch of 2 sentences: save one sentence (a batch of 1)"},
        BadFile{"empty.npy", false, "the array is empty (shape (2, 0, 5, 5))"},
        BadFile{"not_square.npy", false, "shape (2, 3, 4, 5): the last two sizes differ (n queries over n keys make n × n)"},
        BadFile{"int64.npy", false, "dtype <i8 is not float32 or float64"},
        BadFile{"tokens_four.npy", false, "the weights are of 5 tokens (shape (2, 3, 5, 5)), the tokens list has 4"},
        BadFile{"no_tokens.npy", false,
                "no tokens: give --tokens FILE (a JSON list of strings) or save them as no_tokens.tokens.json beside it"},
        BadFile{"truncated.npy", false,
                "truncated: the header announces shape (2, 3, 5, 5) of float32 values, the file holds 596 bytes of data"},
        BadFile{"ragged.json", false, "attentions[1][2][3]: expected 5 items, like the first at this depth, got 4"},
        BadFile{"unknown_field.json", false, "unknown field \"model\""},
        BadFile{"token_count.json", false, "the weights are of 5 tokens (shape (2, 3, 5, 5)), the tokens list has 6"},
        BadFile{"row_sum.json", false, "layer 1 head 1 row 2 sums to 1.5, not 1 (within 0.001)"}),
    attnviz::testing::CaseNameOf());

TEST(ImportedAttention, DamagedJsonAndUnknownExtensionRefused) {
    const fs::path damaged = importedFixture("bad/damaged.json");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)readImportedAttention(damaged, {}); }).rfind(damaged.string() + ": not JSON: ", 0),
              0U);
    EXPECT_EQ(messageOf<FormatError>([] { (void)readImportedAttention("weights.txt", {}); }),
              "weights.txt: expected a .npy or .json file of attention weights");
    EXPECT_EQ(messageOf<FormatError>(
                  [] { (void)readImportedAttention(importedFixture("good/attention.json"), {.tokensFile = "t.json", .causal = false}); }),
              importedFixture("good/attention.json").string() + ": the tokens are the file's own \"tokens\": --tokens is for .npy files");
}

/// A .npy header announcing `shape` of float32 values, followed by `dataBytes` zero bytes.
std::string npyWithShape(const std::string& shape, std::size_t dataBytes) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
    header.append(((10 + header.size() + 1 + 63) / 64) * 64 - 10 - header.size() - 1, ' ');
    header.push_back('\n');
    std::string bytes("\x93NUMPY\x01\x00", 8);
    bytes.push_back(static_cast<char>(header.size() & 0xFF));
    bytes.push_back(static_cast<char>(header.size() >> 8));
    bytes.append(header);
    bytes.append(dataBytes, '\0');
    return bytes;
}

TEST(ImportedAttention, AbsurdShapeRefusedBeforeAnythingIsAllocated) {
    // 10^20 values announced, 16 bytes present: the product is checked against the file first.
    EXPECT_EQ(messageOf<FormatError>([] {
                  (void)attnviz::importNpyAttention(npyWithShape("(100000, 100000, 100000, 100000)", 16), "huge.npy", {}, false);
              }),
              "huge.npy: truncated: the header announces shape (100000, 100000, 100000, 100000) of float32 values, "
              "the file holds 16 bytes of data");
    EXPECT_EQ(messageOf<FormatError>([] {
                  (void)attnviz::importNpyAttention(npyWithShape("(2, 2)", 20), "long.npy", {"a", "b"}, false);
              }),
              "long.npy: 20 bytes of data: shape (2, 2) of float32 values takes 16");
}

TEST(ImportedAttention, MoreTokensThanTheLimitRefused) {
    static_assert(attnviz::limits::kMaxTokens == 4096, "the shape below is one token over the limit");
    EXPECT_EQ(messageOf<FormatError>([] {
                  (void)attnviz::importNpyAttention(npyWithShape("(4097, 4097)", std::size_t{4097} * 4097 * 4), "long.npy",
                                                    {}, false);
              }),
              "long.npy: 4097 tokens, more than the limit of 4096");
}

TEST(ImportedAttention, TokenListMustBeStrings) {
    EXPECT_EQ(messageOf<FormatError>([] { (void)attnviz::parseTokenList(R"(["a", 2])", "t.json"); }),
              "t.json[1]: expected a string (got an integer)");
    EXPECT_EQ(messageOf<FormatError>([] { (void)attnviz::parseTokenList(R"({"tokens": []})", "t.json"); }),
              "t.json: expected an array (got an object)");
}

TEST(NpyView, ReadsAnyRankInBothOrders) {
    // numpy's np.arange(6, dtype='<f4').reshape(1, 2, 3): C order strides (6, 3, 1); Fortran (1, 1, 2).
    const std::string bytes = npyWithShape("(1, 2, 3)", 24);
    const attnviz::NpyView view = attnviz::NpyView::parse(bytes, "x.npy");
    EXPECT_EQ(view.shape, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_EQ(view.strides(), (std::vector<std::uint64_t>{6, 3, 1}));
    EXPECT_EQ(view.count(), 6U);
    attnviz::NpyView fortran = view;
    fortran.fortranOrder = true;
    EXPECT_EQ(fortran.strides(), (std::vector<std::uint64_t>{1, 1, 2}));
}

}  // namespace
