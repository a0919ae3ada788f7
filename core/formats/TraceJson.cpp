#include "core/formats/TraceJson.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "core/base/Errors.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/io/JsonValues.h"

namespace attnviz {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Writing

/// Shortest round-trip text of a finite double, always with a '.' or an exponent so that every
/// JSON reader takes it as a floating-point number ("-0" would read back as the integer 0).
void appendDouble(std::string& out, double value) {
    char buffer[40];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
    out.append(text);
    if (text.find_first_of(".e") == std::string_view::npos) out.append(".0");
}

std::string jsonString(std::string_view text) {
    return json(std::string(text)).dump();
}

class TraceWriter {
public:
    TraceWriter(std::ostream& out, const AttentionTrace& trace, const std::atomic<bool>* cancel)
        : out_(out), trace_(trace), cancel_(cancel) {}

    void write() {
        const int n = trace_.size();
        const AttentionConfig& config = trace_.config();
        const int dModel = config.dModel;
        const int dK = trace_.dK();

        line_ = "{\n";
        line_ += "  \"format\": " + jsonString(kTraceFormatName) + ",\n";
        line_ += "  \"version\": " + std::to_string(kTraceFormatVersion) + ",\n";
        line_ += "  \"n\": " + std::to_string(n) + ",\n";
        line_ += "  \"real_tokens\": " + std::to_string(trace_.realTokenCount()) + ",\n";
        line_ += "  \"d_model\": " + std::to_string(dModel) + ",\n";
        line_ += "  \"d_k\": " + std::to_string(dK) + ",\n";
        line_ += "  \"tokens\": [";
        const std::vector<Token>& tokens = trace_.tokens();
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            line_ += i == 0 ? "\n    " : ",\n    ";
            line_ += "{\"text\": " + jsonString(tokens[i].text) + ", \"begin\": " + std::to_string(tokens[i].begin) +
                     ", \"end\": " + std::to_string(tokens[i].end) + "}";
        }
        line_ += tokens.empty() ? "],\n" : "\n  ],\n";
        line_ += "  \"config\": " + configToJson(config).dump() + ",\n";
        flushLine();

        const Projections& w = trace_.projections();
        writeDense("X", 1, trace_.x());
        writeDense("W_Q", 1, w.wq);
        writeDense("W_K", 1, w.wk);
        writeDense("W_V", 1, w.wv);
        writeDense("W_O", 1, w.wo);

        out("  \"heads\": [");
        for (int h = 0; h < trace_.heads(); ++h) {
            const std::string where = "heads[" + std::to_string(h) + "]";
            out(h == 0 ? "\n    {\n" : ",\n    {\n");
            out("      \"head\": " + std::to_string(h) + ",\n");
            writeDense(where + ".q", 3, trace_.q().middleCols(h * dK, dK));
            writeDense(where + ".k", 3, trace_.k().middleCols(h * dK, dK));
            writeDense(where + ".v", 3, trace_.v().middleCols(h * dK, dK));
            writeSquare(where + ".scores", 3, Step::Scores, h, false);
            writeSquare(where + ".scaled", 3, Step::Scaled, h, false);
            writeSquare(where + ".masked", 3, Step::Masked, h, true);
            writeSquare(where + ".weights", 3, Step::Weights, h, false);
            writeDense(where + ".context", 3, trace_.context().middleCols(h * dK, dK));
            Eigen::VectorXd rowMax(n), rowSum(n);
            for (int i = 0; i < n; ++i) {
                rowMax(i) = trace_.rowMax(h, i);
                rowSum(i) = trace_.rowSum(h, i);
            }
            writeVector(where + ".row_max", 3, rowMax, true);
            writeVector(where + ".row_sum", 3, rowSum, false, true);
            out("    }");
        }
        out(trace_.heads() > 0 ? "\n  ],\n" : "],\n");

        writeSquare("mean_weights", 1, Step::Weights, kAllHeads, false);
        writeDense("output", 1, trace_.output());

