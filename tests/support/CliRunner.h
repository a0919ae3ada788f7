#pragma once
// Runs the attnviz executable as a child process with no display in its environment
// (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed), optionally with a file size limit.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace attnviz::cli_test {

struct RunResult {
    int exitCode = -1;  ///< −signal when killed by a signal
    std::string out;
    std::string err;
};

inline std::string readWhole(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct RunOptions {
    std::string standardInput;       ///< fed to the child's standard input
    rlim_t fileSizeLimit = RLIM_INFINITY;  ///< RLIMIT_FSIZE of the child (SIGXFSZ ignored)
};

/// argv[0] is added. The child's standard output and error go to files, read back here.
inline RunResult runAttnviz(const std::vector<std::string>& arguments, const RunOptions& options = {}) {
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "attnviz-cli-run-XXXXXX").string();
    const fs::path folder = ::mkdtemp(pattern.data());
    const fs::path outPath = folder / "out", errPath = folder / "err", inPath = folder / "in";
    std::ofstream(inPath, std::ios::binary) << options.standardInput;

    std::vector<std::string> argvStrings{ATTNVIZ_EXECUTABLE};
    argvStrings.insert(argvStrings.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& a : argvStrings) argv.push_back(a.data());
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid == 0) {
        ::unsetenv("DISPLAY");
        ::unsetenv("WAYLAND_DISPLAY");
        ::unsetenv("QT_QPA_PLATFORM");
        if (!std::freopen(inPath.c_str(), "rb", stdin) || !std::freopen(outPath.c_str(), "wb", stdout) ||
            !std::freopen(errPath.c_str(), "wb", stderr)) {
            ::_exit(125);
        }
        if (options.fileSizeLimit != RLIM_INFINITY) {
            // The output files above are opened already; the limit stops the export's writes.
            std::signal(SIGXFSZ, SIG_IGN);
            struct rlimit limit {options.fileSizeLimit, options.fileSizeLimit};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(126);
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    RunResult result;
    int status = 0;
    if (pid > 0 && ::waitpid(pid, &status, 0) == pid) {
        result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }
    result.out = readWhole(outPath);
    result.err = readWhole(errPath);
    std::error_code ignored;
    fs::remove_all(folder, ignored);
    return result;
}

/// Runs a shell-free command (argv[0] looked up in PATH) and returns its standard output.
inline RunResult runTool(const std::vector<std::string>& arguments) {
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "attnviz-cli-tool-XXXXXX").string();
    const fs::path folder = ::mkdtemp(pattern.data());
    const fs::path outPath = folder / "out", errPath = folder / "err";
    std::vector<std::string> copy = arguments;
    std::vector<char*> argv;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (!std::freopen(outPath.c_str(), "wb", stdout) || !std::freopen(errPath.c_str(), "wb", stderr)) ::_exit(125);
        ::execvp(argv[0], argv.data());
        ::_exit(127);
    }
    RunResult result;
    int status = 0;
    if (pid > 0 && ::waitpid(pid, &status, 0) == pid) {
        result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }
    result.out = readWhole(outPath);
    result.err = readWhole(errPath);
    std::error_code ignored;
    fs::remove_all(folder, ignored);
    return result;
}

}  // namespace attnviz::cli_test
