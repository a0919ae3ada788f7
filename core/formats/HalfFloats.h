#pragma once
// The 16-bit floating-point formats of model files, widened to float32. Both widenings are
// exact: every half and every bfloat16 value (subnormals, ±0, ±∞, NaN) is a float32 value.
#include <bit>
#include <cstdint>

namespace attnviz {

/// IEEE 754 binary16 (1 sign bit, 5 exponent bits, 10 fraction bits) as float32. The three
/// cases are chosen with masks, not branches, so that a loop over a tensor is vectorised.
[[nodiscard]] inline float halfToFloat(std::uint16_t half) {
    const std::uint32_t sign = static_cast<std::uint32_t>(half & 0x8000u) << 16;
    const std::uint32_t exponent = half & 0x7C00u;
    const std::uint32_t bits = static_cast<std::uint32_t>(half & 0x7FFFu) << 13;  // exponent and fraction, moved
    // A normal half: rebias the exponent (15 → 127).
    const std::uint32_t normal = bits + ((127u - 15u) << 23);
    // ±∞ and NaN: the exponent all ones, the fraction kept.
    const std::uint32_t special = bits | 0x7F800000u;
    // ±0 and the subnormals, fraction × 2^-24: read as 2^-14 × (1 + fraction/1024), less 2^-14
    // (an exact subtraction).
    constexpr float kTwoToMinus14 = 0x1p-14f;
    const std::uint32_t subnormal = std::bit_cast<std::uint32_t>(std::bit_cast<float>(bits + (113u << 23)) - kTwoToMinus14);
    const std::uint32_t isSpecial = 0u - static_cast<std::uint32_t>(exponent == 0x7C00u);  // all ones or none
    const std::uint32_t isSubnormal = 0u - static_cast<std::uint32_t>(exponent == 0);
    const std::uint32_t magnitude = (special & isSpecial) | (subnormal & isSubnormal) | (normal & ~(isSpecial | isSubnormal));
    return std::bit_cast<float>(sign | magnitude);
}

/// bfloat16 (the upper 16 bits of a float32) as float32.
[[nodiscard]] inline float bfloat16ToFloat(std::uint16_t bfloat16) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bfloat16) << 16);
}

}  // namespace attnviz