        line_ = "  \"fully_masked_rows\": [";
        bool first = true;
        for (int i = 0; i < n; ++i) {
            if (!trace_.rowFullyMasked(i)) continue;
            if (!first) line_ += ", ";
            line_ += std::to_string(i);
            first = false;
        }
        line_ += "]\n}\n";
        flushLine();
    }

private:
    void out(const std::string& text) { out_.write(text.data(), static_cast<std::streamsize>(text.size())); }
    void flushLine() {
        out(line_);
        line_.clear();
    }
    void checkCancel() const {
        if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) throw Cancelled();
    }

    /// Appends one number; −∞ becomes null when allowed, any other non-finite value is refused.
    void appendValue(double value, bool minusInfinityIsNull, const std::string& name, Eigen::Index row,
                     Eigen::Index col) {
        if (std::isfinite(value)) {
            appendDouble(line_, value);
        } else if (minusInfinityIsNull && value == -std::numeric_limits<double>::infinity()) {
            line_ += "null";
        } else {
            std::string where = name + "[" + std::to_string(row) + "]";
            if (col >= 0) where += "[" + std::to_string(col) + "]";
            throw FormatError("cannot write the trace as JSON: " + where + " is not a finite number");
        }
    }

    /// "<key>": [ rows ], with rows fetched by fetch(row0, count).
    void writeMatrix(const std::string& name, int level, int rows, int cols,
                     const std::function<Eigen::MatrixXd(int, int)>& fetch, bool minusInfinityIsNull) {
        const std::string indent(static_cast<std::size_t>(2 * level), ' ');
        const std::string rowIndent = indent + "  ";
        const std::size_t dot = name.rfind('.');
        const std::string key = dot == std::string::npos ? name : name.substr(dot + 1);
        line_ = indent + "\"" + key + "\": [";
        if (rows == 0) {
            line_ += "],\n";
            flushLine();
            return;
        }
        line_ += "\n";
        flushLine();
        const int blockRows = std::max(1, (1 << 18) / std::max(cols, 1));
        for (int row0 = 0; row0 < rows; row0 += blockRows) {
            checkCancel();
            const int count = std::min(blockRows, rows - row0);
            const Eigen::MatrixXd block = fetch(row0, count);
            for (int r = 0; r < count; ++r) {
                line_ += rowIndent;
                line_ += '[';
                for (int c = 0; c < cols; ++c) {
                    if (c > 0) line_ += ',';
                    appendValue(block(r, c), minusInfinityIsNull, name, row0 + r, c);
                }
                line_ += row0 + r + 1 < rows ? "],\n" : "]\n";
                flushLine();
            }
        }
        line_ = indent + "],\n";
        flushLine();
    }

    void writeDense(const std::string& name, int level, const Eigen::Ref<const Eigen::MatrixXd>& matrix) {
        writeMatrix(name, level, static_cast<int>(matrix.rows()), static_cast<int>(matrix.cols()),
                    [&matrix](int row0, int count) -> Eigen::MatrixXd { return matrix.middleRows(row0, count); },
                    false);
    }

    void writeSquare(const std::string& name, int level, Step step, int head, bool minusInfinityIsNull) {
        const int n = trace_.size();
        writeMatrix(name, level, n, n,
                    [this, step, head, n](int row0, int count) { return trace_.block(step, head, row0, 0, count, n); },
                    minusInfinityIsNull);
    }

    void writeVector(const std::string& name, int level, const Eigen::VectorXd& values, bool minusInfinityIsNull,
                     bool last = false) {
        const std::string indent(static_cast<std::size_t>(2 * level), ' ');
        const std::size_t dot = name.rfind('.');
        line_ = indent + "\"" + name.substr(dot == std::string::npos ? 0 : dot + 1) + "\": [";
        for (Eigen::Index i = 0; i < values.size(); ++i) {
            if (i > 0) line_ += ',';
            appendValue(values(i), minusInfinityIsNull, name, i, -1);
        }
        line_ += last ? "]\n" : "],\n";
        flushLine();
    }

    std::ostream& out_;
    const AttentionTrace& trace_;
    const std::atomic<bool>* cancel_;
    std::string line_;
};

// ---------------------------------------------------------------------------------------------
// Reading

using json_detail::describeType;

const json& field(const json& object, const char* key, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) throw FormatError(where + ": the field \"" + key + "\" is missing");
    return *it;
}

int readIndex(const json& value, const std::string& name) {
    std::uint64_t raw = 0;
    if (!json_detail::asUnsigned(value, raw)) {
        throw FormatError(name + ": expected a non-negative integer" + describeType(value));
    }
    if (raw > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
        throw FormatError(name + ": " + std::to_string(raw) + " is too large");
    }
    return static_cast<int>(raw);
}

std::size_t readOffset(const json& value, const std::string& name) {
    std::uint64_t raw = 0;
    if (!json_detail::asUnsigned(value, raw)) {
        throw FormatError(name + ": expected a non-negative integer" + describeType(value));
    }
    return static_cast<std::size_t>(raw);
}

