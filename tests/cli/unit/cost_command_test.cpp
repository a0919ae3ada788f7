// `attnviz cost`'s options understood without starting the program: --n's sizes, the defaults.
#include <gtest/gtest.h>

#include "app/cli/CommandLine.h"
#include "app/cli/CostCommand.h"

using namespace attnviz::app;

TEST(CostSizesOption, OneSizeOrTheEndsAndThePowersOfTwoBetween) {
    EXPECT_EQ(parseCostSizes(QStringLiteral("64..512")), (std::vector<int>{64, 128, 256, 512}));
    EXPECT_EQ(parseCostSizes(QStringLiteral("100..1000")), (std::vector<int>{100, 128, 256, 512, 1000}));
    EXPECT_EQ(parseCostSizes(QStringLiteral("3000")), (std::vector<int>{3000}));
    EXPECT_EQ(parseCostSizes(QStringLiteral("1..4")), (std::vector<int>{1, 2, 4}));
    EXPECT_EQ(parseCostSizes(QStringLiteral("128..128")), (std::vector<int>{128}));
    for (const char* bad : {"", "0", "-4", "8..4", "0..8", "a..b", "1..2..3", "64..", "..64", "2147483648", "1e3"})
        EXPECT_FALSE(parseCostSizes(QString::fromLatin1(bad)).has_value()) << bad;
}

TEST(CostArgumentsParse, DefaultsAndOptions) {
    const CommandLine plain = parseCommandLine({QStringLiteral("attnviz"), QStringLiteral("cost"), QStringLiteral("-o"),
                                                QStringLiteral("cost.csv")});
    ASSERT_EQ(plain.action, CommandLine::Action::Cost) << plain.error.toStdString();
    EXPECT_EQ(plain.cost.kernels, QStringLiteral("naive,flash,linear"));
    EXPECT_EQ(plain.cost.d, 64) << "--d defaults to 64";
    EXPECT_EQ(plain.cost.format, attnviz::ui::ExportFormat::Csv);
    const CommandLine full = parseCommandLine({QStringLiteral("attnviz"), QStringLiteral("cost"), QStringLiteral("--causal"),
                                               QStringLiteral("--window"), QStringLiteral("32"), QStringLiteral("--d"),
                                               QStringLiteral("128"), QStringLiteral("-o"), QStringLiteral("wall.SVG")});
    ASSERT_EQ(full.action, CommandLine::Action::Cost) << full.error.toStdString();
    EXPECT_TRUE(full.cost.causal);
    EXPECT_EQ(full.cost.window, 32);
    EXPECT_EQ(full.cost.d, 128);
    EXPECT_EQ(full.cost.format, attnviz::ui::ExportFormat::Svg);
    EXPECT_EQ(parseCommandLine({QStringLiteral("attnviz"), QStringLiteral("cost"), QStringLiteral("--help")}).action,
              CommandLine::Action::ShowCostHelp);
}
