#include "core/costlab/CostFit.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace attnviz {

std::optional<double> logLogSlope(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> logX, logY;
    std::set<double> distinct;
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        if (!(x[i] > 0) || !(y[i] > 0) || !std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
        logX.push_back(std::log(x[i]));
        logY.push_back(std::log(y[i]));
        distinct.insert(x[i]);
    }
    if (distinct.size() < 2) return std::nullopt;
    const auto count = static_cast<double>(logX.size());
    double meanX = 0, meanY = 0;
    for (std::size_t i = 0; i < logX.size(); ++i) {
        meanX += logX[i] / count;
        meanY += logY[i] / count;
    }
    double covariance = 0, variance = 0;
    for (std::size_t i = 0; i < logX.size(); ++i) {
        covariance += (logX[i] - meanX) * (logY[i] - meanY);
        variance += (logX[i] - meanX) * (logX[i] - meanX);
    }
    return covariance / variance;
}

CostSlopes costSlopes(const std::vector<CostPoint>& points, CostKernel kernel) {
    std::vector<int> sizes;
    for (const CostPoint& point : points)
        if (point.kernel == kernel) sizes.push_back(point.n);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    CostSlopes slopes;
    if (sizes.size() < 2) return slopes;
    const double middle = std::sqrt(static_cast<double>(sizes.front()) * sizes.back());
    const auto firstLarge = std::lower_bound(sizes.begin(), sizes.end(), middle - 1e-9);
    slopes.fromN = std::min(*firstLarge, sizes[sizes.size() - 2]);
    std::vector<double> n, time, memory;
    for (const CostPoint& point : points) {
        if (point.kernel != kernel || point.n < slopes.fromN) continue;
        n.push_back(point.n);
        time.push_back(point.medianMs);
        memory.push_back(static_cast<double>(point.peakExtraBytes));
    }
    slopes.time = logLogSlope(n, time);
    slopes.memory = logLogSlope(n, memory);
    return slopes;
}

const char* costTimeFormula(CostKernel kernel) {
    switch (kernel) {
        case CostKernel::Naive:
        case CostKernel::Exact:
        case CostKernel::Flash: return "O(n²·d)";
        case CostKernel::Window: return "O(n·w·d)";
        case CostKernel::Sparse: return "O(n·b·d)";
        case CostKernel::Linear: return "O(n·d²)";
    }
    return "";
}

const char* costMemoryFormula(CostKernel kernel) { return kernel == CostKernel::Naive ? "O(n²)" : "O(n·d)"; }

}  // namespace attnviz
