#include "core/io/MappedFile.h"

#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <string>
#include <utility>

#include "core/base/Errors.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

using testing::messageOf;

std::string textOf(std::span<const std::byte> bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

/// This process's resident pages of mapped files, in kB (/proc/self/status, RssFile).
long residentFileKilobytes() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("RssFile:", 0) == 0) return std::stol(line.substr(8));
    return -1;
}

TEST(MappedFile, HoldsEveryByteOfTheFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("data.bin");
    const std::string bytes = std::string("\0\1\2 bytes\n\xFF", 12) + std::string(10000, 'x');
    testing::writeFile(path, bytes);
    const MappedFile file(path);
    EXPECT_EQ(textOf(file.bytes()), bytes);
    EXPECT_EQ(file.path(), path);
}

TEST(MappedFile, KeepsItsBytesWhereTheyAreWhenMoved) {
    const testing::TempFolder folder;
    testing::writeFile(folder.file("a"), "first");
    testing::writeFile(folder.file("b"), "second");
    MappedFile first(folder.file("a"));
    const std::byte* address = first.bytes().data();
    MappedFile moved = std::move(first);
    EXPECT_EQ(moved.bytes().data(), address);
    EXPECT_EQ(textOf(moved.bytes()), "first");
    EXPECT_TRUE(first.bytes().empty()) << "the moved-from file holds nothing";  // NOLINT(bugprone-use-after-move)
    moved = MappedFile(folder.file("b"));
    EXPECT_EQ(textOf(moved.bytes()), "second");
}

TEST(MappedFile, RefusesAMissingFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("none.safetensors");
    EXPECT_EQ(messageOf<IoError>([&] { MappedFile file(path); }), "cannot open " + path + ": no such file");
}

TEST(MappedFile, RefusesAFolder) {
    const testing::TempFolder folder;
    EXPECT_EQ(messageOf<IoError>([&] { MappedFile file(folder.path()); }),
              "cannot open " + folder.path().string() + ": it is a folder");
}

TEST(MappedFile, RefusesAnEmptyFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("empty");
    testing::writeFile(path, "");
    EXPECT_EQ(messageOf<IoError>([&] { MappedFile file(path); }), "cannot open " + path + ": the file is empty");
}

TEST(MappedFile, RefusesWhatIsNotARegularFile) {
    EXPECT_EQ(messageOf<IoError>([&] { MappedFile file("/dev/null"); }),
              "cannot open /dev/null: it is not a regular file");
}

TEST(MappedFile, ReleasedPagesLeaveResidentMemoryAndReadTheSame) {
    const testing::TempFolder folder;
    const std::string path = folder.file("large.bin");
    std::string bytes(32 << 20, '\0');
    std::iota(bytes.begin(), bytes.end(), '\0');
    testing::writeFile(path, bytes);
    const MappedFile file(path);
    long sum = 0;
    for (const std::byte b : file.bytes()) sum += static_cast<long>(b);  // page every byte in
    const long before = residentFileKilobytes();
    file.releasePages(file.bytes());
    const long after = residentFileKilobytes();
    EXPECT_GT(before - after, 30 << 10) << "RssFile went from " << before << " kB to " << after << " kB";
    long again = 0;
    for (const std::byte b : file.bytes()) again += static_cast<long>(b);
    EXPECT_EQ(again, sum);
    EXPECT_EQ(textOf(file.bytes()), bytes);
}

}  // namespace
}  // namespace attnviz
