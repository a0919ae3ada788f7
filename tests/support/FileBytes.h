#pragma once
// Reads and writes whole files with the standard library alone, so that a test prepares and
// checks files independently of the core's own file code (core/io/AtomicFile).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace attnviz::testing {

/// Writes bytes to path, replacing it; throws std::runtime_error when the write fails.
inline void writeFile(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    if (!out.good()) throw std::runtime_error("cannot write " + path.string());
}

/// The bytes of path; empty when it cannot be read.
inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace attnviz::testing
