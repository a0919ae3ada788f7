// HeatmapGeometry's pure functions, with expectations worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

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
    grid.cell = QSizeF(40, 40);
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
    EXPECT_EQ(cellsIn(QRectF(0, 0, 80, 80), QSizeF(40, 40), 10, 10), (CellRange{0, 2, 0, 2}))
        << "a rectangle ending on a cell edge does not include the next cell";
    EXPECT_TRUE(cellsIn(QRectF(400, 0, 40, 40), QSizeF(40, 40), 10, 10).isEmpty()) << "right of the matrix";
    EXPECT_TRUE(cellsIn(QRectF(0, 0, 0, 40), QSizeF(40, 40), 10, 10).isEmpty()) << "empty rectangle";
    // Cells 60 wide and 25 tall: columns ⌊90/60⌋ = 1 to ⌈150/60⌉ = 3, rows ⌊10/25⌋ = 0 to ⌈60/25⌉ = 3.
    EXPECT_EQ(cellsIn(QRectF(90, 10, 60, 50), QSizeF(60, 25), 10, 10), (CellRange{0, 3, 1, 3}))
        << "wide cells: columns by the width, rows by the height";
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

TEST(HeatmapGeometry, CellsWiderThanTall) {
    GridGeometry grid = smallGrid();
    grid.cell = QSizeF(60, 25);
    // (100, 50) + (2·60, 3·25) = (220, 125).
    EXPECT_EQ(cellRect(grid, {3, 2}), QRectF(220, 125, 60, 25)) << "rectangle of cell (3, 2)";
    EXPECT_EQ(cellAt(grid, {220, 125}), (CellIndex{3, 2})) << "its top-left corner";
    EXPECT_EQ(cellAt(grid, {279.9, 149.9}), (CellIndex{3, 2})) << "its bottom-right corner";
    EXPECT_EQ(cellAt(grid, {280, 149}), (CellIndex{3, 3})) << "the next column 60 px on";
    EXPECT_EQ(grid.contentSize(), QSizeF(480, 125)) << "8 × 60 by 5 × 25";
    grid.rows = 40;
    // Row 30 spans 750 … 775; a 300 px high view must scroll to 775 − 300 = 475.
    EXPECT_EQ(scrollToShow(grid, {30, 0}), QPointF(0, 475)) << "scrolled by the rows' height";
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
    EXPECT_EQ(zoomedCell(QSize(60, 48), 1), QSize(75, 60)) << "both sides × 1.25";
    EXPECT_EQ(clampCell(QSize(1, 900)), QSize(kMinCellSize, kMaxCellSize)) << "each side clamped";
}

TEST(HeatmapGeometry, ZoomKeepsTheCellUnderTheMouse) {
    const GridGeometry before = smallGrid();
    // Anchor (180, 130) is content (80, 80); at 80 px cells that content point is at (160, 160),
    // so the scroll must become (160 − 80, 160 − 80).
    EXPECT_EQ(scrollAfterZoom(before, QSizeF(80, 80), {180, 130}), QPointF(80, 80)) << "zoom ×2 about (180, 130)";
    // Wider only: content x 80 → 80 · 100/40 = 200, scroll 200 − 80 = 120; y unchanged.
    EXPECT_EQ(scrollAfterZoom(before, QSizeF(100, 40), {180, 130}), QPointF(120, 0)) << "zoom of the width only";
    GridGeometry large = smallGrid({37, 91});
    large.rows = 50;
    large.cols = 50;
    const QPointF anchor(253, 171);
    const std::optional<CellIndex> under = cellAt(large, anchor);
    ASSERT_TRUE(under.has_value()) << "anchor is on the grid";
    for (const QSizeF size : {QSizeF(4, 4), QSizeF(13, 13), QSizeF(40, 40), QSizeF(61, 30), QSizeF(200, 150)}) {
        GridGeometry after = large;
        after.scroll = scrollAfterZoom(large, size, anchor);
        after.cell = size;
        EXPECT_EQ(cellAt(after, anchor), under)
            << "same cell under the mouse at cells of " << size.width() << " × " << size.height();
    }
}

TEST(HeatmapGeometry, LabelLayout) {
    EXPECT_EQ(labelStep(48, 20), 1) << "every label when cells are taller than a line";
    EXPECT_EQ(labelStep(20, 20), 1) << "exactly one line per cell";
    EXPECT_EQ(labelStep(10, 20), 2) << "every 2nd label";
    EXPECT_EQ(labelStep(5, 20), 5) << "4 rounds up to 5 (1, 2, 5 steps)";
    EXPECT_EQ(labelStep(3, 20), 10) << "6.7 rounds up to 10";
    EXPECT_EQ(labelStep(1, 20), 20) << "20";
}

