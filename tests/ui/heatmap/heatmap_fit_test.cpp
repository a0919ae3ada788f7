// fittedCell, the cells a heatmap is shown with, on a figure whose labels, titles and colour bar
// take a fixed 100 × 80 px around the grid; expectations worked out by hand in the comments.
#include <gtest/gtest.h>

#include "ui/heatmap/HeatmapFit.h"
#include "ui/heatmap/HeatmapGeometry.h"

namespace attnviz::ui {
namespace {

/// 10 rows × 20 columns; numbers need cells of 40 × 20.
FitInput matrixIn(QSizeF area) {
    FitInput input;
    input.area = area;
    input.rows = 10;
    input.cols = 20;
    input.numbers = QSizeF(40, 20);
    input.defaultCell = QSize(48, 48);
    input.figureSize = [](QSizeF cell) { return QSizeF(20 * cell.width() + 100, 10 * cell.height() + 80); };
    return input;
}

TEST(HeatmapFit, CellsGrowToFillTheView) {
    // (1100 − 100 − 4 of slack) / 20 = 49.8 → 49 wide; (680 − 80 − 4) / 10 = 59 high, but never
    // taller than wide: 49 × 49.
    EXPECT_EQ(fittedCell(matrixIn({1100, 680}), FitPolicy::NumbersOrOverview), QSize(49, 49));
    // A low view: (300 − 84) / 10 = 21 high, and wider than tall (at most 3 × 21 = 63): 49 × 21.
    EXPECT_EQ(fittedCell(matrixIn({1100, 300}), FitPolicy::NumbersOrOverview), QSize(49, 21));
    EXPECT_EQ(fittedCell(matrixIn({1100, 300}), FitPolicy::None), QSize(48, 48)) << "None: the default cell";
    // A huge view: capped at kMaxCellSize, and by the shape rule.
    EXPECT_EQ(fittedCell(matrixIn({10000, 10000}), FitPolicy::NumbersFirst), QSize(kMaxCellSize, kMaxCellSize));
}

TEST(HeatmapFit, WhenTheNumbersDoNotFitThePolicyDecides) {
    // (600 − 104) / 20 = 24 wide: under the numbers' 40, and under 3/4 of it (30).
    const FitInput narrow = matrixIn({600, 300});
    EXPECT_EQ(fittedCell(narrow, FitPolicy::NumbersFirst), QSize(40, 21)) << "numbers first: their width, scrolling";
    EXPECT_EQ(fittedCell(narrow, FitPolicy::NumbersOrOverview), QSize(24, 21)) << "far from them: the overview";
    // (800 − 104) / 20 = 34 wide: over 3/4 of 40, so a little scrolling keeps the numbers.
    EXPECT_EQ(fittedCell(matrixIn({800, 300}), FitPolicy::NumbersOrOverview), QSize(40, 21)) << "close: numbers";
    // A low view for 10 rows: (200 − 84) / 10 = 11 high, too low for the numbers' 20; numbers
    // first keeps the view's width, (1100 − 104) / 20 = 49, for rows 20 high that scroll.
    EXPECT_EQ(fittedCell(matrixIn({1100, 200}), FitPolicy::NumbersFirst), QSize(49, 20)) << "columns need not scroll";
    FitInput noNumbers = narrow;
    noNumbers.numbers = QSizeF();
    EXPECT_EQ(fittedCell(noNumbers, FitPolicy::NumbersFirst), QSize(24, 21)) << "no numbers: the view's cells";
}

TEST(HeatmapFit, EveryRowKeepsItsLabelInReadableCells) {
    // Labels need rows 30 high: 21 high cells are not readable; numbers first makes them 30.
    FitInput labelled = matrixIn({1100, 300});
    labelled.labels = QSizeF(0, 30);
    EXPECT_EQ(fittedCell(labelled, FitPolicy::NumbersFirst), QSize(49, 30));
}

TEST(HeatmapFit, LabelsThatGrowAsCellsShrinkAreTakenIntoAccount) {
    // Labels 60 px higher once cells are under 45 px wide (they turn). Laid out for the numbers'
    // 40 px, rows get (300 − 144) / 10 = 15; but cells 49 wide keep their labels level, so rows
    // get (300 − 84) / 10 = 21, and the figure fits.
    FitInput turning = matrixIn({1100, 300});
    turning.figureSize = [](QSizeF cell) {
        return QSizeF(20 * cell.width() + 100, 10 * cell.height() + (cell.width() < 45 ? 140 : 80));
    };
    EXPECT_EQ(fittedCell(turning, FitPolicy::NumbersOrOverview), QSize(49, 21));
}

}  // namespace
}  // namespace attnviz::ui
