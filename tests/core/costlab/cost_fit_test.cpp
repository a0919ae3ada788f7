// The fitted slopes against hand computations, and the chapter's formulas.
#include <gtest/gtest.h>

#include <cmath>

#include "core/costlab/CostFit.h"

namespace attnviz {
namespace {

TEST(LogLogSlope, MatchesAHandComputation) {
    // log2 x = 1, 2, 3; log2 y = 0, 2, 1: means 2 and 1, Σ dx·dy = (−1)(−1) + 0·1 + 1·0 = 1,
    // Σ dx² = 2, slope 1/2 (the same in any base).
    EXPECT_DOUBLE_EQ(*logLogSlope({2, 4, 8}, {1, 4, 2}), 0.5);
    // y = 3·x² exactly: slope 2.
    EXPECT_NEAR(*logLogSlope({64, 128, 256, 512}, {3 * 64.0 * 64, 3 * 128.0 * 128, 3 * 256.0 * 256, 3 * 512.0 * 512}),
                2.0, 1e-12);
}

TEST(LogLogSlope, LeavesOutPointsThatHaveNoLogarithm) {
    EXPECT_NEAR(*logLogSlope({2, 4, 8, 16}, {0, 4, 8, -1}), 1.0, 1e-12) << "only (4, 4) and (8, 8) remain";
    EXPECT_FALSE(logLogSlope({2, 4}, {0, 4}).has_value()) << "one point left";
    EXPECT_FALSE(logLogSlope({4, 4}, {1, 2}).has_value()) << "one distinct x";
}

CostPoint point(CostKernel kernel, int n, double ms, std::int64_t bytes) {
    CostPoint p;
    p.kernel = kernel;
    p.n = n;
    p.d = 64;
    p.medianMs = ms;
    p.peakExtraBytes = bytes;
    return p;
}

TEST(CostSlopes, FitsTheUpperHalfOfTheSizes) {
    // n = 64 … 1024: √(64·1024) = 256, so the fit uses 256, 512, 1024, where time = n²/1000 and
    // memory = 8·n exactly; the small sizes are dominated by a fixed cost and are left out.
    std::vector<CostPoint> points;
    points.push_back(point(CostKernel::Naive, 64, 5.0, 4096));
    points.push_back(point(CostKernel::Naive, 128, 5.0, 4096));
    points.push_back(point(CostKernel::Flash, 64, 1.0, 4096));
    for (const int n : {256, 512, 1024}) points.push_back(point(CostKernel::Naive, n, n * n / 1000.0, 8 * n));
    const CostSlopes slopes = costSlopes(points, CostKernel::Naive);
    EXPECT_EQ(slopes.fromN, 256);
    EXPECT_NEAR(*slopes.time, 2.0, 1e-12);
    EXPECT_NEAR(*slopes.memory, 1.0, 1e-12);
    EXPECT_FALSE(costSlopes(points, CostKernel::Flash).time.has_value()) << "one size only";
}

TEST(CostSlopes, TwoSizesAreBothUsed) {
    const std::vector<CostPoint> points = {point(CostKernel::Linear, 64, 1.0, -1), point(CostKernel::Linear, 128, 2.0, -1)};
    const CostSlopes slopes = costSlopes(points, CostKernel::Linear);
    EXPECT_EQ(slopes.fromN, 64);
    EXPECT_NEAR(*slopes.time, 1.0, 1e-12);
    EXPECT_FALSE(slopes.memory.has_value()) << "memory not measured";
}

TEST(CostFormulas, TheChaptersOrders) {
    EXPECT_STREQ(costTimeFormula(CostKernel::Naive), "O(n²·d)");
    EXPECT_STREQ(costMemoryFormula(CostKernel::Naive), "O(n²)");
    EXPECT_STREQ(costMemoryFormula(CostKernel::Flash), "O(n·d)");
    EXPECT_STREQ(costTimeFormula(CostKernel::Window), "O(n·w·d)");
    EXPECT_STREQ(costTimeFormula(CostKernel::Linear), "O(n·d²)");
}

}  // namespace
}  // namespace attnviz
