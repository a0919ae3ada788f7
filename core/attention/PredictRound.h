#pragma once
#include <Eigen/Core>
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

#include "core/attention/AttentionTrace.h"

namespace attnviz {

/// How a guess of "the key this query attends to most" fares against the query's weights.
struct GuessOutcome {
    std::optional<int> guess;  ///< the key guessed; none when the row was revealed without a guess
    double guessWeight = 0;    ///< its weight (0 without a guess)
    int rank = 0;              ///< 1 + the visible keys with a larger weight (ties share a rank); 0 without a guess
    int bestKey = -1;          ///< the first visible key with the largest weight
    double bestWeight = 0;
    int bestCount = 0;         ///< how many visible keys have the largest weight (a uniform row: all)
    /// The guess has the largest weight (a tie for the largest counts as right).
    [[nodiscard]] bool right() const { return rank == 1; }
};

/// Judges guess against one row of weights; visible[k] is false for the keys the mask hides,
/// which are never the answer. At least one key must be visible.
[[nodiscard]] GuessOutcome judgeGuess(const Eigen::RowVectorXd& weights, const std::vector<bool>& visible,
                                      std::optional<int> guess);
/// The same on query's row of the trace's weights for head (kAllHeads: the mean of the heads).
[[nodiscard]] GuessOutcome judgeGuess(const AttentionTrace& trace, int head, int query, std::optional<int> guess);

/// The keys query may attend to (those its mask does not hide), in order.
[[nodiscard]] std::vector<int> visibleKeys(const AttentionTrace& trace, int query);
/// Whether query's row is worth a guess on head's weights: a token of the sentence ([PAD] rows are
/// not) that sees at least two keys and attends to some more than to others (with a single key,
/// or the same weight on every key, there is no "most" to find).
[[nodiscard]] bool isGuessable(const AttentionTrace& trace, int head, int query);
/// The rows worth a guess, in order.
[[nodiscard]] std::vector<int> guessableRows(const AttentionTrace& trace, int head);
/// Where a guess goes when moved one key in direction (+1: right, −1: left) along keys, wrapping
/// round at either end; from no guess (or one not in keys), the first key going right and the last
/// going left. Nothing when keys is empty.
[[nodiscard]] std::optional<int> movedGuess(const std::vector<int>& keys, std::optional<int> from, int direction);

/// A predict-then-reveal round: query rows whose weights stay hidden while the class guesses which
/// key each one attends to most, revealed one at a time in the round's order, with the guesses
/// made. No round (the default) hides nothing. Sessions save it (SessionFile: "predict").
class PredictRound {
public:
    PredictRound() = default;
    /// A round over rows, in this order, every one hidden.
    explicit PredictRound(std::vector<int> rows);
    /// As a session stores it: the rows already revealed (in the order they were), then those
    /// still hidden; guesses maps a row to the key guessed.
    PredictRound(const std::vector<int>& revealedRows, const std::vector<int>& hiddenRows, std::map<int, int> guesses);

    [[nodiscard]] bool isActive() const { return !rows_.empty(); }
    /// Every row revealed: the round is over (its outcomes may still be on show).
    [[nodiscard]] bool isFinished() const { return isActive() && revealed_ == rows_.size(); }
    /// The round's rows, in order: the revealed ones first.
    [[nodiscard]] const std::vector<int>& rows() const { return rows_; }
    [[nodiscard]] std::vector<int> revealedRows() const;
    [[nodiscard]] std::vector<int> hiddenRows() const;
    /// Whether row's weights are hidden (a row not in the round never is).
    [[nodiscard]] bool isHidden(int row) const;
    /// The row to guess now: the first still hidden; −1 once every row is revealed.
    [[nodiscard]] int current() const;
    /// The row revealed last; −1 before the first reveal.
    [[nodiscard]] int lastRevealed() const;
    [[nodiscard]] std::optional<int> guess(int row) const;
    [[nodiscard]] const std::map<int, int>& guesses() const { return guesses_; }

    /// Marks key as the guess for the current row (nothing once every row is revealed).
    void setGuess(int key);
    /// Reveals the current row, with or without a guess (nothing once every row is revealed).
    void reveal();
    /// Keeps only the rows (and their guesses) of a sentence of n tokens: a session may name rows
    /// its sentence does not have.
    void keepRowsBelow(int n);

    friend bool operator==(const PredictRound&, const PredictRound&) = default;

private:
    std::vector<int> rows_;
    std::size_t revealed_ = 0;  ///< rows_[0 … revealed_) are revealed
    std::map<int, int> guesses_;
};

/// How many of the round's revealed rows were guessed right on trace's weights for head.
[[nodiscard]] int rightGuesses(const PredictRound& round, const AttentionTrace& trace, int head);

}  // namespace attnviz
