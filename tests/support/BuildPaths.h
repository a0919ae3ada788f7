#pragma once
// Where the tests find what the build made and what the source tree holds. The paths are
// compiled into BuildPaths.cpp alone (from tests/CMakeLists.txt), so that no other test file's
// compile line names a folder: a fresh clone elsewhere then reuses every other object from the
// compiler cache.
#include <filesystem>
#include <string>

namespace attnviz::testing {

/// The source tree's tests/ folder (fixtures, golden files, reference scripts).
[[nodiscard]] std::filesystem::path testDataDir();

/// The GPT-2 test checkpoints that the ctest fixtures write at test time (tests/core).
[[nodiscard]] std::filesystem::path gpt2Checkpoints();
/// The numpy reference's dump of those checkpoints' tensors (one JSON file).
[[nodiscard]] std::filesystem::path gpt2CheckpointTensors();
/// The numpy reference's forward passes over those checkpoints (one JSON file per sentence).
[[nodiscard]] std::filesystem::path gpt2ForwardReferences();

/// Debian's python3, the one that imports numpy.
[[nodiscard]] std::string systemPython();
/// The attnviz executable of this build.
[[nodiscard]] std::string attnvizExecutable();

}  // namespace attnviz::testing
