// Atomic writes, tested against the real file system: a folder that is a file, a missing
// folder, a full disk (RLIMIT_FSIZE in a forked child). Runs as root: nothing here relies on
// permissions.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/io/AtomicFile.h"
#include "core/io/TemporaryRegistry.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace fs = std::filesystem;
using attnviz::IoError;
using attnviz::readFileBytes;
using attnviz::writeFileAtomically;
using attnviz::testing::messageOf;
// Files are prepared and checked directly, not through the code under test.
using attnviz::testing::readFile;
using attnviz::testing::writeFile;

namespace {

class AtomicFileTest : public ::testing::Test {
protected:
    attnviz::testing::TempFolder folder_;  ///< its entries() show temporaries (names starting with '.')
    const fs::path dir_ = folder_.path();
};

TEST_F(AtomicFileTest, WritesANewFileAndReplacesAnExistingOneKeepingItsMode) {
    const fs::path target = dir_ / "out.csv";
    writeFileAtomically(target, std::string_view("first\n"));
    EXPECT_EQ(readFile(target), "first\n");

    ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
    const std::string binary("a\0b\r\n\xff", 6);
    writeFileAtomically(target, std::string_view(binary));
    EXPECT_EQ(readFile(target), binary);
    struct stat st {};
    ASSERT_EQ(::stat(target.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"out.csv"});
}

TEST_F(AtomicFileTest, SymbolicLinkIsKeptAndItsFileReplaced) {
    writeFile(dir_ / "real.csv", "old");
    fs::create_symlink("real.csv", dir_ / "link.csv");
    writeFileAtomically(dir_ / "link.csv", std::string_view("new"));
    EXPECT_TRUE(fs::is_symlink(dir_ / "link.csv"));
    EXPECT_EQ(readFile(dir_ / "real.csv"), "new");
    EXPECT_EQ(folder_.entries(), (std::vector<std::string>{"link.csv", "real.csv"}));
}

TEST_F(AtomicFileTest, StreamingWriterWritesLargeContent) {
    const fs::path target = dir_ / "big.txt";
    const std::string line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";  // 64 bytes
    writeFileAtomically(target, [&](std::ostream& out) {
        for (int i = 0; i < 50000; ++i) out << line;  // 3.2 MB
        out.write(line.data(), 1);                     // and one byte through write()
    });
    const std::string back = readFile(target);
    ASSERT_EQ(back.size(), 50000u * 64u + 1u);
    EXPECT_EQ(back.substr(0, 64), line);
    EXPECT_EQ(back.substr(back.size() - 65), line + "0");
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"big.txt"});
}

TEST_F(AtomicFileTest, FolderThatIsARegularFileIsRefused) {
    const fs::path file = dir_ / "file.txt";
    writeFile(file, "keep me\n");
    const fs::path target = dir_ / "file.txt" / "x.csv";
    EXPECT_EQ(messageOf<IoError>([&] { writeFileAtomically(target, std::string_view("data")); }),
              "cannot write " + dir_.string() + "/file.txt/x.csv: " + dir_.string() + "/file.txt is not a folder");
    // Deeper below the file, the file is still the one named.
    EXPECT_EQ(messageOf<IoError>([&] { writeFileAtomically(dir_ / "file.txt/a/b.csv", std::string_view("data")); }),
              "cannot write " + dir_.string() + "/file.txt/a/b.csv: " + dir_.string() + "/file.txt is not a folder");
    EXPECT_EQ(readFile(file), "keep me\n");
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"file.txt"});
}

TEST_F(AtomicFileTest, MissingFolderIsRefused) {
    writeFile(dir_ / "keep.txt", "unchanged");
    const fs::path target = dir_ / "missing" / "sub" / "x.csv";
    EXPECT_EQ(messageOf<IoError>([&] { writeFileAtomically(target, [](std::ostream& out) { out << "data"; }); }),
              "cannot write " + target.string() + ": the folder " + dir_.string() + "/missing/sub does not exist");
    EXPECT_FALSE(fs::exists(dir_ / "missing"));
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"keep.txt"});
    EXPECT_EQ(readFile(dir_ / "keep.txt"), "unchanged");
}

