#pragma once
// Where a test finds the files it reads: tests/ (fixtures, golden files) and the project's
// source tree (resources, sources checked against the tests).
#include <filesystem>
#include <string_view>

#include "tests/support/BuildPaths.h"

namespace attnviz::testing {

/// A path under tests/ in the source tree, e.g. testData("golden").
inline std::filesystem::path testData(std::string_view relative) {
    return testDataDir() / relative;
}

/// A path under the project's root, e.g. projectFile("resources/teaching/model.json").
inline std::filesystem::path projectFile(std::string_view relative) {
    return testDataDir().parent_path() / relative;
}

}  // namespace attnviz::testing
