// The peak-memory meter the cost lab reports with (core/base/PeakMemory.h): touching 64 MiB
// reads 64 MiB (to the meter's resolution), a call that allocates nothing reads far less, and
// the meter measures each call afresh (what an earlier call freed does not hide a later one).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>

#include "core/base/PeakMemory.h"
#include "tests/support/Sanitizers.h"

namespace attnviz {
namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;
// The kernel's per-CPU batched counters can read a few hundred KiB short (PeakMemory.h): the
// meter's stated resolution, not a loss of what was touched.
constexpr std::int64_t kResolution = 1 * kMiB;

// Allocates `bytes`, writes every byte (only touched pages cost memory) and frees them.
void touch(std::int64_t bytes) {
    const auto block = std::make_unique<char[]>(static_cast<std::size_t>(bytes));
    std::memset(block.get(), 1, static_cast<std::size_t>(bytes));
    // Reading a byte back keeps the compiler from dropping the writes.
    volatile char last = block[static_cast<std::size_t>(bytes - 1)];
    (void)last;
}

TEST(PeakMemory, TouchingSixtyFourMebibytesReadsAtLeastThat) {
    // and not wildly more: the block, the page tables, a little else
    const auto bound = testing::processMemoryBound(80 * kMiB);
    if (!bound) GTEST_SKIP() << testing::kNoMemoryBound;
    if (!PeakMemoryMeter::available()) GTEST_SKIP() << "no /proc/self/clear_refs here";
    const std::int64_t extra = measurePeakExtraBytes([] { touch(64 * kMiB); });
    EXPECT_GE(extra, 64 * kMiB - kResolution);
    EXPECT_LT(extra, *bound);
}

TEST(PeakMemory, ACallThatAllocatesNothingReadsFarLess) {
    if (!PeakMemoryMeter::available()) GTEST_SKIP() << "no /proc/self/clear_refs here";
    volatile double sum = 0;
    const std::int64_t extra = measurePeakExtraBytes([&] {
        for (int i = 0; i < 1000; ++i) sum = sum + i;
    });
    EXPECT_GE(extra, 0);
    EXPECT_LT(extra, 4 * kMiB);
}

// The second measurement starts from the memory after the first freed its block (trimmed back to
// the system), so it sees its own 64 MiB again, not 0.
TEST(PeakMemory, EachMeasurementIsAfresh) {
    if (!PeakMemoryMeter::available()) GTEST_SKIP() << "no /proc/self/clear_refs here";
    EXPECT_GE(measurePeakExtraBytes([] { touch(64 * kMiB); }), 64 * kMiB - kResolution);
    EXPECT_GE(measurePeakExtraBytes([] { touch(64 * kMiB); }), 64 * kMiB - kResolution);
}

}  // namespace
}  // namespace attnviz