Eigen::MatrixXd readMatrix(const json& object, const char* key, const std::string& where, Eigen::Index rows,
                           Eigen::Index cols, bool nullIsMinusInfinity = false) {
    const std::string name = where + "." + key;
    Eigen::MatrixXd matrix = json_detail::matrixFromJson(field(object, key, where), name, nullIsMinusInfinity);
    if (matrix.rows() == 0 && rows == 0) matrix.resize(0, cols);
    if (matrix.rows() != rows || matrix.cols() != cols) {
        throw FormatError(name + ": is " + std::to_string(matrix.rows()) + " × " + std::to_string(matrix.cols()) +
                          ", expected " + std::to_string(rows) + " × " + std::to_string(cols));
    }
    return matrix;
}

Eigen::VectorXd readVector(const json& object, const char* key, const std::string& where, Eigen::Index size,
                           bool nullIsMinusInfinity) {
    const std::string name = where + "." + key;
    const json& values = field(object, key, where);
    if (!values.is_array()) throw FormatError(name + ": expected an array of numbers" + describeType(values));
    if (static_cast<Eigen::Index>(values.size()) != size) {
        throw FormatError(name + ": has " + std::to_string(values.size()) + " numbers, expected " + std::to_string(size));
    }
    Eigen::VectorXd vector(size);
    for (Eigen::Index i = 0; i < size; ++i) {
        const json& value = values[static_cast<std::size_t>(i)];
        if (value.is_number()) {
            vector(i) = value.get<double>();
        } else if (value.is_null() && nullIsMinusInfinity) {
            vector(i) = -std::numeric_limits<double>::infinity();
        } else {
            throw FormatError(name + "[" + std::to_string(i) + "]: expected a number" + describeType(value));
        }
    }
    return vector;
}

/// Optional redundant integer field: when present it must equal `expected`.
void checkRedundant(const json& root, const char* key, int expected) {
    const auto it = root.find(key);
    if (it == root.end()) return;
    const std::string name = std::string("trace.") + key;
    const int value = readIndex(*it, name);
    if (value != expected) {
        throw FormatError(name + ": is " + std::to_string(value) + " but the rest of the trace says " +
                          std::to_string(expected));
    }
}

