#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/base/Limits.h"

namespace attnviz {

/// One point of the "why scale by √d_k" chart, for one d_k.
struct ScalingPoint {
    int dK = 0;
    double varianceUnscaled = 0;   ///< sample variance of q·k (theory: d_k)
    double varianceScaled = 0;     ///< sample variance of q·k / √d_k (theory: 1)
    double maxWeightUnscaled = 0;  ///< mean over rows of the largest softmax weight of n scores q·k_j
    double maxWeightScaled = 0;    ///< the same with the scores divided by √d_k
};

/// The chapter's argument measured: for d_k = 1, 2, 4, … maxDk, q and k have independent entries
/// of unit variance (uniform on [−√3, √3), drawn from SeededGenerator(seed, "scaling")); the
/// variance of q·k grows like d_k, and without scaling the softmax of a row of rowLength scores
/// saturates (its largest weight goes to 1), which is what ÷√d_k prevents.
/// When cancel is set (checked before each d_k), the points made so far are returned.
[[nodiscard]] std::vector<ScalingPoint> scalingStudy(int maxDk = limits::kMaxStudyDk, int samples = 4000, int rowLength = 16,
                                                     std::uint64_t seed = 42,
                                                     const std::atomic<bool>* cancel = nullptr);

}  // namespace attnviz
