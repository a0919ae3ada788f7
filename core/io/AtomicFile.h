#pragma once
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/base/Errors.h"

namespace attnviz {

/// Writes a whole file so that a reader (or a crash) never sees half of it: the bytes go to a
/// temporary file ".<name>.tmp-XXXXXX" in the target's folder, which is flushed, fsync'ed and
/// then renamed over the target. Every write is checked (a full disk or RLIMIT_FSIZE with
/// SIGXFSZ ignored shows up as ENOSPC/EFBIG; see installTemporaryCleanupOnSignals). On any failure the temporary is removed, an
/// existing target is left byte-identical, and IoError is thrown with one line naming the path
/// and the reason ("cannot write /x/y.png: the folder /x does not exist"). A new file gets
/// mode 0666 & ~umask; a replaced file keeps its mode; a symbolic link to a file is kept and the
/// file it points to is replaced. A target that is not a regular file (a FIFO, /dev/stdout, a
/// terminal), itself or through links, is opened and written in place, not replaced; what a
/// reader of it has seen before a failure cannot be taken back.
void writeFileAtomically(const std::filesystem::path& target, std::string_view bytes);

/// Same, streaming: writer writes the content into the stream (buffered, so large files need
/// not be held in memory). If writer throws, the temporary is removed, the target is left as it
/// was and the writer's exception propagates unchanged.
void writeFileAtomically(const std::filesystem::path& target,
                         const std::function<void(std::ostream&)>& writer);

/// Writes what writer writes to standard output (`-o -`), every write checked; a failure throws
/// IoError naming "standard output". Nothing is buffered beyond 64 KiB.
void writeStandardOutput(const std::function<void(std::ostream&)>& writer);

/// The whole content of a file, any bytes, up to 2 GiB (readWholeFile with FileContent::Binary):
/// for reading back what was written. Throws IoError ("cannot open /x/y.json: no such file",
/// "…: it is a folder", "cannot read …: <reason>").
[[nodiscard]] std::string readFileBytes(const std::filesystem::path& path);

}  // namespace attnviz
