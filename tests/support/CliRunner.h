#pragma once
// Runs the attnviz executable under test (ATTNVIZ_EXECUTABLE, set by tests/cli) as a user
// starts it from a console without a display.
#include <string>
#include <vector>

#include "tests/support/ProcessRunner.h"

namespace attnviz::cli_test {

using testing::RunOptions;
using testing::RunResult;
using testing::runProgram;

/// Runs attnviz with arguments (argv[0] is added) and waits for it.
inline RunResult runAttnviz(const std::vector<std::string>& arguments, const RunOptions& options = {}) {
    std::vector<std::string> argv{ATTNVIZ_EXECUTABLE};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    return runProgram(argv, options);
}

}  // namespace attnviz::cli_test
