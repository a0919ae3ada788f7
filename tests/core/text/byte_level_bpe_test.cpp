// Tests of GPT-2's byte-level BPE (core/text/ByteLevelBpe.h): the ids of GPT-2's own encoder on
// 472 sentences (tests/reference/gpt2/token_golden.json, from the npm package gpt-3-encoder),
// from vocab.json + merges.txt and from tokenizer.json; byte spans; the display rules (README,
// "GPT-2 tokenizer"); every refusal of a damaged file or sentence.
#include "core/text/ByteLevelBpe.h"

#include "core/base/Errors.h"
#include "core/io/AtomicFile.h"
#include "core/text/Gpt2PreTokenizer.h"
#include "core/text/TokenDisplay.h"
#include "tests/support/CaseNames.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace attnviz {
namespace {

using testing::messageOf;
using testing::TempFolder;
using testing::testData;

const std::filesystem::path kEncoderJson = testData("fixtures/gpt2/encoder.json");
const std::filesystem::path kVocabBpe = testData("fixtures/gpt2/vocab.bpe");
constexpr std::size_t kGpt2Positions = 1024;

struct GoldenSentence {
    std::string text;
    std::vector<int> ids;
};

/// token_golden.json: the ids the JavaScript encoder gave for each sentence.
std::vector<GoldenSentence> goldenSentences() {
    const nlohmann::json golden = nlohmann::json::parse(readFileBytes(testData("reference/gpt2/token_golden.json")));
    std::vector<GoldenSentence> sentences;
    for (const auto& item : golden) sentences.push_back({item.at("text"), item.at("ids")});
    return sentences;
}

const ByteLevelBpe& gpt2() {
    static const ByteLevelBpe bpe = ByteLevelBpe::fromVocabAndMerges(kEncoderJson, kVocabBpe);
    return bpe;
}

std::vector<int> idsOf(const std::vector<Token>& tokens) {
    std::vector<int> ids;
    for (const Token& token : tokens) ids.push_back(token.id);
    return ids;
}

std::vector<std::string> textsOf(const std::vector<Token>& tokens) {
    std::vector<std::string> texts;
    for (const Token& token : tokens) texts.push_back(token.text);
    return texts;
}

/// Every golden sentence gives the golden ids; the empty one, which has none, is refused as empty.
void expectGoldenIds(const ByteLevelBpe& bpe) {
    const std::vector<GoldenSentence> sentences = goldenSentences();
    ASSERT_EQ(sentences.size(), 472u);
    int compared = 0;
    for (const GoldenSentence& sentence : sentences) {
        if (sentence.text.empty()) {
            EXPECT_TRUE(sentence.ids.empty());
            EXPECT_EQ(messageOf<InputError>([&] { (void)bpe.tokenize(sentence.text, kGpt2Positions); }),
                      "the sentence is empty: type at least one word");
            continue;
        }
        EXPECT_EQ(idsOf(bpe.tokenize(sentence.text, kGpt2Positions)), sentence.ids) << "sentence: " << sentence.text;
        ++compared;
    }
    EXPECT_EQ(compared, 471);
}

TEST(ByteLevelBpe, GivesGpt2sIdsOnEveryGoldenSentenceFromVocabAndMerges) { expectGoldenIds(gpt2()); }

/// A tokenizer.json as Hugging Face's tokenizers writes GPT-2's, from the same two files (the
/// layout of make_checkpoints.py's f32_tokenizer_json and bf16_tokenizer_json_pairs).
nlohmann::json gpt2TokenizerJson(bool mergesAsPairs) {
    const nlohmann::json vocab = nlohmann::json::parse(readFileBytes(kEncoderJson));
    const std::string mergesText = readFileBytes(kVocabBpe);
    nlohmann::json merges = nlohmann::json::array();
    std::size_t start = mergesText.find('\n') + 1;  // after "#version: 0.2"
    while (start < mergesText.size()) {
        const std::size_t end = mergesText.find('\n', start);
        const std::string line = mergesText.substr(start, end - start);
        const std::size_t space = line.find(' ');
        if (mergesAsPairs)
            merges.push_back(nlohmann::json::array({line.substr(0, space), line.substr(space + 1)}));
        else
            merges.push_back(line);
        start = end + 1;
    }
    nlohmann::json document = nlohmann::json::parse(R"({
        "version": "1.0", "truncation": null, "padding": null,
        "added_tokens": [{"id": 50256, "content": "<|endoftext|>", "single_word": false, "lstrip": false,
                          "rstrip": false, "normalized": true, "special": true}],
        "normalizer": null,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "post_processor": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "decoder": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": false, "byte_fallback": false}})");
    document["model"]["vocab"] = vocab;
    document["model"]["merges"] = merges;
    return document;
}

TEST(ByteLevelBpe, GivesGpt2sIdsOnEveryGoldenSentenceFromTokenizerJsonWithMergeStrings) {
    const TempFolder folder;
    writeFileAtomically(folder.path() / "tokenizer.json", gpt2TokenizerJson(false).dump());
    expectGoldenIds(ByteLevelBpe::fromTokenizerJson(folder.path() / "tokenizer.json"));
}

TEST(ByteLevelBpe, GivesGpt2sIdsOnEveryGoldenSentenceFromTokenizerJsonWithMergePairs) {
    const TempFolder folder;
    writeFileAtomically(folder.path() / "tokenizer.json", gpt2TokenizerJson(true).dump());
    expectGoldenIds(ByteLevelBpe::fromTokenizerJson(folder.path() / "tokenizer.json"));
}

TEST(ByteLevelBpe, ReadsALegacyTokenizerJsonWithoutTheModelsType) {
    nlohmann::json document = gpt2TokenizerJson(false);
    document["model"].erase("type");
    const TempFolder folder;
    writeFileAtomically(folder.path() / "tokenizer.json", document.dump());
    EXPECT_EQ(idsOf(ByteLevelBpe::fromTokenizerJson(folder.path() / "tokenizer.json").tokenize("Hello world", 8)),
              (std::vector<int>{15496, 995}));
}

TEST(ByteLevelBpe, SpansCoverEachGoldenSentenceExactlyWithEachTokensBytes) {
    for (const GoldenSentence& sentence : goldenSentences()) {
        if (sentence.text.empty()) continue;
        SCOPED_TRACE("sentence: " + sentence.text);
        std::size_t covered = 0;
        for (const Token& token : gpt2().tokenize(sentence.text, kGpt2Positions)) {
            ASSERT_EQ(token.begin, covered);
            ASSERT_LT(token.begin, token.end);
            // The vocabulary's own bytes of the id (encoder.json's string, read byte by byte).
            ASSERT_EQ(sentence.text.substr(token.begin, token.end - token.begin), gpt2().bytesOf(token.id));
            covered = token.end;
        }
        EXPECT_EQ(covered, sentence.text.size());
    }
}

TEST(ByteLevelBpe, TypedEndOfTextIsPlainText) {
    // encoder.py has no special tokens: "<|endoftext|>" typed is "<", "|", "end", "of", "text", "|", ">".
    EXPECT_EQ(idsOf(gpt2().tokenize("<|endoftext|>", kGpt2Positions)),
              (std::vector<int>{27, 91, 437, 1659, 5239, 91, 29}));
}

TEST(ByteLevelBpe, BytesOfAVocabularyTokenAreWhatItsStringStandsFor) {
    EXPECT_EQ(gpt2().size(), 50257u);
    EXPECT_EQ(gpt2().bytesOf(8537), " chat");           // "Ġchat"
    EXPECT_EQ(gpt2().bytesOf(198), "\n");               // "Ċ"
    EXPECT_EQ(gpt2().bytesOf(12520), " \xF0\x9F");      // "ĠðŁ": a space and half an emoji
    EXPECT_EQ(gpt2().bytesOf(50256), "<|endoftext|>");  // the last id
}

// ------------------------------------------------------------------------------------------
// Display (README, "GPT-2 tokenizer"). Ids and splits from the numpy reference (gpt2_reference.py
// tokenize), written here by hand.
// ------------------------------------------------------------------------------------------

TEST(ByteLevelBpeDisplay, ShowsALeadingSpaceAsAnOpenBox) {
    const std::vector<Token> tokens = gpt2().tokenize("Le chat", kGpt2Positions);
    EXPECT_EQ(textsOf(tokens), (std::vector<std::string>{"Le", "\u2423chat"}));
    EXPECT_EQ(idsOf(tokens), (std::vector<int>{3123, 8537}));
}

TEST(ByteLevelBpeDisplay, ShowsTheBytesOfASplitEmoji) {
    // 🤗 is F0 9F A4 97; GPT-2 splits " 🤗" into " F0 9F", "A4", "97".
    const std::vector<Token> tokens = gpt2().tokenize("Le chat \xF0\x9F\xA4\x97", kGpt2Positions);
    EXPECT_EQ(textsOf(tokens), (std::vector<std::string>{"Le", "\u2423chat", "\u2423<F0><9F>", "<A4>", "<97>"}));
    EXPECT_EQ(idsOf(tokens), (std::vector<int>{3123, 8537, 12520, 97, 245}));
}

TEST(ByteLevelBpeDisplay, ShowsAWholeCharacterAsItselfAndTheRestAsBytes) {
    // 中文 is E4 B8 AD, E6 96 87: GPT-2 has 中 whole, then "E6 96" and "87".
    EXPECT_EQ(textsOf(gpt2().tokenize("\u4E2D\u6587", kGpt2Positions)),
              (std::vector<std::string>{"\u4E2D", "<E6><96>", "<87>"}));
    EXPECT_EQ(textsOf(gpt2().tokenize("na\u00EFve caf\u00E9", kGpt2Positions)),
              (std::vector<std::string>{"na", "\u00EFve", "\u2423caf\u00E9"}));
}

TEST(ByteLevelBpeDisplay, ShowsNewlinesTabsAndRunsOfSpaces) {
    EXPECT_EQ(textsOf(gpt2().tokenize("a\n\tb  x", kGpt2Positions)),
              (std::vector<std::string>{"a", "\u21B5", "\u2192", "b", "\u2423", "\u2423x"}));
}

TEST(ByteLevelBpeDisplay, ShowsInvisibleCharactersByTheirCodePoint) {
    EXPECT_EQ(readableToken("\xC2\xA0"), "<U+00A0>");                // no-break space
    EXPECT_EQ(readableToken("a\xE2\x80\x8D" "b"), "a<U+200D>b");     // zero-width joiner
    EXPECT_EQ(readableToken("\xEF\xBB\xBF"), "<U+FEFF>");            // byte order mark
    EXPECT_EQ(readableToken("\xC2\x85"), "<U+0085>");                // next line (C1 control)
    EXPECT_EQ(readableToken("\r\x1B\x7F"), "\u240D\u241B\u2421");    // control pictures
}

TEST(ByteLevelBpeDisplay, ShowsBytesThatAreNoWholeCharacter) {
    EXPECT_EQ(readableToken("\xE2\x80"), "<E2><80>");      // a character cut at its end
    EXPECT_EQ(readableToken("\x80\x99s"), "<80><99>s");    // ... and at its start
    EXPECT_EQ(readableToken("\xC0\xAF"), "<C0><AF>");      // not UTF-8 at all (an overlong '/')
    EXPECT_EQ(readableToken("\xF0\x9F\xA4\x97"), "\xF0\x9F\xA4\x97");  // whole: the emoji itself
}

// ------------------------------------------------------------------------------------------
// Pre-tokenization and merges, by hand.
// ------------------------------------------------------------------------------------------

std::vector<std::string> piecesOf(std::string_view text) {
    std::vector<std::string> pieces;
    for (const ByteSpan& span : gpt2Pieces(text)) pieces.emplace_back(text.substr(span.begin, span.end - span.begin));
    return pieces;
}

TEST(Gpt2PreTokenizer, SplitsAsEncoderPysPattern) {
    // Contractions (case-sensitive), letters, numbers, other runs, each with one leading space.
    EXPECT_EQ(piecesOf("I'd've IT'S 3.14abc!!"),
              (std::vector<std::string>{"I", "'d", "'ve", " IT", "'", "S", " 3", ".", "14", "abc", "!!"}));
    // A run of white space leaves its last space to the next word (\s+(?!\S)); at the end it is whole.
    EXPECT_EQ(piecesOf("a   b\n\n c  "), (std::vector<std::string>{"a", "  ", " b", "\n\n", " c", "  "}));
    // One white-space character before a non-space is a piece of its own (\s+).
    EXPECT_EQ(piecesOf("a\n\tb"), (std::vector<std::string>{"a", "\n", "\t", "b"}));
}

TEST(Gpt2PreTokenizer, TakesWhiteSpaceAsTheUnicodePropertyNotTheCLocale) {
    // U+0085 NEXT LINE and U+00A0 are White_Space (\s of Python's `regex`); U+001C is not
    // (though str.isspace says it is): it is "other", and takes the space before it.
    EXPECT_EQ(piecesOf("a\xC2\x85" "b"), (std::vector<std::string>{"a", "\xC2\x85", "b"}));
    EXPECT_EQ(piecesOf("a\xC2\xA0\xC2\xA0" "b"), (std::vector<std::string>{"a", "\xC2\xA0", "\xC2\xA0", "b"}));
    EXPECT_EQ(piecesOf("a \x1C" "b"), (std::vector<std::string>{"a", " \x1C", "b"}));
    // Letters and numbers of every script: é (L), ٣ (Arabic-Indic digit, N), ½ (No).
    EXPECT_EQ(piecesOf("\u00E9t\u00E9 \u0663\u00BD"), (std::vector<std::string>{"\u00E9t\u00E9", " \u0663\u00BD"}));
}

/// GPT-2's 256 byte tokens: ids 0 to 255 of encoder.json (read once).
const nlohmann::json& gpt2ByteTokens() {
    static const nlohmann::json bytes = [] {
        const nlohmann::json gpt2Vocab = nlohmann::json::parse(readFileBytes(kEncoderJson));
        nlohmann::json result = nlohmann::json::object();
        for (const auto& [token, id] : gpt2Vocab.items())
            if (id.get<int>() < 256) result[token] = id;
        return result;
    }();
    return bytes;
}

/// The same as JSON text without the braces, "\"!\":0,…", to write into a vocabulary.
std::string byteTokensJson() {
    const std::string text = gpt2ByteTokens().dump();
    return text.substr(1, text.size() - 2);
}

/// Writes a small vocabulary: GPT-2's 256 byte tokens (ids 0 to 255 of encoder.json) and `more`
/// (ids 256, 257, …), and the merges, into vocab.json and merges.txt.
void writeSmallVocabulary(const TempFolder& folder, const std::vector<std::string>& more,
                          const std::vector<std::string>& merges) {
    nlohmann::json vocab = gpt2ByteTokens();
    for (std::size_t i = 0; i < more.size(); ++i) vocab[more[i]] = 256 + i;
    std::string mergesText = "#version: 0.2\n";
    for (const std::string& merge : merges) mergesText += merge + "\n";
    writeFileAtomically(folder.path() / "vocab.json", vocab.dump());
    writeFileAtomically(folder.path() / "merges.txt", mergesText);
}

ByteLevelBpe smallBpe(const std::vector<std::string>& more, const std::vector<std::string>& merges) {
    const TempFolder folder;
    writeSmallVocabulary(folder, more, merges);
    return ByteLevelBpe::fromVocabAndMerges(folder.path() / "vocab.json", folder.path() / "merges.txt");
}

TEST(ByteLevelBpe, MergesTheLowestRankFirstAndEachOccurrenceFromTheLeft) {
    // Ranks: 0 "Ġ t", 1 "h e", 2 "Ġt he". " the": Ġ t h e → Ġt h e → Ġt he → Ġthe; "the": t he.
    const ByteLevelBpe bpe = smallBpe({"\u0120t", "he", "\u0120the"}, {"\u0120 t", "h e", "\u0120t he"});
    EXPECT_EQ(idsOf(bpe.tokenize("the the", 8)), (std::vector<int>{83 /* t */, 257 /* he */, 258 /* Ġthe */}));
    // "a a" merges every occurrence left to right in one pass: aaa → aa a; aaaa → aa aa → aaaa.
    const ByteLevelBpe as = smallBpe({"aa", "aaaa"}, {"a a", "aa aa"});
    EXPECT_EQ(idsOf(as.tokenize("aaa", 8)), (std::vector<int>{256, 64 /* a */}));
    EXPECT_EQ(idsOf(as.tokenize("aaaa", 8)), (std::vector<int>{257}));
    EXPECT_EQ(idsOf(as.tokenize("aaaaa", 8)), (std::vector<int>{257, 64}));
}

TEST(ByteLevelBpe, KeepsTheLastRankOfAMergeListedTwiceAsEncoderPyDoes) {
    // "b c" is listed first and last: with rank 2 it comes after "a b" (rank 1): a b c → ab c.
    const ByteLevelBpe bpe = smallBpe({"bc", "ab"}, {"b c", "a b", "b c"});
    EXPECT_EQ(idsOf(bpe.tokenize("abc", 8)), (std::vector<int>{257 /* ab */, 66 /* c */}));
}

TEST(ByteLevelBpe, ReadsMergesTxtWithWindowsLineEnds) {
    const TempFolder folder;
    writeSmallVocabulary(folder, {"he", "the"}, {});
    writeFileAtomically(folder.path() / "merges.txt", "#version: 0.2\r\nh e\r\nt he\r\n");
    const ByteLevelBpe bpe = ByteLevelBpe::fromVocabAndMerges(folder.path() / "vocab.json", folder.path() / "merges.txt");
    EXPECT_EQ(idsOf(bpe.tokenize("the", 8)), (std::vector<int>{257 /* the */}));
}

// ------------------------------------------------------------------------------------------
// Sentences refused.
// ------------------------------------------------------------------------------------------

TEST(ByteLevelBpe, RefusesMoreTokensThanTheModelReads) {
    EXPECT_EQ(gpt2().tokenize("Hello world", 2).size(), 2u);
    EXPECT_EQ(messageOf<InputError>([] { (void)gpt2().tokenize("Hello world!", 2); }),
              "the sentence has more than 2 tokens: the model reads at most 2 at once");
    // "a a a …": "a" then one " a" token (id 257) per repetition.
    std::string text = "a";
    for (int i = 1; i < 1024; ++i) text += " a";
    EXPECT_EQ(gpt2().tokenize(text, kGpt2Positions).size(), 1024u);
    text += " a";
    EXPECT_EQ(messageOf<InputError>([&] { (void)gpt2().tokenize(text, kGpt2Positions); }),
              "the sentence has more than 1024 tokens: the model reads at most 1024 at once");
}

TEST(ByteLevelBpe, RefusesInvalidUtf8NamingTheByte) {
    EXPECT_EQ(messageOf<InputError>([] { (void)gpt2().tokenize("Le chat \xE9t\xE9", kGpt2Positions); }),
              "invalid UTF-8 at byte 8 (0xE9): truncated sequence");
    EXPECT_EQ(messageOf<InputError>([] { (void)gpt2().tokenize("ok \x80", kGpt2Positions); }),
              "invalid UTF-8 at byte 3 (0x80): continuation byte without a lead byte");
}

TEST(ByteLevelBpe, TokenizesFromSeveralThreadsAtOnce) {
    std::vector<GoldenSentence> sentences = goldenSentences();
    std::erase_if(sentences, [](const GoldenSentence& sentence) { return sentence.text.empty(); });
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (std::size_t t = 0; t < wrong.size(); ++t) {
        threads.emplace_back([&, t] {
            for (std::size_t i = 0; i < sentences.size(); ++i) {
                const GoldenSentence& sentence = sentences[(i * 7 + t * 13) % sentences.size()];
                if (idsOf(gpt2().tokenize(sentence.text, kGpt2Positions)) != sentence.ids) ++wrong[t];
            }
        });
    }
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

// ------------------------------------------------------------------------------------------
// Files refused: one line naming the file, the field or line, and the problem.
// ------------------------------------------------------------------------------------------

struct DamagedVocabFiles {
    std::string name;
    std::string vocabJson;  ///< "BYTES" stands for the 256 byte tokens
    std::string mergesTxt;
    std::string expected;   ///< "DIR" stands for the folder
};

void PrintTo(const DamagedVocabFiles& files, std::ostream* out) { *out << files.name; }

std::string filledIn(std::string text, const std::string& key, const std::string& value) {
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
    return text;
}

class DamagedVocabAndMerges : public ::testing::TestWithParam<DamagedVocabFiles> {};

TEST_P(DamagedVocabAndMerges, AreRefusedInOneLine) {
    const DamagedVocabFiles& files = GetParam();
    const TempFolder folder;
    writeFileAtomically(folder.path() / "vocab.json", filledIn(files.vocabJson, "BYTES", byteTokensJson()));
    writeFileAtomically(folder.path() / "merges.txt", files.mergesTxt);
    const std::string message = messageOf<Error>([&] {
        (void)ByteLevelBpe::fromVocabAndMerges(folder.path() / "vocab.json", folder.path() / "merges.txt");
    });
    EXPECT_EQ(message, filledIn(files.expected, "DIR", folder.path().string()));
}

const char kMerges[] = "#version: 0.2\nh e\n";

INSTANTIATE_TEST_SUITE_P(
    Files, DamagedVocabAndMerges,
    ::testing::Values(
        DamagedVocabFiles{"vocab_not_json", "{\"a\": 0,", kMerges,
                          "DIR/vocab.json: not JSON: parse error at line 1, column 9: syntax error while parsing "
                          "object key - unexpected end of input; expected string literal"},
        DamagedVocabFiles{"vocab_empty_file", " \n", kMerges, "DIR/vocab.json: the file is empty"},
        DamagedVocabFiles{"vocab_an_array", "[\"a\", \"b\"]", kMerges,
                          "DIR/vocab.json: the vocabulary is not an object of tokens and their ids (got an array)"},
        DamagedVocabFiles{"vocab_empty_object", "{}", kMerges, "DIR/vocab.json: the vocabulary is empty"},
        DamagedVocabFiles{"id_not_an_integer", "{BYTES, \"he\": \"256\"}", kMerges,
                          "DIR/vocab.json[\"he\"]: expected a non-negative integer (got a string)"},
        DamagedVocabFiles{"id_beyond_the_size", "{BYTES, \"he\": 300}", kMerges,
                          "DIR/vocab.json[\"he\"]: \"he\" has the id 300: the 257 tokens must have the ids 0 to 256"},
        DamagedVocabFiles{"id_twice", "{BYTES, \"he\": 256, \"hf\": 256}", kMerges,
                          "DIR/vocab.json[\"hf\"]: the id 256 is given to \"he\" and to \"hf\""},
        DamagedVocabFiles{"token_not_byte_level", "{BYTES, \"\u4E2D\": 256}", kMerges,
                          "DIR/vocab.json[\"\u4E2D\"]: \"\u4E2D\" is not a byte-level token: U+4E2D stands for no byte"},
        DamagedVocabFiles{"byte_missing", "{\"!\": 0}", kMerges,
                          "DIR/vocab.json: the vocabulary has no token for the byte 0x00 (\"\u0100\"): a byte-level "
                          "vocabulary has all 256"},
        DamagedVocabFiles{"merge_of_three", "{BYTES, \"he\": 256}", "#version: 0.2\nh e\nt h e\n",
                          "DIR/merges.txt: line 3: \"t h e\" is not two tokens separated by one space"},
        DamagedVocabFiles{"merge_of_one", "{BYTES, \"he\": 256}", "h e\nthe\n",
                          "DIR/merges.txt: line 2: \"the\" is not two tokens separated by one space"},
        DamagedVocabFiles{"merge_of_an_unknown_token", "{BYTES, \"he\": 256}", "#version: 0.2\nh e\nt he\n",
                          "DIR/merges.txt: line 3: the merge \"t he\" needs \"the\", which is not in the vocabulary"},
        DamagedVocabFiles{"merge_naming_an_unknown_token", "{BYTES, \"he\": 256}", "#version: 0.2\nhe llo\n",
                          "DIR/merges.txt: line 2: the merge \"he llo\" needs \"llo\", which is not in the "
                          "vocabulary"}),
    testing::CaseNameOf());

TEST(DamagedVocabAndMerges, MissingFilesAreNamed) {
    const TempFolder folder;
    EXPECT_EQ(messageOf<IoError>([&] {
                  (void)ByteLevelBpe::fromVocabAndMerges(folder.path() / "vocab.json", folder.path() / "merges.txt");
              }),
              "cannot open " + (folder.path() / "vocab.json").string() + ": no such file");
    writeSmallVocabulary(folder, {}, {});
    EXPECT_EQ(messageOf<IoError>([&] {
                  (void)ByteLevelBpe::fromVocabAndMerges(folder.path() / "vocab.json", folder.path() / "none.txt");
              }),
              "cannot open " + (folder.path() / "none.txt").string() + ": no such file");
}

/// A small valid tokenizer.json: the 256 byte tokens, "he" (256), the merge "h e".
nlohmann::json smallTokenizerJson() {
    nlohmann::json vocab = gpt2ByteTokens();
    vocab["he"] = 256;
    return {{"normalizer", nullptr},
            {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}},
            {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", nlohmann::json::array({"h e"})}}}};
}

/// The small tokenizer.json with the value at `pointer` ("" for the whole document) replaced;
/// made in the test, not when the cases are listed, which every test process would pay for.
struct DamagedTokenizerJson {
    std::string name;
    std::string pointer;
    nlohmann::json value;
    std::string expected;  ///< "FILE" stands for the file's path
};

void PrintTo(const DamagedTokenizerJson& file, std::ostream* out) { *out << file.name; }

DamagedTokenizerJson damaged(std::string name, std::string pointer, nlohmann::json value, std::string expected) {
    return {std::move(name), std::move(pointer), std::move(value), std::move(expected)};
}

class DamagedTokenizerJsonFiles : public ::testing::TestWithParam<DamagedTokenizerJson> {};

TEST_P(DamagedTokenizerJsonFiles, AreRefusedInOneLine) {
    const TempFolder folder;
    const std::filesystem::path path = folder.path() / "tokenizer.json";
    nlohmann::json document = smallTokenizerJson();
    document[nlohmann::json::json_pointer(GetParam().pointer)] = GetParam().value;
    writeFileAtomically(path, document.dump());
    EXPECT_EQ(messageOf<FormatError>([&] { (void)ByteLevelBpe::fromTokenizerJson(path); }),
              filledIn(GetParam().expected, "FILE", path.string()));
}

TEST(DamagedTokenizerJsonFiles, TheSmallOneIsGood) {
    const TempFolder folder;
    writeFileAtomically(folder.path() / "tokenizer.json", smallTokenizerJson().dump());
    EXPECT_EQ(idsOf(ByteLevelBpe::fromTokenizerJson(folder.path() / "tokenizer.json").tokenize("the", 8)),
              (std::vector<int>{83, 256}));
}

TEST(DamagedTokenizerJsonFiles, NotJsonIsRefused) {
    const TempFolder folder;
    writeFileAtomically(folder.path() / "tokenizer.json", "<html>");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)ByteLevelBpe::fromTokenizerJson(folder.path() / "tokenizer.json"); }),
              (folder.path() / "tokenizer.json").string() +
                  ": not JSON: parse error at line 1, column 1: syntax error while parsing value - invalid literal; "
                  "last read: '<'");
}

