// The quadratic wall's sweep: the whole plan is refused before any work, the points come back in
// measuring order with the chapter's FLOPs, and a cancel stops the sweep promptly.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/base/Errors.h"
#include "core/base/PeakMemory.h"
#include "core/costlab/CostSweep.h"
#include "tests/support/MessageOf.h"

namespace attnviz {
namespace {

using testing::messageOf;

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(CostSizes, PowersOfTwoBetweenTheEnds) {
    EXPECT_EQ(costSizes(64, 512), (std::vector<int>{64, 128, 256, 512}));
    EXPECT_EQ(costSizes(1, 8), (std::vector<int>{1, 2, 4, 8}));
    EXPECT_EQ(costSizes(100, 1000), (std::vector<int>{100, 128, 256, 512, 1000})) << "the ends are kept";
    EXPECT_EQ(costSizes(3000, 3000), (std::vector<int>{3000}));
    EXPECT_EQ(costSizes(64, 100), (std::vector<int>{64, 100}));
    EXPECT_TRUE(costSizes(0, 8).empty());
    EXPECT_TRUE(costSizes(512, 64).empty());
}

TEST(CostSweep, ARefusedPointRefusesTheWholePlanBeforeAnyWork) {
    CostPlan plan;
    plan.kernels = {CostKernel::Flash, CostKernel::Naive};
    plan.sizes = {64, 65536};  // flash at 64 would run first if the plan were checked point by point
    int called = 0;
    const auto start = std::chrono::steady_clock::now();
    const std::string message =
        messageOf<ConfigError>([&] { (void)runCostSweep(plan, [&](const CostPoint&) { ++called; }); });
    EXPECT_EQ(message, "naive at n = 65,536 needs 16 GiB for one score matrix (limit 2 GiB)");
    EXPECT_EQ(called, 0) << "no point measured";
    EXPECT_LT(secondsSince(start), 0.05) << "refused from the formulas, nothing allocated";
    EXPECT_EQ(messageOf<ConfigError>([&] { checkCostPlan(plan); }), message);
}

TEST(CostSweep, EmptyAndNonPositivePlansAreRefused) {
    CostPlan plan;
    plan.sizes = {64};
    EXPECT_EQ(messageOf<ConfigError>([&] { checkCostPlan(plan); }), "choose at least one kernel and one size n");
    plan.kernels = {CostKernel::Flash};
    plan.repeats = 0;
    EXPECT_EQ(messageOf<ConfigError>([&] { checkCostPlan(plan); }), "repeats must be at least 1 (it is 0)");
    plan.repeats = 1;
    plan.sizes = {64, 0};
    EXPECT_EQ(messageOf<ConfigError>([&] { checkCostPlan(plan); }), "n must be at least 1 (it is 0)");
    plan.sizes = {64};
    plan.options.tileSize = 0;
    EXPECT_EQ(messageOf<ConfigError>([&] { checkCostPlan(plan); }), "the Flash tile size must be at least 1 (it is 0)");
}

TEST(CostSweep, MeasuresEveryKernelAtEveryNInOrder) {
    CostPlan plan;
    plan.kernels = {CostKernel::Naive, CostKernel::Linear};
    plan.sizes = {32, 64};
    plan.d = 16;
    plan.repeats = 3;
    std::vector<CostPoint> seen;
    const std::vector<CostPoint> points = runCostSweep(plan, [&](const CostPoint& point) { seen.push_back(point); });
    ASSERT_EQ(points.size(), 4u);
    ASSERT_EQ(seen.size(), 4u) << "one callback per point";
    const std::pair<CostKernel, int> order[] = {
        {CostKernel::Naive, 32}, {CostKernel::Linear, 32}, {CostKernel::Naive, 64}, {CostKernel::Linear, 64}};
    for (std::size_t i = 0; i < points.size(); ++i) {
        EXPECT_EQ(points[i].kernel, order[i].first) << i;
        EXPECT_EQ(points[i].n, order[i].second) << i;
        EXPECT_EQ(seen[i].n, points[i].n) << i;
        EXPECT_EQ(points[i].d, 16);
        EXPECT_GT(points[i].medianMs, 0.0);
        if (PeakMemoryMeter::available()) {
            EXPECT_GE(points[i].peakExtraBytes, 0);
        }
    }
    // The chapter's counts by hand: naive 4·n²·d = 4·32²·16; linear 4·n·d² = 4·64·16².
    EXPECT_DOUBLE_EQ(points[0].flops, 4.0 * 32 * 32 * 16);
    EXPECT_DOUBLE_EQ(points[3].flops, 4.0 * 64 * 16 * 16);
}

TEST(CostSweep, RunsInFloat64Too) {
    CostPlan plan;
    plan.kernels = {CostKernel::Flash, CostKernel::Window};
    plan.sizes = {48};
    plan.d = 8;
    plan.repeats = 2;
    plan.element = CostElement::Float64;
    plan.options.window = 4;
    plan.options.mask = CostMask::Causal;
    const std::vector<CostPoint> points = runCostSweep(plan);
    ASSERT_EQ(points.size(), 2u);
    // Flash under the causal mask: 4·n²·d halved; the causal window: each row sees the w keys at
    // or before it (not 2w − 1), so 4·n·w·d.
    EXPECT_DOUBLE_EQ(points[0].flops, 4.0 * 48 * 48 * 8 / 2);
    EXPECT_DOUBLE_EQ(points[1].flops, 4.0 * 48 * 4 * 8);
}

TEST(CostSweep, CancelBetweenPointsStopsTheSweep) {
    CostPlan plan;
    plan.kernels = {CostKernel::Flash, CostKernel::Exact};
    plan.sizes = {64, 128, 256};
    std::atomic<bool> cancel{false};
    int called = 0;
    EXPECT_THROW((void)runCostSweep(
                     plan,
                     [&](const CostPoint&) {
                         ++called;
                         cancel = true;
                     },
                     &cancel),
                 Cancelled);
    EXPECT_EQ(called, 1) << "nothing measured after the cancel";
}

TEST(CostSweep, CancelInsideAPointStopsPromptly) {
    // Naive at n = 8,192, d = 64: 17 GFLOP per call, several seconds for the memory call and three
    // repeats; a cancel 50 ms in must end it within a fraction of that.
    CostPlan plan;
    plan.kernels = {CostKernel::Naive};
    plan.sizes = {8192};
    std::atomic<bool> cancel{false};
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cancel = true;
    });
    const auto start = std::chrono::steady_clock::now();
    EXPECT_THROW((void)runCostSweep(plan, {}, &cancel), Cancelled);
    const double seconds = secondsSince(start);
    canceller.join();
    EXPECT_LT(seconds, 1.0);
}

}  // namespace
}  // namespace attnviz
