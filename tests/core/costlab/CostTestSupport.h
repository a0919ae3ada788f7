#pragma once
// What the cost lab's kernel tests share: seeded inputs, the largest difference between two
// matrices, and the reference the window and sparse kernels are held to: the program's exact
// kernel (computeAttention, float64) under an AttentionMask the test builds from the rule, with
// the weights that kernel's row statistics give.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/base/SeededGenerator.h"
#include "core/kernels/AttentionKernel.h"
#include "core/masks/AttentionMask.h"

namespace attnviz::testing {

/// rows × cols values uniform in [−2, 2), from SeededGenerator(7, tag).
template <typename T>
RowMatrix<T> seededMatrix(int rows, int cols, std::string_view tag) {
    SeededGenerator generator(7, tag);
    RowMatrix<T> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<T>(generator.nextSymmetric(2.0));
    return m;
}

/// max |a − b| over every entry, in float64 (0 for empty matrices).
template <typename A, typename B>
double maxAbsDifference(const RowMatrix<A>& a, const RowMatrix<B>& b) {
    if (a.size() == 0) return 0;
    return (a.template cast<double>() - b.template cast<double>()).cwiseAbs().maxCoeff();
}

/// Exact attention's output and n × n weights under a mask.
struct ExactReference {
    RowMatrix<double> output;
    RowMatrix<double> weights;  ///< exp(q_i·k_j / √d − rowMax_i) / rowSum_i where the mask allows, else 0
};

/// computeAttention in float64 with the chapter's divisor √d under `mask`; the weights from its
/// row statistics, cell by cell.
inline ExactReference exactUnderMask(const RowMatrix<double>& q, const RowMatrix<double>& k, const RowMatrix<double>& v,
                                     const AttentionMask& mask) {
    const auto n = static_cast<int>(q.rows());
    const double divisor = std::sqrt(static_cast<double>(q.cols()));
    AttentionRows<double> rows = computeAttention<double>(q, k, v, divisor, mask);
    ExactReference reference{std::move(rows.context), RowMatrix<double>::Zero(n, n)};
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (mask.allows(i, j) && rows.rowSum(i) > 0)
                reference.weights(i, j) = std::exp(q.row(i).dot(k.row(j)) / divisor - rows.rowMax(i)) / rows.rowSum(i);
    return reference;
}

}  // namespace attnviz::testing
