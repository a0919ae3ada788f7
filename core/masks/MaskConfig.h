#pragma once
#include <set>
#include <utility>
#include <vector>

namespace attnviz {

/// Masks compose: a key j is visible from query i only if every active mask allows it.
struct MaskConfig {
    bool causal = false;                          ///< allow j <= i
    int window = 0;                               ///< 0: off; else allow |i − j| < window
    std::vector<int> globalTokens;                ///< positions that see and are seen by all (window only)
    int padTo = 0;                                ///< 0: off; else append "[PAD]" tokens up to this length, masked as keys
    std::set<std::pair<int, int>> customMasked;   ///< (query, key) cells masked by hand
};

}  // namespace attnviz
