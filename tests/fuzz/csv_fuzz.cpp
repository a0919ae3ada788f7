// Matrix CSV: what is read writes back and reads to the same corner, labels and values (bit for
// bit; a NaN as a NaN: the format writes every NaN "nan"); the written text is a fixed point.
#include "core/formats/MatrixCsv.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const CsvMatrix matrix = readMatrixCsv(fuzz::bytesOf(data, size));
        fuzz::require(static_cast<Eigen::Index>(matrix.rowLabels.size()) == matrix.values.rows() &&
                          static_cast<Eigen::Index>(matrix.columnLabels.size()) == matrix.values.cols(),
                      "labels that do not match the values");
        const std::string written = matrixCsv(matrix);
        const CsvMatrix again = readMatrixCsv(written);
        fuzz::require(again.corner == matrix.corner, "the corner cell read back differs");
        fuzz::require(again.rowLabels == matrix.rowLabels, "row labels read back differ");
        fuzz::require(again.columnLabels == matrix.columnLabels, "column labels read back differ");
        fuzz::require(fuzz::sameNumbers(again.values, matrix.values), "values read back differ");
        fuzz::require(matrixCsv(again) == written, "a CSV's text is not a fixed point");
    });
    return 0;
}
