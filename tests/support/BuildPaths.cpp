#include "tests/support/BuildPaths.h"

namespace attnviz::testing {

std::filesystem::path testDataDir() { return ATTNVIZ_TEST_DATA_DIR; }
std::filesystem::path gpt2Checkpoints() { return ATTNVIZ_GPT2_CHECKPOINTS; }
std::filesystem::path gpt2CheckpointTensors() { return ATTNVIZ_GPT2_CHECKPOINT_TENSORS; }
std::filesystem::path gpt2ForwardReferences() { return ATTNVIZ_GPT2_FORWARD_REFERENCES; }
std::string systemPython() { return ATTNVIZ_SYSTEM_PYTHON; }
std::string attnvizExecutable() { return ATTNVIZ_EXECUTABLE; }

}  // namespace attnviz::testing
