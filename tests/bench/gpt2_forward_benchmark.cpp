// Speed of the GPT-2 forward pass (core/gpt2/runForward) on a checkpoint of GPT-2 small's shapes,
// the one ../shared/bench/anchor_gpt2_torch.py makes and times, on token ids 0 … n − 1 as it does.
// Prints GFLOP/s counted as the anchor counts them (2·n·P + 4·n²·n_embd·n_layer + 2·n_embd·vocab),
// the peak resident memory so far and the checkpoint's size, and the machine's float32 ceiling.
// Usage: gpt2_forward_benchmark CHECKPOINT_DIR [--benchmark_… flags]
// (The checkpoint is read by tests/support/Gpt2TestCheckpoint.h: the anchor writes no tokenizer
// files, which the loader, Gpt2Checkpoint, requires.)
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include "core/base/WorkerPool.h"
#include "core/gpt2/Gpt2Forward.h"
#include "tests/bench/fma_peak.h"
#include "tests/support/Gpt2TestCheckpoint.h"

namespace {

unsigned poolThreads() { return attnviz::WorkerPool::shared().helperCount() + 1; }

double peakResidentMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

double anchorFlops(const attnviz::gpt2::Gpt2Config& c, int n) {
    const double e = c.embedding, layers = c.layers;
    const double parameters = layers * (e * 3 * e + e * e + 2 * e * c.inner);
    return 2.0 * n * parameters + 4.0 * n * n * e * layers + 2.0 * e * c.vocabulary;
}

void forward(benchmark::State& state, const attnviz::testing::Gpt2TestCheckpoint& checkpoint, int n) {
    std::vector<int> ids(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) ids[static_cast<std::size_t>(i)] = i % checkpoint.weights().config.vocabulary;
    attnviz::gpt2::ForwardOptions options;
    options.threads = poolThreads();
    for (auto _ : state) {
        const auto trace = attnviz::gpt2::runForward(checkpoint.weights(), ids, options);
        benchmark::DoNotOptimize(trace.nextTokens.data());
    }
    state.counters["GFLOP/s"] = benchmark::Counter(anchorFlops(checkpoint.weights().config, n) * 1e-9,
                                                   benchmark::Counter::kIsIterationInvariantRate);
    state.counters["peak_MB"] = peakResidentMegabytes();
    state.counters["file_MB"] = static_cast<double>(checkpoint.fileSize()) / (1024.0 * 1024.0);
    state.counters["threads"] = options.threads;
}

// Independent fused multiply-adds on every thread of the pool, nothing from memory.
void fmaPeak(benchmark::State& state) {
    constexpr std::int64_t kRounds = 4'000'000;
    const unsigned threads = poolThreads();
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

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: gpt2_forward_benchmark CHECKPOINT_DIR [--benchmark_… flags]\n");
        return 2;
    }
    const auto checkpoint = std::make_unique<attnviz::testing::Gpt2TestCheckpoint>(argv[1]);
    for (const int n : {16, 20, 64, 256, 1024}) {
        if (n > checkpoint->weights().config.positions) continue;
        benchmark::RegisterBenchmark("forward", [&checkpoint, n](benchmark::State& state) { forward(state, *checkpoint, n); })
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    benchmark::RegisterBenchmark("fmaPeak", fmaPeak)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