TEST_F(AtomicFileTest, TargetThatIsAFolderIsRefused) {
    fs::create_directory(dir_ / "sub");
    writeFile(dir_ / "sub" / "inside.txt", "inside");
    EXPECT_EQ(messageOf<IoError>([&] { writeFileAtomically(dir_ / "sub", std::string_view("data")); }),
              "cannot write " + (dir_ / "sub").string() + ": it is a folder");
    EXPECT_EQ(readFile(dir_ / "sub" / "inside.txt"), "inside");
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"sub"});
}

TEST_F(AtomicFileTest, WriterExceptionPropagatesAndLeavesTheOldFile) {
    const fs::path target = dir_ / "old.json";
    writeFile(target, "{\"old\": true}\n");
    try {
        writeFileAtomically(target, [](std::ostream& out) {
            out << std::string(200000, 'x');
            throw std::runtime_error("boom");
        });
        FAIL() << "no exception";
    } catch (const std::runtime_error& error) {
        EXPECT_STREQ(error.what(), "boom");
    }
    EXPECT_EQ(readFile(target), "{\"old\": true}\n");
    EXPECT_EQ(folder_.entries(), std::vector<std::string>{"old.json"});
}

/// In a forked child with RLIMIT_FSIZE lowered and SIGXFSZ ignored, the write fails with EFBIG
/// exactly like on a full disk. The child sends back the IoError's message through a pipe.
std::string messageFromFullDiskChild(const fs::path& target, bool streaming) {
    int fds[2];
    if (::pipe(fds) != 0) return "(pipe failed)";
    const pid_t pid = ::fork();
    if (pid < 0) return "(fork failed)";
    if (pid == 0) {
        ::close(fds[0]);
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit {};
        limit.rlim_cur = 4096;
        limit.rlim_max = 4096;
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(10);
        std::string message = "(no IoError)";
        try {
            if (streaming) {
                writeFileAtomically(target, [](std::ostream& out) {
                    for (int i = 0; i < 100000; ++i) out << "a line of text that goes on\n";
                });
            } else {
                writeFileAtomically(target, std::string_view(std::string(1 << 20, 'z')));
            }
        } catch (const IoError& error) {
            message = error.what();
        } catch (...) {
            message = "(another exception)";
        }
        const ssize_t written = ::write(fds[1], message.data(), message.size());
        ::_exit(written == static_cast<ssize_t>(message.size()) ? 0 : 11);
    }
    ::close(fds[1]);
    std::string message;
    char buffer[512];
    ssize_t got = 0;
    while ((got = ::read(fds[0], buffer, sizeof buffer)) > 0) message.append(buffer, static_cast<std::size_t>(got));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "(child failed, status " + std::to_string(status) + ")";
    return message;
}

TEST_F(AtomicFileTest, FullDiskLeavesTheOldFileAndNoTemporary) {
    const fs::path target = dir_ / "weights.csv";
    const std::string old = "corner,d0\r\n0:a,1\r\n";
    writeFile(target, old);
    for (const bool streaming : {false, true}) {
        SCOPED_TRACE(streaming ? "streaming" : "bytes");
        EXPECT_EQ(messageFromFullDiskChild(target, streaming),
                  "cannot write " + target.string() + ": the file is too large for the limit (ulimit -f)");
        EXPECT_EQ(readFile(target), old);
        EXPECT_EQ(folder_.entries(), std::vector<std::string>{"weights.csv"});
    }
}

TEST_F(AtomicFileTest, FullDiskForANewFileCreatesNothing) {
    const fs::path target = dir_ / "new.json";
    EXPECT_EQ(messageFromFullDiskChild(target, true),
              "cannot write " + target.string() + ": the file is too large for the limit (ulimit -f)");
    EXPECT_TRUE(folder_.entries().empty());
}

/// A FIFO opened for reading without blocking (O_RDWR), so that a writer never waits for it.
int openFifo(const fs::path& fifo) { return ::open(fifo.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC); }

