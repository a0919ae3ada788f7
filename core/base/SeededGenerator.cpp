#include "core/base/SeededGenerator.h"

namespace attnviz {

std::uint64_t fnv1a64(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char byte : text) {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

SeededGenerator::SeededGenerator(std::uint64_t seed, std::string_view tag) : state_(seed ^ fnv1a64(tag)) {}

std::uint64_t SeededGenerator::nextU64() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double SeededGenerator::nextUnit() {
    // 53 high bits scaled by 2^-53: every value is a representable double, no rounding.
    return static_cast<double>(nextU64() >> 11) * 0x1.0p-53;
}

double SeededGenerator::nextSymmetric(double halfWidth) { return (2.0 * nextUnit() - 1.0) * halfWidth; }

}  // namespace attnviz
