// AttentionTrace::largestMagnitudes, the colour scales of the signed n × n steps: the same numbers
// as a plain scan of every cell of those matrices, for every mask and head selection.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <sstream>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "tests/support/RepeatedWords.h"

namespace attnviz {
namespace {

// The reference: every cell of the whole matrix, in a plain loop.
double scanLargest(const AttentionTrace& trace, Step step, int head) {
    const Eigen::MatrixXd m = trace.matrix(step, head);
    double largest = 0;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            if (std::isfinite(m(r, c))) largest = std::max(largest, std::abs(m(r, c)));
    return largest;
}

void expectSameAsScan(const AttentionTrace& trace, const std::string& what) {
    for (int head = kAllHeads; head < trace.heads(); ++head) {
        const AttentionTrace::ScoreMagnitudes found = trace.largestMagnitudes(head);
        EXPECT_EQ(found.scores, scanLargest(trace, Step::Scores, head)) << what << ", head " << head;
        EXPECT_EQ(found.scaled, scanLargest(trace, Step::Scaled, head)) << what << ", head " << head;
        EXPECT_EQ(found.masked, scanLargest(trace, Step::Masked, head)) << what << ", head " << head;
    }
}

/// words − 1 words "mot0 … mot88 mot0 …", then a full stop.
std::string longSentence(int words) { return attnviz::testing::repeatedWords(words - 1, "mot", 89) + " ."; }

TEST(ScoreMagnitudes, EqualAScanOfEveryCellForEveryMask) {
    const char* sentence = "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.";
    AttentionConfig plain;
    expectSameAsScan(AttentionTrace::compute(sentence, plain), "no mask");

    AttentionConfig causal;
    causal.mask.causal = true;
    causal.heads = 2;
    expectSameAsScan(AttentionTrace::compute(sentence, causal), "causal, 2 heads");

    AttentionConfig mixed;
    mixed.heads = 4;
    mixed.mask.window = 3;
    mixed.mask.globalTokens = {0};
    mixed.mask.padTo = 20;
    mixed.mask.customMasked = {{5, 4}, {2, 2}};
    mixed.temperature = 0.25;
    expectSameAsScan(AttentionTrace::compute(sentence, mixed), "window, globals, padding, custom, T = 0.25");

    AttentionConfig unscaled;
    unscaled.scaleBySqrtDk = false;
    unscaled.mask.customMasked = {{0, 0}};
    unscaled.mask.causal = true;  // row 0 fully masked
    expectSameAsScan(AttentionTrace::compute(sentence, unscaled), "no scaling, a fully masked row");
}

TEST(ScoreMagnitudes, LargeSentencesAreScannedByBlocksOnSeveralThreads) {
    AttentionConfig config;
    config.mask.causal = true;
    const AttentionTrace trace = AttentionTrace::compute(longSentence(900), config);
    ASSERT_EQ(trace.size(), 900);
    expectSameAsScan(trace, "900 tokens, causal");
    // The largest score, by an independent route: Q·Kᵀ as one matrix product.
    const Eigen::MatrixXd scores = trace.q() * trace.k().transpose();
    EXPECT_NEAR(trace.largestMagnitudes(0).scores, scores.cwiseAbs().maxCoeff(), 1e-9);
}

TEST(ScoreMagnitudes, StopsWhenCancelledAndRefusesUnknownHeads) {
    const AttentionTrace trace = AttentionTrace::compute(longSentence(600), AttentionConfig{});
    const std::atomic<bool> cancel{true};
    EXPECT_THROW((void)trace.largestMagnitudes(0, &cancel), Cancelled);
    EXPECT_THROW((void)trace.largestMagnitudes(1), ConfigError);
    EXPECT_THROW((void)trace.largestMagnitudes(-2), ConfigError);
}

}  // namespace
}  // namespace attnviz
