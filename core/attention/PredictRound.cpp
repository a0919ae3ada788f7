#include "core/attention/PredictRound.h"

#include <algorithm>
#include <utility>

namespace attnviz {

GuessOutcome judgeGuess(const Eigen::RowVectorXd& weights, const std::vector<bool>& visible,
                        std::optional<int> guess) {
    GuessOutcome outcome;
    for (Eigen::Index key = 0; key < weights.size(); ++key) {
        if (!visible[static_cast<std::size_t>(key)]) continue;
        if (outcome.bestKey < 0 || weights[key] > outcome.bestWeight) {
            outcome.bestKey = static_cast<int>(key);
            outcome.bestWeight = weights[key];
            outcome.bestCount = 1;
        } else if (weights[key] == outcome.bestWeight) {
            ++outcome.bestCount;
        }
    }
    if (!guess || *guess < 0 || *guess >= weights.size()) return outcome;
    outcome.guess = guess;
    outcome.guessWeight = weights[*guess];
    outcome.rank = 1;
    for (Eigen::Index key = 0; key < weights.size(); ++key)
        if (visible[static_cast<std::size_t>(key)] && weights[key] > outcome.guessWeight) ++outcome.rank;
    return outcome;
}

GuessOutcome judgeGuess(const AttentionTrace& trace, int head, int query, std::optional<int> guess) {
    const int n = trace.size();
    const Eigen::RowVectorXd weights = trace.block(Step::Weights, head, query, 0, 1, n).row(0);
    std::vector<bool> visible(static_cast<std::size_t>(n));
    for (int key = 0; key < n; ++key) visible[static_cast<std::size_t>(key)] = !trace.mask().isMasked(query, key);
    return judgeGuess(weights, visible, guess);
}

std::vector<int> visibleKeys(const AttentionTrace& trace, int query) {
    std::vector<int> keys;
    for (int key = 0; key < trace.size(); ++key)
        if (!trace.mask().isMasked(query, key)) keys.push_back(key);
    return keys;
}

bool isGuessable(const AttentionTrace& trace, int head, int query) {
    if (query < 0 || query >= trace.realTokenCount()) return false;
    const std::size_t keys = visibleKeys(trace, query).size();
    return keys >= 2 && static_cast<std::size_t>(judgeGuess(trace, head, query, std::nullopt).bestCount) < keys;
}

std::vector<int> guessableRows(const AttentionTrace& trace, int head) {
    std::vector<int> rows;
    for (int query = 0; query < trace.realTokenCount(); ++query)
        if (isGuessable(trace, head, query)) rows.push_back(query);
    return rows;
}

std::optional<int> movedGuess(const std::vector<int>& keys, std::optional<int> from, int direction) {
    if (keys.empty()) return std::nullopt;
    const auto found = from ? std::find(keys.begin(), keys.end(), *from) : keys.end();
    if (found == keys.end()) return direction > 0 ? keys.front() : keys.back();
    const auto size = static_cast<std::ptrdiff_t>(keys.size());
    const std::ptrdiff_t index = ((found - keys.begin()) + (direction > 0 ? 1 : -1) + size) % size;
    return keys[static_cast<std::size_t>(index)];
}

PredictRound::PredictRound(std::vector<int> rows) : rows_(std::move(rows)) {}

PredictRound::PredictRound(const std::vector<int>& revealedRows, const std::vector<int>& hiddenRows,
                           std::map<int, int> guesses)
    : revealed_(revealedRows.size()), guesses_(std::move(guesses)) {
    rows_ = revealedRows;
    rows_.insert(rows_.end(), hiddenRows.begin(), hiddenRows.end());
}

std::vector<int> PredictRound::revealedRows() const {
    return {rows_.begin(), rows_.begin() + static_cast<std::ptrdiff_t>(revealed_)};
}

std::vector<int> PredictRound::hiddenRows() const {
    return {rows_.begin() + static_cast<std::ptrdiff_t>(revealed_), rows_.end()};
}

bool PredictRound::isHidden(int row) const {
    return std::find(rows_.begin() + static_cast<std::ptrdiff_t>(revealed_), rows_.end(), row) != rows_.end();
}

int PredictRound::current() const { return revealed_ < rows_.size() ? rows_[revealed_] : -1; }

int PredictRound::lastRevealed() const { return revealed_ > 0 ? rows_[revealed_ - 1] : -1; }

std::optional<int> PredictRound::guess(int row) const {
    const auto found = guesses_.find(row);
    if (found == guesses_.end()) return std::nullopt;
    return found->second;
}

void PredictRound::setGuess(int key) {
    if (current() >= 0) guesses_[current()] = key;
}

void PredictRound::reveal() {
    if (revealed_ < rows_.size()) ++revealed_;
}

void PredictRound::keepRowsBelow(int n) {
    std::vector<int> kept;
    std::size_t revealed = 0;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i] >= n) continue;
        kept.push_back(rows_[i]);
        if (i < revealed_) ++revealed;
    }
    rows_ = std::move(kept);
    revealed_ = revealed;
    std::erase_if(guesses_, [n](const auto& guess) { return guess.first >= n || guess.second >= n; });
}

int rightGuesses(const PredictRound& round, const AttentionTrace& trace, int head) {
    int right = 0;
    for (const int row : round.revealedRows())
        if (row < trace.size() && judgeGuess(trace, head, row, round.guess(row)).right()) ++right;
    return right;
}

}  // namespace attnviz
