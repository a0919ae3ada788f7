// Predict, then reveal: a guess's rank and weight against a row of weights (hand-made rows), the
// rows worth a guess and the keys a guess moves along (masks), and a round revealed row by row.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/attention/PredictRound.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

Eigen::RowVectorXd row(std::initializer_list<double> values) {
    Eigen::RowVectorXd out(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (const double value : values) out[i++] = value;
    return out;
}

TEST(JudgeGuess, RanksTheGuessAmongTheVisibleKeysAndNamesTheLargest) {
    // Keys 0 … 4 with weights 0.05, 0.67, 0.10, 0.03, 0.15: sorted, 0.67 > 0.15 > 0.10 > 0.05 > 0.03.
    const Eigen::RowVectorXd weights = row({0.05, 0.67, 0.10, 0.03, 0.15});
    const std::vector<bool> all(5, true);
    const GuessOutcome third = judgeGuess(weights, all, 2);
    EXPECT_EQ(third.rank, 3) << "0.67 and 0.15 are larger than 0.10";
    EXPECT_EQ(third.guessWeight, 0.10);
    EXPECT_EQ(third.bestKey, 1);
    EXPECT_EQ(third.bestWeight, 0.67);
    EXPECT_FALSE(third.right());
    EXPECT_TRUE(judgeGuess(weights, all, 1).right());
    EXPECT_EQ(judgeGuess(weights, all, 3).rank, 5) << "the smallest of five";
}

TEST(JudgeGuess, MaskedKeysNeverCountAndTiesShareTheFirstRank) {
    // Key 1 is masked (weight 0 in the trace, but even a large number there must not count).
    const Eigen::RowVectorXd weights = row({0.25, 0.9, 0.5, 0.25});
    const std::vector<bool> visible = {true, false, true, true};
    const GuessOutcome outcome = judgeGuess(weights, visible, 0);
    EXPECT_EQ(outcome.bestKey, 2);
    EXPECT_EQ(outcome.rank, 2) << "only 0.5 is larger among the visible keys";
    const Eigen::RowVectorXd uniform = row({0.25, 0.25, 0.25, 0.25});
    const std::vector<bool> all(4, true);
    EXPECT_TRUE(judgeGuess(uniform, all, 3).right()) << "a uniform row: every key is the largest";
    EXPECT_EQ(judgeGuess(uniform, all, 3).bestKey, 0) << "the first of equals is named";
    EXPECT_EQ(judgeGuess(uniform, all, 3).bestCount, 4);
    EXPECT_EQ(judgeGuess(weights, visible, 0).bestCount, 1);
}

TEST(JudgeGuess, ARowRevealedWithoutAGuessHasNoRankButStillItsAnswer) {
    const GuessOutcome outcome = judgeGuess(row({0.2, 0.8}), {true, true}, std::nullopt);
    EXPECT_FALSE(outcome.guess.has_value());
    EXPECT_EQ(outcome.rank, 0);
    EXPECT_FALSE(outcome.right());
    EXPECT_EQ(outcome.bestKey, 1);
}

TEST(PredictRows, OnlyTheSentencesRowsWithAChoiceAreWorthAGuess) {
    AttentionConfig config;
    config.mask.causal = true;
    config.mask.padTo = 6;
    const AttentionTrace trace = AttentionTrace::compute("Le chat est assis", config);  // 4 tokens + 2 [PAD]
    ASSERT_EQ(trace.size(), 6);
    // Causal: row 0 sees key 0 only (nothing to guess); [PAD] rows 4 and 5 are not the sentence's.
    EXPECT_EQ(guessableRows(trace, 0), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(visibleKeys(trace, 2), (std::vector<int>{0, 1, 2})) << "causal: keys up to the query";
}

TEST(PredictRows, ARowWithTheSameWeightOnEveryKeyHasNothingToGuess) {
    // The teaching model gives punctuation a zero query: the full stop's 15 weights are all 1/15.
    const AttentionTrace trace = AttentionTrace::compute(
        "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.", teachingConfig());
    ASSERT_EQ(trace.size(), 15);
    EXPECT_FALSE(isGuessable(trace, 0, 14)) << "the full stop attends to every key alike";
    EXPECT_TRUE(isGuessable(trace, 0, 10)) << "il → animal";
    EXPECT_TRUE(isGuessable(trace, 0, 6)) << "la → rue";
    const std::vector<int> rows = guessableRows(trace, 0);
    EXPECT_EQ(std::count(rows.begin(), rows.end(), 14), 0);
    EXPECT_EQ(std::count(rows.begin(), rows.end(), 10), 1);
}

TEST(PredictRows, AGuessMovesAlongTheVisibleKeysAndWrapsRound) {
    const std::vector<int> keys = {0, 2, 5};
    EXPECT_EQ(movedGuess(keys, std::nullopt, +1), 0) << "→ starts at the first key";
    EXPECT_EQ(movedGuess(keys, std::nullopt, -1), 5) << "← starts at the last key";
    EXPECT_EQ(movedGuess(keys, 0, +1), 2) << "masked key 1 is skipped";
    EXPECT_EQ(movedGuess(keys, 5, +1), 0) << "past the last key: back to the first";
    EXPECT_EQ(movedGuess(keys, 0, -1), 5);
    EXPECT_FALSE(movedGuess({}, 3, +1).has_value());
}

TEST(PredictRound, RevealsRowByRowInItsOrderKeepingTheGuesses) {
    PredictRound round({3, 1, 2});
    EXPECT_TRUE(round.isActive());
    EXPECT_EQ(round.current(), 3);
    EXPECT_TRUE(round.isHidden(1) && round.isHidden(2) && round.isHidden(3));
    EXPECT_FALSE(round.isHidden(0)) << "a row outside the round is shown";
    round.setGuess(0);
    round.reveal();
    EXPECT_FALSE(round.isHidden(3));
    EXPECT_EQ(round.lastRevealed(), 3);
    EXPECT_EQ(round.current(), 1);
    round.reveal();  // without a guess
    round.setGuess(2);
    round.reveal();
    EXPECT_TRUE(round.isFinished());
    EXPECT_EQ(round.current(), -1);
    round.setGuess(1);  // nothing left to guess: ignored
    EXPECT_EQ(round.guesses(), (std::map<int, int>{{3, 0}, {2, 2}}));
    EXPECT_EQ(round.revealedRows(), (std::vector<int>{3, 1, 2}));
    EXPECT_TRUE(round.hiddenRows().empty());
}

TEST(PredictRound, ASavedRoundComesBackAsItWasAndDropsRowsTheSentenceHasNot) {
    PredictRound played({0, 1, 2, 3});
    played.setGuess(1);
    played.reveal();
    const PredictRound saved(played.revealedRows(), played.hiddenRows(), played.guesses());
    EXPECT_EQ(saved, played);
    PredictRound longer({0, 5, 2, 7});
    longer.setGuess(6);
    longer.reveal();
    longer.reveal();
    longer.keepRowsBelow(5);
    EXPECT_EQ(longer.revealedRows(), (std::vector<int>{0}));
    EXPECT_EQ(longer.hiddenRows(), (std::vector<int>{2}));
    EXPECT_TRUE(longer.guesses().empty()) << "key 6 is beyond a 5-token sentence";
}

TEST(PredictRound, CountsTheRevealedRowsGuessedRight) {
    AttentionConfig config;  // random projections, one head
    const AttentionTrace trace = AttentionTrace::compute("Le chat est assis", config);
    PredictRound round({0, 1, 2});
    // Row 0 guessed on its largest weight, row 1 on its smallest (found here by scanning the row).
    const Eigen::MatrixXd weights = trace.matrix(Step::Weights, 0);
    Eigen::Index largest = 0, smallest = 0;
    weights.row(0).maxCoeff(&largest);
    weights.row(1).minCoeff(&smallest);
    round.setGuess(static_cast<int>(largest));
    round.reveal();
    round.setGuess(static_cast<int>(smallest));
    round.reveal();
    EXPECT_EQ(rightGuesses(round, trace, 0), 1) << "row 2 is not revealed yet";
}

}  // namespace
}  // namespace attnviz
