// The .attnviz session: a saved session opens to bit-identical matrices and the same predict
// round; a version 1 file opens unchanged; damaged files, newer versions (3 and later), rounds that
// cannot be right and missing files are refused with a message naming the problem.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "core/attention/AttentionTrace.h"
#include "core/attention/PredictRound.h"
#include "core/base/Errors.h"
#include "core/formats/SessionFile.h"
#include "core/io/AtomicFile.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

using namespace attnviz;
using attnviz::testing::bitIdentical;
using attnviz::testing::messageOf;
using attnviz::testing::TempFolder;
namespace fs = std::filesystem;

namespace {

/// A session that uses every control: custom cells, supplied matrices with awkward doubles,
/// two heads, causal + window + global tokens, padding, a 64-bit seed, temperature.
Session richSession() {
    Session s;
    s.sentence = "L’animal n'a pas traversé la rue, \"parce qu'il\" était trop fatigué.";
    s.config.dModel = 4;
    s.config.heads = 2;
    s.config.temperature = 0.1 + 0.2;  // 0.30000000000000004
    s.config.seed = std::numeric_limits<std::uint64_t>::max();
    s.config.scaleBySqrtDk = false;
    s.config.positionalEncoding = false;
    s.config.mask.causal = true;
    s.config.mask.window = 3;
    s.config.mask.globalTokens = {0, 5};
    s.config.mask.padTo = 20;
    s.config.mask.customMasked = {{3, 1}, {7, 0}, {19, 2}};
    s.config.preset = ProjectionPreset::Supplied;
    Eigen::MatrixXd w(4, 4);
    w << 0.1, -1e-300, 4.9406564584124654e-324, 1.0 / 3.0,  //
        2.0 / 3.0, -0.0, 123456789.123456789, -7.25,          //
        1e8, std::nextafter(1.0, 2.0), -0.5, 0.25,          //
        3.141592653589793, -2.718281828459045, 1e-5, 0;
    s.config.supplied = {w, w.transpose(), w * 0.5, -w};
    s.view.step = Step::Masked;
    s.view.head = kAllHeads;
    s.view.weightsRange = WeightsRange::Data;
    s.view.colormap = "viridis";
    s.view.showValues = false;
    s.view.title = "Mon titre — « essai »";
    s.predict = PredictRound({11, 1, 7});
    s.predict.setGuess(5);
    s.predict.reveal();
    return s;
}

std::string withField(const Session& s, const char* key, const nlohmann::json& value) {
    nlohmann::json root = nlohmann::json::parse(sessionToJson(s));
    root[key] = value;
    return root.dump();
}

}  // namespace

TEST(SessionFile, RoundTripKeepsEverySettingExactly) {
    const Session original = richSession();
    const Session back = readSession(sessionToJson(original));
    EXPECT_EQ(back.sentence, original.sentence);
    EXPECT_TRUE(back.config == original.config) << sessionToJson(back);
    EXPECT_EQ(back.view, original.view);
    EXPECT_EQ(back.predict, original.predict);
    EXPECT_TRUE(bitIdentical(back.config.supplied.wq(), original.config.supplied.wq()));
    EXPECT_EQ(back.config.seed, std::numeric_limits<std::uint64_t>::max());
}

TEST(SessionFile, SavedAndOpenedGivesBitIdenticalMatrices) {
    TempFolder folder;
    for (const Session& original : {richSession(), Session{"Le chat est assis", AttentionConfig{}, SessionView{}, {}}}) {
        const fs::path file = folder.path() / "s.attnviz";
        saveSession(file, original);
        const Session opened = loadSession(file);
        const AttentionTrace a = AttentionTrace::compute(original.sentence, original.config);
        const AttentionTrace b = AttentionTrace::compute(opened.sentence, opened.config);
        ASSERT_EQ(a.size(), b.size());
        for (int s = 0; s < kStepCount; ++s) {
            const auto step = static_cast<Step>(s);
            for (int head = kAllHeads; head < a.heads(); ++head) {
                EXPECT_TRUE(bitIdentical(a.matrix(step, head), b.matrix(step, head)))
                    << "step " << stepName(step) << " head " << head;
            }
        }
    }
}

