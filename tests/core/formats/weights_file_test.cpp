// Weights files: the JSON format (writer + reader) and NumPy .npy files written by numpy itself
// (tests/fixtures/npy, made by make_fixtures.py there). Every expected value is written by hand
// below; every refusal is checked with its message.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/NpyArray.h"
#include "core/formats/WeightsFile.h"
#include "core/io/AtomicFile.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/MessageOf.h"
#include "tests/support/NpyFixtures.h"
#include "tests/support/TempFolder.h"

using attnviz::AttentionConfig;
using attnviz::ConfigError;
using attnviz::FormatError;
using attnviz::IoError;
using attnviz::NpyArray;
using attnviz::Weights;
using attnviz::testing::bitIdentical;
using attnviz::testing::messageOf;
using attnviz::testing::TempFolder;
using attnviz::testing::npy::expectedWk;
using attnviz::testing::npy::expectedWo;
using attnviz::testing::npy::expectedWq;
using attnviz::testing::npy::expectedWv;
using attnviz::testing::npy::fixture;

namespace fs = std::filesystem;

namespace {

std::string bytesOf(const std::string& relative) { return attnviz::readFileBytes(fixture(relative)); }

/// readWeightsNpy on the good set with one file replaced.
std::string npyMessage(int which, const std::string& bytes) {
    std::string files[4] = {bytesOf("good/W_Q.npy"), bytesOf("good/W_K.npy"), bytesOf("good/W_V.npy"),
                            bytesOf("good/W_O.npy")};
    files[which] = bytes;
    return messageOf<FormatError>([&] { (void)attnviz::readWeightsNpy(files[0], files[1], files[2], files[3]); });
}

const char* kGoodJson = R"({"format": "attnviz-weights", "version": 1, "d_model": 2,
  "W_Q": [[1, 2], [3, 4]], "W_K": [[0.5, 0], [0, 0.5]], "W_V": [[1, 0], [0, 1]], "W_O": [[0, 1], [1, -0.25]]})";

std::string goodJsonWith(const char* key, const nlohmann::json& value) {
    nlohmann::json root = nlohmann::json::parse(kGoodJson);
    root[key] = value;
    return root.dump();
}

}  // namespace

TEST(NpyArray, ReadsEveryLayoutNumpyWrites) {
    const NpyArray c8 = NpyArray::parse(bytesOf("good/W_Q.npy"), "W_Q.npy");
    EXPECT_EQ(c8.dtype, "<f8");
    EXPECT_FALSE(c8.fortranOrder);
    EXPECT_TRUE(bitIdentical(c8.values, expectedWq())) << c8.values;

    const NpyArray c4 = NpyArray::parse(bytesOf("good/W_K.npy"), "W_K.npy");
    EXPECT_EQ(c4.dtype, "<f4");
    EXPECT_TRUE(bitIdentical(c4.values, expectedWk())) << c4.values;

    const NpyArray fortran = NpyArray::parse(bytesOf("good/W_V.npy"), "W_V.npy");
    EXPECT_TRUE(fortran.fortranOrder);
    EXPECT_TRUE(bitIdentical(fortran.values, expectedWv())) << fortran.values;

    const std::string version2 = bytesOf("good/W_O.npy");
    ASSERT_EQ(version2[6], 2) << "the fixture should have a version 2.0 header";
    EXPECT_TRUE(bitIdentical(NpyArray::parse(version2, "W_O.npy").values, expectedWo()));

    EXPECT_TRUE(bitIdentical(NpyArray::parse(bytesOf("layouts/big_endian_f8.npy"), "x").values, expectedWq()));
    EXPECT_TRUE(bitIdentical(NpyArray::parse(bytesOf("layouts/big_endian_f4.npy"), "x").values, expectedWk()));
    EXPECT_TRUE(bitIdentical(NpyArray::parse(bytesOf("layouts/fortran_f4.npy"), "x").values, expectedWk()));

    Eigen::MatrixXd rect(2, 3);
    rect << 1, 2, 3, 4, 5, 6;
    const NpyArray rectangular = NpyArray::parse(bytesOf("layouts/rect_2x3_fortran.npy"), "x");
    EXPECT_TRUE(rectangular.fortranOrder);
    EXPECT_TRUE(bitIdentical(rectangular.values, rect)) << rectangular.values;
}

