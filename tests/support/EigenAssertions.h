#pragma once
// Matrix assertions that print both matrices and where they differ most.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cmath>
#include <sstream>

namespace attnviz::testing {

/// |a − b| ≤ relative·max(|a|, |b|) + absolute for every entry; equal infinities match.
inline ::testing::AssertionResult matricesNear(const char* aExpr, const char* bExpr, const char*, const char*,
                                               const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double relative,
                                               double absolute) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return ::testing::AssertionFailure() << aExpr << " is " << a.rows() << "×" << a.cols() << " but " << bExpr
                                             << " is " << b.rows() << "×" << b.cols();
    double worst = 0;
    Eigen::Index worstRow = -1, worstCol = -1;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c) {
            const double x = a(r, c), y = b(r, c);
            if (x == y) continue;
            const double excess = std::abs(x - y) - (relative * std::max(std::abs(x), std::abs(y)) + absolute);
            if (!(excess <= 0) && (worstRow < 0 || !(excess <= worst))) {
                worst = excess;
                worstRow = r;
                worstCol = c;
            }
        }
    if (worstRow < 0) return ::testing::AssertionSuccess();
    std::ostringstream out;
    out.precision(17);
    out << aExpr << " and " << bExpr << " differ most at (" << worstRow << ", " << worstCol
        << "): " << a(worstRow, worstCol) << " vs " << b(worstRow, worstCol) << "\n"
        << aExpr << " =\n" << a << "\n" << bExpr << " =\n" << b;
    return ::testing::AssertionFailure() << out.str();
}

}  // namespace attnviz::testing

#define EXPECT_EIGEN_NEAR(a, b, relative, absolute) \
    EXPECT_PRED_FORMAT4(::attnviz::testing::matricesNear, a, b, relative, absolute)
