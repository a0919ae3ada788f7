// The core's refusals: a code and its arguments, and the same as one English line.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/base/Errors.h"
#include "core/model/AttentionConfig.h"

namespace attnviz {
namespace {

// The core's own refusals carry a code; only the window and the command line word their own.
static_assert(!std::is_constructible_v<InputError, std::string_view>);
static_assert(!std::is_constructible_v<ConfigError, std::string_view>);
static_assert(!std::is_constructible_v<FormatError, std::string_view>);
static_assert(std::is_constructible_v<Error, std::string_view>);

TEST(Errors, TheEnglishLineIsContextSentenceAndDetail) {
    const FormatError error(ErrorMessage{ErrorCode::JsonExpectedInteger, {}, "session.config.heads", ErrorCode::GotString});
    EXPECT_STREQ(error.what(), "session.config.heads: expected an integer (got a string)");
    EXPECT_EQ(error.code(), ErrorCode::JsonExpectedInteger);

    const ConfigError heads(ErrorCode::HeadsDoNotDivide, {"3", "8"});
    EXPECT_STREQ(heads.what(), "3 heads do not divide d_model = 8: d_k = d_model / heads must be a whole number");
    EXPECT_EQ(heads.message().args, (std::vector<std::string>{"3", "8"}));
    EXPECT_TRUE(heads.message().context.empty());
}

TEST(Errors, ARefusalInsideAnotherKeepsItsCodeAndGainsTheOuterPlace) {
    AttentionConfig config;
    config.heads = 3;
    try {
        config.validate();
        FAIL() << "3 heads of d_model 8 were accepted";
    } catch (const ConfigError& error) {
        const FormatError inFile(within("/x/s.attnviz", within("session.config", error.message())));
        EXPECT_STREQ(inFile.what(),
                     "/x/s.attnviz: session.config: 3 heads do not divide d_model = 8: d_k = d_model / heads must be a "
                     "whole number");
        EXPECT_EQ(inFile.code(), ErrorCode::HeadsDoNotDivide);
        EXPECT_EQ(inFile.message().args, error.message().args);
    }
}

TEST(Errors, ArgumentsLandInTheirPlacesInOnePass) {
    EXPECT_EQ(fillTemplate("%2 then %1, %1 again", {"a", "b"}), "b then a, a again");
    EXPECT_EQ(fillTemplate("%1 and %2", {"%2", "x"}), "%2 and x") << "an argument is not filled in again";
    EXPECT_EQ(fillTemplate("%1 and %3", {"a"}), "a and %3") << "a missing argument leaves its placeholder";
    EXPECT_EQ(fillTemplate("100% of %1", {"it"}), "100% of it");
}

TEST(Errors, MessagesAreOneLineWhateverTheArgumentsHold) {
    const FormatError error(ErrorCode::JsonUnknownField, {"a\nb\tc\x01"}, "doc\r");
    EXPECT_STREQ(error.what(), "doc\\r: unknown field \"a\\nb\\tc\\u0001\"");
    EXPECT_EQ(error.message().args.front(), "a\\nb\\tc\\u0001") << "the arguments the window translates are the same";
    const Error worded("two\nlines");
    EXPECT_STREQ(worded.what(), "two\\nlines");
    EXPECT_EQ(worded.code(), ErrorCode::Uncoded);
}

TEST(Errors, EveryCodeHasANameAndASentence) {
    std::set<std::string> names;
    for (int c = 0; c < kErrorCodeCount; ++c) {
        const auto code = static_cast<ErrorCode>(c);
        EXPECT_TRUE(names.insert(errorCodeName(code)).second) << errorCodeName(code);
        const std::string_view text = englishTemplate(code);
        EXPECT_FALSE(text.empty()) << errorCodeName(code);
        EXPECT_EQ(text.find('\n'), std::string_view::npos) << errorCodeName(code);
    }
    EXPECT_STREQ(errorCodeName(ErrorCode::EmptySentence), "EmptySentence");
    EXPECT_STREQ(Cancelled().what(), "computation cancelled");
}

}  // namespace
}  // namespace attnviz
