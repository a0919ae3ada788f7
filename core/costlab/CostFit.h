#pragma once
// What the measured points say: the slope of a kernel's curve on log–log axes (2 for a cost
// growing like n², 1 like n), and the chapter's formula it should follow.
#include <optional>
#include <vector>

#include "core/costlab/CostKernel.h"
#include "core/costlab/CostSweep.h"

namespace attnviz {

/// The least-squares slope b of log(y) = a + b·log(x) over the pairs with x > 0 and y > 0;
/// nullopt when fewer than two distinct x remain. (The base of the logarithm does not matter.)
[[nodiscard]] std::optional<double> logLogSlope(const std::vector<double>& x, const std::vector<double>& y);

/// A kernel's fitted slopes, time and peak memory against n, over its points of large n: those
/// with n ≥ √(smallest n · largest n) (the upper half of the log axis; at least the two largest).
/// Small n are left out on purpose: there, fixed costs (starting threads, a page of memory) hide
/// the growth the formula describes.
struct CostSlopes {
    std::optional<double> time;
    std::optional<double> memory;
    int fromN = 0;  ///< the smallest n of the fit (0 when there are fewer than two sizes)
};
[[nodiscard]] CostSlopes costSlopes(const std::vector<CostPoint>& points, CostKernel kernel);

/// The chapter's orders of growth, as the charts write them: time "O(n²·d)" (naive, exact,
/// flash), "O(n·w·d)" (window), "O(n·b·d)" (sparse: b the keys of a row's kept blocks),
/// "O(n·d²)" (linear); memory beyond Q, K, V "O(n²)" (naive: the score matrix) and "O(n·d)"
/// (every other).
[[nodiscard]] const char* costTimeFormula(CostKernel kernel);
[[nodiscard]] const char* costMemoryFormula(CostKernel kernel);

}  // namespace attnviz
