#pragma once
// The one parser of each setting a person types as text, shared by the window and the command
// line so that both accept exactly the same spellings.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/base/Heads.h"

namespace attnviz {

/// A seed: decimal digits only (surrounding spaces allowed), 0 … 2^64 − 1; nullopt otherwise.
[[nodiscard]] std::optional<std::uint64_t> parseSeed(std::string_view text);

/// Token positions (0-based, as the token chips show them) separated by commas, semicolons or
/// spaces: "0,5", "0; 5", "0 5". Empty text gives an empty list; nullopt when any part is not
/// a non-negative integer that fits an int.
[[nodiscard]] std::optional<std::vector<int>> parseTokenPositions(std::string_view text);

/// A head as a person names it: "1" … "heads" (counted from 1) or "mean".
struct ParsedHead {
    enum class Problem {
        None,
        NotAHead,    ///< neither a whole number nor "mean"
        Zero,        ///< "0": heads count from 1
        BeyondLast,  ///< greater than the number of heads
    };
    Problem problem = Problem::None;
    int head = 0;  ///< the 0-based index, or kAllHeads for "mean" (when problem is None)
};
/// heads ≤ 0 means "not known yet": any number ≥ 1 is accepted.
[[nodiscard]] ParsedHead parseHead(std::string_view text, int heads = 0);

}  // namespace attnviz
