// The one JSON reader: refusals name the place ("session.config.mask.window: expected an integer
// (got a string)"), on one line; unknown fields are refused in AttnViz's own formats and ignored
// in other tools' files; nothing of nlohmann's escapes as anything but a FormatError.
#include <gtest/gtest.h>

#include <functional>
#include <span>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/base/Errors.h"
#include "core/formats/ImportedAttention.h"
#include "core/formats/Safetensors.h"
#include "core/formats/SessionFile.h"
#include "core/formats/TraceJson.h"
#include "core/formats/WeightsFile.h"
#include "core/gpt2/Gpt2Config.h"
#include "core/io/JsonReader.h"
#include "core/model/TeachingModel.h"
#include "core/text/ByteLevelBpe.h"

namespace attnviz {
namespace {

using nlohmann::json;

/// The message of the FormatError action throws, or what else happened.
std::string refusal(const std::function<void()>& action) {
    try {
        action();
    } catch (const FormatError& error) {
        return error.what();
    } catch (const std::exception& error) {
        return std::string("not a FormatError: ") + error.what();
    }
    return "(accepted)";
}

/// A format of version 2 that refuses in the words of sessions.
constexpr JsonFormat kTestFormat{"attnviz-test", 2, ErrorCode::SessionDamaged, ErrorCode::SessionEmpty,
                                 ErrorCode::SessionNotAnObject, ErrorCode::SessionFormatMissing,
                                 ErrorCode::SessionWrongFormat, ErrorCode::SessionNewer, ErrorCode::SessionBadVersion};

TEST(JsonReader, UnknownFieldsAreRefusedInOurFormatsAndIgnoredInOthers) {
    const json document = json::parse(R"({"a": 1, "b": {"c": 2, "zzz": 3}, "extra": true})");

    const JsonReader own(document, "doc", UnknownFields::Refuse);
    EXPECT_EQ(refusal([&] { own.object({"a", "b"}); }), "doc: unknown field \"extra\"");
    EXPECT_EQ(refusal([&] { own.object({"a", "b", "extra"}).required("b").object({"c"}); }),
              "doc.b: unknown field \"zzz\"")
        << "an object inside refuses too";

    const JsonReader foreign(document, "config.json", UnknownFields::Ignore, RootName::File);
    EXPECT_EQ(refusal([&] { foreign.object({"a", "b"}).required("b").object({"c"}); }), "(accepted)");
    EXPECT_EQ(foreign.required("a").integer(), 1);
    EXPECT_EQ(foreign.required("b").object({"c"}).required("c").integer(), 2);
    // Ignoring unknown fields does not make known ones lenient.
    EXPECT_EQ(refusal([&] { (void)foreign.required("extra").integer(); }),
              "config.json: extra: expected an integer (got a boolean)");
}

TEST(JsonReader, RefusalsNameTheWholePath) {
    const json session = json::parse(R"({"config": {"mask": {"window": "3"}}})");
    const JsonReader root(session, "session", UnknownFields::Refuse);
    EXPECT_EQ(refusal([&] { (void)root.required("config").required("mask").required("window").integer(); }),
              "session.config.mask.window: expected an integer (got a string)");
    EXPECT_EQ(refusal([&] { (void)root.required("config").required("heads"); }),
              "session.config: the field \"heads\" is missing");

    // A file's name is followed by ": ", array items by their index.
    const json model = json::parse(R"({"rules": [{"entries": []}, {"entries": [{"row": 7}]}]})");
    const JsonReader file(model, "model.json", UnknownFields::Refuse, RootName::File);
    EXPECT_EQ(refusal([&] { (void)file.required("rules").items()[1].required("entries").items()[0].required("row").string(); }),
              "model.json: rules[1].entries[0].row: expected a string (got an integer)");

    // Keys that are data, not field names, are quoted.
    const json translations = json::parse(R"({"fr": {"is a noun": {"name": 5}}})");
    const JsonReader table(translations, "translations", UnknownFields::Refuse);
    EXPECT_EQ(refusal([&] {
                  for (const auto& [language, entries] : table.members())
                      for (const auto& [name, entry] : entries.members(KeyStyle::Quoted))
                          (void)entry.required("name").string();
              }),
              "translations.fr[\"is a noun\"].name: expected a string (got an integer)");
}

TEST(JsonReader, EachKindOfValueIsCheckedBeforeItIsRead) {
    const json values = json::parse(R"({"text": "x", "flag": true, "nothing": null, "half": 1.5, "minus": -1,
        "big": 3000000000, "small": -3000000000, "list": [1, "two"], "object": {}, "rows": [[1, 2], [3]]})");
    const JsonReader root(values, "v", UnknownFields::Refuse);
    const auto at = [&](const char* key) { return root.required(key); };
    EXPECT_EQ(refusal([&] { (void)at("flag").string(); }), "v.flag: expected a string (got a boolean)");
    EXPECT_EQ(refusal([&] { (void)at("text").boolean(); }), "v.text: expected true or false (got a string)");
    EXPECT_EQ(refusal([&] { (void)at("nothing").number(); }), "v.nothing: expected a number (got null)");
    EXPECT_EQ(refusal([&] { (void)at("half").integer(); }), "v.half: expected an integer (got a fractional number)");
    EXPECT_EQ(refusal([&] { (void)at("big").integer(); }), "v.big: 3000000000 is too large");
    EXPECT_EQ(refusal([&] { (void)at("small").integer(); }), "v.small: -3000000000 is out of range");
    EXPECT_EQ(refusal([&] { (void)at("minus").unsignedInteger(); }),
              "v.minus: expected a non-negative integer (got a negative integer)");
    EXPECT_EQ(refusal([&] { (void)at("big").index(); }), "v.big: 3000000000 is too large");
    EXPECT_EQ(at("big").unsignedInteger(), 3000000000u);
    EXPECT_EQ(refusal([&] { (void)at("object").items(); }), "v.object: expected an array (got an object)");
    EXPECT_EQ(refusal([&] { (void)at("list").field("x"); }), "v.list: expected an object (got an array)");
    EXPECT_EQ(refusal([&] { (void)at("list").items()[1].number(); }), "v.list[1]: expected a number (got a string)");
    EXPECT_EQ(refusal([&] { (void)at("text").oneOf({"a", "b", "c"}); }), "v.text: \"x\" is not one of \"a\", \"b\", \"c\"");
    EXPECT_EQ(refusal([&] { (void)at("text").oneOf({"a", "b"}); }), "v.text: \"x\" is not \"a\" or \"b\"");
    EXPECT_EQ(refusal([&] { (void)at("rows").matrix(); }), "v.rows[1]: has 1 numbers, expected 2 like row 0");
    EXPECT_EQ(refusal([&] { (void)at("list").vector(3); }), "v.list: has 2 numbers, expected 3");