TEST(SessionFile, WritesTheDocumentedFields) {
    const nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
    EXPECT_EQ(root.at("format"), "attnviz-session");
    EXPECT_EQ(root.at("version"), 2);
    EXPECT_EQ(root.at("view").at("head"), "mean");
    EXPECT_EQ(root.at("view").at("step"), "masked");
    EXPECT_EQ(root.at("view").at("weights_range"), "data");
    EXPECT_EQ(root.at("config").at("mask").at("custom_masked").size(), 3u);
    EXPECT_EQ(root.at("config").at("supplied").at("W_O").size(), 4u);
    EXPECT_EQ(root.at("predict").at("revealed_rows"), nlohmann::json::parse("[11]"));
    EXPECT_EQ(root.at("predict").at("hidden_rows"), nlohmann::json::parse("[1, 7]"));
    EXPECT_EQ(root.at("predict").at("guesses"), nlohmann::json::parse("[[11, 5]]"));
    Session noRound = richSession();
    noRound.predict = PredictRound();
    EXPECT_FALSE(nlohmann::json::parse(sessionToJson(noRound)).contains("predict")) << "written only during a round";
}

TEST(SessionFile, AVersion1FileOpensUnchanged) {
    // Written by hand as version 1 wrote it (no "predict"): every field reads as it always did,
    // and no row is hidden.
    const std::string version1 = R"({
  "format": "attnviz-session",
  "version": 1,
  "sentence": "Le chat est assis",
  "config": {"d_model": 4, "heads": 2, "scale": false, "temperature": 0.5, "seed": 7,
             "positional_encoding": false, "preset": "identity",
             "mask": {"causal": true, "window": 0, "global_tokens": [], "pad_to": 0, "custom_masked": [[2, 0]]},
             "max_tokens": 4096},
  "view": {"step": "scores", "head": 1, "colormap": "viridis", "values": false, "title": "Chat",
           "weights_range": "data"}
})";
    const Session s = readSession(version1);
    EXPECT_EQ(s.sentence, "Le chat est assis");
    EXPECT_EQ(s.config.dModel, 4);
    EXPECT_EQ(s.config.heads, 2);
    EXPECT_FALSE(s.config.scaleBySqrtDk);
    EXPECT_EQ(s.config.temperature, 0.5);
    EXPECT_EQ(s.config.seed, 7u);
    EXPECT_FALSE(s.config.positionalEncoding);
    EXPECT_EQ(s.config.preset, ProjectionPreset::Identity);
    EXPECT_TRUE(s.config.mask.causal);
    EXPECT_EQ(s.config.mask.customMasked.size(), 1u);
    EXPECT_TRUE(s.config.mask.customMasked.contains({2, 0}));
    EXPECT_EQ(s.view.step, Step::Scores);
    EXPECT_EQ(s.view.head, 1);
    EXPECT_EQ(s.view.colormap, "viridis");
    EXPECT_FALSE(s.view.showValues);
    EXPECT_EQ(s.view.title, "Chat");
    EXPECT_EQ(s.view.weightsRange, attnviz::WeightsRange::Data);
    EXPECT_FALSE(s.predict.isActive()) << "version 1 has no round: every row is shown";
}

TEST(SessionFile, EveryFieldOfThePredictRoundIsOptional) {
    nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
    root["predict"] = nlohmann::json::object();
    EXPECT_FALSE(readSession(root.dump()).predict.isActive()) << "{}: no round";
    root["predict"] = {{"hidden_rows", {4, 2}}};
    const PredictRound hidden = readSession(root.dump()).predict;
    EXPECT_EQ(hidden.hiddenRows(), (std::vector<int>{4, 2})) << "in the file's order";
    EXPECT_TRUE(hidden.revealedRows().empty());
    EXPECT_TRUE(hidden.guesses().empty());
}

TEST(SessionFile, ATrainedModelIsWrittenWithLayerAndHeadCountedFromOneAndReadBack) {
    Session session = richSession();
    session.model = SessionModel{"/home/me/models/gpt2", 2, 4};
    const nlohmann::json written = nlohmann::json::parse(sessionToJson(session));
    EXPECT_EQ(written.at("model"),
              nlohmann::json({{"folder", "/home/me/models/gpt2"}, {"layer", 3}, {"head", 5}}));
    EXPECT_EQ(readSession(written.dump()), session);
    session.model->head = kAllHeads;
    EXPECT_EQ(nlohmann::json::parse(sessionToJson(session)).at("model").at("head"), "mean");
    EXPECT_EQ(readSession(sessionToJson(session)), session);

    nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
    EXPECT_FALSE(root.contains("model")) << "written only while a model is shown";
    EXPECT_FALSE(readSession(root.dump()).model.has_value());
    root["model"] = {{"folder", "gpt2"}};
    const Session defaults = readSession(root.dump());
    ASSERT_TRUE(defaults.model.has_value());
    EXPECT_EQ(defaults.model->layer, 0) << "absent: layer 1";
    EXPECT_EQ(defaults.model->head, 0) << "absent: head 1";
}

