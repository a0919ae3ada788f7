#pragma once
// Bit-identical comparison of doubles and matrices: the same 64 bits in every entry (−0 is not 0),
// for round trips through files and copies, where "near" would hide a lost last digit.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cstring>
#include <iomanip>

namespace attnviz::testing {

/// Success when a and b have the same bits; the failure prints both with 17 digits.
inline ::testing::AssertionResult bitIdentical(double a, double b) {
    if (std::memcmp(&a, &b, sizeof a) == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << std::setprecision(17) << a << " vs " << b;
}

/// Success when a and b have the same shape and every entry the same bits; the failure names the
/// first entry that differs (row by row) and how many differ.
inline ::testing::AssertionResult bitIdentical(const Eigen::Ref<const Eigen::MatrixXd>& a,
                                               const Eigen::Ref<const Eigen::MatrixXd>& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return ::testing::AssertionFailure() << "shape " << a.rows() << "x" << a.cols() << " vs " << b.rows() << "x"
                                             << b.cols();
    Eigen::Index differing = 0, firstRow = -1, firstCol = -1;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c)
            if (!bitIdentical(a(r, c), b(r, c)) && differing++ == 0) {
                firstRow = r;
                firstCol = c;
            }
    if (differing == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << std::setprecision(17) << differing << " of " << a.size()
                                         << " entries differ, the first at (" << firstRow << ", " << firstCol
                                         << "): " << a(firstRow, firstCol) << " vs " << b(firstRow, firstCol);
}

}  // namespace attnviz::testing
