#pragma once
// A whole file mapped read-only into memory: large files (a model's weights) are read where they
// lie, paged in by the system as they are used, never copied into the process.
#include <cstddef>
#include <filesystem>
#include <span>

namespace attnviz {

/// The bytes of one regular file, mapped read-only (private) for the object's lifetime.
class MappedFile {
public:
    /// Maps the whole file. Throws IoError naming the path: a missing file (OpenNoSuchFile), a
    /// folder (OpenFolder), an empty file (MapEmptyFile: nothing to map), anything but a regular
    /// file (MapNotAFile), no permission, or a failed mapping.
    explicit MappedFile(const std::filesystem::path& path);
    ~MappedFile();
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    /// Every byte of the file; the address stays the same when the object is moved.
    [[nodiscard]] std::span<const std::byte> bytes() const { return {data_, size_}; }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

    /// Hands back to the system the pages wholly inside range (a part of bytes()) that this
    /// process has read: they leave its resident memory and are read again, from the page cache
    /// or the disk, when next used. The bytes seen do not change.
    void releasePages(std::span<const std::byte> range) const;

private:
    void unmap() noexcept;

    std::filesystem::path path_;
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace attnviz