TEST(SessionFile, AModelThatCannotBeRightIsRefusedNamingTheField) {
    const auto refusal = [](const nlohmann::json& model) {
        nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
        root["model"] = model;
        return messageOf<FormatError>([&] { (void)readSession(root.dump()); });
    };
    EXPECT_EQ(refusal({{"folder", "gpt2"}, {"layer", 0}}), "session.model.layer: expected a layer number counted from 1");
    EXPECT_EQ(refusal({{"folder", "gpt2"}, {"head", "all"}}),
              "session.model.head: expected a head number counted from 1, or \"mean\" (got a string)");
    EXPECT_EQ(refusal({{"folder", "gpt2"}, {"head", 0}}),
              "session.model.head: expected a head number counted from 1, or \"mean\"");
    EXPECT_EQ(refusal({{"folder", ""}}), "session.model.folder: expected the model's folder (a path)");
    EXPECT_NE(refusal({{"layer", 1}}).find("folder"), std::string::npos);
    EXPECT_NE(refusal({{"folder", "gpt2"}, {"heads", 1}}).find("unknown field \"heads\""), std::string::npos);
}

TEST(SessionFile, ARoundThatCannotBeRightIsRefusedNamingTheField) {
    const auto refusal = [](const nlohmann::json& predict) {
        nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
        root["predict"] = predict;
        return messageOf<FormatError>([&] { (void)readSession(root.dump()); });
    };
    EXPECT_EQ(refusal({{"hidden_rows", {1, 2}}, {"revealed_rows", {2}}}),
              "session.predict.hidden_rows[1]: row 2 is listed twice");
    EXPECT_EQ(refusal({{"hidden_rows", {1}}, {"guesses", {{3, 0}}}}),
              "session.predict.guesses[0]: row 3 has a guess but is neither hidden nor revealed");
    EXPECT_EQ(refusal({{"hidden_rows", {1}}, {"guesses", {{1, 0}, {1, 2}}}}),
              "session.predict.guesses[1]: row 1 has two guesses");
    EXPECT_EQ(refusal({{"hidden_rows", {4096}}}), "session.predict.hidden_rows[0]: 4096 is not a token position (0 to 4095)");
    EXPECT_NE(refusal({{"hidden_rows", {-1}}}).find("session.predict.hidden_rows[0]: expected a non-negative integer"),
              std::string::npos);
    EXPECT_NE(refusal({{"guesses", {1}}}).find("session.predict.guesses[0]: expected a [query, key] pair"),
              std::string::npos);
    EXPECT_NE(refusal({{"hidden", {1}}}).find("unknown field \"hidden\""), std::string::npos);
}

TEST(SessionFile, TheWeightsRangeReadsBackAndAnUnknownOneIsRefused) {
    nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
    EXPECT_EQ(readSession(root.dump()).view.weightsRange, WeightsRange::Data);
    root["view"]["weights_range"] = "0 to 1";
    EXPECT_EQ(readSession(root.dump()).view.weightsRange, WeightsRange::Fixed);
    root["view"]["weights_range"] = "row";
    EXPECT_EQ(readSession(root.dump()).view.weightsRange, WeightsRange::PerRow) << "each row against its largest";
    root["view"].erase("weights_range");
    EXPECT_EQ(readSession(root.dump()).view.weightsRange, WeightsRange::Fixed) << "absent: 0 to 1 (older sessions)";
    root["view"]["weights_range"] = "auto";
    try {
        (void)readSession(root.dump());
        ADD_FAILURE() << "\"auto\" was accepted";
    } catch (const FormatError& e) {
        EXPECT_STREQ(e.what(), "session.view.weights_range: \"auto\" is not one of \"0 to 1\", \"data\", \"row\"");
    }
}

TEST(SessionFile, EachRowAgainstItsLargestWeightIsWrittenRowAndReadBack) {
    Session session = richSession();
    session.view.weightsRange = WeightsRange::PerRow;
    const std::string text = sessionToJson(session);
    EXPECT_EQ(nlohmann::json::parse(text).at("view").at("weights_range"), "row");
    EXPECT_EQ(readSession(text), session) << "the whole session, the new range included";
}

