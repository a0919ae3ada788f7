#include "core/costlab/CostSweep.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "core/base/Errors.h"
#include "core/base/LargePages.h"
#include "core/base/PeakMemory.h"
#include "core/base/SeededGenerator.h"
#include "core/costlab/CostMemory.h"

namespace attnviz {
namespace {

int elementBytes(CostElement element) { return element == CostElement::Float32 ? 4 : 8; }

void throwIfCancelled(const std::atomic<bool>* cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

/// n × d entries uniform in [−1, 1), the same for every kernel at this n.
template <typename T>
RowMatrix<T> randomMatrix(int n, int d, std::uint64_t seed, const char* name) {
    SeededGenerator generator(seed, std::string("cost:") + name + ":" + std::to_string(n));
    RowMatrix<T> matrix(n, d);
    adviseLargePages(matrix.data(), sizeof(T) * static_cast<std::size_t>(matrix.size()));  // see LargePages.h
    for (Eigen::Index i = 0; i < matrix.size(); ++i) matrix.data()[i] = static_cast<T>(generator.nextSymmetric(1.0));
    return matrix;
}

double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

template <typename T>
CostPoint measurePoint(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                       int repeats, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols());
    CostPoint point;
    point.kernel = options.kernel;
    point.n = n;
    point.d = d;
    point.flops = costFlops(options, n, d, d);
    // The result is freed inside the measured work: the peak is what the call needed at its height.
    point.peakExtraBytes = measurePeakExtraBytes([&] { (void)runCostKernel<T>(q, k, v, options, cancel); });
    std::vector<double> milliseconds;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        throwIfCancelled(cancel);
        CostResult<T> result;
        const auto start = std::chrono::steady_clock::now();
        result = runCostKernel<T>(q, k, v, options, cancel);
        const auto stop = std::chrono::steady_clock::now();
        milliseconds.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    point.medianMs = medianOf(std::move(milliseconds));
    return point;
}

template <typename T>
void sweep(const CostPlan& plan, const CostPointDone& onPoint, const std::atomic<bool>* cancel,
           std::vector<CostPoint>& points) {
    for (const int n : plan.sizes) {
        throwIfCancelled(cancel);
        const RowMatrix<T> q = randomMatrix<T>(n, plan.d, plan.seed, "q");
        const RowMatrix<T> k = randomMatrix<T>(n, plan.d, plan.seed, "k");
        const RowMatrix<T> v = randomMatrix<T>(n, plan.d, plan.seed, "v");
        for (const CostKernel kernel : plan.kernels) {
            throwIfCancelled(cancel);
            CostOptions options = plan.options;
            options.kernel = kernel;
            options.weights = false;
            points.push_back(measurePoint<T>(q, k, v, options, plan.repeats, cancel));
            if (onPoint) onPoint(points.back());
        }
    }
}

}  // namespace

std::vector<int> costSizes(int from, int to) {
    std::vector<int> sizes;
    if (from < 1 || from > to) return sizes;
    sizes.push_back(from);
    long long power = 1;
    while (power <= from) power *= 2;
    for (; power < to; power *= 2) sizes.push_back(static_cast<int>(power));
    if (to != from) sizes.push_back(to);
    return sizes;
}

void checkCostPlan(const CostPlan& plan) {
    if (plan.kernels.empty() || plan.sizes.empty()) throw ConfigError(ErrorCode::CostPlanEmpty);
    if (plan.d < 1) throw ConfigError(ErrorCode::CostPlanBelowOne, {"d", std::to_string(plan.d)});
    if (plan.repeats < 1) throw ConfigError(ErrorCode::CostPlanBelowOne, {"repeats", std::to_string(plan.repeats)});
    for (const int n : plan.sizes)
        if (n < 1) throw ConfigError(ErrorCode::CostPlanBelowOne, {"n", std::to_string(n)});
    for (const int n : plan.sizes) {
        for (const CostKernel kernel : plan.kernels) {
            CostOptions options = plan.options;
            options.kernel = kernel;
            options.weights = false;
            checkCostOptions(options, n);
            checkCostFits(options, n, plan.d, plan.d, elementBytes(plan.element), CostInputs::Counted);
        }
    }
}

std::vector<CostPoint> runCostSweep(const CostPlan& plan, const CostPointDone& onPoint, const std::atomic<bool>* cancel) {
    checkCostPlan(plan);
    std::vector<CostPoint> points;
    points.reserve(plan.kernels.size() * plan.sizes.size());
    if (plan.element == CostElement::Float32)
        sweep<float>(plan, onPoint, cancel, points);
    else
        sweep<double>(plan, onPoint, cancel, points);
    return points;
}

}  // namespace attnviz
