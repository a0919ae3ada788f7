#pragma once
#include <cstdint>
#include <vector>

#include "core/masks/MaskConfig.h"

namespace attnviz {

/// The composed mask of one sentence (n positions, padding included): key j is visible from
/// query i iff (not causal or j ≤ i) and (no window, or |i − j| < window, or i or j global)
/// and (j is not padding) and ((i, j) is not custom-masked).
class AttentionMask {
public:
    AttentionMask(const MaskConfig& config, int n, int realTokens);

    [[nodiscard]] int size() const { return n_; }
    [[nodiscard]] bool allows(int query, int key) const;
    [[nodiscard]] bool isMasked(int query, int key) const { return !allows(query, key); }
    /// No mask at all: every key visible from every query (kernel fast path).
    [[nodiscard]] bool isEmpty() const { return kind_ == Kind::None; }
    /// Only the causal mask (kernel fast path: keys 0 … i).
    [[nodiscard]] bool isCausalOnly() const { return kind_ == Kind::CausalOnly; }
    /// Fills out[0 … count) with 1 where keys firstKey … firstKey+count−1 are visible from query.
    void fillRow(int query, int firstKey, int count, std::uint8_t* out) const;
    /// True when no key at all is visible from query (its weights are all 0, and it is flagged).
    [[nodiscard]] bool rowFullyMasked(int query) const;

private:
    enum class Kind { None, CausalOnly, General };
    MaskConfig config_;
    int n_;
    int realTokens_;
    Kind kind_;
    std::vector<std::uint8_t> isGlobal_;
    std::vector<std::vector<int>> customKeysByQuery_;  ///< sorted, for a fast lookup per cell
};

}  // namespace attnviz
