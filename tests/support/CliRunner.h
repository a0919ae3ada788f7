#pragma once
// Runs the attnviz executable of this build (attnviz::testing::attnvizExecutable()) as a user
// starts it from a console without a display.
#include <string>
#include <vector>

#include "tests/support/BuildPaths.h"
#include "tests/support/ProcessRunner.h"

namespace attnviz::cli_test {

using testing::RunOptions;
using testing::RunResult;
using testing::runProgram;

/// The chapter's heatmap sentence, the short input of most command-line tests.
inline const std::string kChatSentence = "Le chat est assis";

/// Runs attnviz with arguments (argv[0] is added) and waits for it.
inline RunResult runAttnviz(const std::vector<std::string>& arguments, const RunOptions& options = {}) {
    std::vector<std::string> argv{attnviz::testing::attnvizExecutable()};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    return runProgram(argv, options);
}

}  // namespace attnviz::cli_test