    // A number that only a program can put in a document: JSON text has no infinity.
    const json infinite = {{"t", std::numeric_limits<double>::infinity()}};
    EXPECT_EQ(refusal([&] { (void)JsonReader(infinite, "v", UnknownFields::Refuse).required("t").number(); }),
              "v.t: the number is too large");
}

TEST(JsonReader, ANumberADoubleCannotHoldIsADamagedFileNotACrash) {
    EXPECT_EQ(refusal([] { (void)parseJson(R"({"x": 1e400})", kTestFormat); }),
              "damaged session: number overflow parsing '1e400'");
    EXPECT_EQ(refusal([] { (void)parseJson(" \n", kTestFormat, "a.json"); }), "a.json: damaged session: the file is empty");

    // Through every reader of a whole document.
    nlohmann::json session = nlohmann::json::parse(sessionToJson(Session{"le chat", {}, {}, {}}));
    std::string text = session.dump();
    text.replace(text.find("\"temperature\":1.0"), 17, "\"temperature\":1e400");
    EXPECT_EQ(refusal([&] { (void)readSession(text); }).rfind("damaged session: number overflow parsing '1e400'", 0), 0u)
        << refusal([&] { (void)readSession(text); });
    EXPECT_EQ(refusal([] { (void)readTraceJson(R"({"format": "attnviz-trace", "version": 1e400})"); })
                  .rfind("damaged trace JSON: number overflow", 0),
              0u);
    EXPECT_EQ(refusal([] { (void)TeachingModel::fromText(R"({"version": -1e400})", {}); })
                  .rfind("model.json: damaged JSON: number overflow", 0),
              0u);
}

// Issue 14, case 1, in the readers of other tools' files too: one line naming the file (where a
// reader knows it), never nlohmann's out_of_range. (Each is fuzzed: tests/fuzz.)
TEST(JsonReader, EveryReaderRefusesANumberADoubleCannotHoldInOneLine) {
    std::string safetensors = R"({"w": {"dtype": "F32", "shape": [1e400], "data_offsets": [0, 4]}})";
    safetensors.insert(0, std::string{static_cast<char>(safetensors.size()), 0, 0, 0, 0, 0, 0, 0});
    const std::vector<std::pair<std::string, std::function<void()>>> readers = {
        {"weights", [] { (void)readWeightsJson(R"({"format": "attnviz-weights", "version": 1, "d_model": 1e400})"); }},
        {"config.json", [] { (void)gpt2::parseGpt2Config(R"({"model_type": "gpt2", "n_layer": 1e400})"); }},
        {"tokenizer.json", [] { (void)ByteLevelBpe::fromTokenizerJsonText(R"({"model": {"vocab": {"a": 1e400}}})", "tokenizer.json"); }},
        {"vocab.json", [] { (void)ByteLevelBpe::fromVocabAndMergesText(R"({"a": 1e400})", "", "vocab.json", "merges.txt"); }},
        {"imported", [] { (void)importJsonAttention(R"({"tokens": ["a"], "attentions": [[1e400]]})", "run.json", false); }},
        {"tokens", [] { (void)parseTokenList(R"(["a", 1e400])", "run.tokens.json"); }},
        {"safetensors", [&] { (void)parseSafetensors(std::as_bytes(std::span(safetensors.data(), safetensors.size()))); }},
    };
    for (const auto& [name, read] : readers) {
        const std::string message = refusal(read);
        EXPECT_NE(message.find("number overflow parsing '1e400'"), std::string::npos) << name << ": " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << name;
    }
}

TEST(JsonReader, TheFormatAndVersionOfADocumentAreCheckedFirst) {
    const auto check = [](const char* text) {
        return refusal([&] {
            const json document = json::parse(text);
            (void)JsonReader(document, "test", UnknownFields::Refuse).formatVersion(kTestFormat);
        });
    };
    EXPECT_EQ(check(R"([])"), "not an AttnViz session: expected a JSON object (got an array)");
    EXPECT_EQ(check(R"({"version": 1})"), "not an AttnViz session: the field \"format\" is missing");
    EXPECT_EQ(check(R"({"format": 3})"), "not an AttnViz session: format is 3, expected \"attnviz-test\"");
    EXPECT_EQ(check(R"({"format": "attnviz-test"})"), "test: the field \"version\" is missing");
    EXPECT_EQ(check(R"({"format": "attnviz-test", "version": "2"})"), "test.version: expected an integer (got a string)");
    EXPECT_EQ(check(R"({"format": "attnviz-test", "version": 3})"),
              "session version 3 is newer than this program understands (2)");
    EXPECT_EQ(check(R"({"format": "attnviz-test", "version": 0})"), "session version 0 is not a valid version");
    EXPECT_EQ(check(R"({"format": "attnviz-test", "version": 2})"), "(accepted)");
    // A format that is not UTF-8 (made by a program) is quoted, not a crash of the JSON writer.
    const json document = {{"format", "\xff"}, {"version", 1}};
    EXPECT_EQ(refusal([&] { (void)JsonReader(document, "test", UnknownFields::Refuse).formatVersion(kTestFormat); }),
              "not an AttnViz session: format is \"\xEF\xBF\xBD\", expected \"attnviz-test\"");
}

TEST(JsonReader, AFieldNameWithANewlineGivesAOneLineMessage) {
    const json document = json::parse("{\"a\\nb\\u0001\": {\"x\\ty\": \"s\"}}");
    const JsonReader root(document, "doc", UnknownFields::Refuse);
    const std::string unknown = refusal([&] { root.object({"a"}); });
    EXPECT_EQ(unknown, "doc: unknown field \"a\\nb\\u0001\"");
    const std::string nested = refusal([&] {
        for (const auto& [key, value] : root.members())
            for (const auto& [inner, leaf] : value.members()) (void)leaf.integer();
    });
    EXPECT_EQ(nested, "doc.a\\nb\\u0001.x\\ty: expected an integer (got a string)");
    for (const std::string& message : {unknown, nested})
        for (const char c : message) EXPECT_GE(static_cast<unsigned char>(c), 0x20u) << message;

    // The same through a whole format: a session with such a field.
    std::string session = sessionToJson(Session{"le chat", {}, {}, {}});
    session.insert(session.find('{') + 1, "\"evil\\r\\nfield\": 1,");
    EXPECT_EQ(refusal([&] { (void)readSession(session); }), "session: unknown field \"evil\\r\\nfield\"");
}

/// Every value of document, by its JSON pointer.
void collectPointers(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
    out.push_back(at);
    if (value.is_object())
        for (const auto& [key, child] : value.items()) collectPointers(child, at / key, out);
    if (value.is_array())
        for (std::size_t i = 0; i < value.size(); ++i) collectPointers(value[i], at / i, out);
}

TEST(JsonReader, NoValueOfAnyKindAnywhereLetsAnythingButAFormatErrorThrough) {
    // Every value of a session and of a small trace replaced in turn by every kind of value: the
    // reader either accepts the document or refuses it with a FormatError, never with an
    // exception of the JSON library (a type_error, an out_of_range …).
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 2;
    config.mask.customMasked = {{0, 1}};
    const json session = json::parse(sessionToJson(Session{"le chat", config, {}, {}}));
    const json replacements = json::array({nullptr, true, "s", 1.5, -1, 0, 3000000000, 1e300, json::array(),
                                           json::array({1, 2}), json::object(), json::object({{"k", 1}})});
    const auto everyVariant = [&](const json& original, const std::function<void(const std::string&)>& read) {
        std::vector<json::json_pointer> pointers;
        collectPointers(original, json::json_pointer(), pointers);
        int variants = 0;
        for (const json::json_pointer& pointer : pointers) {
            for (const json& replacement : replacements) {
                json edited = original;
                edited[pointer] = replacement;
                const std::string outcome = refusal([&] { read(edited.dump()); });
                EXPECT_EQ(outcome.rfind("not a FormatError", 0), std::string::npos)
                    << pointer.to_string() << " = " << replacement.dump() << ": " << outcome;
                ++variants;
            }
        }
        return variants;
    };
    EXPECT_GT(everyVariant(session, [](const std::string& text) { (void)readSession(text); }), 300);

    std::ostringstream trace;
    writeTraceJson(trace, AttentionTrace::compute("le chat", config));
    EXPECT_GT(everyVariant(json::parse(trace.str()), [](const std::string& text) { (void)readTraceJson(text); }), 1000);
}

TEST(JsonReader, ALexiconListedWithANumberForItsLanguageIsRefusedNotThrownThrough) {
    // The check that each given lexicon is listed once read "language" without asking its kind.
    json model = json::parse(builtInTeachingFile("model.json"));
    model["lexicons"][0]["language"] = 5;
    const std::vector<std::pair<std::string, std::string>> lexicons = {
        {"fr", std::string(builtInTeachingFile("lexicon_fr.tsv"))}, {"en", std::string(builtInTeachingFile("lexicon_en.tsv"))}};
    EXPECT_EQ(refusal([&] { (void)TeachingModel::fromJson(model, lexicons); }),
              "model.json: lexicons[0].language: expected a string (got an integer)");
}

}  // namespace
}  // namespace attnviz
