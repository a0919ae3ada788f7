#pragma once
// The temporaries of writeFileAtomically in flight, so that a signal that ends the program
// (Ctrl+C, kill, a closed terminal) does not leave a hidden ".name.tmp-XXXXXX" of hundreds of MB
// behind: a fixed table of paths that a signal handler may read (no allocation, no lock).
#include <string_view>

namespace attnviz {

/// Installs, once, handlers for SIGINT, SIGTERM and SIGHUP that remove the registered
/// temporaries and then end the program by the same signal (the shell sees the usual status,
/// 130 for Ctrl+C). A signal the caller's parent set to be ignored (nohup) stays ignored.
/// Also ignores SIGXFSZ, so that writing beyond a file size limit (ulimit -f) fails with EFBIG
/// and is reported, instead of killing the program silently.
void installTemporaryCleanupOnSignals();

/// Records a temporary's path; the slot to give back to forgetTemporary. −1 when the path does
/// not fit or every slot is taken (the temporary is then only removed by its owner).
[[nodiscard]] int rememberTemporary(std::string_view path);

/// The slot's temporary was renamed into place or removed by its owner: the handler leaves it.
void forgetTemporary(int slot);

}  // namespace attnviz