TEST(HeatmapGeometry, ColumnLabelsTurnOnlyAsFarAsTheyMust) {
    // Lines of 20 px: level labels keep 10 px apart (half a line), turned ones 2 px (a tenth).
    EXPECT_EQ(levelLabelGap(20), 10);
    EXPECT_EQ(stackedLabelGap(20), 2);
    const ColumnLabelPlan level = planColumnLabels(50, 20, 60);
    EXPECT_EQ(level.angle, 0) << "50 + 10 fits a 60 px column";
    EXPECT_EQ(level.height, 20) << "one line high";
    // 80 px words over 40 px columns: at 45° neighbours are 40 · 0.707 = 28.3 px apart across
    // the labels, room for a 20 px line and its gap; the band is (80 + 20) · 0.707 = 70.7 px
    // high, lower than the 80 px of upright labels.
    const ColumnLabelPlan slanted = planColumnLabels(80, 20, 40);
    EXPECT_EQ(slanted.angle, -45) << "slanted, reading down to its column";
    EXPECT_EQ(slanted.step, 1);
    EXPECT_NEAR(slanted.height, 70.71, 0.01);
    // 30 px columns: 30 · 0.707 = 21.2 < 22 at 45°, but upright labels 30 px apart have room.
    const ColumnLabelPlan upright = planColumnLabels(80, 20, 30);
    EXPECT_EQ(upright.angle, 90);
    EXPECT_EQ(upright.step, 1);
    EXPECT_EQ(upright.height, 80) << "as high as the widest label";
    // Short labels over narrow columns: upright (30 px) is lower than slanted ((30 + 20) · 0.707).
    EXPECT_EQ(planColumnLabels(30, 20, 24).angle, 90);
    // 8 px columns: even upright labels need every 22 / 8 = 2.75 → 5th column.
    const ColumnLabelPlan thinned = planColumnLabels(80, 20, 8);
    EXPECT_EQ(thinned.angle, 90);
    EXPECT_EQ(thinned.step, 5);
}

TEST(HeatmapGeometry, SlantedLabelsReachPastTheGridByTheirFirstColumns) {
    // A slanted label reaches (width + line / 2) · 0.707 left of its column's centre. The first
    // of 40 px columns is centred 20 px right of the grid's edge: an 80 px label there reaches
    // (80 + 10) · 0.707 − 20 = 43.6 px past it.
    EXPECT_NEAR(slantedOverhang({80}, 20, 40), 43.64, 0.01);
    // The same label one column later (centre 60 px right) reaches 3.6 px past; a 10 px first
    // label, (10 + 10) · 0.707 − 20 < 0, stays inside.
    EXPECT_NEAR(slantedOverhang({10, 80}, 20, 40), 3.64, 0.01);
    EXPECT_EQ(slantedOverhang({}, 20, 40), 0) << "no label, no overhang";
}

TEST(HeatmapGeometry, TheSelectedRowAlwaysKeepsItsLabel) {
    EXPECT_EQ(labelledIndices(0, 15, 1), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}));
    EXPECT_EQ(labelledIndices(0, 15, 2), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14})) << "every other row";
    // Row 11 selected: its label comes in, and 10 and 12, closer than 2 rows, go.
    EXPECT_EQ(labelledIndices(0, 15, 2, 11), (std::vector<int>{0, 2, 4, 6, 8, 11, 14}));
    EXPECT_EQ(labelledIndices(0, 15, 2, 10), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14})) << "already labelled";
    // Steps of 5 from 3: 5, 10; row 13 selected keeps 10 (3 rows away, under 5: left out).
    EXPECT_EQ(labelledIndices(3, 15, 5, 13), (std::vector<int>{5, 13}));
    EXPECT_EQ(labelledIndices(3, 15, 5, 1), (std::vector<int>{5, 10})) << "a selected row outside the range";
}

TEST(HeatmapGeometry, ValueFitsInCell) {
    EXPECT_TRUE(valueFitsInCell({30, 18}, QSizeF(48, 48))) << "30 + 2·3 ≤ 48 and 18 + 2·3 ≤ 48";
    EXPECT_FALSE(valueFitsInCell({44, 18}, QSizeF(48, 48))) << "44 + 6 > 48";
    EXPECT_FALSE(valueFitsInCell({20, 44}, QSizeF(48, 48))) << "too tall";
    EXPECT_TRUE(valueFitsInCell({42, 42}, QSizeF(48, 48))) << "exactly fits";
    EXPECT_TRUE(valueFitsInCell({60, 18}, QSizeF(66, 24))) << "a wide, low cell holds a wide, low number";
    EXPECT_FALSE(valueFitsInCell({60, 18}, QSizeF(66, 23))) << "one pixel too low";
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