TEST(NpyArray, WritesWhatNumpySaveWrites) {
    Eigen::MatrixXd m(2, 3);
    m << 1.5, -2, 0.1, 3, 4.25, -0.5;
    EXPECT_EQ(NpyArray::serialize(m), bytesOf("layouts/serialize_2x3.npy"));
    EXPECT_TRUE(bitIdentical(NpyArray::parse(NpyArray::serialize(m), "m").values, m));
}

TEST(NpyArray, RefusesOtherTypesAndShapesNamingTheFile) {
    EXPECT_EQ(npyMessage(0, bytesOf("bad/int64.npy")), "W_Q.npy: dtype <i8 is not float32 or float64");
    EXPECT_EQ(npyMessage(1, bytesOf("bad/complex128.npy")), "W_K.npy: dtype <c16 is not float32 or float64");
    EXPECT_EQ(npyMessage(2, bytesOf("bad/float16.npy")), "W_V.npy: dtype <f2 is not float32 or float64");
    EXPECT_EQ(npyMessage(3, bytesOf("bad/object.npy")), "W_O.npy: dtype |O is not float32 or float64");
    EXPECT_EQ(npyMessage(0, bytesOf("bad/structured.npy")),
              "W_Q.npy: dtype [('a', '<f8'), ('b', '<i4')] (a structured type) is not float32 or float64");
    EXPECT_EQ(npyMessage(0, bytesOf("bad/vector.npy")),
              "W_Q.npy: expected a 2-D matrix, the file holds a 1-D array of shape (3,)");
    EXPECT_EQ(npyMessage(2, bytesOf("bad/cube.npy")),
              "W_V.npy: expected a 2-D matrix, the file holds a 3-D array of shape (3, 3, 3)");
    EXPECT_EQ(npyMessage(1, bytesOf("bad/shape_3x2.npy")), "W_K.npy: expected 3×3, the file holds 3×2");
    EXPECT_EQ(npyMessage(3, bytesOf("bad/shape_2x2.npy")), "W_O.npy: expected 3×3, the file holds 2×2");
    EXPECT_EQ(npyMessage(0, bytesOf("bad/shape_3x2.npy")),
              "W_Q.npy: expected a square d_model × d_model matrix, the file holds 3×2");
    EXPECT_EQ(npyMessage(2, bytesOf("bad/nan.npy")), "W_V.npy: value at row 2, column 1 is NaN");
    EXPECT_EQ(npyMessage(1, bytesOf("bad/inf_f4.npy")), "W_K.npy: value at row 0, column 2 is infinite");
}

