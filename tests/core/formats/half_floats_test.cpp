#include "core/formats/HalfFloats.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace attnviz {
namespace {

std::uint32_t bitsOf(float value) { return std::bit_cast<std::uint32_t>(value); }

// Expected float32 bit patterns worked out by hand from the formats' definitions.
TEST(HalfFloats, HalfValuesWidenExactly) {
    EXPECT_EQ(bitsOf(halfToFloat(0x0000)), 0x00000000u) << "+0";
    EXPECT_EQ(bitsOf(halfToFloat(0x8000)), 0x80000000u) << "-0 keeps its sign";
    EXPECT_EQ(bitsOf(halfToFloat(0x3C00)), 0x3F800000u) << "1";
    EXPECT_EQ(bitsOf(halfToFloat(0xC000)), 0xC0000000u) << "-2";
    EXPECT_EQ(bitsOf(halfToFloat(0x3555)), 0x3EAAA000u) << "0.333251953125 = 1.0101010101b × 2^-2";
    EXPECT_EQ(bitsOf(halfToFloat(0x7BFF)), 0x477FE000u) << "65504, the largest half";
    EXPECT_EQ(bitsOf(halfToFloat(0x0400)), 0x38800000u) << "2^-14, the smallest normal half";
}

TEST(HalfFloats, HalfSubnormalsBecomeNormalFloats) {
    EXPECT_EQ(bitsOf(halfToFloat(0x0001)), 0x33800000u) << "2^-24, the smallest subnormal";
    EXPECT_EQ(bitsOf(halfToFloat(0x8001)), 0xB3800000u) << "-2^-24";
    EXPECT_EQ(bitsOf(halfToFloat(0x03FF)), 0x387FC000u) << "1023 × 2^-24, the largest subnormal";
    EXPECT_EQ(bitsOf(halfToFloat(0x0200)), 0x38000000u) << "512 × 2^-24 = 2^-15";
}

TEST(HalfFloats, HalfInfinitiesAndNaNsStaySo) {
    EXPECT_EQ(bitsOf(halfToFloat(0x7C00)), 0x7F800000u) << "+inf";
    EXPECT_EQ(bitsOf(halfToFloat(0xFC00)), 0xFF800000u) << "-inf";
    EXPECT_EQ(bitsOf(halfToFloat(0x7E00)), 0x7FC00000u) << "the quiet NaN";
    EXPECT_EQ(bitsOf(halfToFloat(0x7C01)), 0x7F802000u) << "a signalling NaN keeps its payload";
}

// The compiler's own half type: GCC's _Float16; clang 14 has _Float16 on x86 only with AVX-512
// FP16, and __fp16, its storage format on every target, instead.
#if defined(__clang__)
using CompilersHalf = __fp16;
#else
using CompilersHalf = _Float16;
#endif

// Every one of the 65536 halves against the compiler's own conversion of its half type.
TEST(HalfFloats, EveryHalfAgreesWithTheCompilersConversion) {
    int disagreements = 0;
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const auto half = static_cast<std::uint16_t>(bits);
        CompilersHalf compilers;  // copied, not bit_cast: clang returns no __fp16 from a function
        std::memcpy(&compilers, &half, sizeof compilers);
        const float expected = static_cast<float>(compilers);
        const float got = halfToFloat(half);
        const bool same = std::isnan(expected) ? std::isnan(got) : bitsOf(got) == bitsOf(expected);
        if (!same && ++disagreements <= 5) ADD_FAILURE() << "half 0x" << std::hex << bits << ": got " << got << ", expected " << expected;
    }
    EXPECT_EQ(disagreements, 0);
}

TEST(HalfFloats, Bfloat16IsTheUpperHalfOfAFloat) {
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x3F80)), 0x3F800000u) << "1";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x4049)), 0x40490000u) << "3.140625";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x8000)), 0x80000000u) << "-0";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x0001)), 0x00010000u) << "the smallest subnormal, 2^-133";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x7F7F)), 0x7F7F0000u) << "the largest bfloat16";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x7F80)), 0x7F800000u) << "+inf";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0xFF80)), 0xFF800000u) << "-inf";
    EXPECT_EQ(bitsOf(bfloat16ToFloat(0x7FC0)), 0x7FC00000u) << "NaN";
    EXPECT_EQ(std::ldexp(1.0f, -133), bfloat16ToFloat(0x0001));
}

}  // namespace
}  // namespace attnviz
