#include "core/io/FileReading.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "core/base/Limits.h"

namespace attnviz {
namespace {

std::string errnoText(int err) { return std::generic_category().message(err); }

[[noreturn]] void refuseTooLarge(const std::string& shown, std::uint64_t maxBytes) {
    throw IoError(ErrorCode::ReadTooLarge, {shown, std::to_string(maxBytes / limits::kMiB)});
}

/// Reads fd to its end, refusing it once it holds more than maxBytes. expectedSize (a regular
/// file's, already checked against the limit) sizes the buffer at once.
std::string readDescriptor(int fd, const std::string& shown, std::uint64_t maxBytes, std::uint64_t expectedSize) {
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(expectedSize));
    char chunk[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, chunk, sizeof chunk);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw IoError(ErrorCode::ReadFailed, {shown, errnoText(errno)});
        }
        if (got == 0) return bytes;
        // Checked before appending: at most maxBytes plus one chunk is ever held.
        if (bytes.size() + static_cast<std::size_t>(got) > maxBytes) refuseTooLarge(shown, maxBytes);
        bytes.append(chunk, static_cast<std::size_t>(got));
    }
}

}  // namespace

std::string readWholeFile(const std::filesystem::path& path, std::uint64_t maxBytes) {
    const std::string shown = path.string();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR) throw IoError(ErrorCode::OpenNoSuchFile, {shown});
        if (err == EACCES || err == EPERM) throw IoError(ErrorCode::OpenPermission, {shown});
        throw IoError(ErrorCode::OpenFailed, {shown, errnoText(err)});
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};

    struct stat st {};
    if (::fstat(fd, &st) != 0) throw IoError(ErrorCode::ReadFailed, {shown, errnoText(errno)});
    if (S_ISDIR(st.st_mode)) throw IoError(ErrorCode::OpenFolder, {shown});
    const bool regular = S_ISREG(st.st_mode);
    const auto size = regular ? static_cast<std::uint64_t>(st.st_size) : std::uint64_t{0};
    if (size > maxBytes) refuseTooLarge(shown, maxBytes);
    return readDescriptor(fd, shown, maxBytes, size);
}

std::string readWholeStandardInput(std::uint64_t maxBytes) {
    return readDescriptor(STDIN_FILENO, "standard input", maxBytes, 0);
}

}  // namespace attnviz
