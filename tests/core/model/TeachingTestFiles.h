#pragma once
// What the teaching model's two test files both need: its files in resources/teaching, and the
// second largest weight of a row.
#include <Eigen/Core>

#include <algorithm>
#include <string>

#include "core/io/AtomicFile.h"
#include "tests/support/TestData.h"

namespace attnviz::testing {

/// The bytes of a file of resources/teaching.
inline std::string teachingFile(const char* name) {
    return attnviz::readFileBytes(projectFile("resources/teaching") / name);
}

/// The largest weight of a row but for the one at `except`.
inline double secondLargest(const Eigen::VectorXd& row, int except) {
    double best = -1;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        if (j != except) best = std::max(best, row[j]);
    return best;
}

}  // namespace attnviz::testing
