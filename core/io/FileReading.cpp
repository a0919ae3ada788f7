#include "core/io/FileReading.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>
#include <vector>

#include "core/base/Limits.h"
#include "core/base/NumberText.h"

namespace attnviz {
namespace {

[[noreturn]] void refuseTooLarge(const std::string& shown, std::uint64_t maxBytes) {
    throw IoError(ErrorCode::ReadTooLarge, {shown, std::to_string(maxBytes / limits::kMiB)});
}

/// Fills buffer from fd as far as it goes; returns the bytes read, fewer only at the end of fd.
std::size_t readInto(int fd, const std::string& shown, char* buffer, std::size_t size) {
    std::size_t filled = 0;
    while (filled < size) {
        const ssize_t got = ::read(fd, buffer + filled, size - filled);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw IoError(ErrorCode::ReadFailed, {shown, errnoText(errno)});
        }
        if (got == 0) break;
        filled += static_cast<std::size_t>(got);
    }
    return filled;
}

/// A regular file of size bytes (already within maxBytes): read into one buffer of that size,
/// refused if it has grown past the limit meanwhile.
std::string readRegular(int fd, const std::string& shown, std::uint64_t maxBytes, std::uint64_t size) {
    std::string bytes(static_cast<std::size_t>(size), '\0');
    bytes.resize(readInto(fd, shown, bytes.data(), bytes.size()));
    char probe[1 << 12];
    for (std::size_t got; (got = readInto(fd, shown, probe, sizeof probe)) > 0;) {
        if (bytes.size() + got > maxBytes) refuseTooLarge(shown, maxBytes);
        bytes.append(probe, got);
    }
    return bytes;
}

/// A pipe or a device, of unknown size: read in blocks, refused as soon as they pass maxBytes,
/// so at most maxBytes plus one block is held (a growing string would double its buffer).
std::string readStream(int fd, const std::string& shown, std::uint64_t maxBytes, FileContent content) {
    constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
    std::vector<std::string> blocks;
    std::uint64_t total = 0;
    for (;;) {
        std::string block(kBlockBytes, '\0');
        block.resize(readInto(fd, shown, block.data(), block.size()));
        if (content == FileContent::Text) {
            if (const std::size_t nul = block.find('\0'); nul != std::string::npos)
                throw IoError(ErrorCode::ReadNotText, {shown, std::to_string(total + nul + 1)});
        }
        total += block.size();
        if (total > maxBytes) refuseTooLarge(shown, maxBytes);
        const bool end = block.size() < kBlockBytes;
        blocks.push_back(std::move(block));
        if (end) break;
    }
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(total));
    for (std::string& block : blocks) {
        bytes += block;
        std::string().swap(block);  // handed back at once: the whole is held only once
    }
    return bytes;
}

}  // namespace

std::string readWholeFile(const std::filesystem::path& path, std::uint64_t maxBytes, FileContent content) {
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
    if (!S_ISREG(st.st_mode)) return readStream(fd, shown, maxBytes, content);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > maxBytes) refuseTooLarge(shown, maxBytes);  // measured, nothing read or allocated
    return readRegular(fd, shown, maxBytes, size);
}

std::string readWholeStandardInput(std::uint64_t maxBytes, FileContent content) {
    return readStream(STDIN_FILENO, "standard input", maxBytes, content);
}

}  // namespace attnviz
