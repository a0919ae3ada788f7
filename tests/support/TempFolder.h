#pragma once
// A temporary folder of one's own for a test: made empty, removed with everything in it.
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace attnviz::testing {

/// A new empty folder under the system's temporary directory (mkdtemp: no other process has
/// it); the destructor removes it and what it holds.
class TempFolder {
public:
    /// Throws std::runtime_error when the folder cannot be made.
    TempFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "attnviz-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a temporary folder " + pattern);
        path_ = pattern;
    }
    ~TempFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    /// The path of name in the folder, as a string (for command lines).
    [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }
    /// Names of the entries of the folder, sorted (temporaries starting with '.' included).
    [[nodiscard]] std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(path_)) names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    }

private:
    std::filesystem::path path_;
};

}  // namespace attnviz::testing
