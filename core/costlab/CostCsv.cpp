#include "core/costlab/CostCsv.h"

#include "core/base/NumberText.h"
#include "core/io/AtomicFile.h"

namespace attnviz {

std::string costCsvText(const std::vector<CostPoint>& points) {
    std::string text = "kernel,n,d,median_ms,peak_extra_bytes\n";
    for (const CostPoint& point : points) {
        text += costKernelName(point.kernel);
        text += ',' + std::to_string(point.n) + ',' + std::to_string(point.d) + ',' + shortestText(point.medianMs) + ',' +
                std::to_string(point.peakExtraBytes) + '\n';
    }
    return text;
}

void writeCostCsv(const std::filesystem::path& path, const std::vector<CostPoint>& points) {
    writeFileAtomically(path, costCsvText(points));
}

}  // namespace attnviz
