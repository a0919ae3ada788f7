// Tests of attnviz::tokenize (core/text/Tokenizer.cpp). Rules: README.md, "Tokenizer rules".
#include "core/text/Tokenizer.h"

#include "core/base/Errors.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace attnviz {
namespace {

std::vector<std::string> texts(const std::vector<Token>& tokens) {
    std::vector<std::string> out;
    out.reserve(tokens.size());
    for (const Token& t : tokens) out.push_back(t.text);
    return out;
}

/// Every token's text is exactly its byte span of the input, spans are ordered, not
/// empty, not overlapping, and no ASCII non-space byte is left outside the tokens.
void expectSpansMatch(std::string_view input, const std::vector<Token>& tokens) {
    std::size_t previousEnd = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        ASSERT_LT(t.begin, t.end) << "token " << i << " '" << t.text << "' has an empty span";
        ASSERT_LE(t.end, input.size()) << "token " << i << " '" << t.text << "' ends past the input";
        EXPECT_EQ(t.text, input.substr(t.begin, t.end - t.begin))
            << "token " << i << " text differs from input bytes [" << t.begin << ", " << t.end
            << ")";
        EXPECT_GE(t.begin, previousEnd) << "token " << i << " '" << t.text
                                        << "' overlaps or precedes the previous token";
        for (std::size_t b = previousEnd; b < t.begin && b < input.size(); ++b) {
            const auto c = static_cast<unsigned char>(input[b]);
            EXPECT_TRUE(c >= 0x80 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c < 0x20)
                << "byte " << b << " ('" << input[b] << "') before token " << i
                << " was dropped but is not whitespace";
        }
        previousEnd = t.end;
    }
    for (std::size_t b = previousEnd; b < input.size(); ++b) {
        const auto c = static_cast<unsigned char>(input[b]);
        EXPECT_TRUE(c >= 0x80 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c < 0x20)
            << "trailing byte " << b << " ('" << input[b] << "') was dropped but is not whitespace";
    }
}

void expectTokens(std::string_view input, const std::vector<std::string>& expected) {
    SCOPED_TRACE(std::string("input: \"") + std::string(input) + "\"");
    std::vector<Token> tokens;
    try {
        tokens = tokenize(input);
    } catch (const std::exception& e) {
        FAIL() << "tokenize threw: " << e.what();
    }
    EXPECT_EQ(texts(tokens), expected) << "token texts differ";
    expectSpansMatch(input, tokens);
}

/// The message of the InputError thrown by tokenize(input, maxTokens), or "" (and a
/// test failure) when none is thrown.
std::string inputErrorOf(std::string_view input, std::size_t maxTokens = kDefaultMaxTokens) {
    try {
        const auto tokens = tokenize(input, maxTokens);
        ADD_FAILURE() << "expected an InputError, got " << tokens.size() << " tokens";
    } catch (const InputError& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected an InputError, got another exception: " << e.what();
    }
    return {};
}

std::string words(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        if (i) s += ' ';
        s += 'w';
        s += std::to_string(i);
    }
    return s;
}

// ----- the two reference sentences ------------------------------------------------------

TEST(Tokenizer, FrenchReferenceSentence) {
    expectTokens("L'animal n'a pas traversé la rue parce qu'il était trop fatigué.",
                 {"L'", "animal", "n'", "a", "pas", "traversé", "la", "rue", "parce", "qu'",
                  "il", "était", "trop", "fatigué", "."});
}

TEST(Tokenizer, EnglishReferenceSentence) {
    expectTokens("The animal didn't cross the street because it was too tired.",
                 {"The", "animal", "did", "n't", "cross", "the", "street", "because", "it",
                  "was", "too", "tired", "."});
}

TEST(Tokenizer, ExactByteSpans) {
    // "é" is 2 bytes and "’" (U+2019) is 3 bytes.
    EXPECT_EQ(tokenize("L’été did"),
              (std::vector<Token>{{"L’", 0, 4}, {"été", 4, 9}, {"did", 10, 13}}))
        << "elision with U+2019 must split right after the 3-byte apostrophe";
    EXPECT_EQ(tokenize("didn’t."),
              (std::vector<Token>{{"did", 0, 3}, {"n’t", 3, 8}, {".", 8, 9}}))
        << "n’t must keep the typed U+2019 and span its 3 bytes";
    EXPECT_EQ(tokenize("  a\t\nb  "), (std::vector<Token>{{"a", 2, 3}, {"b", 5, 6}}))
        << "spans are byte offsets in the original input, whitespace excluded";
    EXPECT_EQ(tokenize("1990's!"),
              (std::vector<Token>{{"1990", 0, 4}, {"'s", 4, 6}, {"!", 6, 7}}))
        << "the merged \"'s\" spans the apostrophe and the s";
}

