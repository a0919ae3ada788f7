#pragma once
// Runs a program as a child process the way a user starts it from a console without a display
// (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from its environment), optionally with a
// file size limit, and returns its exit status and what it wrote.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"

namespace attnviz::testing {

struct RunResult {
    int exitCode = -1;  ///< −signal when killed by a signal
    std::string out;
    std::string err;
    long peakResidentKiB = -1;  ///< the child's largest resident size (getrusage's ru_maxrss)
};

struct RunOptions {
    std::string standardInput;             ///< fed to the child's standard input
    rlim_t fileSizeLimit = RLIM_INFINITY;  ///< RLIMIT_FSIZE of the child (SIGXFSZ ignored)
    /// "NAME=value" entries set in the child's environment, replacing the variables of those names.
    std::vector<std::string> environment;
};

/// Starts argv (argv[0] looked up in PATH unless it holds a '/') with its standard input, output
/// and error on files of folder ("in", "out", "err"); the child's pid (−1 when fork failed).
inline pid_t startChild(const std::vector<std::string>& argv, const RunOptions& options, const TempFolder& folder) {
    const std::string inPath = folder.file("in"), outPath = folder.file("out"), errPath = folder.file("err");
    writeFile(inPath, options.standardInput);

    // Everything the child needs is made here: between fork and exec only async-signal-safe calls.
    std::vector<std::string> arguments = argv;
    std::vector<char*> childArgv;
    for (std::string& a : arguments) childArgv.push_back(a.data());
    childArgv.push_back(nullptr);
    std::vector<std::string> extra = options.environment;
    std::vector<std::string_view> removed = {"DISPLAY=", "WAYLAND_DISPLAY=", "QT_QPA_PLATFORM="};
    for (const std::string& entry : extra) removed.push_back(std::string_view(entry).substr(0, entry.find('=') + 1));
    std::vector<char*> childEnvironment;
    for (char** variable = environ; *variable; ++variable) {
        const std::string_view v(*variable);
        if (std::none_of(removed.begin(), removed.end(), [&](std::string_view name) { return v.starts_with(name); }))
            childEnvironment.push_back(*variable);
    }
    for (std::string& entry : extra) childEnvironment.push_back(entry.data());
    childEnvironment.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid == 0) {
        const int in = ::open(inPath.c_str(), O_RDONLY);
        const int out = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(125);
        if (options.fileSizeLimit != RLIM_INFINITY) {
            // The output files above are open already; the limit stops the program's own writes.
            std::signal(SIGXFSZ, SIG_IGN);
            const struct rlimit limit {options.fileSizeLimit, options.fileSizeLimit};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(126);
        }
        ::execvpe(childArgv[0], childArgv.data(), childEnvironment.data());
        ::_exit(127);
    }
    return pid;
}

/// Waits for the child pid started on folder's files; its status and what it wrote.
inline RunResult waitChild(pid_t pid, const TempFolder& folder) {
    RunResult result;
    int status = 0;
    struct rusage usage {};
    if (pid > 0 && ::wait4(pid, &status, 0, &usage) == pid) {
        result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        result.peakResidentKiB = usage.ru_maxrss;
    }
    result.out = readFile(folder.file("out"));
    result.err = readFile(folder.file("err"));
    return result;
}

/// Runs argv (argv[0] looked up in PATH unless it holds a '/') and waits for it. Its standard
/// output and error go to files in a temporary folder, read back here.
inline RunResult runProgram(const std::vector<std::string>& argv, const RunOptions& options = {}) {
    const TempFolder folder;
    return waitChild(startChild(argv, options, folder), folder);
}

/// A program left running (a window): the test ends it with a signal. One still running when
/// this goes is killed, so that a failed test leaves no process behind.
class RunningProgram {
public:
    explicit RunningProgram(const std::vector<std::string>& argv, const RunOptions& options = {})
        : pid_(startChild(argv, options, folder_)) {}
    ~RunningProgram() {
        if (pid_ > 0) stop(SIGKILL);
    }
    RunningProgram(const RunningProgram&) = delete;
    RunningProgram& operator=(const RunningProgram&) = delete;

    [[nodiscard]] pid_t pid() const { return pid_; }
    /// Sends signal and waits for the child to end.
    RunResult stop(int signal) {
        ::kill(pid_, signal);
        RunResult result = waitChild(pid_, folder_);
        pid_ = -1;
        return result;
    }

private:
    TempFolder folder_;
    pid_t pid_;
};

}  // namespace attnviz::testing
