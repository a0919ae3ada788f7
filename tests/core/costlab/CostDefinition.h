#pragma once
// Attention by its definition, for the cost-lab tests: every score, softmax and sum written out in
// plain loops over doubles, row by row, with none of the kernels' code (an independent source for
// their expected numbers).
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "core/kernels/AttentionKernel.h"

namespace attnviz::testing {

/// rows × cols standard normal values from std::mt19937(seed).
template <typename T>
RowMatrix<T> normalMatrix(int rows, int cols, unsigned seed) {
    std::mt19937 generator(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    RowMatrix<T> m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = static_cast<T>(normal(generator));
    return m;
}

/// w_ij = exp(s_ij − max_i) / Σ exp(s_ij' − max_i) over the keys sees(i, j) lets through, with
/// s_ij = q_i·k_j / √d; 0 elsewhere, and a whole row of 0 when the row sees no key.
inline RowMatrix<double> definitionWeights(const RowMatrix<double>& q, const RowMatrix<double>& k,
                                           const std::function<bool(int, int)>& sees) {
    const auto n = static_cast<int>(q.rows()), keys = static_cast<int>(k.rows());
    const double divisor = std::sqrt(static_cast<double>(q.cols()));
    RowMatrix<double> weights = RowMatrix<double>::Zero(n, keys);
    for (int i = 0; i < n; ++i) {
        double max = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < keys; ++j) {
            if (!sees(i, j)) continue;
            double score = 0;
            for (int m = 0; m < q.cols(); ++m) score += q(i, m) * k(j, m);
            weights(i, j) = score / divisor;
            max = std::max(max, weights(i, j));
        }
        double sum = 0;
        for (int j = 0; j < keys; ++j)
            if (sees(i, j)) sum += std::exp(weights(i, j) - max);
        for (int j = 0; j < keys; ++j) weights(i, j) = sees(i, j) ? std::exp(weights(i, j) - max) / sum : 0.0;
    }
    return weights;
}

/// Σ_j w_ij v_j with the weights above.
inline RowMatrix<double> definitionOutput(const RowMatrix<double>& q, const RowMatrix<double>& k,
                                          const RowMatrix<double>& v, const std::function<bool(int, int)>& sees) {
    const RowMatrix<double> weights = definitionWeights(q, k, sees);
    RowMatrix<double> out = RowMatrix<double>::Zero(q.rows(), v.cols());
    for (int i = 0; i < q.rows(); ++i)
        for (int j = 0; j < k.rows(); ++j)
            for (int c = 0; c < v.cols(); ++c) out(i, c) += weights(i, j) * v(j, c);
    return out;
}

/// The largest |a − b| over every element (both of the same shape).
template <typename A, typename B>
double largestDifference(const A& a, const B& b) {
    return (a.template cast<double>() - b.template cast<double>()).cwiseAbs().maxCoeff();
}

}  // namespace attnviz::testing
