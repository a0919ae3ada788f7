// The one parser of each typed setting (core/base/SettingParsers.h): what the window and the
// command line both accept and refuse.
#include <gtest/gtest.h>

#include <vector>

#include "core/base/SettingParsers.h"

namespace {

using attnviz::ParsedHead;

TEST(SettingParsers, SeedsAreDecimalDigitsUpToTwoToTheSixtyFourMinusOne) {
    EXPECT_EQ(attnviz::parseSeed("42"), 42u);
    EXPECT_EQ(attnviz::parseSeed("  7 "), 7u) << "spaces around the digits are ignored";
    EXPECT_EQ(attnviz::parseSeed("0"), 0u);
    EXPECT_EQ(attnviz::parseSeed("18446744073709551615"), 18446744073709551615ull) << "2^64 - 1 is the largest";
    EXPECT_FALSE(attnviz::parseSeed("18446744073709551616")) << "2^64 does not fit";
    EXPECT_FALSE(attnviz::parseSeed("")) << "no digits";
    EXPECT_FALSE(attnviz::parseSeed("-1")) << "no sign";
    EXPECT_FALSE(attnviz::parseSeed("+1")) << "no sign";
    EXPECT_FALSE(attnviz::parseSeed("1e3")) << "no exponent";
    EXPECT_FALSE(attnviz::parseSeed("4 2")) << "no space inside";
    EXPECT_FALSE(attnviz::parseSeed("0x10")) << "decimal only";
}

TEST(SettingParsers, TokenPositionsAreSeparatedByCommasSemicolonsOrSpaces) {
    EXPECT_EQ(attnviz::parseTokenPositions("0,5"), (std::vector<int>{0, 5}));
    EXPECT_EQ(attnviz::parseTokenPositions("0; 5"), (std::vector<int>{0, 5}));
    EXPECT_EQ(attnviz::parseTokenPositions(" 0 5  9 "), (std::vector<int>{0, 5, 9}));
    EXPECT_EQ(attnviz::parseTokenPositions("3,,4"), (std::vector<int>{3, 4})) << "empty parts are skipped";
    EXPECT_EQ(attnviz::parseTokenPositions(""), std::vector<int>{}) << "nothing typed: no global token";
    EXPECT_FALSE(attnviz::parseTokenPositions("0,-1")) << "positions are not negative";
    EXPECT_FALSE(attnviz::parseTokenPositions("0,a")) << "only numbers";
    EXPECT_FALSE(attnviz::parseTokenPositions("1.5")) << "only whole numbers";
    EXPECT_FALSE(attnviz::parseTokenPositions("99999999999")) << "beyond an int";
}

TEST(SettingParsers, HeadsCountFromOneAndMeanIsEveryHead) {
    EXPECT_EQ(attnviz::parseHead("1", 4).head, 0) << "the first head is head 1";
    EXPECT_EQ(attnviz::parseHead("4", 4).head, 3);
    EXPECT_EQ(attnviz::parseHead(" 2 ", 4).head, 1);
    EXPECT_EQ(attnviz::parseHead("mean", 4).head, attnviz::kAllHeads);
    EXPECT_EQ(attnviz::parseHead("mean", 4).problem, ParsedHead::Problem::None);
    EXPECT_EQ(attnviz::parseHead("0", 4).problem, ParsedHead::Problem::Zero) << "heads count from 1";
    EXPECT_EQ(attnviz::parseHead("5", 4).problem, ParsedHead::Problem::BeyondLast);
    EXPECT_EQ(attnviz::parseHead("12", 0).head, 11) << "heads not known yet: any number from 1";
    EXPECT_EQ(attnviz::parseHead("first", 4).problem, ParsedHead::Problem::NotAHead);
    EXPECT_EQ(attnviz::parseHead("-1", 4).problem, ParsedHead::Problem::NotAHead);
    EXPECT_EQ(attnviz::parseHead("", 4).problem, ParsedHead::Problem::NotAHead);
}

}  // namespace
