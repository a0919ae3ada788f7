#include "core/base/PeakMemory.h"

#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attnviz {
namespace {

// A "Name:   1234 kB" line of /proc/self/status, in bytes; −1 when absent.
std::int64_t statusBytes(const std::string& name) {
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string prefix = name + ":";
    while (std::getline(status, line)) {
        if (line.compare(0, prefix.size(), prefix) != 0) continue;
        try {
            return std::stoll(line.substr(prefix.size())) * 1024;  // the value is in kB (KiB)
        } catch (const std::exception&) {
            return -1;
        }
    }
    return -1;
}

bool resetPeak() {
    std::ofstream clearRefs("/proc/self/clear_refs");
    clearRefs << "5";  // 5: reset the peak resident size to the current one
    clearRefs.flush();
    return static_cast<bool>(clearRefs);
}

}  // namespace

bool PeakMemoryMeter::available() {
    static const bool works = resetPeak() && statusBytes("VmHWM") >= 0 && statusBytes("VmRSS") >= 0;
    return works;
}

PeakMemoryMeter::PeakMemoryMeter() {
    if (!available()) return;
#if defined(__GLIBC__)
    malloc_trim(0);  // free heap pages back to the system, so that reusing them counts
#endif
    if (resetPeak()) baseline_ = statusBytes("VmRSS");
}

std::int64_t PeakMemoryMeter::peakExtraBytes() const {
    if (baseline_ < 0) return -1;
    const std::int64_t peak = statusBytes("VmHWM");
    if (peak < 0) return -1;
    return peak > baseline_ ? peak - baseline_ : 0;
}

}  // namespace attnviz
