#include "core/formats/MatrixCsv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/base/Errors.h"

namespace attnviz {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

/// Appends a field, quoted when it must be for the reader to read it back: when it holds ',',
/// '"', CR or LF; when it starts with a byte order mark (the reader drops one at the start of
/// the file); when it is empty and alone in its record (a blank line is not a record).
void appendField(std::string& line, std::string_view field, bool aloneInRecord = false) {
    const bool mustQuote = field.find_first_of(",\"\r\n") != std::string_view::npos ||
                           field.starts_with(kByteOrderMark) || (field.empty() && aloneInRecord);
    if (!mustQuote) {
        line.append(field);
        return;
    }
    line.push_back('"');
    for (const char c : field) {
        if (c == '"') line.push_back('"');
        line.push_back(c);
    }
    line.push_back('"');
}

void appendNumber(std::string& line, double value) {
    if (std::isnan(value)) {
        line.append("nan");
    } else if (std::isinf(value)) {
        line.append(value < 0 ? "-inf" : "inf");
    } else {
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
        line.append(buffer, result.ptr);
    }
}

constexpr std::string_view kLineEnd = "\r\n";

std::string headerLine(std::string_view corner, const std::vector<std::string>& columnLabels) {
    std::string line;
    appendField(line, corner, columnLabels.empty());
    for (const std::string& label : columnLabels) {
        line.push_back(',');
        appendField(line, label);
    }
    line.append(kLineEnd);
    return line;
}

void writeRows(std::ostream& out, const std::vector<std::string>& rowLabels, int row0,
               const Eigen::Ref<const Eigen::MatrixXd>& block, std::string& line) {
    for (Eigen::Index r = 0; r < block.rows(); ++r) {
        line.clear();
        appendField(line, rowLabels[static_cast<std::size_t>(row0 + r)], block.cols() == 0);
        for (Eigen::Index c = 0; c < block.cols(); ++c) {
            line.push_back(',');
            appendNumber(line, block(r, c));
        }
        line.append(kLineEnd);
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
}

/// Splits CSV text into records, one at a time.
class CsvCursor {
public:
    explicit CsvCursor(std::string_view text) : text_(text) {
        if (text_.starts_with(kByteOrderMark)) pos_ = kByteOrderMark.size();
    }

    /// The 1-based number of the record last returned.
    [[nodiscard]] std::size_t record() const { return record_; }

    /// Fills fields with the next record; false at the end (blank lines at the end are ignored).
    bool next(std::vector<std::string>& fields) {
        if (restIsBlank()) return false;
        ++record_;
        fields.clear();
        for (;;) {
            std::string& field = fields.emplace_back();
            const std::size_t column = fields.size();
            if (pos_ < text_.size() && text_[pos_] == '"') {
                ++pos_;
                for (;;) {
                    const std::size_t quote = text_.find('"', pos_);
                    if (quote == std::string_view::npos) fail(column, ErrorCode::CsvUnclosedQuote);
                    field.append(text_.substr(pos_, quote - pos_));
                    pos_ = quote + 1;
                    if (pos_ < text_.size() && text_[pos_] == '"') {
                        field.push_back('"');
                        ++pos_;
                        continue;
                    }
                    break;
                }
                if (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\r' && text_[pos_] != '\n') {
                    fail(column, ErrorCode::CsvAfterQuote);
                }
            } else {
                const std::size_t end = std::min(text_.find_first_of(",\r\n", pos_), text_.size());
                const std::string_view raw = text_.substr(pos_, end - pos_);
                if (raw.find('"') != std::string_view::npos) fail(column, ErrorCode::CsvStrayQuote);
                field.append(raw);
                pos_ = end;
            }
            if (pos_ >= text_.size()) return true;
            const char separator = text_[pos_++];
            if (separator == ',') continue;
            if (separator == '\r' && pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
            return true;
        }
    }

    /// A refusal at the current record's column (1-based); extra: the code's %3, if any.
    [[noreturn]] void fail(std::size_t column, ErrorCode code, std::string_view extra = {}) const {
        std::vector<std::string> args{std::to_string(record_), std::to_string(column)};
        if (!extra.empty()) args.emplace_back(extra);
        throw FormatError(code, std::move(args));
    }

private:
    [[nodiscard]] bool restIsBlank() const {
        return text_.find_first_not_of("\r\n", pos_) == std::string_view::npos;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t record_ = 0;
};

double parseNumber(const CsvCursor& cursor, std::size_t column, std::string_view field) {
    std::string_view text = field;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    if (text.empty()) cursor.fail(column, ErrorCode::CsvEmptyCell);
    std::string_view digits = text;
    if (digits.size() > 1 && digits.front() == '+' && digits[1] != '-' && digits[1] != '+') digits.remove_prefix(1);
    double value = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range) {
        cursor.fail(column, ErrorCode::CsvOutOfRange, text);
    }
    if (ec != std::errc() || ptr != digits.data() + digits.size()) {
        cursor.fail(column, ErrorCode::CsvNotANumber, text);
    }
    return value;
}

}  // namespace

std::vector<std::string> tokenLabels(const std::vector<Token>& tokens) {
    std::vector<std::string> labels;
    labels.reserve(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) labels.push_back(std::to_string(i) + ":" + tokens[i].text);
    return labels;
}

std::vector<std::string> dimensionLabels(int count, int first) {
    std::vector<std::string> labels;
    labels.reserve(static_cast<std::size_t>(std::max(count, 0)));
    for (int i = 0; i < count; ++i) {
        std::string label(1, 'd');
        label.append(std::to_string(first + i));
        labels.push_back(std::move(label));
    }
    return labels;
}

void writeMatrixCsv(std::ostream& out, const CsvMatrix& matrix) {
    if (static_cast<Eigen::Index>(matrix.rowLabels.size()) != matrix.values.rows() ||
        static_cast<Eigen::Index>(matrix.columnLabels.size()) != matrix.values.cols()) {
        throw std::invalid_argument("writeMatrixCsv: the labels do not match the matrix's shape");
    }
    const std::string header = headerLine(matrix.corner, matrix.columnLabels);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    std::string line;
    writeRows(out, matrix.rowLabels, 0, matrix.values, line);
}

std::string matrixCsv(const CsvMatrix& matrix) {
    std::ostringstream out;
    writeMatrixCsv(out, matrix);
    return std::move(out).str();
}

void writeMatrixCsv(std::ostream& out, std::string_view corner, const std::vector<std::string>& rowLabels,
                    const std::vector<std::string>& columnLabels,
                    const std::function<Eigen::MatrixXd(int row0, int rowCount)>& fetchRows) {
    const std::string header = headerLine(corner, columnLabels);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    const int rowCount = static_cast<int>(rowLabels.size());
    const int colCount = static_cast<int>(columnLabels.size());
    const int blockRows = std::max(1, (1 << 18) / std::max(colCount, 1));
    std::string line;
    for (int row0 = 0; row0 < rowCount; row0 += blockRows) {
        const int count = std::min(blockRows, rowCount - row0);
        const Eigen::MatrixXd block = fetchRows(row0, count);
        if (block.rows() != count || block.cols() != colCount) {
            throw std::invalid_argument("writeMatrixCsv: fetchRows returned a block of the wrong shape");
        }
        writeRows(out, rowLabels, row0, block, line);
    }
}

void writeStepCsv(std::ostream& out, const AttentionTrace& trace, Step step, int head,
                  const std::atomic<bool>* cancel) {
    const int cols = trace.cols(step, head);
    const std::vector<std::string> rowLabels = tokenLabels(trace.tokens());
    std::vector<std::string> columnLabels;
    if (isSquareStep(step)) {
        columnLabels = rowLabels;
    } else {
        const int first = step == Step::X || step == Step::Output || head == kAllHeads ? 0 : head * trace.dK();
        columnLabels = dimensionLabels(cols, first);
        // The teaching model's names after the index: "d1:looks for a living being".
        const std::vector<std::string> names = trace.dimensionNames(step, head);
        for (std::size_t c = 0; c < names.size() && c < columnLabels.size(); ++c) columnLabels[c] += ":" + names[c];
    }
    std::string corner = stepName(step);
    if (step != Step::X && step != Step::Output) {
        if (head != kAllHeads) {
            corner += " (head " + std::to_string(head + 1) + ")";  // counted from 1, as a person reads heads
        } else {
            corner += isSquareStep(step) ? " (mean of heads)" : " (all heads)";
        }
    }
    writeMatrixCsv(out, corner, rowLabels, columnLabels, [&](int row0, int rowCount) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
        return trace.block(step, head, row0, 0, rowCount, cols);
    });
}

CsvMatrix readMatrixCsv(std::string_view text) {
    CsvCursor cursor(text);
    std::vector<std::string> fields;
    if (!cursor.next(fields)) throw FormatError(ErrorCode::CsvEmpty);
    CsvMatrix result;
    result.corner = std::move(fields.front());
    result.columnLabels.assign(std::make_move_iterator(fields.begin() + 1), std::make_move_iterator(fields.end()));
    const std::size_t width = result.columnLabels.size() + 1;

    std::vector<double> values;  // row-major
    while (cursor.next(fields)) {
        if (fields.size() != width) {
            throw FormatError(ErrorCode::CsvFieldCount,
                              {std::to_string(cursor.record()), std::to_string(fields.size()), std::to_string(width)});
        }
        result.rowLabels.push_back(std::move(fields.front()));
        for (std::size_t c = 1; c < width; ++c) values.push_back(parseNumber(cursor, c + 1, fields[c]));
    }
    const auto rows = static_cast<Eigen::Index>(result.rowLabels.size());
    const auto cols = static_cast<Eigen::Index>(width - 1);
    result.values = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        values.data(), rows, cols);
    return result;
}

}  // namespace attnviz
