// The "why scale by √d_k" numbers against theory: for independent entries of unit variance,
// Var(q·k) = Σ_m E[q_m²]·E[k_m²] = d_k, and Var(q·k / √d_k) = 1.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "core/labs/ScalingStudy.h"

namespace attnviz {
namespace {

TEST(ScalingStudy, VarianceGrowsLikeDkAndScalingKeepsItAtOne) {
    const int samples = 4000;
    const auto points = scalingStudy(1024, samples, 16, 42);
    ASSERT_EQ(points.size(), 11u) << "d_k = 1, 2, 4, … 1024";
    // The standard error of a sample variance is σ²·√((κ − 1)/N), κ the kurtosis of q·k: at most
    // (9/5)² = 3.24 (d_k = 1, a product of two uniforms), so √(2.24/4000) ≈ 0.024. Tolerance 5σ.
    const double tolerance = 5 * std::sqrt(2.24 / samples);
    for (const ScalingPoint& p : points) {
        EXPECT_NEAR(p.varianceUnscaled / p.dK, 1.0, tolerance) << "d_k = " << p.dK;
        EXPECT_NEAR(p.varianceScaled, 1.0, tolerance) << "d_k = " << p.dK;
    }
}

TEST(ScalingStudy, WithoutScalingTheSoftmaxSaturates) {
    const auto points = scalingStudy(1024, 2000, 16, 7);
    EXPECT_DOUBLE_EQ(points.front().maxWeightUnscaled, points.front().maxWeightScaled) << "√1 = 1";
    EXPECT_GT(points.back().maxWeightUnscaled, 0.9) << "d_k = 1024: one key takes almost everything";
    for (const ScalingPoint& p : points) {
        // 16 scores of unit variance: the largest weight stays far from 1 (and above 1/16).
        EXPECT_GT(p.maxWeightScaled, 1.0 / 16) << "d_k = " << p.dK;
        EXPECT_LT(p.maxWeightScaled, 0.5) << "d_k = " << p.dK;
        EXPECT_GE(p.maxWeightUnscaled, p.maxWeightScaled - 1e-12) << "d_k = " << p.dK;
    }
}

// Closing the "Why √d_k?" page while it measures stops the study instead of waiting for it.
TEST(ScalingStudy, ACancelledStudyStopsBeforeTheNextDk) {
    const std::atomic<bool> cancelled{true};
    EXPECT_TRUE(scalingStudy(1024, 4000, 16, 42, &cancelled).empty());
    const std::atomic<bool> running{false};
    EXPECT_EQ(scalingStudy(4, 10, 16, 42, &running).size(), 3u) << "d_k = 1, 2, 4";
}

}  // namespace
}  // namespace attnviz
