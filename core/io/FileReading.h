#pragma once
// Whole files read into memory, each with a size limit fitting its format (core/base/Limits.h):
// the size is checked before anything is allocated, so /dev/zero or a huge file given by
// mistake is refused at once instead of filling the memory.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/base/Errors.h"

namespace attnviz {

/// The whole content of path, at most maxBytes bytes (a whole number of MiB). A regular file is
/// measured before it is read; anything else (a pipe, a device) is read in chunks and refused as
/// soon as it passes the limit. Throws IoError naming the path: ReadTooLarge, OpenNoSuchFile,
/// OpenPermission, OpenFolder, OpenFailed, ReadFailed.
[[nodiscard]] std::string readWholeFile(const std::filesystem::path& path, std::uint64_t maxBytes);

/// The whole standard input, at most maxBytes bytes; errors name it "standard input".
[[nodiscard]] std::string readWholeStandardInput(std::uint64_t maxBytes);

/// parse(the whole content of path, at most maxBytes); a FormatError it throws is placed in the
/// file ("/x/s.attnviz: damaged session: …"). IoError as readWholeFile.
template <typename Parse>
[[nodiscard]] auto parseWholeFile(const std::filesystem::path& path, std::uint64_t maxBytes, const Parse& parse) {
    const std::string bytes = readWholeFile(path, maxBytes);
    try {
        return parse(std::string_view(bytes));
    } catch (const FormatError& error) {
        throw FormatError(within(path.string(), error.message()));
    }
}

}  // namespace attnviz
