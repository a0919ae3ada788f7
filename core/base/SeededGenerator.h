#pragma once
#include <cstdint>
#include <string_view>

namespace attnviz {

/// FNV-1a, 64 bit, over the bytes of text (offset 0xcbf29ce484222325, prime 0x100000001b3).
[[nodiscard]] std::uint64_t fnv1a64(std::string_view text);

/// SplitMix64 (Steele, Lea, Flood 2014) with its mapping to doubles written out, so that any
/// program can reproduce every number (README, "Seeded generator"). The standard library's
/// distributions are not used: they differ between implementations.
class SeededGenerator {
public:
    /// The stream for (seed, tag): initial state = seed XOR fnv1a64(tag).
    SeededGenerator(std::uint64_t seed, std::string_view tag);
    explicit SeededGenerator(std::uint64_t state) : state_(state) {}

    /// state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30)·0xBF58476D1CE4E5B9;
    /// z = (z ^ z>>27)·0x94D049BB133111EB; return z ^ z>>31   (all mod 2^64)
    [[nodiscard]] std::uint64_t nextU64();
    /// (nextU64() >> 11) · 2^-53, in [0, 1), exact.
    [[nodiscard]] double nextUnit();
    /// (2·nextUnit() − 1)·halfWidth: uniform in [−halfWidth, halfWidth); 2u − 1 is exact.
    [[nodiscard]] double nextSymmetric(double halfWidth);

private:
    std::uint64_t state_;
};

}  // namespace attnviz