// ----- apostrophes: elisions and contractions -------------------------------------------

TEST(Tokenizer, TypographicApostropheBehavesLikeAscii) {
    expectTokens("L’animal n’a pas traversé la rue parce qu’il était trop fatigué.",
                 {"L’", "animal", "n’", "a", "pas", "traversé", "la", "rue", "parce", "qu’",
                  "il", "était", "trop", "fatigué", "."});
    expectTokens("The animal didn’t cross because it’s tired.",
                 {"The", "animal", "did", "n’t", "cross", "because", "it", "’s", "tired", "."});
}

TEST(Tokenizer, EveryFrenchElisionIsSplitCaseInsensitively) {
    expectTokens("l'homme d'abord j'ai m'appelle n'est s'il t'aime c'est ç'a qu'on",
                 {"l'", "homme", "d'", "abord", "j'", "ai", "m'", "appelle", "n'", "est", "s'",
                  "il", "t'", "aime", "c'", "est", "ç'", "a", "qu'", "on"});
    expectTokens("jusqu'à lorsqu'il puisqu'elle quoiqu'on presqu'un",
                 {"jusqu'", "à", "lorsqu'", "il", "puisqu'", "elle", "quoiqu'", "on", "presqu'",
                  "un"});
    expectTokens("L'Homme QU'IL Jusqu’à Ç'a D'ABORD",
                 {"L'", "Homme", "QU'", "IL", "Jusqu’", "à", "Ç'", "a", "D'", "ABORD"});
}

TEST(Tokenizer, ApostropheWordsThatAreNotElisionsStayWhole) {
    expectTokens("aujourd'hui quelqu'un presqu'île prud'homme entr'acte O'Neill rock'n'roll "
                 "y'all o'clock",
                 {"aujourd'hui", "quelqu'un", "presqu'île", "prud'homme", "entr'acte",
                  "O'Neill", "rock'n'roll", "y'all", "o'clock"});
    expectTokens("qu'aujourd'hui", {"qu'", "aujourd'hui"});
}

TEST(Tokenizer, EnglishContractionsArePennTreebankStyle) {
    expectTokens("it's they're we've you'll I'd I'm John's",
                 {"it", "'s", "they", "'re", "we", "'ve", "you", "'ll", "I", "'d", "I", "'m",
                  "John", "'s"});
    expectTokens("don't can't won't isn't ain't DON'T",
                 {"do", "n't", "ca", "n't", "wo", "n't", "is", "n't", "ai", "n't", "DO", "N'T"});
    expectTokens("shouldn't've", {"should", "n't", "'ve"});
    expectTokens("n't 's", {"n't", "'", "s"});
}

TEST(Tokenizer, ContractionAfterNumberAndTrailingApostrophe) {
    expectTokens("the 1990's and 1990’s", {"the", "1990", "'s", "and", "1990", "’s"});
    expectTokens("the dogs' bone", {"the", "dogs", "'", "bone"});
    expectTokens("'quoted'", {"'", "quoted", "'"});
}

// ----- punctuation ----------------------------------------------------------------------

TEST(Tokenizer, EachPunctuationMarkIsItsOwnToken) {
    expectTokens("Wait... what?!", {"Wait", ".", ".", ".", "what", "?", "!"});
    expectTokens("«\u00A0Bonjour\u00A0!\u00A0»", {"«", "Bonjour", "!", "»"});
    expectTokens("“quoted” (a) [b] {c}",
                 {"“", "quoted", "”", "(", "a", ")", "[", "b", "]", "{", "c", "}"});
    expectTokens("Attendez… non ; oui : «ok»",
                 {"Attendez", "…", "non", ";", "oui", ":", "«", "ok", "»"});
}

TEST(Tokenizer, PunctuationInsideIcuWordsIsSplitToo) {
    expectTokens("e.g. U.S.A. well-known snake_case a:b 12:30 1;2",
                 {"e", ".", "g", ".", "U", ".", "S", ".", "A", ".", "well", "-", "known",
                  "snake", "_", "case", "a", ":", "b", "12", ":", "30", "1", ";", "2"});
}

TEST(Tokenizer, WordInternalMarksBetweenLettersStay) {
    expectTokens("col·lecció", {"col·lecció"});
    expectTokens("צה\"ל ג׳", {"צה\"ל", "ג׳"});
}

// ----- emoji ------------------------------------------------------------------------------