TEST(SessionFile, ViewIsOptional) {
    nlohmann::json root = nlohmann::json::parse(sessionToJson(richSession()));
    root.erase("view");
    const Session s = readSession(root.dump());
    EXPECT_EQ(s.view, SessionView{});
}

TEST(SessionFile, DamagedJsonIsRefusedWithAMessage) {
    std::string text = sessionToJson(richSession());
    text.resize(text.size() / 2);
    const std::string message = messageOf<FormatError>([&] { (void)readSession(text); });
    EXPECT_NE(message.find("damaged session"), std::string::npos) << message;
    EXPECT_NE(messageOf<FormatError>([] { (void)readSession(""); }).find("empty"), std::string::npos);
    EXPECT_NE(messageOf<FormatError>([] { (void)readSession("[1, 2]"); }).find("not an AttnViz session"),
              std::string::npos);
}

TEST(SessionFile, NewerVersionIsRefusedNamingBothVersions) {
    const std::string message =
        messageOf<FormatError>([] { (void)readSession(withField(richSession(), "version", 3)); });
    EXPECT_EQ(message, "session version 3 is newer than this program understands (2)");
    EXPECT_NE(messageOf<FormatError>([] { (void)readSession(withField(richSession(), "version", 12)); })
                  .find("session version 12 is newer"),
              std::string::npos);
    EXPECT_NE(messageOf<FormatError>([] { (void)readSession(withField(richSession(), "version", 0)); })
                  .find("not a valid version"),
              std::string::npos);
    EXPECT_NE(messageOf<FormatError>([] { (void)readSession(withField(richSession(), "version", "1")); })
                  .find("session.version"),
              std::string::npos);
}

TEST(SessionFile, OtherFormatsAndWrongFieldsAreRefused) {
    const Session s = richSession();
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(withField(s, "format", "attnviz-trace")); })
                  .find("not an AttnViz session"),
              std::string::npos);
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(withField(s, "sentence", 3)); }).find("session.sentence"),
              std::string::npos);
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(withField(s, "extra", 3)); }).find("unknown field"),
              std::string::npos);
    nlohmann::json root = nlohmann::json::parse(sessionToJson(s));
    root["config"]["heads"] = 3;
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(root.dump()); }).find("session.config: 3 heads"),
              std::string::npos);
    root = nlohmann::json::parse(sessionToJson(s));
    root["view"]["step"] = "softmax";
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(root.dump()); }).find("session.view.step"),
              std::string::npos);
    // view.head is stored 0-based: with 2 heads, 2 is one too far, and the message says so.
    root = nlohmann::json::parse(sessionToJson(s));
    root["view"]["head"] = 2;
    EXPECT_EQ(messageOf<FormatError>([&] { (void)readSession(root.dump()); }),
              "session.view.head: 2 is not a head index: the config has 2 heads (indices 0 to 1)");
    root = nlohmann::json::parse(sessionToJson(s));
    root.erase("sentence");
    EXPECT_NE(messageOf<FormatError>([&] { (void)readSession(root.dump()); }).find("\"sentence\" is missing"),
              std::string::npos);
}

TEST(SessionFile, MissingFileIsAnIoErrorNamingThePath) {
    TempFolder folder;
    const fs::path missing = folder.path() / "nope.attnviz";
    const std::string message = messageOf<IoError>([&] { (void)loadSession(missing); });
    EXPECT_NE(message.find(missing.string()), std::string::npos) << message;
    EXPECT_NE(message.find("no such file"), std::string::npos) << message;
}

TEST(SessionFile, DamagedFileMessageNamesThePath) {
    TempFolder folder;
    const fs::path file = folder.path() / "bad.attnviz";
    writeFileAtomically(file, std::string_view("{\"format\": \"attnviz-session\", "));
    const std::string message = messageOf<FormatError>([&] { (void)loadSession(file); });
    EXPECT_EQ(message.rfind(file.string() + ": damaged session", 0), 0u) << message;
}

TEST(SessionFile, FailedSaveLeavesTheOldFileAndNoTemporary) {
    TempFolder folder;
    const fs::path file = folder.path() / "keep.attnviz";
    saveSession(file, richSession());
    const std::string before = readFileBytes(file);
    const fs::path blocked = file / "under-a-file.attnviz";
    EXPECT_THROW(saveSession(blocked, richSession()), IoError);
    EXPECT_EQ(readFileBytes(file), before);
    int entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder.path())) ++entries;
    EXPECT_EQ(entries, 1) << "a temporary was left";
}
