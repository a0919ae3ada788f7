#include "tests/bench/fma_peak.h"

#include <immintrin.h>

#include <thread>
#include <vector>

namespace attnviz::bench {
namespace {

// Twelve accumulators cover the FMA latency (4 cycles) times two pipes with room to spare.
constexpr int kChains = 12;

__attribute__((target("avx512f"))) std::int64_t roundsAvx512(std::int64_t rounds, float* sink) {
    __m512 acc[kChains];
    for (int i = 0; i < kChains; ++i) acc[i] = _mm512_set1_ps(1.0f + static_cast<float>(i) * 1e-7f);
    const __m512 scale = _mm512_set1_ps(0.9999999f), offset = _mm512_set1_ps(1e-8f);
    for (std::int64_t r = 0; r < rounds; ++r)
        for (int i = 0; i < kChains; ++i) acc[i] = _mm512_fmadd_ps(acc[i], scale, offset);
    __m512 total = acc[0];
    for (int i = 1; i < kChains; ++i) total = _mm512_add_ps(total, acc[i]);
    alignas(64) float lanes[16];  // (GCC 12's _mm512_reduce_add_ps warns about an uninitialized temporary)
    _mm512_store_ps(lanes, total);
    *sink = lanes[0];
    return rounds * kChains * 16 * 2;
}

__attribute__((target("avx2,fma"))) std::int64_t roundsAvx2(std::int64_t rounds, float* sink) {
    __m256 acc[kChains];
    for (int i = 0; i < kChains; ++i) acc[i] = _mm256_set1_ps(1.0f + static_cast<float>(i) * 1e-7f);
    const __m256 scale = _mm256_set1_ps(0.9999999f), offset = _mm256_set1_ps(1e-8f);
    for (std::int64_t r = 0; r < rounds; ++r)
        for (int i = 0; i < kChains; ++i) acc[i] = _mm256_fmadd_ps(acc[i], scale, offset);
    __m256 total = acc[0];
    for (int i = 1; i < kChains; ++i) total = _mm256_add_ps(total, acc[i]);
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, total);
    *sink = lanes[0];
    return rounds * kChains * 8 * 2;
}

std::int64_t roundsSse(std::int64_t rounds, float* sink) {
    __m128 acc[kChains];
    for (int i = 0; i < kChains; ++i) acc[i] = _mm_set1_ps(1.0f + static_cast<float>(i) * 1e-7f);
    const __m128 scale = _mm_set1_ps(0.9999999f), offset = _mm_set1_ps(1e-8f);
    for (std::int64_t r = 0; r < rounds; ++r)
        for (int i = 0; i < kChains; ++i) acc[i] = _mm_add_ps(_mm_mul_ps(acc[i], scale), offset);
    __m128 total = acc[0];
    for (int i = 1; i < kChains; ++i) total = _mm_add_ps(total, acc[i]);
    *sink = _mm_cvtss_f32(total);
    return rounds * kChains * 4 * 2;
}

}  // namespace

std::int64_t fmaRounds(std::int64_t rounds, float* sink) {
    if (__builtin_cpu_supports("avx512f")) return roundsAvx512(rounds, sink);
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return roundsAvx2(rounds, sink);
    return roundsSse(rounds, sink);
}

std::int64_t fmaRoundsOnThreads(std::int64_t rounds, unsigned threads) {
    std::vector<float> sinks(threads);
    std::vector<std::int64_t> done(threads);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t) workers.emplace_back([&, t] { done[t] = fmaRounds(rounds, &sinks[t]); });
    for (auto& worker : workers) worker.join();
    std::int64_t flops = 0;
    for (const std::int64_t d : done) flops += d;
    volatile float sink = sinks[0];  // the sums the compiler must not drop
    (void)sink;
    return flops;
}

const char* fmaInstructionSet() {
    if (__builtin_cpu_supports("avx512f")) return "avx512";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "avx2+fma";
    return "sse";
}

}  // namespace attnviz::bench