TEST(Tokenizer, EmojiSequencesAreOneToken) {
    expectTokens("👩‍👩‍👧", {"👩‍👩‍👧"});          // ZWJ sequence
    expectTokens("👍🏽 ok", {"👍🏽", "ok"});                 // skin tone modifier
    expectTokens("🇫🇷", {"🇫🇷"});                         // flag
    expectTokens("🇫🇷🇩🇪", {"🇫🇷", "🇩🇪"});               // two flags
    expectTokens("I ❤️ NY 1️⃣", {"I", "❤️", "NY", "1️⃣"});  // variation selector, keycap
    expectTokens("hi👋🏽!", {"hi", "👋🏽", "!"});
    EXPECT_EQ(tokenize("👩‍👩‍👧").front().end, std::string("👩‍👩‍👧").size())
        << "the ZWJ family sequence must span all of its 18 bytes";
}

// ----- CJK and other scripts ------------------------------------------------------------

TEST(Tokenizer, ChineseAndJapaneseUseIcuDictionaryWords) {
    expectTokens("我喜欢猫。", {"我", "喜欢", "猫", "。"});
    expectTokens("私は猫が好きです。", {"私", "は", "猫", "が", "好き", "です", "。"});
    expectTokens("你好，世界！", {"你好", "，", "世界", "！"});
    // Ideographs outside the dictionary (CJK extension B): one token per character.
    expectTokens("𠀀𠀁𠀂", {"𠀀", "𠀁", "𠀂"});
}

TEST(Tokenizer, OtherScripts) {
    expectTokens("Привет world 你好", {"Привет", "world", "你好"});
    expectTokens("안녕하세요 세계", {"안녕하세요", "세계"});
    expectTokens("สวัสดีครับ", {"สวัสดี", "ครับ"});
    expectTokens("مرحبا بالعالم!", {"مرحبا", "بالعالم", "!"});
    expectTokens("Καλημέρα κόσμε;", {"Καλημέρα", "κόσμε", ";"});
}

// ----- numbers ----------------------------------------------------------------------------

TEST(Tokenizer, NumbersStayWhole) {
    expectTokens("3.14 1,000 2026", {"3.14", "1,000", "2026"});
    expectTokens("1.000.000,50 1'000 ٣٫١٤", {"1.000.000,50", "1'000", "٣٫١٤"});
    expectTokens("-3.5 50% $100 v1.2 pi=3.14.",
                 {"-", "3.5", "50", "%", "$", "100", "v1.2", "pi", "=", "3.14", "."});
}

// ----- whitespace -------------------------------------------------------------------------

TEST(Tokenizer, WhitespaceControlAndFormatCharactersAreDropped) {
    // Tabs, newlines, no-break spaces, ideographic space, BOM, zero-width space, BEL.
    expectTokens("\xEF\xBB\xBFhi\t\r\nthere\u00A0you\u202Fall\u3000ok\u200Bgo\a",
                 {"hi", "there", "you", "all", "ok", "go"});
    // U+202F is ExtendNumLet for ICU (one ICU word), but it is a space: it separates.
    expectTokens("Bonjour\u202F! 10\u202F000", {"Bonjour", "!", "10", "000"});
}

// ----- errors -----------------------------------------------------------------------------

TEST(Tokenizer, EmptyOrWhitespaceOnlyIsRejected) {
    for (const std::string& input : {std::string(), std::string("   "),
                                    std::string("\t\n \u00A0\u3000"), std::string("\u200B")}) {
        const std::string message = inputErrorOf(input);
        EXPECT_NE(message.find("the sentence is empty"), std::string::npos)
            << "input of " << input.size() << " bytes: message was \"" << message << "\"";
    }
}

TEST(Tokenizer, InvalidUtf8NamesTheByteOffset) {
    struct Case {
        std::string input;
        std::size_t offset;
        const char* what;
    };
    const std::vector<Case> cases = {
        {"abc\x80", 3, "stray continuation byte"},
        {"caf\xC3", 3, "2-byte sequence truncated by the end"},
        {"ab\xE2\x82 x", 2, "3-byte sequence truncated by a space"},
        {"\xF0\x9F\x98", 0, "4-byte sequence truncated by the end"},
        {"\xC0\xAF", 0, "overlong 2-byte encoding of '/'"},
        {"ok \xE0\x80\xAF", 3, "overlong 3-byte encoding"},
        {"xx\xF0\x80\x80\x80", 2, "overlong 4-byte encoding"},
        {"hello\xED\xA0\x80", 5, "UTF-16 high surrogate U+D800"},
        {"é\xED\xBF\xBF", 2, "UTF-16 low surrogate U+DFFF"},
        {"\xF4\x90\x80\x80", 0, "U+110000, above U+10FFFF"},
        {"a b \xF5\x80\x80\x80", 4, "lead byte F5"},
        {"a\xFF", 1, "byte FF"},
    };
    for (const Case& c : cases) {
        const std::string message = inputErrorOf(c.input);
        const std::string expected = "invalid UTF-8 at byte " + std::to_string(c.offset);
        EXPECT_NE(message.find(expected), std::string::npos)
            << c.what << ": expected \"" << expected << "\" in \"" << message << "\"";
    }
}

