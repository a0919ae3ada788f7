// A computation that would leave the range of a double is refused with the reason, never shown
// as NaN (issue 14, case 2): a tiny temperature, or supplied weights near 1e308. Just inside the
// range, the trace is computed and every value is a number.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "tests/support/MessageOf.h"

namespace attnviz {
namespace {

using testing::messageOf;

constexpr const char* kSentence = "Le chat est assis";

/// d_model 4, one head (d_k = 4), X the seeded embedding: |x| < √3 + 1 (uniform on ±√3 plus a
/// sine or cosine), so the bounds below hold whatever the seed gives.
AttentionConfig suppliedConfig(double qk, double v) {
    AttentionConfig config;
    config.dModel = 4;
    config.heads = 1;
    config.preset = ProjectionPreset::Supplied;
    config.supplied = {qk * Eigen::MatrixXd::Identity(4, 4), qk * Eigen::MatrixXd::Identity(4, 4),
                       v * Eigen::MatrixXd::Identity(4, 4), Eigen::MatrixXd::Identity(4, 4)};
    return config;
}

std::string computeRefusal(const AttentionConfig& config) {
    return messageOf<ConfigError>([&] { (void)AttentionTrace::compute(kSentence, config); });
}

TEST(Overflow, ATemperatureBelowTheLimitIsRefusedWithItsNumber) {
    AttentionConfig config = suppliedConfig(1.0, 1.0);
    config.temperature = 1e-310;
    EXPECT_EQ(messageOf<ConfigError>([&] { config.validate(); }),
              "the temperature T must be at least 0.001 (it is 1e-310)");
    config.temperature = 0.0009;
    EXPECT_EQ(computeRefusal(config), "the temperature T must be at least 0.001 (it is 0.0009)");
}

TEST(Overflow, TheSmallestTemperatureIsComputed) {
    AttentionConfig config = suppliedConfig(1.0, 1.0);
    config.temperature = 0.001;
    const AttentionTrace trace = AttentionTrace::compute(kSentence, config);
    EXPECT_TRUE(trace.matrix(Step::Weights, 0).allFinite());
}

TEST(Overflow, ScoresBeyondADoubleAreRefused) {
    // |q|, |k| up to 2.7e200: q · k up to about 3e401, beyond 1.8e308.
    EXPECT_EQ(computeRefusal(suppliedConfig(1e200, 1.0)),
              "head 1: QKᵀ can exceed the range of a double (±1.8e308): use smaller weights or a larger temperature T");
}

TEST(Overflow, ScaledScoresBeyondADoubleAreRefused) {
    // |q|, |k| < 2.74e153: 4 · |q| · |k| < 3.0e307 fits a quarter of a double's range; at
    // T = 0.001 the divisor √4 · 0.001 = 0.002 multiplies it by 500, beyond that quarter as soon
    // as the largest |x| is above 0.48 (checked on X).
    const AttentionTrace plain = AttentionTrace::compute(kSentence, suppliedConfig(1.0, 1.0));
    ASSERT_GT(plain.matrix(Step::X, 0).cwiseAbs().maxCoeff(), 0.48);
    AttentionConfig config = suppliedConfig(1e153, 1.0);
    config.temperature = 0.001;
    EXPECT_EQ(computeRefusal(config), "head 1: QKᵀ / (√d_k · T) can exceed the range of a double (±1.8e308): use "
                                      "smaller weights or a larger temperature T");
}

TEST(Overflow, ValuesBeyondADoubleAreRefused) {
    // V = X · (1.8e308 · I): every |x| > 1 gives ±∞. The precondition checked on X itself.
    const AttentionTrace plain = AttentionTrace::compute(kSentence, suppliedConfig(1.0, 1.0));
    ASSERT_GT(plain.matrix(Step::X, 0).cwiseAbs().maxCoeff(), 1.0);
    EXPECT_EQ(computeRefusal(suppliedConfig(1.0, std::numeric_limits<double>::max())),
              "V has values beyond the range of a double (±1.8e308): use smaller weights");
}

TEST(Overflow, HugeButSafeScoresGiveNumbersEverywhere) {
    // |q|, |k| < 2.74e100: scores below 3e201, far inside a double. The softmax then gives each
    // row one weight of 1 (differences of 1e200 between scores), never NaN.
    const AttentionTrace trace = AttentionTrace::compute(kSentence, suppliedConfig(1e100, 1.0));
    for (const Step step : {Step::Q, Step::K, Step::V, Step::Scores, Step::Scaled, Step::Masked, Step::Weights,
                            Step::Context, Step::Output})
        EXPECT_TRUE(trace.matrix(step, 0).allFinite()) << stepName(step);
    const Eigen::MatrixXd weights = trace.matrix(Step::Weights, 0);
    for (Eigen::Index row = 0; row < weights.rows(); ++row) {
        EXPECT_DOUBLE_EQ(weights.row(row).sum(), 1.0) << "row " << row;
        EXPECT_DOUBLE_EQ(weights.row(row).maxCoeff(), 1.0) << "row " << row;
    }
}

}  // namespace
}  // namespace attnviz