TraceDocument parseTrace(const json& root) {
    const std::string where = "trace";
    if (!root.is_object()) throw FormatError("not an AttnViz trace: expected a JSON object" + describeType(root));
    const auto format = root.find("format");
    if (format == root.end()) throw FormatError("not an AttnViz trace: the field \"format\" is missing");
    if (!format->is_string() || format->get_ref<const std::string&>() != kTraceFormatName) {
        throw FormatError("not an AttnViz trace: format is " + format->dump() + ", expected \"" +
                          kTraceFormatName + "\"");
    }
    const json& versionField = field(root, "version", where);
    if (!versionField.is_number_integer()) {
        throw FormatError("trace.version: expected an integer" + describeType(versionField));
    }
    TraceDocument doc;
    if (std::uint64_t version = 0; json_detail::asUnsigned(versionField, version) &&
                                   version > static_cast<std::uint64_t>(kTraceFormatVersion)) {
        throw FormatError("trace version " + versionField.dump() + " is newer than this program understands (" +
                          std::to_string(kTraceFormatVersion) + ")");
    }
    if (versionField.get<std::int64_t>() < 1) {
        throw FormatError("trace version " + versionField.dump() + " is not a valid version");
    }
    doc.version = versionField.get<int>();

    const json& tokens = field(root, "tokens", where);
    if (!tokens.is_array()) throw FormatError("trace.tokens: expected an array" + describeType(tokens));
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string name = "trace.tokens[" + std::to_string(i) + "]";
        const json& token = tokens[i];
        if (!token.is_object()) throw FormatError(name + ": expected an object" + describeType(token));
        const json& text = field(token, "text", name);
        if (!text.is_string()) throw FormatError(name + ".text: expected a string" + describeType(text));
        Token parsed;
        parsed.text = text.get<std::string>();
        parsed.begin = readOffset(field(token, "begin", name), name + ".begin");
        parsed.end = readOffset(field(token, "end", name), name + ".end");
        if (parsed.end < parsed.begin) throw FormatError(name + ": end is before begin");
        doc.tokens.push_back(std::move(parsed));
    }
    const auto n = static_cast<Eigen::Index>(doc.tokens.size());
    doc.realTokens = readIndex(field(root, "real_tokens", where), "trace.real_tokens");
    if (doc.realTokens > n) {
        throw FormatError("trace.real_tokens: " + std::to_string(doc.realTokens) + " is more than the " +
                          std::to_string(n) + " tokens");
    }

    doc.config = configFromJson(field(root, "config", where), "trace.config");
    const int dModel = doc.config.dModel;
    const int headCount = doc.config.heads;
    if (dModel < 1 || headCount < 1 || dModel % headCount != 0) {
        throw FormatError("trace.config: d_model " + std::to_string(dModel) + " and heads " +
                          std::to_string(headCount) + " do not describe a computed trace");
    }
    const int dK = doc.config.dK();
    checkRedundant(root, "n", static_cast<int>(n));
    checkRedundant(root, "d_model", dModel);
    checkRedundant(root, "d_k", dK);

    doc.x = readMatrix(root, "X", where, n, dModel);
    doc.wq = readMatrix(root, "W_Q", where, dModel, dModel);
    doc.wk = readMatrix(root, "W_K", where, dModel, dModel);
    doc.wv = readMatrix(root, "W_V", where, dModel, dModel);
    doc.wo = readMatrix(root, "W_O", where, dModel, dModel);

    const json& heads = field(root, "heads", where);
    if (!heads.is_array()) throw FormatError("trace.heads: expected an array" + describeType(heads));
    if (heads.size() != static_cast<std::size_t>(headCount)) {
        throw FormatError("trace.heads: has " + std::to_string(heads.size()) + " entries, expected " +
                          std::to_string(headCount) + " (config.heads)");
    }
    for (std::size_t h = 0; h < heads.size(); ++h) {
        const std::string name = "trace.heads[" + std::to_string(h) + "]";
        const json& head = heads[h];
        if (!head.is_object()) throw FormatError(name + ": expected an object" + describeType(head));
        TraceHead parsed;
        parsed.q = readMatrix(head, "q", name, n, dK);
        parsed.k = readMatrix(head, "k", name, n, dK);
        parsed.v = readMatrix(head, "v", name, n, dK);
        parsed.scores = readMatrix(head, "scores", name, n, n);
        parsed.scaled = readMatrix(head, "scaled", name, n, n);
        parsed.masked = readMatrix(head, "masked", name, n, n, true);
        parsed.weights = readMatrix(head, "weights", name, n, n);
        parsed.context = readMatrix(head, "context", name, n, dK);
        parsed.rowMax = readVector(head, "row_max", name, n, true);
        parsed.rowSum = readVector(head, "row_sum", name, n, false);
        doc.heads.push_back(std::move(parsed));
    }
    doc.meanWeights = readMatrix(root, "mean_weights", where, n, n);
    doc.output = readMatrix(root, "output", where, n, dModel);

    const json& fully = field(root, "fully_masked_rows", where);
    if (!fully.is_array()) throw FormatError("trace.fully_masked_rows: expected an array" + describeType(fully));
    for (std::size_t i = 0; i < fully.size(); ++i) {
        const std::string name = "trace.fully_masked_rows[" + std::to_string(i) + "]";
        const int row = readIndex(fully[i], name);
        if (row >= n) throw FormatError(name + ": row " + std::to_string(row) + " does not exist");
        doc.fullyMaskedRows.push_back(row);
    }
    return doc;
}

using json_detail::plainMessage;

}  // namespace

void writeTraceJson(std::ostream& out, const AttentionTrace& trace, const std::atomic<bool>* cancel) {
    try {
        TraceWriter(out, trace, cancel).write();
    } catch (const json::exception& error) {  // e.g. a token that is not valid UTF-8
        throw FormatError("cannot write the trace as JSON: " + plainMessage(error));
    }
}

void saveTraceJson(const std::filesystem::path& path, const AttentionTrace& trace, const std::atomic<bool>* cancel) {
    writeFileAtomically(path, [&](std::ostream& out) { writeTraceJson(out, trace, cancel); });
}

TraceDocument readTraceJson(std::string_view text) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        throw FormatError("damaged trace JSON: the text is empty");
    }
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& error) {
        throw FormatError("damaged trace JSON: " + plainMessage(error));
    }
    try {
        return parseTrace(root);
    } catch (const json::exception& error) {  // should not happen: every access is checked
        throw FormatError("damaged trace JSON: " + plainMessage(error));
    }
}

TraceDocument loadTraceJson(const std::filesystem::path& path) {
    const std::string text = readFileBytes(path);
    try {
        return readTraceJson(text);
    } catch (const FormatError& error) {
        throw FormatError(path.string() + ": " + error.what());
    }
}

}  // namespace attnviz
