#include "core/io/MappedFile.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>

#include "core/base/Errors.h"
#include "core/base/NumberText.h"

namespace attnviz {
namespace {

/// Closes the descriptor when the constructor is done with it: the mapping outlives it.
struct Descriptor {
    int fd;
    ~Descriptor() { ::close(fd); }
};

}  // namespace

MappedFile::MappedFile(const std::filesystem::path& path) : path_(path) {
    const std::string shown = path.string();
    // O_NONBLOCK: opening a FIFO does not wait for a writer (fstat then refuses it); no effect
    // on a regular file.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR) throw IoError(ErrorCode::OpenNoSuchFile, {shown});
        if (err == EACCES || err == EPERM) throw IoError(ErrorCode::OpenPermission, {shown});
        throw IoError(ErrorCode::OpenFailed, {shown, errnoText(err)});
    }
    const Descriptor descriptor{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw IoError(ErrorCode::ReadFailed, {shown, errnoText(errno)});
    if (S_ISDIR(st.st_mode)) throw IoError(ErrorCode::OpenFolder, {shown});
    if (!S_ISREG(st.st_mode)) throw IoError(ErrorCode::MapNotAFile, {shown});
    if (st.st_size == 0) throw IoError(ErrorCode::MapEmptyFile, {shown});

    const auto size = static_cast<std::size_t>(st.st_size);
    void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) throw IoError(ErrorCode::MapFailed, {shown, errnoText(errno)});
    data_ = static_cast<const std::byte*>(mapped);
    size_ = size;
}

MappedFile::~MappedFile() { unmap(); }

MappedFile::MappedFile(MappedFile&& other) noexcept
    : path_(std::move(other.path_)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        unmap();
        path_ = std::move(other.path_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void MappedFile::unmap() noexcept {
    // munmap only fails for an address that is not a mapping, which data_ always is.
    if (data_ != nullptr) (void)::munmap(const_cast<std::byte*>(data_), size_);
    data_ = nullptr;
    size_ = 0;
}

void MappedFile::releasePages(std::span<const std::byte> range) const {
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto begin = reinterpret_cast<std::uintptr_t>(range.data());
    const std::uintptr_t first = (begin + page - 1) / page * page;
    const std::uintptr_t last = (begin + range.size()) / page * page;
    // MADV_DONTNEED on a read-only private file mapping only drops this process's page-table
    // entries; the next read maps the file's pages again. A failure leaves the pages resident.
    if (first < last) (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

}  // namespace attnviz