TEST(NpyArray, RefusesDamagedFiles) {
    const std::string good = bytesOf("good/W_Q.npy");  // 128-byte header, then 3×3 float64 = 72 bytes
    ASSERT_EQ(good.size(), 200u);

    std::string magic = good;
    magic[1] = 'X';
    EXPECT_EQ(npyMessage(0, magic), "W_Q.npy: not a NumPy .npy file (it does not start with \\x93NUMPY)");
    EXPECT_EQ(npyMessage(0, "hello"), "W_Q.npy: not a NumPy .npy file (it does not start with \\x93NUMPY)");
    EXPECT_EQ(npyMessage(0, ""), "W_Q.npy: not a NumPy .npy file (it does not start with \\x93NUMPY)");

    EXPECT_EQ(npyMessage(0, good.substr(0, 195)),
              "W_Q.npy: truncated: the header announces 3×3 float64 values, the file holds 67 bytes of data");
    EXPECT_EQ(npyMessage(0, good.substr(0, 20)), "W_Q.npy: truncated: the header announces 118 bytes, the file ends before");
    EXPECT_EQ(npyMessage(0, good.substr(0, 9)), "W_Q.npy: truncated: the file ends inside the header");
    EXPECT_EQ(npyMessage(0, good + "abcd"), "W_Q.npy: 4 bytes after the data (3×3 float64 values take 72 bytes)");

    std::string version = good;
    version[6] = 4;
    EXPECT_EQ(npyMessage(0, version), "W_Q.npy: .npy version 4.0 is not supported (1.0, 2.0 and 3.0 are)");

    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string bytes = good;
        const std::size_t at = bytes.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        bytes.replace(at, from.size(), to);
        return bytes;
    };
    EXPECT_EQ(npyMessage(0, replaced("'shape'", "'shapf'")), "W_Q.npy: damaged header: unknown key 'shapf'");
    EXPECT_EQ(npyMessage(0, replaced("'fortran_order': False, ", std::string(24, ' '))),
              "W_Q.npy: damaged header: it needs the keys 'descr', 'fortran_order' and 'shape'");
    EXPECT_EQ(npyMessage(0, replaced("(3, 3)", "[3, 3]")), "W_Q.npy: damaged header: 'shape' is not a tuple");
    const std::string notBoolean = npyMessage(0, replaced("False", "Fals?"));
    EXPECT_EQ(notBoolean.rfind("W_Q.npy: damaged header: expected a string, True, False or a tuple at character 34", 0), 0u)
        << notBoolean;
    const std::string unclosed = npyMessage(0, replaced("), }", ")   "));
    EXPECT_EQ(unclosed.rfind("W_Q.npy: damaged header: expected ',' or '}'", 0), 0u) << unclosed;
}

TEST(WeightsFile, NpyFolderLoadsToTheSameMatrices) {
    const Weights fromFolder = attnviz::loadWeights(fixture("good"));
    EXPECT_EQ(fromFolder.dModel(), 3);
    EXPECT_TRUE(bitIdentical(fromFolder.wq, expectedWq()));
    EXPECT_TRUE(bitIdentical(fromFolder.wk, expectedWk()));
    EXPECT_TRUE(bitIdentical(fromFolder.wv, expectedWv()));
    EXPECT_TRUE(bitIdentical(fromFolder.wo, expectedWo()));
    // Picking any one of the four files loads the set.
    EXPECT_EQ(attnviz::loadWeights(fixture("good/W_K.npy")), fromFolder);
}

TEST(WeightsFile, NpyErrorsNameThePath) {
    TempFolder folder;
    for (const char* name : {"W_Q.npy", "W_K.npy", "W_O.npy"}) fs::copy_file(fixture(std::string("good/") + name), folder.path() / name);
    EXPECT_EQ(messageOf<IoError>([&] { (void)attnviz::loadWeights(folder.path()); }),
              "cannot open " + (folder.path() / "W_V.npy").string() + ": no such file");
    fs::copy_file(fixture("bad/nan.npy"), folder.path() / "W_V.npy");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)attnviz::loadWeights(folder.path() / "W_Q.npy"); }),
              (folder.path() / "W_V.npy").string() + ": value at row 2, column 1 is NaN");
}

TEST(WeightsFile, JsonReadsNamedMatrices) {
    const Weights w = attnviz::readWeightsJson(kGoodJson);
    ASSERT_EQ(w.dModel(), 2);
    Eigen::MatrixXd wq(2, 2), wk(2, 2), wv(2, 2), wo(2, 2);
    wq << 1, 2, 3, 4;
    wk << 0.5, 0, 0, 0.5;
    wv << 1, 0, 0, 1;
    wo << 0, 1, 1, -0.25;
    EXPECT_TRUE(bitIdentical(w.wq, wq));
    EXPECT_TRUE(bitIdentical(w.wk, wk));
    EXPECT_TRUE(bitIdentical(w.wv, wv));
    EXPECT_TRUE(bitIdentical(w.wo, wo));
    EXPECT_EQ(w.comment, "");
}

