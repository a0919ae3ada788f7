// Speed of the float32 attention path, the function the window and the exports call
// (computeAttention), for one head with d_k = 64, causal and not. Prints GFLOP/s counted as
// 4·n²·d_k, the same count ../shared/bench/anchor_torch.py prints, whatever the mask skips.
// Also measures the machine's float32 ceiling (fused multiply-adds on as many threads as the
// kernel uses), so a goal can be compared with what the hardware allows.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "core/base/SeededGenerator.h"
#include "core/kernels/AttentionKernel.h"
#include "tests/bench/fma_peak.h"

namespace {

using attnviz::RowMatrix;

RowMatrix<float> randomMatrix(int rows, int cols, const char* tag) {
    attnviz::SeededGenerator generator(0, tag);
    RowMatrix<float> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(generator.nextSymmetric(1.7320508));
    return m;
}

void attention(benchmark::State& state, bool causal) {
    const int n = static_cast<int>(state.range(0));
    constexpr int dK = 64;
    const RowMatrix<float> q = randomMatrix(n, dK, "Q"), k = randomMatrix(n, dK, "K"), v = randomMatrix(n, dK, "V");
    attnviz::MaskConfig maskConfig;
    maskConfig.causal = causal;
    const attnviz::AttentionMask mask(maskConfig, n, n);
    for (auto _ : state) {
        auto rows = attnviz::computeAttention<float>(q, k, v, 8.0f, mask);
        benchmark::DoNotOptimize(rows.context.data());
    }
    state.counters["GFLOP/s"] = benchmark::Counter(4.0 * n * n * dK * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(attnviz::kernelInstructionSet());
}

// The same thread count as computeAttention uses for large inputs.
unsigned kernelThreads() { return std::max(1u, std::min(std::thread::hardware_concurrency(), 8u)); }

void fmaPeak(benchmark::State& state) {
    constexpr std::int64_t kRounds = 4'000'000;  // ~10 ms per thread: thread start-up is noise
    const unsigned threads = kernelThreads();
    std::vector<float> sinks(threads);
    std::int64_t flops = 0;
    for (auto _ : state) {
        std::vector<std::thread> workers;
        std::vector<std::int64_t> done(threads);
        for (unsigned t = 0; t < threads; ++t)
            workers.emplace_back([&, t] { done[t] = attnviz::bench::fmaRounds(kRounds, &sinks[t]); });
        for (auto& worker : workers) worker.join();
        flops = 0;
        for (const std::int64_t d : done) flops += d;
        benchmark::DoNotOptimize(sinks.data());
    }
    state.counters["GFLOP/s"] = benchmark::Counter(static_cast<double>(flops) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["threads"] = threads;
    state.SetLabel(attnviz::bench::fmaInstructionSet());
}

void attentionFull(benchmark::State& state) { attention(state, false); }
void attentionCausal(benchmark::State& state) { attention(state, true); }

}  // namespace

BENCHMARK(attentionFull)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(attentionCausal)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(fmaPeak)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
