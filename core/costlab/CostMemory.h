#pragma once
// How much memory a cost-lab call needs, by the chapter's formulas, and the refusal of a call
// that would not fit, made before anything is allocated: "naive at n = 65,536 needs 16 GiB for
// one score matrix (limit 2 GiB)" rather than an out-of-memory crash. (What a call really used
// is measured, not computed: core/base/PeakMemory.h.)
#include <string>

#include "core/costlab/CostKernel.h"

namespace attnviz {

/// Whether the caller's Q, K and V count against the limit: they do when the lab or the command
/// line is about to make them; runCostKernel, which gets them made, checks without them.
enum class CostInputs { Counted, NotCounted };

/// Bytes one call needs, by part (doubles: n² overflows 64-bit integers for the largest n).
struct CostFootprint {
    double inputs = 0;       ///< Q, K, V: n·(2·d + d_v) elements
    double scoreMatrix = 0;  ///< naive only: the n × n score matrix
    double weights = 0;      ///< the n × n weights, when asked for
    double working = 0;      ///< the output and the kernel's own copies: O(n·(d + d_v))
};

/// The footprint of options.kernel on n positions, d = d_k, dv = d_v, elements of elementBytes
/// (4 for float, 8 for double).
[[nodiscard]] CostFootprint costFootprint(const CostOptions& options, int n, int d, int dv, int elementBytes);

/// Throws ConfigError when the call would need more than limits::kMaxCostLabBytes: the score
/// matrix alone (CostScoreMatrixTooLarge), the weights alone (CostWeightsTooLarge), or everything
/// together (CostMemoryTooLarge), each naming the kernel, n and the bytes.
void checkCostFits(const CostOptions& options, int n, int d, int dv, int elementBytes, CostInputs inputs);

/// 65536 → "65,536": how the refusals write n.
[[nodiscard]] std::string groupedThousands(long long value);
/// Bytes in binary units with at most one decimal: "16 GiB", "1.5 GiB", "768 MiB", "12 KiB", "100 bytes".
[[nodiscard]] std::string binaryBytes(double bytes);

}  // namespace attnviz
