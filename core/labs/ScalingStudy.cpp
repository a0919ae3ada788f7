#include "core/labs/ScalingStudy.h"

#include <algorithm>
#include <cmath>

#include "core/base/SeededGenerator.h"

namespace attnviz {
namespace {

double sampleVariance(const std::vector<double>& values) {
    double mean = 0;
    for (double v : values) mean += v;
    mean /= static_cast<double>(values.size());
    double sum = 0;
    for (double v : values) sum += (v - mean) * (v - mean);
    return sum / static_cast<double>(values.size() - 1);
}

double largestSoftmaxWeight(const std::vector<double>& scores, double divisor) {
    double max = -INFINITY;
    for (double s : scores) max = std::max(max, s / divisor);
    double sum = 0;
    for (double s : scores) sum += std::exp(s / divisor - max);
    return 1.0 / sum;  // the largest weight is exp(max − max) / sum
}

}  // namespace

std::vector<ScalingPoint> scalingStudy(int maxDk, int samples, int rowLength, std::uint64_t seed,
                                       const std::atomic<bool>* cancel) {
    SeededGenerator generator(seed, "scaling");
    const double unitHalfWidth = std::sqrt(3.0);
    std::vector<ScalingPoint> points;
    for (int dK = 1; dK <= maxDk; dK *= 2) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) break;
        const double root = std::sqrt(static_cast<double>(dK));
        std::vector<double> dots(static_cast<std::size_t>(samples));
        std::vector<double> scaledDots(dots.size());
        double maxWeightUnscaled = 0, maxWeightScaled = 0;
        std::vector<double> q(static_cast<std::size_t>(dK));
        std::vector<double> row(static_cast<std::size_t>(rowLength));
        // Each sample is one query against rowLength keys; its first score feeds the variance.
        for (int s = 0; s < samples; ++s) {
            for (double& x : q) x = generator.nextSymmetric(unitHalfWidth);
            for (double& score : row) {
                score = 0;
                for (double x : q) score += x * generator.nextSymmetric(unitHalfWidth);
            }
            dots[static_cast<std::size_t>(s)] = row[0];
            scaledDots[static_cast<std::size_t>(s)] = row[0] / root;
            maxWeightUnscaled += largestSoftmaxWeight(row, 1.0);
            maxWeightScaled += largestSoftmaxWeight(row, root);
        }
        points.push_back({dK, sampleVariance(dots), sampleVariance(scaledDots), maxWeightUnscaled / samples,
                          maxWeightScaled / samples});
    }
    return points;
}

}  // namespace attnviz
