#include "core/io/AtomicFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <streambuf>
#include <system_error>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/NumberText.h"
#include "core/io/FileReading.h"
#include "core/io/TemporaryRegistry.h"

namespace attnviz {
namespace {

namespace fs = std::filesystem;

/// The folder a target lives in ("." for a bare file name).
fs::path folderOf(const fs::path& target) {
    fs::path folder = target.parent_path();
    return folder.empty() ? fs::path(".") : folder;
}

/// Why a file cannot be written: a code whose first argument is the file, and the others.
struct WriteProblem {
    ErrorCode code;
    std::vector<std::string> details;  ///< %2, %3 … of code
};

/// Why `folder` cannot hold a new file, when stat() says it is not usable (ENOENT, ENOTDIR):
/// names the first path component that is missing or is not a folder.
std::optional<WriteProblem> folderProblem(const fs::path& folder) {
    struct stat st {};
    if (::stat(folder.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) return WriteProblem{ErrorCode::WriteNotAFolder, {folder.string()}};
        return std::nullopt;
    }
    const int err = errno;
    if (err == ENOTDIR) {
        // Some ancestor is a regular file (or similar): name it.
        fs::path prefix;
        for (const fs::path& part : folder) {
            prefix /= part;
            if (::stat(prefix.c_str(), &st) != 0) break;
            if (!S_ISDIR(st.st_mode)) return WriteProblem{ErrorCode::WriteNotAFolder, {prefix.string()}};
        }
        return WriteProblem{ErrorCode::WriteNotAFolder, {folder.string()}};
    }
    if (err == ENOENT) return WriteProblem{ErrorCode::WriteNoFolder, {folder.string()}};
    if (err == EACCES || err == EPERM) return WriteProblem{ErrorCode::WriteFolderPermission, {folder.string()}};
    return WriteProblem{ErrorCode::WriteFolderFailed, {folder.string(), errnoText(err)}};
}

/// Why a write or a creation failed with err, for a file in `folder`.
WriteProblem writeProblem(int err, const fs::path& folder) {
    switch (err) {
        case ENOSPC:
        case EDQUOT:
            return {ErrorCode::WriteDiskFull, {}};
        case EFBIG:  // RLIMIT_FSIZE (ulimit -f), SIGXFSZ being ignored
            return {ErrorCode::WriteFileTooLarge, {}};
        case ENOENT:
        case ENOTDIR:
            return folderProblem(folder).value_or(WriteProblem{ErrorCode::WriteFailed, {errnoText(err)}});
        case EACCES:
        case EPERM:
            return {ErrorCode::WritePermission, {}};
        case EROFS:
            return {ErrorCode::WriteReadOnly, {}};
        case ENAMETOOLONG:
            return {ErrorCode::WriteNameTooLong, {}};
        case EISDIR:
            return {ErrorCode::WriteFolderInTheWay, {}};
        default:
            return {ErrorCode::WriteFailed, {errnoText(err)}};
    }
}

/// The process umask, without changing it (umask() would race with other threads).
mode_t currentUmask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) {
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8) & 0777);
        }
    }
    return 022;
}

/// A stream buffer over a file descriptor that checks every write() and remembers the first
/// errno. After a failure it accepts nothing more (the ostream turns bad).
class CheckedFdBuffer : public std::streambuf {
public:
    explicit CheckedFdBuffer(int fd) : fd_(fd), buffer_(std::size_t{1} << 16) { resetPut(); }
    [[nodiscard]] int error() const { return error_; }
    bool flushAll() { return flushBuffer(); }

protected:
    int_type overflow(int_type ch) override {
        if (!flushBuffer()) return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }

