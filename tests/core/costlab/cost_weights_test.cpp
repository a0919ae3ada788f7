// The n × n weights the comparison view shows: naive's are its own score matrix after the softmax,
// exact's and Flash's are rebuilt from their row statistics when asked (CostOptions::weights);
// each equals the definition (CostDefinition.h) under every mask, and none is made unasked.
#include <gtest/gtest.h>

#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostDefinition.h"

namespace attnviz {
namespace {

using testing::definitionWeights;
using testing::largestDifference;
using testing::normalMatrix;

struct MaskCase {
    CostMask mask;
    int realKeys;
    const char* name;
};
constexpr MaskCase kMasks[] = {{CostMask::Full, 0, "full"}, {CostMask::Causal, 0, "causal"}, {CostMask::Padded, 9, "padded"}};

TEST(CostWeights, NaiveExactAndFlashWeightsAreTheDefinition) {
    const int n = 83, d = 7, dv = 4;
    const auto q = normalMatrix<double>(n, d, 51), k = normalMatrix<double>(n, d, 52), v = normalMatrix<double>(n, dv, 53);
    for (const MaskCase& m : kMasks) {
        const RowMatrix<double> expected = definitionWeights(q, k, [m](int i, int j) {
            if (m.mask == CostMask::Causal) return j <= i;
            if (m.mask == CostMask::Padded) return j < m.realKeys;
            return true;
        });
        for (const CostKernel kernel : {CostKernel::Naive, CostKernel::Exact, CostKernel::Flash}) {
            CostOptions options;
            options.kernel = kernel;
            options.mask = m.mask;
            options.realKeys = m.realKeys;
            options.tileSize = 10;
            options.weights = true;
            const auto full = runCostKernel<double>(q, k, v, options);
            ASSERT_EQ(full.weights.rows(), n);
            ASSERT_EQ(full.weights.cols(), n);
            EXPECT_LT(largestDifference(full.weights, expected), 1e-12) << costKernelName(kernel) << ", " << m.name;
            const auto single = runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options);
            EXPECT_LT(largestDifference(single.weights, expected), 1e-5) << costKernelName(kernel) << ", " << m.name << ", float32";
        }
    }
}

TEST(CostWeights, NoWeightsUnlessAsked) {
    const int n = 20, d = 4;
    const auto q = normalMatrix<float>(n, d, 61), k = normalMatrix<float>(n, d, 62), v = normalMatrix<float>(n, d, 63);
    for (const CostKernel kernel : {CostKernel::Naive, CostKernel::Exact, CostKernel::Flash}) {
        CostOptions options;
        options.kernel = kernel;
        const auto result = runCostKernel<float>(q, k, v, options);
        EXPECT_EQ(result.weights.size(), 0) << costKernelName(kernel);
        EXPECT_EQ(result.output.rows(), n) << costKernelName(kernel);
    }
}

}  // namespace
}  // namespace attnviz
