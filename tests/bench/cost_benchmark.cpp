// Speed and memory of the cost lab's kernels (core/costlab/CostKernel.h) at d = 64, float32, full
// and causal, over n = 1,024 … 65,536: naive up to the size that fits in memory (beyond it, the
// refusal a user would read), the exact kernel to 16,384, Flash, window (w = 256), sparse and
// linear to 65,536. Counters: GFLOP/s by the chapter's formulas (costFlops: 4·n²·d halved when
// causal, 4·n·(2w − 1)·d, 4·n·d², …), the peak extra bytes of the call (core/base/PeakMemory.h,
// measured on the first iteration), the threads, and the float32 ceiling measured right after the
// timing (a quarter of a second of fused multiply-adds on the same threads: on a shared machine
// whose speed changes from minute to minute, the share of the ceiling is only meaningful against
// a ceiling measured at the same moment); the label is the instruction set. Then the machine's
// ceiling once more on its own (fmaPeak). scripts/bench_cost.py runs it beside the chapter's
// PyTorch code.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/PeakMemory.h"
#include "core/base/SeededGenerator.h"
#include "core/base/WorkerPool.h"
#include "core/costlab/CostKernel.h"
#include "core/costlab/CostMemory.h"
#include "tests/bench/fma_peak.h"

namespace {

using attnviz::CostKernel;
using attnviz::CostMask;
using attnviz::RowMatrix;

constexpr int kD = 64;

unsigned poolThreads() { return attnviz::WorkerPool::shared().helperCount() + 1; }

RowMatrix<float> randomMatrix(int rows, int cols, const char* tag) {
    attnviz::SeededGenerator generator(0, tag);
    RowMatrix<float> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(generator.nextSymmetric(1.7320508));
    return m;
}

// GFLOP/s of fused multiply-adds on every thread of the pool over about a quarter of a second.
double ceilingNow() {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    std::int64_t flops = 0;
    double seconds = 0;
    while (seconds < 0.25) {
        flops += attnviz::bench::fmaRoundsOnThreads(1'000'000, poolThreads());
        seconds = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return static_cast<double>(flops) / seconds * 1e-9;
}

void costKernel(benchmark::State& state, CostKernel kernel, CostMask mask) {
    const int n = static_cast<int>(state.range(0));
    attnviz::CostOptions options;
    options.kernel = kernel;
    options.mask = mask;
    options.window = 256;
    try {
        attnviz::checkCostFits(options, n, kD, kD, sizeof(float), attnviz::CostInputs::Counted);
    } catch (const attnviz::ConfigError& refusal) {
        state.SkipWithError(refusal.what());  // the sentence the lab and `attnviz cost` show
        return;
    }
    const RowMatrix<float> q = randomMatrix(n, kD, "Q"), k = randomMatrix(n, kD, "K"), v = randomMatrix(n, kD, "V");
    std::int64_t peakExtra = -1;
    for (auto _ : state) {
        if (peakExtra < 0) {  // the first iteration also measures (the meter's set-up is not timed)
            state.PauseTiming();
            const attnviz::PeakMemoryMeter meter;
            state.ResumeTiming();
            auto result = attnviz::runCostKernel<float>(q, k, v, options);
            benchmark::DoNotOptimize(result.output.data());
            state.PauseTiming();
            peakExtra = meter.peakExtraBytes();
            state.ResumeTiming();
        } else {
            auto result = attnviz::runCostKernel<float>(q, k, v, options);
            benchmark::DoNotOptimize(result.output.data());
        }
    }
    state.counters["GFLOP/s"] = benchmark::Counter(attnviz::costFlops(options, n, kD, kD) * 1e-9,
                                                   benchmark::Counter::kIsIterationInvariantRate);
    state.counters["peak_extra_bytes"] = static_cast<double>(peakExtra);
    state.counters["threads"] = poolThreads();
    state.counters["ceiling_GFLOP/s"] = ceilingNow();
    state.SetLabel(attnviz::kernelInstructionSet());
}

void fmaPeak(benchmark::State& state) {
    constexpr std::int64_t kRounds = 4'000'000;  // ~10 ms per thread: thread start-up is noise
    const unsigned threads = poolThreads();
    std::int64_t flops = 0;
    for (auto _ : state) flops = attnviz::bench::fmaRoundsOnThreads(kRounds, threads);
    state.counters["GFLOP/s"] = benchmark::Counter(static_cast<double>(flops) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["threads"] = threads;
    state.SetLabel(attnviz::bench::fmaInstructionSet());
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    struct Range {
        CostKernel kernel;
        int largest;
    };
    // Naive is registered past what fits so that its refusal shows in the output.
    for (const Range range : {Range{CostKernel::Naive, 65536}, Range{CostKernel::Exact, 16384}, Range{CostKernel::Flash, 65536},
                              Range{CostKernel::Window, 65536}, Range{CostKernel::Sparse, 65536},
                              Range{CostKernel::Linear, 65536}}) {
        for (const CostMask mask : {CostMask::Full, CostMask::Causal}) {
            const std::string name =
                std::string(attnviz::costKernelName(range.kernel)) + (mask == CostMask::Causal ? "_causal" : "_full");
            auto* benchmark = benchmark::RegisterBenchmark(name.c_str(), [range, mask](benchmark::State& state) {
                costKernel(state, range.kernel, mask);
            });
            for (int n = 1024; n <= range.largest; n *= 2) benchmark->Arg(n);
            // Besides the median, the best repetition: of GFLOP/s and of the ceiling measured with
            // it, the least disturbed by the rest of a shared machine ("max" of a time is its worst).
            benchmark->Unit(benchmark::kMillisecond)->UseRealTime()->ComputeStatistics("max", [](const std::vector<double>& v) {
                return *std::max_element(v.begin(), v.end());
            });
        }
    }
    benchmark::RegisterBenchmark("fmaPeak", fmaPeak)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
