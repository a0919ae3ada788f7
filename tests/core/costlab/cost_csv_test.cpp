// The measurements' CSV: its exact columns and rows, and an atomic write.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/base/Errors.h"
#include "core/costlab/CostCsv.h"
#include "core/io/AtomicFile.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

std::vector<CostPoint> twoPoints() {
    CostPoint naive;
    naive.kernel = CostKernel::Naive;
    naive.n = 1024;
    naive.d = 64;
    naive.medianMs = 12.5;
    naive.peakExtraBytes = 4198400;
    CostPoint linear = naive;
    linear.kernel = CostKernel::Linear;
    linear.medianMs = 0.1;
    linear.peakExtraBytes = -1;
    return {naive, linear};
}

TEST(CostCsv, OneRowPerKernelAndN) {
    EXPECT_EQ(costCsvText(twoPoints()),
              "kernel,n,d,median_ms,peak_extra_bytes\n"
              "naive,1024,64,12.5,4198400\n"
              "linear,1024,64,0.1,-1\n");
    EXPECT_EQ(costCsvText({}), "kernel,n,d,median_ms,peak_extra_bytes\n");
}

TEST(CostCsv, WritesAtomically) {
    const testing::TempFolder folder;
    const std::filesystem::path path = folder.path() / "cost.csv";
    writeCostCsv(path, twoPoints());
    EXPECT_EQ(readFileBytes(path), costCsvText(twoPoints()));
    EXPECT_THROW(writeCostCsv(folder.path() / "missing" / "cost.csv", twoPoints()), IoError);
    EXPECT_EQ(folder.entries(), std::vector<std::string>{"cost.csv"}) << "no temporary left";
}

}  // namespace
}  // namespace attnviz