std::string drainFifo(int fd) {
    std::string bytes;
    char buffer[4096];
    for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0;) bytes.append(buffer, static_cast<std::size_t>(got));
    return bytes;
}

TEST_F(AtomicFileTest, AFifoAndALinkToOneAreWrittenThroughNotReplaced) {
    const fs::path fifo = dir_ / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    fs::create_symlink("pipe", dir_ / "link.csv");
    const int reader = openFifo(fifo);
    ASSERT_GE(reader, 0);
    writeFileAtomically(fifo, std::string_view("direct\n"));
    writeFileAtomically(dir_ / "link.csv", [](std::ostream& out) { out << "through the link\n"; });
    EXPECT_EQ(drainFifo(reader), "direct\nthrough the link\n");
    ::close(reader);
    EXPECT_TRUE(fs::is_fifo(fifo));
    EXPECT_TRUE(fs::is_symlink(dir_ / "link.csv"));
    EXPECT_EQ(folder_.entries(), (std::vector<std::string>{"link.csv", "pipe"}));
}

/// In a forked child with the signal clean-up installed, a writer that is halfway through its
/// file when signalNumber arrives: returns the child's wait status.
int statusOfAWriterStoppedBy(const fs::path& target, int signalNumber) {
    const pid_t pid = ::fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        attnviz::installTemporaryCleanupOnSignals();
        writeFileAtomically(target, [&](std::ostream& out) {
            out << std::string(1 << 20, 'x');  // written to the temporary
            out.flush();
            ::kill(::getpid(), signalNumber);  // as Ctrl+C or kill would, halfway
            out << "never";
        });
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return status;
}

TEST_F(AtomicFileTest, ASignalRemovesTheTemporaryInFlightAndEndsByTheSignal) {
    const fs::path target = dir_ / "figure.png";
    writeFile(target, "old");
    for (const int signalNumber : {SIGINT, SIGTERM, SIGHUP}) {
        SCOPED_TRACE(signalNumber);
        const int status = statusOfAWriterStoppedBy(target, signalNumber);
        ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
        EXPECT_EQ(WTERMSIG(status), signalNumber);
        EXPECT_EQ(readFile(target), "old");
        EXPECT_EQ(folder_.entries(), std::vector<std::string>{"figure.png"}) << "a temporary was left";
    }
}

TEST_F(AtomicFileTest, WithTheCleanUpInstalledAFileSizeLimitIsAnErrorNotADeath) {
    // Unlike messageFromFullDiskChild, SIGXFSZ is left as it was: installing the clean-up ignores it.
    const fs::path target = dir_ / "big.csv";
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        std::signal(SIGXFSZ, SIG_DFL);
        attnviz::installTemporaryCleanupOnSignals();
        const struct rlimit limit {4096, 4096};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(10);
        try {
            writeFileAtomically(target, std::string_view(std::string(1 << 16, 'z')));
        } catch (const IoError&) {
            ::_exit(0);
        }
        ::_exit(11);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
    EXPECT_TRUE(folder_.entries().empty());
}

TEST_F(AtomicFileTest, RelativeTargetGoesToTheCurrentFolder) {
    const fs::path before = fs::current_path();
    fs::current_path(dir_);
    writeFileAtomically("plain.txt", std::string_view("here"));
    fs::current_path(before);
    EXPECT_EQ(readFile(dir_ / "plain.txt"), "here");
}

TEST_F(AtomicFileTest, ReadFileBytesReadsAndReportsProblems) {
    const std::string binary("x\0y\r\n", 5);
    writeFile(dir_ / "data.bin", binary);
    EXPECT_EQ(readFileBytes(dir_ / "data.bin"), binary);
    writeFile(dir_ / "empty", "");
    EXPECT_EQ(readFileBytes(dir_ / "empty"), "");
    EXPECT_EQ(messageOf<IoError>([&] { (void)readFileBytes(dir_ / "nothing.json"); }),
              "cannot open " + dir_.string() + "/nothing.json: no such file");
    EXPECT_EQ(messageOf<IoError>([&] { (void)readFileBytes(dir_); }), "cannot open " + dir_.string() + ": it is a folder");
}

}  // namespace
