#pragma once
// The NumPy weights files of tests/fixtures/npy (written by numpy itself, see make_fixtures.py
// there) and the values make_fixtures.py saved, written again by hand.
#include <Eigen/Core>
#include <initializer_list>
#include <string>
#include <string_view>

#include "tests/support/TestData.h"

namespace attnviz::testing::npy {

/// The path of a file or folder under tests/fixtures/npy, e.g. fixture("good/W_Q.npy").
inline std::string fixture(std::string_view relative) {
    return (testData("fixtures/npy") / relative).string();
}

/// A 3 × 3 matrix from its values row by row.
inline Eigen::MatrixXd matrix3(std::initializer_list<double> values) {
    Eigen::MatrixXd m(3, 3);
    auto it = values.begin();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m(r, c) = *it++;
    return m;
}

/// good/W_Q.npy (float64, C order).
inline Eigen::MatrixXd expectedWq() { return matrix3({0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.125}); }
/// good/W_K.npy: float32 in the file, so 0.1f, not 0.1.
inline Eigen::MatrixXd expectedWk() {
    return matrix3({static_cast<double>(0.1f), static_cast<double>(-0.2f), static_cast<double>(0.3f), 1.5, 2.5, -3.5, 0,
                    1, 2});
}
/// good/W_V.npy (Fortran order in the file).
inline Eigen::MatrixXd expectedWv() { return matrix3({1, -2, 0.5, 0.25, 3, -1, 2, 0, -0.125}); }
/// good/W_O.npy (an .npy version 2.0 header).
inline Eigen::MatrixXd expectedWo() { return matrix3({-1, 0, 0, 0, 2, 0, 0.75, 0, -4}); }

}  // namespace attnviz::testing::npy
