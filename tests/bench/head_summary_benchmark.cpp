// Speed of the per-head summaries the model view sorts and highlights by (summarizeStack), for a
// grid of GPT-2 small's shape, 12 layers × 12 heads, at n = 64 and n = 1024: from a forward
// pass's Q and K (each head's weights recomputed in float64, as the model view does for a real
// model) and from imported float32 weights (a .npy computed elsewhere). Medians of 3 runs.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/base/SeededGenerator.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"

namespace {

using attnviz::AttentionStack;
using attnviz::RowMatrix;

constexpr int kLayers = 12, kHeads = 12, kHeadSize = 64;

RowMatrix<float> randomMatrix(int rows, int cols, attnviz::SeededGenerator& generator) {
    RowMatrix<float> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(generator.nextSymmetric(1.7320508));
    return m;
}

/// Random Q and K per layer, with each head's causal row max and sum computed from them (so that
/// every row of weights sums to 1, as after a forward pass).
std::shared_ptr<const attnviz::gpt2::Gpt2Trace> randomForwardPass(int n) {
    attnviz::SeededGenerator generator(0, "head summaries");
    auto trace = std::make_shared<attnviz::gpt2::Gpt2Trace>();
    trace->heads = kHeads;
    trace->tokenIds.assign(static_cast<std::size_t>(n), 0);
    for (int l = 0; l < kLayers; ++l) {
        attnviz::gpt2::Gpt2LayerTrace layer;
        layer.queries = randomMatrix(n, kHeads * kHeadSize, generator);
        layer.keys = randomMatrix(n, kHeads * kHeadSize, generator);
        layer.rowMax.resize(kHeads, n);
        layer.rowSum.resize(kHeads, n);
        for (int h = 0; h < kHeads; ++h) {
            const Eigen::MatrixXf scores = layer.queries.middleCols(h * kHeadSize, kHeadSize) *
                                           layer.keys.middleCols(h * kHeadSize, kHeadSize).transpose() / 8.0f;
            for (int i = 0; i < n; ++i) {
                const float max = scores.row(i).head(i + 1).maxCoeff();
                layer.rowMax(h, i) = max;
                layer.rowSum(h, i) = (scores.row(i).head(i + 1).array() - max).exp().sum();
            }
        }
        trace->layers.push_back(std::move(layer));
    }
    return trace;
}

/// 144 heads of causal float32 weights, each row uniform over its keys j ≤ i (the values do not
/// change the work).
std::shared_ptr<const attnviz::ImportedWeights> importedWeights(int n) {
    auto imported = std::make_shared<attnviz::ImportedWeights>();
    imported->layers = kLayers;
    imported->heads = kHeads;
    imported->causal = true;
    imported->tokens.assign(static_cast<std::size_t>(n), "t");
    Eigen::MatrixXf head = Eigen::MatrixXf::Zero(n, n);
    for (int i = 0; i < n; ++i) head.row(i).head(i + 1).setConstant(1.0f / static_cast<float>(i + 1));
    imported->weights.assign(kLayers * kHeads, head);
    return imported;
}

void summarize(benchmark::State& state, const AttentionStack& stack) {
    for (auto _ : state) {
        auto summaries = attnviz::summarizeStack(stack);
        benchmark::DoNotOptimize(summaries.data());
    }
    state.SetLabel(std::to_string(kLayers) + " × " + std::to_string(kHeads) + " heads");
}

void summarizeForwardPass(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    std::vector<std::string> tokens(static_cast<std::size_t>(n), "t");
    summarize(state, AttentionStack::fromModel(randomForwardPass(n), tokens));
}

void summarizeImported(benchmark::State& state) {
    summarize(state, AttentionStack::fromImported(importedWeights(static_cast<int>(state.range(0)))));
}

}  // namespace

// n = 1024 takes seconds a run: one iteration per repetition there.
BENCHMARK(summarizeForwardPass)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(summarizeForwardPass)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(summarizeImported)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(summarizeImported)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK_MAIN();