TEST(WeightsFile, JsonRoundTripIsBitExact) {
    Weights w;
    w.wq = Eigen::MatrixXd::Constant(4, 4, 0.1 + 0.2);  // 0.30000000000000004
    w.wk = Eigen::MatrixXd::Identity(4, 4) * (1.0 / 3.0);
    w.wv = Eigen::MatrixXd::Constant(4, 4, -1e-300);
    w.wo = Eigen::MatrixXd::Constant(4, 4, 123456789.125);
    w.wo(3, 2) = 5e-324;  // the smallest subnormal
    w.comment = "essai « ok »";
    TempFolder folder;
    const fs::path path = folder.path() / "w.json";
    attnviz::saveWeights(path, w);
    const Weights back = attnviz::loadWeights(path);
    EXPECT_TRUE(bitIdentical(back.wq, w.wq));
    EXPECT_TRUE(bitIdentical(back.wk, w.wk));
    EXPECT_TRUE(bitIdentical(back.wv, w.wv));
    EXPECT_TRUE(bitIdentical(back.wo, w.wo));
    EXPECT_EQ(back.comment, w.comment);
    const nlohmann::json root = nlohmann::json::parse(attnviz::readFileBytes(path));
    EXPECT_EQ(root["format"], "attnviz-weights");
    EXPECT_EQ(root["version"], 1);
    EXPECT_EQ(root["d_model"], 4);

    attnviz::saveWeightsNpy(folder.path(), w);
    const Weights npy = attnviz::loadWeights(folder.path());
    EXPECT_TRUE(bitIdentical(npy.wq, w.wq));
    EXPECT_TRUE(bitIdentical(npy.wo, w.wo));
}

TEST(WeightsFile, JsonRefusesEachKindOfBadFile) {
    const auto message = [](const std::string& text) {
        return messageOf<FormatError>([&] { (void)attnviz::readWeightsJson(text); });
    };
    EXPECT_EQ(message(goodJsonWith("W_K", {{1, 2}, {3, 4}, {5, 6}})), "W_K: expected 2×2, the file holds 3×2");
    EXPECT_EQ(message(goodJsonWith("W_K", {{1, 2, 3}, {3, 4, 5}})), "W_K: expected 2×2, the file holds 2×3");
    EXPECT_EQ(message(goodJsonWith("W_Q", {{1, 2}, {3}})), "W_Q: row 1 has 1 numbers, row 0 has 2");
    EXPECT_EQ(message(goodJsonWith("W_V", {{1, 2}, {nullptr, 4}})),
              "W_V: value at row 1, column 0 is not a number (got null)");
    EXPECT_EQ(message(goodJsonWith("W_V", {{1, 2}, {3, "4"}})),
              "W_V: value at row 1, column 1 is not a number (got a string)");
    EXPECT_EQ(message(R"({"format": "attnviz-weights", "version": 1, "d_model": 1,
                          "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]], "W_O": [[1e999]]})"),
              "damaged weights file: number overflow parsing '1e999'");
    nlohmann::json missing = nlohmann::json::parse(kGoodJson);
    missing.erase("W_O");
    EXPECT_EQ(message(missing.dump()), "weights: the matrix \"W_O\" is missing");
    EXPECT_EQ(message(goodJsonWith("W_X", {{1}})), "weights: unknown field \"W_X\"");
    EXPECT_EQ(message(goodJsonWith("version", 2)), "weights version 2 is newer than this program understands (1)");
    EXPECT_EQ(message(goodJsonWith("format", "attnviz-session")),
              "not an AttnViz weights file: format is \"attnviz-session\", expected \"attnviz-weights\"");
    EXPECT_EQ(message(goodJsonWith("d_model", 0)), "weights.d_model: d_model must be between 1 and 4096 (it is 0)");
    EXPECT_EQ(message(goodJsonWith("d_model", 3)), "W_Q: expected 3×3, the file holds 2×2");
    EXPECT_EQ(message(""), "damaged weights file: the file is empty");
    EXPECT_EQ(message("[1, 2]"), "not an AttnViz weights file: expected a JSON object (got an array)");
    const std::string damaged = message(R"({"format": "attnviz-weights", )");
    EXPECT_EQ(damaged.rfind("damaged weights file: ", 0), 0u) << damaged;
}

