#include "core/io/FileReading.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "core/base/Errors.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

using testing::messageOf;

constexpr std::uint64_t kOneMiB = std::uint64_t{1} << 20;

// A hang or a read of the whole input would take far longer: a generous bound that detects
// them, not a speed goal.
constexpr auto kQuick = std::chrono::seconds(5);

std::string tooLarge(const std::string& path, int mib) {
    return "cannot read " + path + ": it is larger than " + std::to_string(mib) +
           " MiB, the limit for this kind of file";
}

/// The end of a pipe to read from, named as a path (/proc/self/fd/N), fed by a thread that
/// writes bytes and closes its end.
class FedPipe {
public:
    explicit FedPipe(std::string bytes) {
        if (::pipe(ends_) != 0) throw std::runtime_error("pipe");
        writer_ = std::thread([this, data = std::move(bytes)] {
            std::size_t written = 0;
            while (written < data.size()) {
                const ssize_t n = ::write(ends_[1], data.data() + written, data.size() - written);
                if (n <= 0) break;  // the reader stopped: the pipe is closed
                written += static_cast<std::size_t>(n);
            }
            ::close(ends_[1]);
        });
    }
    ~FedPipe() {
        ::close(ends_[0]);  // a writer blocked on a refused reader gets EPIPE and ends
        writer_.join();
    }
    FedPipe(const FedPipe&) = delete;
    FedPipe& operator=(const FedPipe&) = delete;
    [[nodiscard]] std::string path() const { return "/proc/self/fd/" + std::to_string(ends_[0]); }

private:
    int ends_[2] = {-1, -1};
    std::thread writer_;
};

TEST(FileReading, ReadsARegularFileOfExactlyTheLimit) {
    const testing::TempFolder folder;
    const std::string path = folder.file("limit.txt");
    std::string bytes(kOneMiB, 'a');
    bytes.front() = '\0';
    bytes.back() = '\xFF';
    testing::writeFile(path, bytes);
    EXPECT_EQ(readWholeFile(path, kOneMiB), bytes);
}

TEST(FileReading, RefusesARegularFileOverTheLimitWithoutReadingIt) {
    // 64 GiB, sparse: reading it (or allocating its size) would take minutes or fail.
    const testing::TempFolder folder;
    const std::string path = folder.file("huge.json");
    testing::writeFile(path, "");
    std::filesystem::resize_file(path, std::uint64_t{64} << 30);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(path, kOneMiB); }), tooLarge(path, 1));
    EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick);
}

TEST(FileReading, RefusesARegularFileOneByteOverTheLimit) {
    const testing::TempFolder folder;
    const std::string path = folder.file("one-more.txt");
    testing::writeFile(path, std::string(2 * kOneMiB + 1, 'x'));
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(path, 2 * kOneMiB); }), tooLarge(path, 2));
}

TEST(FileReading, StopsAnEndlessDeviceAtTheLimit) {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile("/dev/zero", kOneMiB, FileContent::Binary); }),
              tooLarge("/dev/zero", 1));
    EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick);
}

TEST(FileReading, RefusesAnEndlessDeviceGivenAsTextAtItsFirstByte) {
    // 1.5 GiB is the weights' limit: /dev/zero read to it took 8.7 s and 1.6 GB; its first
    // block already shows it is no text.
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile("/dev/zero", std::uint64_t{1536} * kOneMiB); }),
              "cannot read /dev/zero: byte 1 is a NUL byte, so it is not a text file");
    EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick);
}

TEST(FileReading, NamesTheFirstNulByteOfAPipeCountedFromOne) {
    // One full block of text (1 MiB), then 'a', 'b', NUL: the NUL is byte 2^20 + 3.
    const FedPipe pipe(std::string(kOneMiB, 't') + "ab" + std::string(1, '\0') + "cd");
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(pipe.path(), 3 * kOneMiB); }),
              "cannot read " + pipe.path() + ": byte 1048579 is a NUL byte, so it is not a text file");
}

TEST(FileReading, ReadsAPipeOfSeveralBlocksWhole) {
    std::string bytes(5 * kOneMiB / 2, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 251);
    const FedPipe pipe(bytes);
    EXPECT_EQ(readWholeFile(pipe.path(), 3 * kOneMiB, FileContent::Binary), bytes);
}

TEST(FileReading, ReadsAnEmptyPipe) {
    const FedPipe pipe("");
    EXPECT_EQ(readWholeFile(pipe.path(), kOneMiB), "");
}

TEST(FileReading, RefusesAPipeOneByteOverTheLimit) {
    const FedPipe pipe(std::string(kOneMiB + 1, 'p'));
    const std::string path = pipe.path();
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(path, kOneMiB); }), tooLarge(path, 1));
}

TEST(FileReading, RefusesAMissingFileAndAFolder) {
    const testing::TempFolder folder;
    const std::string missing = folder.file("none.json");
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(missing, kOneMiB); }),
              "cannot open " + missing + ": no such file");
    EXPECT_EQ(messageOf<IoError>([&] { (void)readWholeFile(folder.path(), kOneMiB); }),
              "cannot open " + folder.path().string() + ": it is a folder");
}

TEST(FileReading, PlacesAParseRefusalInTheFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("s.attnviz");
    testing::writeFile(path, "{}");
    const auto parse = [](std::string_view text) -> int {
        throw FormatError(ErrorCode::Uncoded, {"refused " + std::string(text)});
    };
    EXPECT_EQ(messageOf<FormatError>([&] { (void)parseWholeFile(path, kOneMiB, parse); }), path + ": refused {}");
}

}  // namespace
}  // namespace attnviz
