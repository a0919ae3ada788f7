#pragma once
// The quadratic wall, measured: every chosen kernel at every chosen n, on the same random Q, K, V,
// timed (the median of repeats) and its peak extra memory read from the process
// (core/base/PeakMemory.h). The lab's tab and `attnviz cost` run the same sweep.
//
// Typical use:
//     CostPlan plan;  plan.kernels = {CostKernel::Naive, CostKernel::Flash};  plan.sizes = costSizes(64, 4096);
//     checkCostPlan(plan);                        // ConfigError before any work: nothing started
//     const auto points = runCostSweep(plan, [](const CostPoint& p) { … }, &cancelFlag);
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/costlab/CostKernel.h"

namespace attnviz {

/// The element type the kernels compute in.
enum class CostElement { Float32, Float64 };

/// What a sweep measures.
struct CostPlan {
    std::vector<CostKernel> kernels;  ///< in the order their points are measured at each n
    std::vector<int> sizes;           ///< n, each ≥ 1, measured in this order
    int d = 64;                       ///< d_k = d_v
    int repeats = 3;                  ///< timed calls per point (the median is kept), ≥ 1
    CostElement element = CostElement::Float32;
    /// The mask, window, blocks, tile and threads every kernel runs with (kernel and weights are
    /// set per point: the sweep never asks for the n × n weights).
    CostOptions options;
    std::uint64_t seed = 42;  ///< Q, K, V at n come from SeededGenerator(seed, "cost:q:" + n) …
};

/// One kernel at one n: what a CSV row holds, and the FLOPs the chapter's formula counts.
struct CostPoint {
    CostKernel kernel = CostKernel::Flash;
    int n = 0;
    int d = 0;
    double medianMs = 0;                ///< median wall-clock time of the repeats, in milliseconds
    std::int64_t peakExtraBytes = -1;   ///< PeakMemoryMeter of one extra call; −1 when unavailable
    double flops = 0;                   ///< costFlops(options, n, d, d)
};

/// The powers of two from `from` to `to`, with the ends themselves when they are not powers:
/// costSizes(64, 512) = {64, 128, 256, 512}; costSizes(100, 1000) = {100, 128, 256, 512, 1000};
/// costSizes(n, n) = {n}. Empty when from < 1 or from > to.
[[nodiscard]] std::vector<int> costSizes(int from, int to);

/// Throws ConfigError when the plan cannot run WHOLE, before anything is allocated: no kernel or
/// no size (CostPlanEmpty), n, d or repeats below 1 (CostPlanBelowOne), options a kernel refuses
/// at some n (checkCostOptions), or a point that would not fit in memory with its Q, K, V
/// (checkCostFits: "naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)"), the
/// first such point in measuring order.
void checkCostPlan(const CostPlan& plan);

/// Called after each point is measured, in measuring order, on the sweep's thread.
using CostPointDone = std::function<void(const CostPoint&)>;

/// Runs the plan (checkCostPlan first: a refused plan starts nothing and calls nothing). For each
/// n in order: random Q, K, V (n × d, uniform in [−1, 1)), then each kernel: one call measured by
/// PeakMemoryMeter (the peak extra memory; it also warms the caches and the thread pool, and the
/// meter's heap trim and counter reset stay out of the timings), then `repeats` timed calls
/// (steady_clock) whose median is kept. Throws Cancelled when *cancel becomes true: between
/// calls, and inside a call between blocks of rows (the kernels watch it too).
std::vector<CostPoint> runCostSweep(const CostPlan& plan, const CostPointDone& onPoint = {},
                                    const std::atomic<bool>* cancel = nullptr);

}  // namespace attnviz