    std::streamsize xsputn(const char* data, std::streamsize count) override {
        if (error_ != 0 || count <= 0) return error_ != 0 ? 0 : count;
        const auto room = static_cast<std::streamsize>(epptr() - pptr());
        if (count <= room) {
            traits_type::copy(pptr(), data, static_cast<std::size_t>(count));
            pbump(static_cast<int>(count));
            return count;
        }
        if (!flushBuffer()) return 0;
        if (count < static_cast<std::streamsize>(buffer_.size())) {
            traits_type::copy(pptr(), data, static_cast<std::size_t>(count));
            pbump(static_cast<int>(count));
            return count;
        }
        return writeAll(data, static_cast<std::size_t>(count)) ? count : 0;
    }

    int sync() override { return flushBuffer() ? 0 : -1; }

private:
    void resetPut() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    bool flushBuffer() {
        const auto pending = static_cast<std::size_t>(pptr() - pbase());
        const bool ok = pending == 0 ? error_ == 0 : writeAll(pbase(), pending);
        resetPut();
        return ok;
    }

    bool writeAll(const char* data, std::size_t count) {
        if (error_ != 0) return false;
        while (count > 0) {
            const ssize_t written = ::write(fd_, data, count);
            if (written < 0) {
                if (errno == EINTR) continue;
                error_ = errno;
                return false;
            }
            if (written == 0) {
                error_ = EIO;
                return false;
            }
            data += written;
            count -= static_cast<std::size_t>(written);
        }
        return true;
    }

    int fd_;
    int error_ = 0;
    std::vector<char> buffer_;
};

[[noreturn]] void fail(const fs::path& target, WriteProblem problem) {
    problem.details.insert(problem.details.begin(), target.string());
    throw IoError(problem.code, std::move(problem.details));
}

/// Six letters or digits for a temporary's name, as mkostemp's XXXXXX.
std::string randomSuffix() {
    static constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    thread_local std::mt19937_64 generator{std::random_device{}()};
    std::uniform_int_distribution<std::size_t> pick(0, sizeof kLetters - 2);
    std::string suffix(6, 'X');
    for (char& c : suffix) c = kLetters[pick(generator)];
    return suffix;
}

/// Owns the temporary: closes and removes it unless released. While it exists, a signal that
/// ends the program removes it too (TemporaryRegistry).
class TemporaryFile {
public:
    /// slot: rememberTemporary's for path (the signal clean-up's), forgotten when done.
    TemporaryFile(std::string path, int fd, int slot) : path_(std::move(path)), fd_(fd), slot_(slot) {}
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    ~TemporaryFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!released_) ::unlink(path_.c_str());
        forgetTemporary(slot_);
    }
    [[nodiscard]] int fd() const { return fd_; }
    [[nodiscard]] const std::string& path() const { return path_; }
    /// close(), reporting its errno (0 on success).
    int close() {
        const int rc = ::close(fd_);
        fd_ = -1;
        return rc == 0 ? 0 : errno;
    }
    /// Renamed into place: kept, and no longer the signal handler's to remove.
    void release() {
        released_ = true;
        forgetTemporary(slot_);
        slot_ = -1;
    }

private:
    std::string path_;
    int fd_;
    int slot_;
    bool released_ = false;
};

/// Runs writer into a CheckedFdBuffer over fd; a failed write() fails with its errno.
void writeThrough(int fd, const fs::path& target, const fs::path& folder,
                  const std::function<void(std::ostream&)>& writer) {
    CheckedFdBuffer streamBuffer(fd);
    std::ostream out(&streamBuffer);
    writer(out);
    out.flush();
    const bool flushed = streamBuffer.flushAll();
    if (streamBuffer.error() != 0) fail(target, writeProblem(streamBuffer.error(), folder));
    if (!flushed || !out) fail(target, {ErrorCode::WriteStreamFailed, {}});
}

/// A FIFO, a terminal, /dev/stdout or /dev/null (also through a link): opened and written in
/// place. Renaming a temporary over it would replace the device with a regular file.
void writeIntoSpecialFile(const fs::path& target, const std::function<void(std::ostream&)>& writer) {
    const int fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) fail(target, writeProblem(errno, folderOf(target)));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    writeThrough(fd, target, folderOf(target), writer);
}

}  // namespace

