#include "core/masks/AttentionMask.h"

#include <algorithm>
#include <cstdlib>

namespace attnviz {

AttentionMask::AttentionMask(const MaskConfig& config, int n, int realTokens)
    : config_(config), n_(n), realTokens_(realTokens), isGlobal_(static_cast<std::size_t>(n), 0) {
    for (int g : config_.globalTokens)
        if (g >= 0 && g < n_) isGlobal_[static_cast<std::size_t>(g)] = 1;
    const bool hasPadding = realTokens_ < n_;
    bool hasCustom = false;
    for (const auto& [query, key] : config_.customMasked) {
        if (query < 0 || query >= n_ || key < 0 || key >= n_) continue;  // cells of a longer sentence
        if (customKeysByQuery_.empty()) customKeysByQuery_.resize(static_cast<std::size_t>(n_));
        customKeysByQuery_[static_cast<std::size_t>(query)].push_back(key);  // std::set order: sorted
        hasCustom = true;
    }
    if (config_.window == 0 && !hasPadding && !hasCustom)
        kind_ = config_.causal ? Kind::CausalOnly : Kind::None;
    else
        kind_ = Kind::General;
}

bool AttentionMask::allows(int query, int key) const {
    if (config_.causal && key > query) return false;
    if (kind_ != Kind::General) return true;
    if (key >= realTokens_) return false;
    if (config_.window > 0 && std::abs(query - key) >= config_.window &&
        !isGlobal_[static_cast<std::size_t>(query)] && !isGlobal_[static_cast<std::size_t>(key)])
        return false;
    if (customKeysByQuery_.empty()) return true;
    const auto& keys = customKeysByQuery_[static_cast<std::size_t>(query)];
    return !std::binary_search(keys.begin(), keys.end(), key);
}

void AttentionMask::fillRow(int query, int firstKey, int count, std::uint8_t* out) const {
    if (kind_ == Kind::None) {
        std::fill(out, out + count, std::uint8_t{1});
    } else if (kind_ == Kind::CausalOnly) {
        for (int c = 0; c < count; ++c) out[c] = firstKey + c <= query ? 1 : 0;
    } else {
        for (int c = 0; c < count; ++c) out[c] = allows(query, firstKey + c) ? 1 : 0;
    }
}

bool AttentionMask::rowFullyMasked(int query) const {
    if (kind_ != Kind::General) return false;  // the key j = query is always visible
    for (int key = 0; key < n_; ++key)
        if (allows(query, key)) return false;
    return true;
}

}  // namespace attnviz
