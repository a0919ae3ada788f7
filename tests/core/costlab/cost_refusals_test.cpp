// The cost lab's refusals, word for word as a user reads them (one line, naming the problem): the
// options checkCostOptions turns down, the sizes checkCostFits turns down before anything is
// allocated (bytes computed by hand here), and the two formatters the messages use.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/base/Errors.h"
#include "core/costlab/CostKernel.h"
#include "core/costlab/CostMemory.h"
#include "tests/support/MessageOf.h"

namespace attnviz {
namespace {

using testing::messageOf;

std::string optionsRefusal(const CostOptions& options, int n) {
    return messageOf<ConfigError>([&] { checkCostOptions(options, n); });
}

TEST(CostRefusals, OptionsThatCannotBeUsed) {
    CostOptions tile;
    tile.tileSize = 0;
    EXPECT_EQ(optionsRefusal(tile, 10), "the Flash tile size must be at least 1 (it is 0)");
    CostOptions window;
    window.window = -3;
    EXPECT_EQ(optionsRefusal(window, 10), "the window w must be at least 1 (it is -3)");
    CostOptions block;
    block.blockSize = 0;
    EXPECT_EQ(optionsRefusal(block, 10), "the sparse block size must be at least 1 (it is 0)");
    CostOptions global;
    global.globalBlocks = -1;
    EXPECT_EQ(optionsRefusal(global, 10), "the numbers of global and random blocks cannot be negative");
    CostOptions random;
    random.randomBlocks = -2;
    EXPECT_EQ(optionsRefusal(random, 10), "the numbers of global and random blocks cannot be negative");
    CostOptions padded;
    padded.mask = CostMask::Padded;
    padded.realKeys = 11;
    EXPECT_EQ(optionsRefusal(padded, 10), "the number of real keys must be between 0 and n = 10 (it is 11)");
    padded.realKeys = -1;
    EXPECT_EQ(optionsRefusal(padded, 10), "the number of real keys must be between 0 and n = 10 (it is -1)");
    CostOptions token;
    token.kernel = CostKernel::Window;
    token.globalTokens = {0, 10};
    EXPECT_EQ(optionsRefusal(token, 10), "global token 10 is outside the 10 positions (0 to 9)");
}

TEST(CostRefusals, OptionsAtTheirLimitsAndOfAnotherKernelPass) {
    CostOptions options;
    options.tileSize = 1;
    options.window = 1;
    options.blockSize = 1;
    options.globalBlocks = 0;
    options.randomBlocks = 0;
    options.mask = CostMask::Padded;
    options.realKeys = 0;
    EXPECT_NO_THROW(checkCostOptions(options, 10));
    options.realKeys = 10;
    EXPECT_NO_THROW(checkCostOptions(options, 10));
    // Global tokens are the window kernel's: Flash ignores them.
    options.kernel = CostKernel::Flash;
    options.globalTokens = {-1, 99};
    EXPECT_NO_THROW(checkCostOptions(options, 10));
}

std::string fitsRefusal(CostKernel kernel, int n, int d, int elementBytes, bool weights = false,
                        CostInputs inputs = CostInputs::Counted) {
    CostOptions options;
    options.kernel = kernel;
    options.weights = weights;
    return messageOf<ConfigError>([&] { checkCostFits(options, n, d, d, elementBytes, inputs); });
}

TEST(CostRefusals, TheNaiveScoreMatrixBeyondTheLimit) {
    // 65,536² × 4 bytes = 17,179,869,184 = 16 × 2³⁰: 16 GiB; the limit is 2³¹ bytes, 2 GiB.
    static_assert(std::int64_t{65536} * 65536 * 4 == std::int64_t{16} << 30);
    EXPECT_EQ(fitsRefusal(CostKernel::Naive, 65536, 64, 4), "naive at n = 65,536 needs 16 GiB for one score matrix (limit 2 GiB)");
    // 32,768² × 4 = 2³² bytes = 4 GiB; in float64, 8 GiB.
    EXPECT_EQ(fitsRefusal(CostKernel::Naive, 32768, 16, 4), "naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)");
    EXPECT_EQ(fitsRefusal(CostKernel::Naive, 32768, 16, 8), "naive at n = 32,768 needs 8 GiB for one score matrix (limit 2 GiB)");
    // 23,171² × 4 = 2,147,580,964 bytes, 97,316 past 2 GiB: "2 GiB" rounded, but refused.
    EXPECT_EQ(fitsRefusal(CostKernel::Naive, 23171, 1, 4), "naive at n = 23,171 needs 2 GiB for one score matrix (limit 2 GiB)");
    // 16,384² × 4 = 1 GiB fits; so does Flash at 65,536 (no score matrix).
    CostOptions options;
    options.kernel = CostKernel::Naive;
    EXPECT_NO_THROW(checkCostFits(options, 16384, 64, 64, 4, CostInputs::Counted));
    options.kernel = CostKernel::Flash;
    EXPECT_NO_THROW(checkCostFits(options, 65536, 64, 64, 4, CostInputs::Counted));
}

TEST(CostRefusals, TheWeightsBeyondTheLimit) {
    // The comparison's n × n weights: 32,768² × 4 bytes = 4 GiB, whatever the kernel.
    EXPECT_EQ(fitsRefusal(CostKernel::Flash, 32768, 16, 4, true), "the n × n weights at n = 32,768 need 4 GiB (limit 2 GiB)");
}

TEST(CostRefusals, EverythingTogetherBeyondTheLimit) {
    // Flash, float32, n = 2²⁰, d = d_v = 128. Inputs Q, K, V: 2²⁰ × 384 × 4 = 1,536 MiB. Output and
    // row statistics: 2²⁰ × 130 × 4 = 520 MiB; the packed copy of K and V: 2²⁰ × 256 × 4 = 1,024 MiB.
    // With the inputs 3,080 MiB ≈ 3.0 GiB ("3 GiB"); without them 1,544 MiB, which fits.
    EXPECT_EQ(fitsRefusal(CostKernel::Flash, 1 << 20, 128, 4), "flash at n = 1,048,576, d = 128 needs 3 GiB (limit 2 GiB)");
    CostOptions options;
    options.kernel = CostKernel::Flash;
    EXPECT_NO_THROW(checkCostFits(options, 1 << 20, 128, 128, 4, CostInputs::NotCounted));
}

// runCostKernel checks before it allocates: naive on 65,536 one-dimensional rows (three 256 KiB
// inputs) is refused with the same sentence, not attempted.
TEST(CostRefusals, RunCostKernelRefusesBeforeItStarts) {
    const RowMatrix<float> q = RowMatrix<float>::Ones(65536, 1);
    CostOptions options;
    options.kernel = CostKernel::Naive;
    EXPECT_EQ(messageOf<ConfigError>([&] { (void)runCostKernel<float>(q, q, q, options); }),
              "naive at n = 65,536 needs 16 GiB for one score matrix (limit 2 GiB)");
}

TEST(CostRefusals, GroupedThousands) {
    EXPECT_EQ(groupedThousands(0), "0");
    EXPECT_EQ(groupedThousands(999), "999");
    EXPECT_EQ(groupedThousands(1000), "1,000");
    EXPECT_EQ(groupedThousands(65536), "65,536");
    EXPECT_EQ(groupedThousands(1234567), "1,234,567");
    EXPECT_EQ(groupedThousands(-1234), "-1,234");
}

TEST(CostRefusals, BinaryBytes) {
    EXPECT_EQ(binaryBytes(0), "0 bytes");
    EXPECT_EQ(binaryBytes(100), "100 bytes");
    EXPECT_EQ(binaryBytes(1023), "1023 bytes");
    EXPECT_EQ(binaryBytes(1024), "1 KiB");
    EXPECT_EQ(binaryBytes(1536), "1.5 KiB");
    EXPECT_EQ(binaryBytes(12 * 1024), "12 KiB");
    EXPECT_EQ(binaryBytes(1023.96 * 1024), "1 MiB");  // rounds to 1024.0 KiB: the next unit
    EXPECT_EQ(binaryBytes(768.0 * 1024 * 1024), "768 MiB");
    EXPECT_EQ(binaryBytes(1.5 * 1024 * 1024 * 1024), "1.5 GiB");
    EXPECT_EQ(binaryBytes(16.0 * 1024 * 1024 * 1024), "16 GiB");
}

}  // namespace
}  // namespace attnviz
