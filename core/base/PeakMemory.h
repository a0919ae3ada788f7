#pragma once
// The most memory a piece of code made the process use beyond what it used before, measured from
// the Linux kernel's own counters: writing "5" to /proc/self/clear_refs resets the process's peak
// resident size (VmHWM in /proc/self/status) to its current resident size (VmRSS); VmHWM read
// afterwards is the peak reached since. Every allocator counts (Eigen's malloc, std::vector,
// mmap), which counting operator new would not.
//
// Limits: the kernel keeps these counters per CPU and adds them up in batches (Linux ≥ 6.2:
// 32 pages or more per CPU), so a reading may be short by a few hundred KiB: touching 64 MiB read
// 63.8–63.95 MiB on a 2-core machine (kernel 6.18); it is exact to about 1 MiB, not to the page
// (the kernel reports kB). It is the whole process: memory another thread takes meanwhile counts
// too, and so does the thread pool's work for the measured code (which is wanted). Only pages touched count (memory allocated but never written
// costs no RAM). Memory that the allocator kept after an earlier free is reused without raising the
// peak, so the meter first hands free heap memory back to the system (malloc_trim) to measure a
// call as if it ran first; buffers a kernel keeps between calls on purpose (computeAttention's
// packed keys) stay, and a call that reuses them shows only what it adds.
#include <cstdint>

namespace attnviz {

class PeakMemoryMeter {
public:
    /// True when the counters exist and the peak can be reset (Linux ≥ 4.0).
    [[nodiscard]] static bool available();

    /// Trims the heap, resets the peak and remembers the resident size now.
    PeakMemoryMeter();

    /// Peak resident size since construction minus the resident size then, in bytes (≥ 0);
    /// −1 when the counters are not available.
    [[nodiscard]] std::int64_t peakExtraBytes() const;

private:
    std::int64_t baseline_ = -1;
};

/// Runs work() and returns the peak extra bytes it made the process use (−1 when unavailable).
template <typename Work>
std::int64_t measurePeakExtraBytes(Work&& work) {
    const PeakMemoryMeter meter;
    work();
    return meter.peakExtraBytes();
}

}  // namespace attnviz
