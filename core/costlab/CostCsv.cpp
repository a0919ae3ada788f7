#include "core/costlab/CostCsv.h"

#include <array>
#include <charconv>

#include "core/io/AtomicFile.h"

namespace attnviz {
namespace {

/// The shortest decimal text that reads back to the same double.
std::string shortest(double value) {
    std::array<char, 32> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return error == std::errc{} ? std::string(buffer.data(), end) : std::string("nan");
}

}  // namespace

std::string costCsvText(const std::vector<CostPoint>& points) {
    std::string text = "kernel,n,d,median_ms,peak_extra_bytes\n";
    for (const CostPoint& point : points) {
        text += costKernelName(point.kernel);
        text += ',' + std::to_string(point.n) + ',' + std::to_string(point.d) + ',' + shortest(point.medianMs) + ',' +
                std::to_string(point.peakExtraBytes) + '\n';
    }
    return text;
}

void writeCostCsv(const std::filesystem::path& path, const std::vector<CostPoint>& points) {
    writeFileAtomically(path, costCsvText(points));
}

}  // namespace attnviz