void writeFileAtomically(const fs::path& target, const std::function<void(std::ostream&)>& writer) {
    if (target.empty() || !target.has_filename() || target.filename() == "." ||
        target.filename() == "..") {
        fail(target, {ErrorCode::WriteNotAFileName, {}});
    }
    // Not a regular file (a FIFO, a device), itself or where a link leads: written through.
    struct stat existing {};
    if (::stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) && !S_ISDIR(existing.st_mode)) {
        writeIntoSpecialFile(target, writer);
        return;
    }
    // A symbolic link to a file: replace the file it points to and keep the link.
    fs::path destination = target;
    struct stat linkStat {};
    if (::lstat(target.c_str(), &linkStat) == 0 && S_ISLNK(linkStat.st_mode)) {
        std::error_code error;
        fs::path resolved = fs::canonical(target, error);
        if (!error) destination = std::move(resolved);
    }
    const fs::path folder = folderOf(destination);

    struct stat folderStat {};
    if (::stat(folder.c_str(), &folderStat) != 0 || !S_ISDIR(folderStat.st_mode)) {
        fail(target, folderProblem(folder).value_or(WriteProblem{ErrorCode::WriteFolderUnusable, {}}));
    }

    mode_t mode = 0666 & ~currentUmask();
    struct stat targetStat {};
    if (::stat(destination.c_str(), &targetStat) == 0) {
        if (S_ISDIR(targetStat.st_mode)) fail(target, {ErrorCode::WriteFolderInTheWay, {}});
        if (S_ISREG(targetStat.st_mode)) mode = targetStat.st_mode & 07777;
    }

    // ".<name>.tmp-XXXXXX", the name shortened so the temporary stays within NAME_MAX.
    std::string name = destination.filename().string();
    if (name.size() > 200) name.resize(200);
    std::string pattern = (folder / ("." + name + ".tmp-XXXXXX")).string();
    // As mkostemp, except that the name is registered for the signal clean-up BEFORE the file
    // exists: a signal between the two would otherwise leave it (on any thread of the program).
    pattern.resize(pattern.size() - 6);
    std::string path;
    int fd = -1;
    int slot = -1;
    for (int attempt = 0; fd < 0; ++attempt) {
        path = pattern + randomSuffix();
        slot = rememberTemporary(path);
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0) break;
        const int err = errno;
        forgetTemporary(slot);
        if (err != EEXIST || attempt == 100) fail(target, writeProblem(err, folder));
    }
    TemporaryFile temporary(std::move(path), fd, slot);

    if (::fchmod(temporary.fd(), mode) != 0) fail(target, writeProblem(errno, folder));

    // An exception of writer removes the temporary (TemporaryFile) and propagates.
    writeThrough(temporary.fd(), target, folder, writer);

    if (::fsync(temporary.fd()) != 0) fail(target, writeProblem(errno, folder));
    if (const int err = temporary.close(); err != 0) fail(target, writeProblem(err, folder));
    if (::rename(temporary.path().c_str(), destination.c_str()) != 0) {
        fail(target, writeProblem(errno, folder));
    }
    temporary.release();

    // Make the rename itself durable. Best effort: the new content is already in place.
    const int folderFd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folderFd >= 0) {
        (void)::fsync(folderFd);
        ::close(folderFd);
    }
}

void writeStandardOutput(const std::function<void(std::ostream&)>& writer) {
    writeThrough(STDOUT_FILENO, fs::path("standard output"), fs::path("."), writer);
}

void writeFileAtomically(const fs::path& target, std::string_view bytes) {
    writeFileAtomically(target, [bytes](std::ostream& out) {
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    });
}

std::string readFileBytes(const fs::path& path) {
    constexpr std::uint64_t kLargestFile = std::uint64_t{2048} << 20;  // above the largest export (about 100 MB)
    return readWholeFile(path, kLargestFile, FileContent::Binary);
}

}  // namespace attnviz
