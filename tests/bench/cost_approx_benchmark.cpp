// Speed of the cost lab's approximate kernels in float32, d = 64: sliding window + global tokens
// (w = 256, no global token: the band alone), block-sparse (blocks of 64, 1 global and 2 random
// blocks) and linear attention (full and causal), from n = 4,096 to 65,536. GFLOP/s are counted
// as the chapter's formulas (costFlops: window 4·n·(2w − 1)·d, linear 4·n·d², sparse 4·(kept
// cells)·d), and the machine's float32 ceiling is measured the same way (fmaPeak), so that
// "% of the ceiling" is a ratio of two numbers taken in the same run.
//
// threads:1 runs on the calling thread and is timed in its CPU time, which time slices given to
// other processes do not inflate: on a shared machine it is the kernel's own speed. threads:0
// uses every thread of the pool and is timed on the wall clock (it needs the cores to itself).
#include <benchmark/benchmark.h>

#include <thread>
#include <vector>

#include "core/base/LargePages.h"
#include "core/base/SeededGenerator.h"
#include "core/base/WorkerPool.h"
#include "core/costlab/CostKernel.h"
#include "tests/bench/fma_peak.h"

namespace {

using attnviz::CostKernel;
using attnviz::CostMask;
using attnviz::RowMatrix;

constexpr int kD = 64;

RowMatrix<float> randomMatrix(int rows, int cols, const char* tag) {
    attnviz::SeededGenerator generator(0, tag);
    RowMatrix<float> m(rows, cols);
    attnviz::adviseLargePages(m.data(), sizeof(float) * static_cast<std::size_t>(m.size()));  // as the kernels' outputs
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(generator.nextSymmetric(1.7320508));
    return m;
}

// Arguments: n, threads (0: every thread of the pool).
void costKernel(benchmark::State& state, CostKernel kernel, CostMask mask) {
    const int n = static_cast<int>(state.range(0));
    const RowMatrix<float> q = randomMatrix(n, kD, "Q"), k = randomMatrix(n, kD, "K"), v = randomMatrix(n, kD, "V");
    attnviz::CostOptions options;
    options.kernel = kernel;
    options.mask = mask;
    options.window = 256;
    options.threads = static_cast<unsigned>(state.range(1));
    for (auto _ : state) {
        auto result = attnviz::runCostKernel<float>(q, k, v, options);
        benchmark::DoNotOptimize(result.output.data());
    }
    state.counters["GFLOP/s"] =
        benchmark::Counter(attnviz::costFlops(options, n, kD, kD) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

void windowFull(benchmark::State& state) { costKernel(state, CostKernel::Window, CostMask::Full); }
void windowCausal(benchmark::State& state) { costKernel(state, CostKernel::Window, CostMask::Causal); }
void sparseFull(benchmark::State& state) { costKernel(state, CostKernel::Sparse, CostMask::Full); }
void linearFull(benchmark::State& state) { costKernel(state, CostKernel::Linear, CostMask::Full); }
void linearCausal(benchmark::State& state) { costKernel(state, CostKernel::Linear, CostMask::Causal); }

// The ceiling on state.range(0) threads (0: every thread of the pool); one thread is the calling
// thread itself, so that its CPU time is the work's.
void fmaPeak(benchmark::State& state) {
    constexpr std::int64_t kRounds = 4'000'000;  // ~10 ms per thread: thread start-up is noise
    const unsigned pool = attnviz::WorkerPool::shared().helperCount() + 1;
    const unsigned threads = state.range(0) == 0 ? pool : static_cast<unsigned>(state.range(0));
    std::vector<float> sinks(threads);
    std::int64_t flops = 0;
    for (auto _ : state) {
        std::vector<std::thread> workers;
        std::vector<std::int64_t> done(threads);
        for (unsigned t = 1; t < threads; ++t)
            workers.emplace_back([&, t] { done[t] = attnviz::bench::fmaRounds(kRounds, &sinks[t]); });
        done[0] = attnviz::bench::fmaRounds(kRounds, &sinks[0]);
        for (auto& worker : workers) worker.join();
        flops = 0;
        for (const std::int64_t d : done) flops += d;
        benchmark::DoNotOptimize(sinks.data());
    }
    state.counters["GFLOP/s"] =
        benchmark::Counter(static_cast<double>(flops) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["threads"] = threads;
    state.SetLabel(attnviz::bench::fmaInstructionSet());
}

void oneThread(benchmark::internal::Benchmark* b) {
    for (const int n : {4096, 16384, 65536}) b->Args({n, 1});
    b->ArgNames({"n", "threads"})->Unit(benchmark::kMillisecond);
}
void everyThread(benchmark::internal::Benchmark* b) {
    for (const int n : {4096, 16384, 65536}) b->Args({n, 0});
    b->ArgNames({"n", "threads"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace

BENCHMARK(windowFull)->Apply(oneThread);
BENCHMARK(windowCausal)->Apply(oneThread);
BENCHMARK(sparseFull)->Apply(oneThread);
BENCHMARK(linearFull)->Apply(oneThread);
BENCHMARK(linearCausal)->Apply(oneThread);
BENCHMARK(fmaPeak)->Arg(1)->ArgName("threads")->Unit(benchmark::kMillisecond);
BENCHMARK(windowFull)->Apply(everyThread);
BENCHMARK(windowCausal)->Apply(everyThread);
BENCHMARK(sparseFull)->Apply(everyThread);
BENCHMARK(linearFull)->Apply(everyThread);
BENCHMARK(linearCausal)->Apply(everyThread);
BENCHMARK(fmaPeak)->Arg(0)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
