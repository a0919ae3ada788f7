#pragma once
#include <Eigen/Core>
#include <atomic>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/text/Tokenizer.h"

namespace attnviz {

/// One matrix as CSV (RFC 4180: fields separated by ',', records ended by CRLF; a field that
/// contains ',', '"', CR or LF is quoted, its quotes doubled). First record: the corner cell,
/// then one label per column. Then one record per matrix row: its label, then its values.
/// Values are the shortest text that reads back to the same double (std::to_chars); a masked
/// cell (−∞) is written "-inf" (+∞ "inf", NaN "nan").
struct CsvMatrix {
    std::string corner;
    std::vector<std::string> rowLabels;
    std::vector<std::string> columnLabels;
    Eigen::MatrixXd values;
};

/// "0:The", "1:cat", … (index:token text): unique even when a word repeats.
[[nodiscard]] std::vector<std::string> tokenLabels(const std::vector<Token>& tokens);
/// "d<first>", "d<first+1>", … count labels.
[[nodiscard]] std::vector<std::string> dimensionLabels(int count, int first = 0);

/// Writes the matrix; throws std::invalid_argument when the label counts do not match it.
void writeMatrixCsv(std::ostream& out, const CsvMatrix& matrix);
[[nodiscard]] std::string matrixCsv(const CsvMatrix& matrix);

/// Same, for a matrix too large to hold: fetchRows(row0, rowCount) returns rows
/// [row0, row0+rowCount) (rowCount × columnLabels.size()). Rows are asked for in blocks.
void writeMatrixCsv(std::ostream& out, std::string_view corner, const std::vector<std::string>& rowLabels,
                    const std::vector<std::string>& columnLabels,
                    const std::function<Eigen::MatrixXd(int row0, int rowCount)>& fetchRows);

/// One step's matrix of a trace (AttentionTrace::block, so n × n steps are streamed by block).
/// Rows: token labels. Columns: token labels (scores, scaled, masked, weights) or dimension
/// labels d<c> numbered as columns of the full n × d_model matrix (head index h of Q:
/// d<h·d_k> …; X and output: d0 …). Corner: "<step> (head h + 1)", heads counted from 1 as a
/// person reads them (head index 0: "weights (head 1)"); "<step> (mean of heads)" for n × n
/// steps with kAllHeads, "<step> (all heads)" otherwise. Throws Cancelled when *cancel turns true.
void writeStepCsv(std::ostream& out, const AttentionTrace& trace, Step step, int head,
                  const std::atomic<bool>* cancel = nullptr);

/// Parses CSV written by writeMatrixCsv (or by hand / a spreadsheet): RFC 4180 quoting, CRLF or
/// LF line ends, an optional UTF-8 byte order mark, an optional final line end. Numbers may be
/// surrounded by spaces; "-inf", "inf", "nan" are accepted. Throws FormatError naming the row
/// and column (1-based, as a spreadsheet shows them) for an unclosed quote, a stray character
/// after a closing quote, a record with the wrong number of fields, or a value that is not a
/// number.
[[nodiscard]] CsvMatrix readMatrixCsv(std::string_view text);

}  // namespace attnviz
