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

/// Runs argv (argv[0] looked up in PATH unless it holds a '/') and waits for it. Its standard
/// output and error go to files in a temporary folder, read back here.
inline RunResult runProgram(const std::vector<std::string>& argv, const RunOptions& options = {}) {
    const TempFolder folder;
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
    RunResult result;
    int status = 0;
    struct rusage usage {};
    if (pid > 0 && ::wait4(pid, &status, 0, &usage) == pid) {
        result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        result.peakResidentKiB = usage.ru_maxrss;
    }
    result.out = readFile(outPath);
    result.err = readFile(errPath);
    return result;
}

}  // namespace attnviz::testing
