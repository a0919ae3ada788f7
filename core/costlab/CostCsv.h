#pragma once
// The sweep's measurements as CSV, one row per kernel and n, for a spreadsheet or numpy.
#include <filesystem>
#include <string>
#include <vector>

#include "core/costlab/CostSweep.h"

namespace attnviz {

/// The header `kernel,n,d,median_ms,peak_extra_bytes` and one row per point, in the points'
/// order: the kernel's name (costKernelName), n, d, the median time in milliseconds (shortest
/// text that reads back to the same double) and the peak extra bytes (−1: not measured). Lines
/// end with "\n".
[[nodiscard]] std::string costCsvText(const std::vector<CostPoint>& points);

/// costCsvText written atomically (core/io/AtomicFile.h): an existing file is left as it was on
/// failure. Throws IoError.
void writeCostCsv(const std::filesystem::path& path, const std::vector<CostPoint>& points);

}  // namespace attnviz
