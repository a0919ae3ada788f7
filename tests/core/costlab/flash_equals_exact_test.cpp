// Flash attention (tiles of keys, online softmax) gives the numbers of exact attention: against
// the definition written in plain loops (CostDefinition.h), within 1e-12 in float64 and 1e-5 in
// float32, under the full, causal and padded masks, at odd sizes, with every tile size from 1 to
// n and past it, and at n = 300 and 1000, where the float32 path runs several row blocks on
// several threads and tiles that do not divide n.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostDefinition.h"

namespace attnviz {
namespace {

using testing::definitionOutput;
using testing::largestDifference;
using testing::normalMatrix;

struct FlashMaskCase {
    CostMask mask;
    int realKeys;
    std::string name;
};

std::vector<FlashMaskCase> masksFor(int n) {
    return {{CostMask::Full, 0, "full"},
            {CostMask::Causal, 0, "causal"},
            {CostMask::Padded, 1, "padded to 1 real key"},
            {CostMask::Padded, n / 2 + 1, "padded to " + std::to_string(n / 2 + 1) + " real keys"}};
}

std::function<bool(int, int)> sees(const FlashMaskCase& m) {
    return [m](int i, int j) {
        if (m.mask == CostMask::Causal) return j <= i;
        if (m.mask == CostMask::Padded) return j < m.realKeys;
        return true;
    };
}

CostOptions flash(const FlashMaskCase& m, int tileSize, unsigned threads = 0) {
    CostOptions options;
    options.kernel = CostKernel::Flash;
    options.mask = m.mask;
    options.realKeys = m.realKeys;
    options.tileSize = tileSize;
    options.threads = threads;
    return options;
}

// Inputs made in float32 and widened, so that both precisions start from the same numbers.
struct Inputs {
    RowMatrix<float> q, k, v;
    RowMatrix<double> qd, kd, vd;
    Inputs(int n, int d, int dv, unsigned seed)
        : q(normalMatrix<float>(n, d, seed)), k(normalMatrix<float>(n, d, seed + 1)), v(normalMatrix<float>(n, dv, seed + 2)),
          qd(q.cast<double>()), kd(k.cast<double>()), vd(v.cast<double>()) {}
};

TEST(FlashEqualsExact, EveryTileSizeFromOneToPastNAtAnOddSize) {
    const int n = 37, d = 5, dv = 3;
    const Inputs in(n, d, dv, 11);
    for (const FlashMaskCase& m : masksFor(n)) {
        const RowMatrix<double> expected = definitionOutput(in.qd, in.kd, in.vd, sees(m));
        for (int tile = 1; tile <= n + 2; ++tile) {
            EXPECT_LT(largestDifference(runCostKernel<double>(in.qd, in.kd, in.vd, flash(m, tile)).output, expected), 1e-12)
                << m.name << ", tile " << tile;
            EXPECT_LT(largestDifference(runCostKernel<float>(in.q, in.k, in.v, flash(m, tile)).output, expected), 1e-5)
                << m.name << ", tile " << tile << ", float32";
        }
    }
}

// n = 300 and 1000 are no multiple of the 64-key panels nor of the tiles; the float32 path cuts
// them into blocks of rows spread over the threads.
TEST(FlashEqualsExact, SeveralBlocksAndThreadsAtThreeHundredAndAThousand) {
    struct Size {
        int n, d, dv;
        std::vector<int> tiles;
    };
    for (const Size& size : {Size{300, 13, 7, {1, 7, 64, 100, 299, 300, 301}}, Size{1000, 64, 64, {3, 64, 256, 333, 1000}}}) {
        const Inputs in(size.n, size.d, size.dv, 21);
        for (const FlashMaskCase& m : masksFor(size.n)) {
            const RowMatrix<double> expected = definitionOutput(in.qd, in.kd, in.vd, sees(m));
            for (const int tile : size.tiles) {
                for (const unsigned threads : {1u, 2u}) {
                    const auto single = runCostKernel<float>(in.q, in.k, in.v, flash(m, tile, threads));
                    EXPECT_LT(largestDifference(single.output, expected), 1e-5)
                        << "n " << size.n << ", " << m.name << ", tile " << tile << ", threads " << threads;
                }
            }
            // float64 runs plain loops: one tile size that divides nothing is enough there.
            EXPECT_LT(largestDifference(runCostKernel<double>(in.qd, in.kd, in.vd, flash(m, 97)).output, expected), 1e-12)
                << "n " << size.n << ", " << m.name << ", float64";
        }
    }
}

// Flash and the program's exact kernel give the same output (the lab's comparison relies on it).
TEST(FlashEqualsExact, FlashAndTheExactKernelAgree) {
    const int n = 300, d = 16, dv = 16;
    const Inputs in(n, d, dv, 31);
    for (const FlashMaskCase& m : masksFor(n)) {
        CostOptions exact = flash(m, 64);
        exact.kernel = CostKernel::Exact;
        EXPECT_LT(largestDifference(runCostKernel<double>(in.qd, in.kd, in.vd, flash(m, 64)).output,
                                    runCostKernel<double>(in.qd, in.kd, in.vd, exact).output),
                  1e-12)
            << m.name;
        EXPECT_LT(largestDifference(runCostKernel<float>(in.q, in.k, in.v, flash(m, 64)).output,
                                    runCostKernel<float>(in.q, in.k, in.v, exact).output),
                  1e-5)
            << m.name;
    }
}

// Padded with no real key at all, every row sees nothing: its output is 0, not the NaN of
// softmax over an empty row (0 / 0), in each exact kernel and both precisions.
TEST(FlashEqualsExact, RowsThatSeeNoKeyGiveZeroNeverNaN) {
    const int n = 70, d = 8, dv = 5;
    const Inputs in(n, d, dv, 41);
    for (const CostKernel kernel : {CostKernel::Naive, CostKernel::Exact, CostKernel::Flash}) {
        CostOptions options;
        options.kernel = kernel;
        options.mask = CostMask::Padded;
        options.realKeys = 0;
        options.tileSize = 16;
        options.weights = true;
        const auto single = runCostKernel<float>(in.q, in.k, in.v, options);
        const auto full = runCostKernel<double>(in.qd, in.kd, in.vd, options);
        // Zero, and compared as numbers: NaN would fail both (NaN == 0 is false).
        EXPECT_TRUE((single.output.array() == 0.0f).all()) << costKernelName(kernel);
        EXPECT_TRUE((full.output.array() == 0.0).all()) << costKernelName(kernel);
        EXPECT_TRUE((single.weights.array() == 0.0f).all()) << costKernelName(kernel);
        EXPECT_TRUE((full.weights.array() == 0.0).all()) << costKernelName(kernel);
    }
}

}  // namespace
}  // namespace attnviz