INSTANTIATE_TEST_SUITE_P(
    Files, DamagedTokenizerJsonFiles,
    ::testing::Values(
        damaged("root_an_array", "", nlohmann::json::array(), "FILE: expected an object (got an array)"),
        damaged("model_wordpiece", "/model/type", "WordPiece",
                "FILE: model: the model is \"WordPiece\", not \"BPE\": AttnViz reads GPT-2's byte-level BPE "
                "tokenizers"),
        damaged("model_missing", "/model", nullptr, "FILE: model: expected an object (got null)"),
        damaged("pre_tokenizer_whitespace", "/pre_tokenizer", {{"type", "Whitespace"}},
                "FILE: pre_tokenizer: the pre-tokenizer is \"Whitespace\", not \"ByteLevel\": AttnViz reads GPT-2's "
                "byte-level BPE tokenizers"),
        damaged("pre_tokenizer_null", "/pre_tokenizer", nullptr,
                "FILE: pre_tokenizer: the pre-tokenizer is null, not \"ByteLevel\": AttnViz reads GPT-2's "
                "byte-level BPE tokenizers"),
        damaged("prefix_space", "/pre_tokenizer/add_prefix_space", true,
                "FILE: pre_tokenizer.add_prefix_space: true adds a space before the text, which GPT-2's tokenizer "
                "does not do"),
        damaged("no_regex", "/pre_tokenizer/use_regex", false,
                "FILE: pre_tokenizer.use_regex: false leaves out GPT-2's pre-tokenization pattern, which AttnViz "
                "always applies"),
        damaged("normalizer", "/normalizer", {{"type", "NFC"}},
                "FILE: normalizer: the normalizer \"NFC\" changes the text before it is tokenized, which GPT-2's "
                "tokenizer does not do"),
        damaged("vocab_an_array", "/model/vocab", nlohmann::json::array(),
                "FILE: model.vocab: the vocabulary is not an object of tokens and their ids (got an array)"),
        damaged("merges_missing", "/model/merges", nullptr, "FILE: model.merges: expected an array (got null)"),
        damaged("merge_a_number", "/model/merges/0", 7,
                "FILE: model.merges[0]: expected a merge \"a b\" or [\"a\", \"b\"] (got an integer)"),
        damaged("merge_of_three", "/model/merges/0", nlohmann::json::array({"h", "e", "l"}),
                "FILE: model.merges[0]: expected a merge \"a b\" or [\"a\", \"b\"] (got an array)"),
        damaged("merge_string_of_one", "/model/merges/0", "he",
                "FILE: model.merges[0]: \"he\" is not two tokens separated by one space"),
        damaged("merge_unknown_token", "/model/merges/1", nlohmann::json::array({"he", "llo"}),
                "FILE: model.merges[1]: the merge \"he llo\" needs \"llo\", which is not in the vocabulary")),
    testing::CaseNameOf());

}  // namespace
}  // namespace attnviz
