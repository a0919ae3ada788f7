#pragma once
// What ThreadSanitizer does to the process's resident size, which core/base/PeakMemory measures.

namespace attnviz::testing {

/// ThreadSanitizer keeps shadow memory for every byte the program touches (several times its
/// size) and it counts in VmHWM: touching 64 MiB reads 320 MiB under it. A memory bound measured
/// from the process says nothing about the code there; the tsan preset checks threads, not memory.
inline constexpr bool kUnderThreadSanitizer =
#if defined(__SANITIZE_THREAD__)
    true;
#else
    false;
#endif

inline constexpr const char* kThreadSanitizerSkipsMemoryBounds =
    "ThreadSanitizer's shadow memory counts in the resident size: memory bounds are not checked under it";

}  // namespace attnviz::testing
