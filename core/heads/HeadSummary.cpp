#include "core/heads/HeadSummary.h"

#include <array>
#include <cmath>
#include <cstdlib>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"
#include "core/heads/SummaryCache.h"

namespace attnviz {
namespace {

constexpr std::array<const char*, kHeadMeasureCount> kNames{"entropy", "distance", "previous", "first", "same"};

}  // namespace

const char* headMeasureName(HeadMeasure measure) { return kNames[static_cast<std::size_t>(measure)]; }

bool headMeasureFromName(std::string_view name, HeadMeasure& out) {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (name == kNames[i]) {
            out = static_cast<HeadMeasure>(i);
            return true;
        }
    }
    return false;
}

double HeadSummary::value(HeadMeasure measure) const {
    switch (measure) {
    case HeadMeasure::Entropy: return entropy;
    case HeadMeasure::MeanDistance: return meanDistance;
    case HeadMeasure::PreviousToken: return previousToken;
    case HeadMeasure::FirstToken: return firstToken;
    case HeadMeasure::SameToken: return sameToken;
    }
    return 0;
}

HeadSummary summarizeHead(const AttentionStack& stack, int layer, int head) {
    const Eigen::MatrixXd w = stack.weights(layer, head);
    const int n = stack.size();
    HeadSummary sum;
    int rows = 0;
    int previousRows = 0;
    for (int i = 0; i < n; ++i) {
        bool anyKey = false;
        for (int j = 0; j < n && !anyKey; ++j) anyKey = !stack.isMasked(i, j);
        if (!anyKey || stack.rowFullyMasked(i)) continue;
        ++rows;
        double entropy = 0;
        double distance = 0;
        for (int j = 0; j < n; ++j) {
            const double weight = w(i, j);
            if (weight > 0) entropy -= weight * std::log2(weight);
            distance += weight * std::abs(i - j);
        }
        sum.entropy += entropy;
        sum.meanDistance += distance;
        sum.firstToken += w(i, 0);
        sum.sameToken += w(i, i);
        if (i >= 1) {
            sum.previousToken += w(i, i - 1);
            ++previousRows;
        }
    }
    if (rows > 0) {
        sum.entropy /= rows;
        sum.meanDistance /= rows;
        sum.firstToken /= rows;
        sum.sameToken /= rows;
    }
    if (previousRows > 0) sum.previousToken /= previousRows;
    return sum;
}

const std::vector<HeadSummary>& AttentionStack::summaries(const std::atomic<bool>* cancel) const {
    {
        const std::lock_guard<std::mutex> lock(summaryCache_->mutex);
        if (summaryCache_->summaries) return *summaryCache_->summaries;
    }
    // Made without the lock, so that another thread's cancelled attempt never holds this one up;
    // the first to finish is kept.
    auto made = std::make_shared<const std::vector<HeadSummary>>(summarizeStack(*this, cancel));
    const std::lock_guard<std::mutex> lock(summaryCache_->mutex);
    if (!summaryCache_->summaries) summaryCache_->summaries = std::move(made);
    return *summaryCache_->summaries;
}

bool AttentionStack::hasSummaries() const {
    const std::lock_guard<std::mutex> lock(summaryCache_->mutex);
    return summaryCache_->summaries != nullptr;
}

std::vector<HeadSummary> summarizeStack(const AttentionStack& stack, const std::atomic<bool>* cancel) {
    const int count = stack.layers() * stack.heads();
    std::vector<HeadSummary> summaries(static_cast<std::size_t>(count));
    const double work = static_cast<double>(count) * stack.size() * stack.size() * 64;
    parallelFor(count, threadsForWork(work), [&](int index, unsigned) {
        if (cancel != nullptr && cancel->load()) return;
        summaries[static_cast<std::size_t>(index)] =
            summarizeHead(stack, index / stack.heads(), index % stack.heads());
    });
    if (cancel != nullptr && cancel->load()) throw Cancelled();
    return summaries;
}

}  // namespace attnviz
