// Chart titles that wrap instead of being cut: lines no wider than asked, measured with the font,
// "n = 16" never broken, the text escaped for Qt Charts' HTML.
#include <QFontMetricsF>
#include <QStringList>

#include <gtest/gtest.h>

#include "ui/style/ChartTitle.h"

namespace attnviz::ui {
namespace {

TEST(ChartTitle, LinesAreNoWiderThanAskedAndKeepEveryWord) {
    QFont font;
    font.setPixelSize(16);
    font.setBold(true);
    const QString title = QStringLiteral("Query 10 “il”, head 1: its weights over the keys");
    const QFontMetricsF metrics(font);
    const double width = metrics.horizontalAdvance(QStringLiteral("Query 10 “il”, head 1:")) + 1;
    const QStringList lines = wrappedChartTitle(title, font, width).split(QStringLiteral("<br>"));
    EXPECT_GE(lines.size(), 2);
    for (const QString& line : lines) EXPECT_LE(metrics.horizontalAdvance(line), width) << line.toStdString();
    EXPECT_EQ(lines.join(QLatin1Char(' ')), title) << "every word, in order";
    EXPECT_EQ(wrappedChartTitle(title, font, 10000), title) << "one line when it fits";
}

TEST(ChartTitle, AnEqualSignHoldsOnToItsNeighboursAndTextIsEscaped) {
    QFont font;
    font.setPixelSize(16);
    const QString title = QStringLiteral("Plus grand poids du softmax (n = 16)");
    const double width = QFontMetricsF(font).horizontalAdvance(QStringLiteral("Plus grand poids du softmax (n"));
    const QString wrapped = wrappedChartTitle(title, font, width);
    EXPECT_TRUE(wrapped.endsWith(QStringLiteral("<br>(n = 16)"))) << wrapped.toStdString();
    EXPECT_EQ(wrappedChartTitle(QStringLiteral("a < b & c"), font, 10000), QStringLiteral("a &lt; b &amp; c"));
}

}  // namespace
}  // namespace attnviz::ui
