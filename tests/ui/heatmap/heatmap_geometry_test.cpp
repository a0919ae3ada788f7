// HeatmapGeometry's pure functions, with expectations worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ui/heatmap/HeatmapGeometry.h"

namespace attnviz::ui {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const QString kMinus(QChar(0x2212));
const QLocale kFrench(QLocale::French, QLocale::France);

// A grid drawn in the viewport rectangle (100, 50, 400 × 300), cells of 40 px, 5 rows × 8 cols.
GridGeometry smallGrid(QPointF scroll = {}) {
    GridGeometry grid;
    grid.area = QRectF(100, 50, 400, 300);
    grid.scroll = scroll;
    grid.cellSize = 40;
    grid.rows = 5;
    grid.cols = 8;
    return grid;
}

TEST(HeatmapGeometry, CellUnderPoint) {
    const GridGeometry grid = smallGrid();
    EXPECT_EQ(cellAt(grid, {100, 50}), (CellIndex{0, 0})) << "top-left corner of the area is cell (0, 0)";
    EXPECT_EQ(cellAt(grid, {139.9, 89.9}), (CellIndex{0, 0})) << "still inside the first cell";
    EXPECT_EQ(cellAt(grid, {140, 90}), (CellIndex{1, 1})) << "cell edges belong to the next cell";
    EXPECT_EQ(cellAt(grid, {100 + 7 * 40 + 5, 50 + 4 * 40 + 5}), (CellIndex{4, 7})) << "last cell";
    EXPECT_FALSE(cellAt(grid, {99, 60}).has_value()) << "left of the area (labels)";
    EXPECT_FALSE(cellAt(grid, {150, 49}).has_value()) << "above the area";
    EXPECT_FALSE(cellAt(grid, {100 + 8 * 40 + 1, 60}).has_value()) << "right of the last column, inside the area";
    EXPECT_FALSE(cellAt(grid, {120, 50 + 5 * 40 + 1}).has_value()) << "below the last row";
}

TEST(HeatmapGeometry, CellUnderPointWhenScrolled) {
    const GridGeometry grid = smallGrid({30, 45});
    // Viewport (100, 50) shows content (30, 45): column 0, row 1.
    EXPECT_EQ(cellAt(grid, {100, 50}), (CellIndex{1, 0})) << "content (30, 45)";
    EXPECT_EQ(cellAt(grid, {110, 85}), (CellIndex{2, 1})) << "content (40, 80)";
    EXPECT_FALSE(cellAt(grid, {90, 85}).has_value()) << "scrolled cells hidden under the labels are not hit";
}

TEST(HeatmapGeometry, CellRectangle) {
    const GridGeometry grid = smallGrid({30, 45});
    // x = 100 − 30 + 2·40 = 150, y = 50 − 45 + 1·40 = 45.
    EXPECT_EQ(cellRect(grid, {1, 2}), QRectF(150, 45, 40, 40)) << "rectangle of cell (1, 2) when scrolled";
    EXPECT_EQ(grid.gridOrigin(), QPointF(70, 5)) << "cell (0, 0)'s corner";
    EXPECT_EQ(grid.contentSize(), QSizeF(320, 200)) << "8 × 40 by 5 × 40";
}

TEST(HeatmapGeometry, VisibleCells) {
    GridGeometry grid = smallGrid({30, 45});
    grid.rows = 100;
    grid.cols = 100;
    // Columns from ⌊30/40⌋ = 0 to ⌈430/40⌉ = 11, rows from ⌊45/40⌋ = 1 to ⌈345/40⌉ = 9.
    EXPECT_EQ(visibleCells(grid), (CellRange{1, 9, 0, 11})) << "partly visible cells count";
    grid.rows = 5;
    grid.cols = 8;
    EXPECT_EQ(visibleCells(grid), (CellRange{1, 5, 0, 8})) << "clamped to the matrix";
    EXPECT_EQ(cellsIn(QRectF(0, 0, 80, 80), 40, 10, 10), (CellRange{0, 2, 0, 2}))
        << "a rectangle ending on a cell edge does not include the next cell";
    EXPECT_TRUE(cellsIn(QRectF(400, 0, 40, 40), 40, 10, 10).isEmpty()) << "right of the matrix";
    EXPECT_TRUE(cellsIn(QRectF(0, 0, 0, 40), 40, 10, 10).isEmpty()) << "empty rectangle";
    EXPECT_EQ((CellRange{1, 9, 0, 11}).rowCount(), 8) << "rowCount";
    EXPECT_TRUE((CellRange{1, 9, 0, 11}).contains({8, 10})) << "contains the last cell";
    EXPECT_FALSE((CellRange{1, 9, 0, 11}).contains({9, 10})) << "half-open";
}

TEST(HeatmapGeometry, ScrollToShowACell) {
    GridGeometry grid = smallGrid();
    grid.rows = 100;
    grid.cols = 100;
    // Row 20 spans 800 … 840; a 300 px view must scroll to 840 − 300 = 540.
    EXPECT_EQ(scrollToShow(grid, {20, 3}), QPointF(0, 540)) << "scroll down just enough";
    grid.scroll = QPointF(500, 500);
    EXPECT_EQ(scrollToShow(grid, {0, 0}), QPointF(0, 0)) << "scroll back to the start";
    EXPECT_EQ(scrollToShow(grid, {13, 14}), QPointF(500, 500)) << "a visible cell does not move the view";
    EXPECT_EQ(scrollToShow(grid, {99, 99}), QPointF(3600, 3700)) << "last cell: 4000 − 400, 4000 − 300";
}

TEST(HeatmapGeometry, ZoomSteps) {
    EXPECT_EQ(zoomedCellSize(48, 1), 60) << "48 × 1.25";
    EXPECT_EQ(zoomedCellSize(48, 2), 75) << "60 × 1.25";
    EXPECT_EQ(zoomedCellSize(48, -1), 38) << "48 / 1.25 = 38.4";
    EXPECT_EQ(zoomedCellSize(4, 1), 5) << "at least one pixel per step";
    EXPECT_EQ(zoomedCellSize(5, -1), 4) << "at least one pixel per step, down";
    EXPECT_EQ(zoomedCellSize(kMinCellSize, -3), kMinCellSize) << "clamped below";
    EXPECT_EQ(zoomedCellSize(kMaxCellSize - 1, 1), kMaxCellSize) << "clamped above";
    EXPECT_EQ(zoomedCellSize(48, 0), 48) << "no step, no change";
    EXPECT_EQ(clampCellSize(1), kMinCellSize) << "clampCellSize below";
    EXPECT_EQ(clampCellSize(10'000), kMaxCellSize) << "clampCellSize above";
}

TEST(HeatmapGeometry, ZoomKeepsTheCellUnderTheMouse) {
    const GridGeometry before = smallGrid();
    // Anchor (180, 130) is content (80, 80); at 80 px cells that content point is at (160, 160),
    // so the scroll must become (160 − 80, 160 − 80).
    EXPECT_EQ(scrollAfterZoom(before, 80, {180, 130}), QPointF(80, 80)) << "zoom ×2 about (180, 130)";
    GridGeometry large = smallGrid({37, 91});
    large.rows = 50;
    large.cols = 50;
    const QPointF anchor(253, 171);
    const std::optional<CellIndex> under = cellAt(large, anchor);
    ASSERT_TRUE(under.has_value()) << "anchor is on the grid";
    for (const int size : {4, 13, 40, 61, 200}) {
        GridGeometry after = large;
        after.scroll = scrollAfterZoom(large, size, anchor);
        after.cellSize = size;
        EXPECT_EQ(cellAt(after, anchor), under) << "same cell under the mouse at cell size " << size;
    }
}

TEST(HeatmapGeometry, LabelLayout) {
    EXPECT_FALSE(columnLabelsRotated(30, 48)) << "30 + 6 px padding fits a 48 px cell";
    EXPECT_TRUE(columnLabelsRotated(45, 48)) << "45 + 6 does not fit";
    EXPECT_EQ(labelStep(48, 20), 1) << "every label when cells are taller than a line";
    EXPECT_EQ(labelStep(20, 20), 1) << "exactly one line per cell";
    EXPECT_EQ(labelStep(10, 20), 2) << "every 2nd label";
    EXPECT_EQ(labelStep(5, 20), 5) << "4 rounds up to 5 (1, 2, 5 steps)";
    EXPECT_EQ(labelStep(3, 20), 10) << "6.7 rounds up to 10";
    EXPECT_EQ(labelStep(1, 20), 20) << "20";
}

TEST(HeatmapGeometry, ValueFitsInCell) {
    EXPECT_TRUE(valueFitsInCell({30, 18}, 48)) << "30 + 2·3 ≤ 48 and 18 + 2·3 ≤ 48";
    EXPECT_FALSE(valueFitsInCell({44, 18}, 48)) << "44 + 6 > 48";
    EXPECT_FALSE(valueFitsInCell({20, 44}, 48)) << "too tall";
    EXPECT_TRUE(valueFitsInCell({42, 42}, 48)) << "exactly fits";
}

TEST(HeatmapGeometry, FormatValue) {
    EXPECT_EQ(formatValue(0.25), QStringLiteral("0.25")) << "two decimals by default";
    EXPECT_EQ(formatValue(0.123456, 3), QStringLiteral("0.123")) << "three decimals";
    EXPECT_EQ(formatValue(1.0, 0), QStringLiteral("1")) << "no decimals";
    EXPECT_EQ(formatValue(-1.5), kMinus + QStringLiteral("1.50")) << "typographic minus";
    EXPECT_EQ(formatValue(-kInf), kMinus + QChar(0x221E)) << "minus infinity";
    EXPECT_EQ(formatValue(kInf), QString(QChar(0x221E))) << "infinity";
    EXPECT_EQ(formatValue(std::nan("")), QStringLiteral("NaN")) << "NaN";
}

TEST(HeatmapGeometry, AValueThatRoundsToZeroHasNoSign) {
    EXPECT_EQ(formatValue(-0.001), QStringLiteral("0.00")) << "−0.001 shows 0.00, never −0.00";
    EXPECT_EQ(formatValue(-0.0), QStringLiteral("0.00")) << "negative zero";
    EXPECT_EQ(formatValue(-0.004, 2, kFrench), QStringLiteral("0,00")) << "in French too";
    EXPECT_EQ(formatValue(-0.4, 0), QStringLiteral("0")) << "no decimals";
    EXPECT_EQ(formatValue(-0.006), kMinus + QStringLiteral("0.01")) << "−0.006 rounds to −0.01: the sign stays";
    EXPECT_EQ(formatExactValue(-0.0), QStringLiteral("0")) << "the exact text of −0.0";
    EXPECT_EQ(formatSignificant(-0.0, 3), QStringLiteral("0"));
    EXPECT_EQ(formatExactValue(-1e-5), kMinus + QStringLiteral("1e") + kMinus + QStringLiteral("05"))
        << "a small negative value keeps its sign, and its exponent's";
}

TEST(HeatmapGeometry, NumbersInFrenchHaveADecimalComma) {
    EXPECT_EQ(formatValue(0.6666, 2, kFrench), QStringLiteral("0,67")) << "the chapter's il → animal";
    EXPECT_EQ(formatValue(-1.5, 2, kFrench), kMinus + QStringLiteral("1,50")) << "the minus stays U+2212";
    EXPECT_EQ(formatValue(1234.5, 1, kFrench), QStringLiteral("1234,5")) << "no thousands separator in a cell";
    EXPECT_EQ(formatExactValue(0.1, kFrench), QStringLiteral("0,1"));
    EXPECT_EQ(formatSignificant(std::sqrt(20.0), 5, kFrench), QStringLiteral("4,4721")) << "√20 = 4.47213…";
    EXPECT_EQ(formatSignificant(0.5, 3), QStringLiteral("0.5")) << "no trailing zeros";
    EXPECT_EQ(cellText(0.25, false, 2, kFrench), QStringLiteral("0,25"));
    EXPECT_EQ(widestValueText(-12.3, 4.5, 2, kFrench), kMinus + QStringLiteral("12,30"));
    EXPECT_EQ(formatValue(0.25, 2, QLocale(QLocale::English)), QStringLiteral("0.25")) << "English: a point";
}

TEST(HeatmapGeometry, FormatExactValueRoundTrips) {
    EXPECT_EQ(formatExactValue(0.1), QStringLiteral("0.1")) << "shortest digits, not 0.10000000000000001";
    EXPECT_EQ(formatExactValue(1.0 / 3.0), QStringLiteral("0.3333333333333333")) << "16 threes";
    EXPECT_EQ(formatExactValue(-2.5), kMinus + QStringLiteral("2.5")) << "typographic minus";
    EXPECT_EQ(formatExactValue(-kInf), kMinus + QChar(0x221E)) << "minus infinity";
    for (const double value : {0.2534567891234567, 1e-300, 123456.789, -0.000123, 0.30000000000000004}) {
        QString text = formatExactValue(value);
        text.replace(kMinus, QStringLiteral("-"));
        bool ok = false;
        EXPECT_EQ(text.toDouble(&ok), value) << text.toStdString() << " gives the same double back";
        EXPECT_TRUE(ok) << text.toStdString() << " parses";
    }
}

TEST(HeatmapGeometry, CellTextForMaskedCells) {
    EXPECT_EQ(cellText(0.25, false), QStringLiteral("0.25")) << "plain value";
    EXPECT_EQ(cellText(0.0, true), QString()) << "a masked weight shows no number (the hatching says it)";
    EXPECT_EQ(cellText(-kInf, true), kMinus + QChar(0x221E)) << "a masked score shows −∞";
    EXPECT_EQ(maskedText(), QStringLiteral("masked")) << "untranslated word";
    EXPECT_EQ(widestValueText(-12.3, 4.5), kMinus + QStringLiteral("12.30")) << "the longest end of the scale";
    EXPECT_EQ(widestValueText(0, 1), QStringLiteral("0.00")) << "weights";
}

::testing::AssertionResult ticksNear(const std::vector<double>& actual, const std::vector<double>& expected) {
    bool same = actual.size() == expected.size();
    for (std::size_t i = 0; same && i < actual.size(); ++i) same = std::abs(actual[i] - expected[i]) < 1e-12;
    if (same) return ::testing::AssertionSuccess();
    auto failure = ::testing::AssertionFailure() << "got";
    for (const double t : actual) failure << " " << t;
    failure << ", expected";
    for (const double t : expected) failure << " " << t;
    return failure;
}

TEST(HeatmapGeometry, NiceTicks) {
    EXPECT_TRUE(ticksNear(niceTicks(0, 1), {0, 0.2, 0.4, 0.6, 0.8, 1})) << "steps of 0.2 for weights";
    EXPECT_TRUE(ticksNear(niceTicks(-3.7, 3.7), {-2, 0, 2})) << "7.4 / 5 = 1.48 rounds up to 2";
    EXPECT_TRUE(ticksNear(niceTicks(0, 0.37), {0, 0.1, 0.2, 0.3})) << "0.074 rounds up to 0.1";
    EXPECT_TRUE(ticksNear(niceTicks(2, 2), {2})) << "degenerate range";
    EXPECT_TRUE(ticksNear(niceTicks(0, 10, 3), {0, 5, 10})) << "three ticks";
    EXPECT_TRUE(ticksNear(niceTicks(-1, 1), {-1, -0.5, 0, 0.5, 1})) << "0.4 rounds up to 0.5";
    EXPECT_EQ(tickDecimals({0, 0.2, 0.4}), 1) << "one decimal";
    EXPECT_EQ(tickDecimals({-2, 0, 2}), 0) << "integers";
    EXPECT_EQ(tickDecimals({0, 0.25, 0.5}), 2) << "quarters";
}

}  // namespace
}  // namespace attnviz::ui
