// Memory measured, not assumed: Flash at n = 32,768 adds O(n·d) to the process (under 64 MiB
// beyond its inputs; the chapter's score matrix alone would be 32,768² × 4 bytes = 4 GiB), and
// naive at that size is refused before it starts.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/base/Errors.h"
#include "core/base/PeakMemory.h"
#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostDefinition.h"
#include "tests/support/MessageOf.h"
#include "tests/support/Sanitizers.h"

namespace attnviz {
namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;

// float32 with d = 16 keeps it quick under the sanitizers; causal halves the work, not the memory
// (the tiles are the same size, there are fewer of them).
TEST(FlashMemory, FlashAtThirtyTwoThousandPositionsStaysUnderSixtyFourMebibytes) {
    const int n = 32768, d = 16;
    const auto q = testing::normalMatrix<float>(n, d, 81), k = testing::normalMatrix<float>(n, d, 82),
               v = testing::normalMatrix<float>(n, d, 83);
    CostOptions options;
    options.kernel = CostKernel::Flash;
    options.mask = CostMask::Causal;
    CostResult<float> result;
    const std::int64_t extra = measurePeakExtraBytes([&] { result = runCostKernel<float>(q, k, v, options); });
    ASSERT_EQ(result.output.rows(), n);
    EXPECT_TRUE(result.output.allFinite());
    const auto bound = testing::processMemoryBound(64 * kMiB);
    if (!bound) GTEST_SKIP() << testing::kNoMemoryBound;
    if (!PeakMemoryMeter::available()) GTEST_SKIP() << "no /proc/self/clear_refs here";
    EXPECT_GT(extra, 0);  // the output alone is 2 MiB: a meter that reads nothing is broken
    EXPECT_LT(extra, *bound) << extra / kMiB << " MiB";
}

TEST(FlashMemory, NaiveAtThatSizeIsRefusedBeforeItStarts) {
    // Three 32,768 × 1 inputs (128 KiB each); the score matrix would be 32,768² × 4 = 2³² bytes.
    const RowMatrix<float> q = RowMatrix<float>::Ones(32768, 1);
    CostOptions options;
    options.kernel = CostKernel::Naive;
    std::string message;
    const std::int64_t extra = measurePeakExtraBytes(
        [&] { message = testing::messageOf<ConfigError>([&] { (void)runCostKernel<float>(q, q, q, options); }); });
    EXPECT_EQ(message, "naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)");
    if (const auto bound = testing::processMemoryBound(4 * kMiB); bound && PeakMemoryMeter::available()) {
        EXPECT_LT(extra, *bound);
    }
}

}  // namespace
}  // namespace attnviz
