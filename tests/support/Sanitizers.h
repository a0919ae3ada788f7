#pragma once
// Which sanitizer a test build runs under, and the one policy for bounds on memory measured from
// the process (its resident size, core/base/PeakMemory or getrusage), which the sanitizers' own
// memory inflates. GCC says so with __SANITIZE_ADDRESS__ / __SANITIZE_THREAD__, clang with
// __has_feature.
#include <cstdint>
#include <optional>

#if defined(__SANITIZE_ADDRESS__)
#define ATTNVIZ_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ATTNVIZ_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define ATTNVIZ_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ATTNVIZ_UNDER_TSAN 1
#endif
#endif

namespace attnviz::testing {

#if defined(ATTNVIZ_UNDER_ASAN)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#if defined(ATTNVIZ_UNDER_TSAN)
inline constexpr bool kUnderThreadSanitizer = true;
#else
inline constexpr bool kUnderThreadSanitizer = false;
#endif

/// AddressSanitizer's quarantine: freed blocks it holds back, up to 256 MiB by default.
inline constexpr std::int64_t kAddressSanitizerQuarantineBytes = std::int64_t{256} << 20;

/// A bound on memory measured from the process, as it applies to this build: the bound itself;
/// under AddressSanitizer twice it (a shadow byte for every eight, red zones) plus its quarantine,
/// so that a leak or a quadratic blow-up still exceeds it; under ThreadSanitizer none (nullopt:
/// the check is skipped, kNoMemoryBound says why), as its shadow of every byte touched is several
/// times the memory itself (64 MiB touched reads 320 MiB).
[[nodiscard]] constexpr std::optional<std::int64_t> processMemoryBound(std::int64_t bytes) {
    if (kUnderThreadSanitizer) return std::nullopt;
    if (kUnderAddressSanitizer) return 2 * bytes + kAddressSanitizerQuarantineBytes;
    return bytes;
}

inline constexpr const char* kNoMemoryBound =
    "ThreadSanitizer's shadow memory counts in the resident size: memory bounds are not checked under it";

}  // namespace attnviz::testing
