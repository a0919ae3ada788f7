#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace attnviz {

/// What the weights' colours span: a view setting, kept in sessions ("weights_range"), in the
/// window's settings, and chosen on the command line (--colour-range).
enum class WeightsRange {
    Fixed,   ///< 0 … 1: every figure reads the same. Written "0 to 1".
    Data,    ///< the matrix's smallest … largest weight, over the rows that see more than one key
             ///< (a row with one visible key always weighs 1, as the causal mask's first row).
             ///< Written "data".
    PerRow,  ///< each row against its own largest weight (colours only: the numbers stay the
             ///< weights). Written "row".
};

/// The name sessions and settings write: "0 to 1", "data", "row".
[[nodiscard]] constexpr std::string_view weightsRangeName(WeightsRange range) {
    switch (range) {
        case WeightsRange::Data: return "data";
        case WeightsRange::PerRow: return "row";
        case WeightsRange::Fixed: break;
    }
    return "0 to 1";
}

/// Every name weightsRangeName gives, in the enum's order.
inline constexpr std::array<std::string_view, 3> kWeightsRangeNames{"0 to 1", "data", "row"};

/// The range written name; nothing for any other text.
[[nodiscard]] constexpr std::optional<WeightsRange> weightsRangeFromName(std::string_view name) {
    for (const WeightsRange range : {WeightsRange::Fixed, WeightsRange::Data, WeightsRange::PerRow})
        if (weightsRangeName(range) == name) return range;
    return std::nullopt;
}

}  // namespace attnviz
