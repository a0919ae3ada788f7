#include "core/io/TemporaryRegistry.h"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>

namespace attnviz {
namespace {

/// Slot states: free, being filled by its owner, holding a path the handler may remove.
enum SlotState : int { kFree = 0, kFilling = 1, kHeld = 2 };

constexpr std::size_t kPathBytes = 4096;  // PATH_MAX, with the terminating '\0'

struct Slot {
    std::atomic<int> state{kFree};
    std::array<char, kPathBytes> path{};
};

// Enough for every export a window or a command runs at once; more only lose the clean-up.
constexpr int kSlots = 32;
std::array<Slot, kSlots> slots;

static_assert(std::atomic<int>::is_always_lock_free, "read from a signal handler");

extern "C" void removeTemporariesAndStop(int signalNumber) {
    const int savedErrno = errno;
    for (Slot& slot : slots) {
        if (slot.state.load(std::memory_order_acquire) == kHeld) ::unlink(slot.path.data());
    }
    // The default action now ends the program by this signal, as if nothing had caught it.
    // (SA_RESETHAND has restored it; the signal, blocked in here, arrives when the handler returns.)
    std::signal(signalNumber, SIG_DFL);
    std::raise(signalNumber);
    errno = savedErrno;
}

void catchUnlessIgnored(int signalNumber) {
    struct sigaction previous {};
    if (::sigaction(signalNumber, nullptr, &previous) != 0) return;
    if (previous.sa_handler == SIG_IGN) return;  // e.g. SIGHUP under nohup
    struct sigaction action {};
    action.sa_handler = removeTemporariesAndStop;
    sigemptyset(&action.sa_mask);
    // The three stop signals wait while one of them is being handled: one clean-up at a time.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    action.sa_flags = SA_RESETHAND;
    ::sigaction(signalNumber, &action, nullptr);
}

}  // namespace

void installTemporaryCleanupOnSignals() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::signal(SIGXFSZ, SIG_IGN);
        catchUnlessIgnored(SIGINT);
        catchUnlessIgnored(SIGTERM);
        catchUnlessIgnored(SIGHUP);
    });
}

int rememberTemporary(std::string_view path) {
    if (path.size() >= kPathBytes) return -1;
    for (int i = 0; i < kSlots; ++i) {
        Slot& slot = slots[static_cast<std::size_t>(i)];
        int expected = kFree;
        if (!slot.state.compare_exchange_strong(expected, kFilling, std::memory_order_acq_rel)) continue;
        std::memcpy(slot.path.data(), path.data(), path.size());
        slot.path[path.size()] = '\0';
        slot.state.store(kHeld, std::memory_order_release);
        return i;
    }
    return -1;
}

void forgetTemporary(int slot) {
    if (slot < 0 || slot >= kSlots) return;
    slots[static_cast<std::size_t>(slot)].state.store(kFree, std::memory_order_release);
}

}  // namespace attnviz
