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

/// What a file holds. A text format (JSON, a sentence, merges) never holds a NUL byte, so one
/// refuses the file at once: /dev/zero given as a weights file is refused in its first block
/// instead of after reading the format's whole limit (1.5 GiB for weights).
enum class FileContent { Binary, Text };

/// The whole content of path, at most maxBytes bytes (a whole number of MiB). A regular file is
/// measured before it is read; anything else (a pipe, a device) is read in chunks and refused as
/// soon as it passes the limit, or, for Text, as soon as a block holds a NUL byte. Throws IoError
/// naming the path: ReadTooLarge, ReadNotText, OpenNoSuchFile, OpenPermission, OpenFolder,
/// OpenFailed, ReadFailed.
[[nodiscard]] std::string readWholeFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                        FileContent content = FileContent::Text);

/// The whole standard input, at most maxBytes bytes, as readWholeFile; errors name it "standard input".
[[nodiscard]] std::string readWholeStandardInput(std::uint64_t maxBytes, FileContent content = FileContent::Text);

/// parse(the whole text of path, at most maxBytes); a FormatError it throws is placed in the
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