TEST(Tokenizer, BoundaryCodePointsAreValid) {
    // U+D7FF (last before surrogates), U+E000 (first after), U+10FFFF (last code point),
    // U+0080 and U+0800 and U+10000 (smallest 2-, 3-, 4-byte code points).
    const std::string input = "a\xED\x9F\xBF b\xEE\x80\x80 c\xF4\x8F\xBF\xBF \xC2\x80\xE0\xA0\x80\xF0\x90\x80\x80";
    std::vector<Token> tokens;
    EXPECT_NO_THROW(tokens = tokenize(input)) << "well-formed UTF-8 must be accepted";
    expectSpansMatch(input, tokens);
}

TEST(Tokenizer, InvalidUtf8IsReportedBeforeTheTokenLimit) {
    const std::string message = inputErrorOf("a b c d \xFF", 2);
    EXPECT_NE(message.find("invalid UTF-8 at byte 8"), std::string::npos)
        << "the whole input is validated first; message was \"" << message << "\"";
}

TEST(Tokenizer, TokenLimitWithSmallMaximum) {
    EXPECT_EQ(tokenize("a b c", 3).size(), 3u) << "exactly maxTokens tokens is allowed";
    const std::string message = inputErrorOf("a b c d", 3);
    EXPECT_NE(message.find("more than 3 tokens (limit 3)"), std::string::npos)
        << "message was \"" << message << "\"";
    // The limit counts tokens after splitting: "didn't" is two tokens.
    EXPECT_NE(inputErrorOf("didn't", 1).find("limit 1"), std::string::npos)
        << "\"didn't\" is two tokens";
    EXPECT_EQ(tokenize("1990's", 2).size(), 2u) << "\"1990's\" is two tokens, \"1990\" \"'s\"";
}

TEST(Tokenizer, TokenLimitWithDefaultMaximum) {
    EXPECT_EQ(tokenize(words(4096)).size(), 4096u) << "4096 words are allowed by default";
    const std::string message = inputErrorOf(words(4097));
    EXPECT_NE(message.find("the sentence has more than 4096 tokens (limit 4096)"),
              std::string::npos)
        << "message was \"" << message << "\"";
}

TEST(Tokenizer, HugePasteIsRefusedWithTheLimit) {
    const std::string words = "lorem ipsum dolor sit amet, ";
    std::string paste;
    paste.reserve(10u << 20);
    while (paste.size() + words.size() <= (1u << 20)) paste += words;  // within the 1 MiB of a sentence
    const std::string message = inputErrorOf(paste);
    EXPECT_NE(message.find("limit 4096"), std::string::npos) << "message was \"" << message << "\"";
    while (paste.size() < (10u << 20)) paste += words;  // beyond: refused before it is tokenized
    EXPECT_EQ(inputErrorOf(paste),
              "the sentence is too long (" + std::to_string(paste.size()) + " bytes; limit 1048576)");
}

// ----- performance and threads ------------------------------------------------------------

TEST(Tokenizer, FourThousandMixedWordsAreAllKept) {
    std::string text;
    const char* vocabulary[] = {"L'animal", "didn't", "cross", "the", "street,", "because",
                                "it's", "trop", "fatigué.", "3.14", "👍🏽", "我喜欢猫"};
    for (std::size_t i = 0; i < 4000; ++i) {
        text += vocabulary[i % std::size(vocabulary)];
        text += ' ';
    }
    const auto tokens = tokenize(text, 100000);
    EXPECT_GT(tokens.size(), 4000u) << "contractions and punctuation add tokens";
    for (const Token& token : tokens)
        EXPECT_EQ(token.text, text.substr(token.begin, token.end - token.begin));
}

TEST(Tokenizer, ConcurrentCallsAreIndependent) {
    const std::string french = "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.";
    const std::string english = "The animal didn't cross the street because it was too tired.";
    const auto frenchTokens = tokenize(french);
    const auto englishTokens = tokenize(english);
    int frenchMismatches = 0;
    int englishMismatches = 0;
    std::thread a([&] {
        for (int i = 0; i < 300; ++i) frenchMismatches += tokenize(french) != frenchTokens;
    });
    std::thread b([&] {
        for (int i = 0; i < 300; ++i) englishMismatches += tokenize(english) != englishTokens;
    });
    a.join();
    b.join();
    EXPECT_EQ(frenchMismatches, 0) << "tokenize must be thread-safe";
    EXPECT_EQ(englishMismatches, 0) << "tokenize must be thread-safe";
}

}  // namespace
}  // namespace attnviz
