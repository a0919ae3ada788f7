#include "core/costlab/CostMemory.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"

namespace attnviz {

CostFootprint costFootprint(const CostOptions& options, int n, int d, int dv, int elementBytes) {
    const double rows = n, bytes = elementBytes;
    CostFootprint footprint;
    footprint.inputs = rows * (2.0 * d + dv) * bytes;
    if (options.kernel == CostKernel::Naive) footprint.scoreMatrix = rows * rows * bytes;
    if (options.weights) footprint.weights = rows * rows * bytes;
    // The output, the row statistics and, for the tiled kernels, their copy of K and V.
    footprint.working = rows * (dv + 2.0) * bytes;
    if (options.kernel != CostKernel::Naive && options.kernel != CostKernel::Linear)
        footprint.working += rows * (static_cast<double>(d) + dv) * bytes;
    return footprint;
}

void checkCostFits(const CostOptions& options, int n, int d, int dv, int elementBytes, CostInputs inputs) {
    const auto limit = static_cast<double>(limits::kMaxCostLabBytes);
    const CostFootprint footprint = costFootprint(options, n, d, dv, elementBytes);
    const std::string name = costKernelName(options.kernel), size = groupedThousands(n);
    if (footprint.scoreMatrix > limit)
        throw ConfigError(ErrorCode::CostScoreMatrixTooLarge,
                          {name, size, binaryBytes(footprint.scoreMatrix), binaryBytes(limit)});
    if (footprint.weights > limit)
        throw ConfigError(ErrorCode::CostWeightsTooLarge, {size, binaryBytes(footprint.weights), binaryBytes(limit)});
    const double total = (inputs == CostInputs::Counted ? footprint.inputs : 0.0) + footprint.scoreMatrix +
                         footprint.weights + footprint.working;
    if (total > limit)
        throw ConfigError(ErrorCode::CostMemoryTooLarge,
                          {name, size, groupedThousands(d), binaryBytes(total), binaryBytes(limit)});
}

std::string groupedThousands(long long value) {
    const std::string digits = std::to_string(value < 0 ? -value : value);
    std::string grouped = value < 0 ? "-" : "";
    for (std::size_t at = 0; at < digits.size(); ++at) {
        if (at > 0 && (digits.size() - at) % 3 == 0) grouped += ',';
        grouped += digits[at];
    }
    return grouped;
}

std::string binaryBytes(double bytes) {
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024) return std::to_string(static_cast<long long>(bytes)) + " bytes";
    int unit = -1;
    while (bytes >= 1024 && unit < 5) {
        bytes /= 1024;
        ++unit;
    }
    double tenths = std::round(bytes * 10) / 10;
    if (tenths >= 1024 && unit < 5) {  // 1023.96 KiB is "1 MiB", not "1024 KiB"
        tenths /= 1024;
        ++unit;
    }
    char text[32];
    if (tenths == std::floor(tenths))
        std::snprintf(text, sizeof text, "%.0f %s", tenths, kUnits[unit]);
    else
        std::snprintf(text, sizeof text, "%.1f %s", tenths, kUnits[unit]);
    return text;
}

}  // namespace attnviz
