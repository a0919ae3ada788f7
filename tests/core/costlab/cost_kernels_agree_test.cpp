// Every cost-lab kernel against a brute-force softmax written here in plain loops (an independent
// computation: the definition, row by row), in float64 and float32, under each mask.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "core/costlab/CostKernel.h"
#include "core/costlab/SparsePattern.h"

namespace attnviz {
namespace {

template <typename T>
RowMatrix<T> randomMatrix(int rows, int cols, unsigned seed) {
    std::mt19937 generator(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    RowMatrix<T> m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = static_cast<T>(normal(generator));
    return m;
}

// softmax over the keys `sees(i, j)` lets through, times V; a row that sees nothing is 0.
RowMatrix<double> bruteForce(const RowMatrix<double>& q, const RowMatrix<double>& k, const RowMatrix<double>& v,
                             const std::function<bool(int, int)>& sees) {
    const auto n = static_cast<int>(q.rows());
    RowMatrix<double> out = RowMatrix<double>::Zero(n, v.cols());
    for (int i = 0; i < n; ++i) {
        double max = -INFINITY;
        std::vector<double> s(static_cast<std::size_t>(n), 0.0);
        for (int j = 0; j < n; ++j) {
            if (!sees(i, j)) continue;
            s[static_cast<std::size_t>(j)] = q.row(i).dot(k.row(j)) / std::sqrt(static_cast<double>(q.cols()));
            max = std::max(max, s[static_cast<std::size_t>(j)]);
        }
        double sum = 0;
        for (int j = 0; j < n; ++j)
            if (sees(i, j)) sum += std::exp(s[static_cast<std::size_t>(j)] - max);
        for (int j = 0; j < n; ++j)
            if (sees(i, j)) out.row(i) += std::exp(s[static_cast<std::size_t>(j)] - max) / sum * v.row(j);
    }
    return out;
}

struct MaskCase {
    CostMask mask;
    int realKeys;
};

std::function<bool(int, int)> maskSees(const MaskCase& m) {
    return [m](int i, int j) {
        if (m.mask == CostMask::Causal) return j <= i;
        if (m.mask == CostMask::Padded) return j < m.realKeys;
        return true;
    };
}

TEST(CostKernelsAgree, ExactKindsEqualTheDefinitionUnderEveryMask) {
    const int n = 37, d = 5, dv = 3;
    const auto q = randomMatrix<double>(n, d, 1), k = randomMatrix<double>(n, d, 2), v = randomMatrix<double>(n, dv, 3);
    for (const MaskCase m : {MaskCase{CostMask::Full, 0}, MaskCase{CostMask::Causal, 0}, MaskCase{CostMask::Padded, 20}}) {
        const RowMatrix<double> expected = bruteForce(q, k, v, maskSees(m));
        for (const CostKernel kind : {CostKernel::Naive, CostKernel::Exact, CostKernel::Flash}) {
            for (const int tile : {1, 7, 37, 64}) {
                CostOptions options;
                options.kernel = kind;
                options.mask = m.mask;
                options.realKeys = m.realKeys;
                options.tileSize = tile;
                const auto result = runCostKernel<double>(q, k, v, options);
                EXPECT_LT((result.output - expected).cwiseAbs().maxCoeff(), 1e-12)
                    << costKernelName(kind) << " tile " << tile << " mask " << static_cast<int>(m.mask);
                const auto single = runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options);
                EXPECT_LT((single.output.cast<double>() - expected).cwiseAbs().maxCoeff(), 1e-5)
                    << costKernelName(kind) << " float tile " << tile;
            }
        }
    }
}

TEST(CostKernelsAgree, WindowAndSparseEqualTheDefinitionOnTheirKeys) {
    const int n = 41, d = 6, dv = 4;
    const auto q = randomMatrix<double>(n, d, 4), k = randomMatrix<double>(n, d, 5), v = randomMatrix<double>(n, dv, 6);
    for (const MaskCase m : {MaskCase{CostMask::Full, 0}, MaskCase{CostMask::Causal, 0}}) {
        CostOptions window;
        window.kernel = CostKernel::Window;
        window.mask = m.mask;
        window.window = 3;
        window.globalTokens = {0, 17};
        const auto sees = maskSees(m);
        auto windowSees = [&](int i, int j) {
            const bool global = i == 0 || i == 17 || j == 0 || j == 17;
            return sees(i, j) && (std::abs(i - j) < 3 || global);
        };
        const RowMatrix<double> expectedWindow = bruteForce(q, k, v, windowSees);
        EXPECT_LT((runCostKernel<double>(q, k, v, window).output - expectedWindow).cwiseAbs().maxCoeff(), 1e-12);
        EXPECT_LT((runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), window).output.cast<double>() -
                   expectedWindow)
                      .cwiseAbs()
                      .maxCoeff(),
                  1e-5);

        CostOptions sparse;
        sparse.kernel = CostKernel::Sparse;
        sparse.mask = m.mask;
        sparse.blockSize = 4;
        sparse.globalBlocks = 1;
        sparse.randomBlocks = 2;
        const SparsePattern pattern = sparsePattern(n, sparse);
        const RowMatrix<double> expectedSparse =
            bruteForce(q, k, v, [&](int i, int j) { return sees(i, j) && pattern.keeps(i, j); });
        EXPECT_LT((runCostKernel<double>(q, k, v, sparse).output - expectedSparse).cwiseAbs().maxCoeff(), 1e-12);
    }
}

// Linear attention by hand: out_i = Σ_j φ(q_i)·φ(k_j) v_j / Σ_j φ(q_i)·φ(k_j), φ(x) = elu(x) + 1.
TEST(CostKernelsAgree, LinearEqualsItsDefinition) {
    const int n = 29, d = 4, dv = 3;
    const auto q = randomMatrix<double>(n, d, 7), k = randomMatrix<double>(n, d, 8), v = randomMatrix<double>(n, dv, 9);
    auto phi = [](double x) { return x > 0 ? x + 1 : std::exp(x); };
    for (const bool causal : {false, true}) {
        RowMatrix<double> expected = RowMatrix<double>::Zero(n, dv);
        for (int i = 0; i < n; ++i) {
            double denominator = 0;
            for (int j = 0; j < (causal ? i + 1 : n); ++j) {
                double similarity = 0;
                for (int m = 0; m < d; ++m) similarity += phi(q(i, m)) * phi(k(j, m));
                denominator += similarity;
                expected.row(i) += similarity * v.row(j);
            }
            expected.row(i) /= denominator;
        }
        CostOptions options;
        options.kernel = CostKernel::Linear;
        options.mask = causal ? CostMask::Causal : CostMask::Full;
        EXPECT_LT((runCostKernel<double>(q, k, v, options).output - expected).cwiseAbs().maxCoeff(), 1e-12);
        EXPECT_LT((runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options).output.cast<double>() -
                   expected)
                      .cwiseAbs()
                      .maxCoeff(),
                  1e-5)
            << (causal ? "causal" : "full");
    }
}

}  // namespace
}  // namespace attnviz