TEST(WeightsFile, LoadErrorsNameThePath) {
    TempFolder folder;
    const fs::path path = folder.path() / "bad.json";
    attnviz::writeFileAtomically(path, goodJsonWith("W_K", {{1, 2}, {3, 4}, {5, 6}}));
    EXPECT_EQ(messageOf<FormatError>([&] { (void)attnviz::loadWeights(path); }),
              path.string() + ": W_K: expected 2×2, the file holds 3×2");
    EXPECT_EQ(messageOf<IoError>([&] { (void)attnviz::loadWeights(folder.path() / "none.json"); }),
              "cannot open " + (folder.path() / "none.json").string() + ": no such file");
}

TEST(WeightsFile, WithWeightsValidatesAndLeavesTheConfigAlone) {
    const Weights w = attnviz::loadWeights(fixture("good"));
    AttentionConfig config;
    config.heads = 2;
    const AttentionConfig before = config;
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)attnviz::withWeights(config, w); }),
              "2 heads do not divide d_model = 3: d_k = d_model / heads must be a whole number");
    EXPECT_TRUE(config == before);

    config.heads = 1;
    const AttentionConfig used = attnviz::withWeights(config, w);
    EXPECT_EQ(used.preset, attnviz::ProjectionPreset::Supplied);
    EXPECT_EQ(used.dModel, 3);
    const auto trace = attnviz::AttentionTrace::compute("Le chat est assis", used);
    EXPECT_TRUE(bitIdentical(trace.projections().wq, expectedWq()));
    EXPECT_TRUE(bitIdentical(trace.projections().wo, expectedWo()));
}

TEST(WeightsFile, TeachingModelExportsAndReadsBack) {
    const attnviz::Projections& teaching = attnviz::TeachingModel::builtIn().projections();
    const Weights w = attnviz::weightsOf(teaching, "AttnViz teaching model");
    const Weights back = attnviz::readWeightsJson(attnviz::weightsToJson(w));
    EXPECT_EQ(back, w);
    EXPECT_EQ(back.dModel(), 20);
}

TEST(WeightsFile, ReplaceWeightsKeepsTheTeachingModelsInput) {
    // Edited weights of the teaching model: its lexicon X stays, the edited W_Q is used.
    const AttentionConfig teaching = attnviz::teachingConfig();
    Weights edited = attnviz::weightsOf(attnviz::TeachingModel::builtIn().projections());
    edited.wq(2, 1) = 0.5;  // pronoun → "looks for a living being": 8 in the model
    const AttentionConfig replaced = attnviz::replaceWeights(teaching, edited);
    EXPECT_EQ(replaced.preset, attnviz::ProjectionPreset::Teaching);
    EXPECT_TRUE(replaced.hasSuppliedMatrices());
    const auto trace = attnviz::AttentionTrace::compute("Le chat est assis", replaced);
    const Eigen::MatrixXd x = attnviz::TeachingModel::builtIn().embed(trace.tokens()).x;
    EXPECT_TRUE(bitIdentical(trace.x(), x)) << "the teaching model's X";
    EXPECT_TRUE(bitIdentical(trace.projections().wq, edited.wq));
    EXPECT_TRUE(bitIdentical(trace.q(), x * edited.wq));
    EXPECT_FALSE(teaching.hasSuppliedMatrices()) << "the config passed in is left alone";

    // Back to the model: withTeachingModel drops the edits.
    EXPECT_FALSE(attnviz::withTeachingModel(replaced).hasSuppliedMatrices());

    // Weights of another size, or another preset: preset Supplied, as withWeights.
    const Weights three = attnviz::loadWeights(fixture("good"));
    EXPECT_TRUE(attnviz::replaceWeights(teaching, three) == attnviz::withWeights(teaching, three));
    EXPECT_TRUE(attnviz::replaceWeights(AttentionConfig{}, three) == attnviz::withWeights(AttentionConfig{}, three));

    // A wrong-shaped edit of the teaching model is refused by validate.
    AttentionConfig bad = teaching;
    bad.supplied = {expectedWq(), expectedWk(), expectedWv(), expectedWo()};
    EXPECT_EQ(messageOf<ConfigError>([&] { bad.validate(); }),
              "W_Q must be 20×20 (d_model × d_model), it is 3×3");
}
