#include "core/formats/TraceJson.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/io/FileReading.h"
#include "core/io/JsonReader.h"
#include "core/io/JsonWriter.h"

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

/// text as a JSON string; a text that is not UTF-8 cannot be one (FormatError).
std::string jsonString(std::string_view text) {
    return jsonText(json(std::string(text)), -1, ErrorCode::TraceUnwritable);
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
        line_ += "  \"config\": " + jsonText(configToJson(config), -1, ErrorCode::TraceUnwritable) + ",\n";
        if (const ModelOrigin* origin = trace_.origin()) appendOrigin(*origin);
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
    /// A trained model's trace says which model and layer (counted from 1) it is, the sentence's
    /// token ids and the model's most likely next tokens (their readable text too).
    void appendOrigin(const ModelOrigin& origin) {
        line_ += "  \"model\": " + jsonString(origin.model) + ",\n";
        line_ += "  \"layer\": " + std::to_string(origin.layer + 1) + ",\n";
        line_ += "  \"token_ids\": [";
        for (std::size_t i = 0; i < origin.tokenIds.size(); ++i)
            line_ += (i == 0 ? "" : ", ") + std::to_string(origin.tokenIds[i]);
        line_ += "],\n";
        line_ += "  \"next_tokens\": [";
        for (std::size_t i = 0; i < origin.nextTokens.size(); ++i) {
            const NextTokenGuess& next = origin.nextTokens[i];
            line_ += i == 0 ? "\n    " : ",\n    ";
            line_ += "{\"id\": " + std::to_string(next.id) + ", \"p\": ";
            appendValue(next.probability, false, "next_tokens", static_cast<Eigen::Index>(i), -1);
            line_ += ", \"text\": " + jsonString(next.text) + "}";
        }
        line_ += origin.nextTokens.empty() ? "],\n" : "\n  ],\n";
    }

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
            // Appended piece by piece: GCC 12 reports a false -Wrestrict on "[" + std::to_string(…).
            std::string where = name;
            for (const Eigen::Index index : {row, col}) {
                if (index < 0) continue;
                where += '[';
                where += std::to_string(index);
                where += ']';
            }
            throw FormatError(ErrorCode::TraceNotFinite, {where});
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

constexpr JsonFormat kTraceFormat{.name = kTraceFormatName,
                                  .version = kTraceFormatVersion,
                                  .damaged = ErrorCode::TraceDamaged,
                                  .empty = ErrorCode::TraceEmpty,
                                  .notAnObject = ErrorCode::TraceNotAnObject,
                                  .formatMissing = ErrorCode::TraceFormatMissing,
                                  .wrongFormat = ErrorCode::TraceWrongFormat,
                                  .newerVersion = ErrorCode::TraceNewer,
                                  .invalidVersion = ErrorCode::TraceBadVersion};

/// A matrix field of exactly rows × cols.
Eigen::MatrixXd readMatrix(const JsonReader& object, std::string_view key, Eigen::Index rows, Eigen::Index cols,
                           bool nullIsMinusInfinity = false) {
    const JsonReader field = object.required(key);
    Eigen::MatrixXd matrix = field.matrix(nullIsMinusInfinity);
    if (matrix.rows() == 0 && rows == 0) matrix.resize(0, cols);
    if (matrix.rows() != rows || matrix.cols() != cols)
        field.fail(ErrorCode::MatrixShape, {std::to_string(matrix.rows()), std::to_string(matrix.cols()),
                                            std::to_string(rows), std::to_string(cols)});
    return matrix;
}

/// Optional redundant integer field: when present it must equal `expected`.
void checkRedundant(const JsonReader& root, std::string_view key, int expected) {
    const std::optional<JsonReader> field = root.field(key);
    if (!field) return;
    const int value = field->index();
    if (value != expected) field->fail(ErrorCode::TraceDisagrees, {std::to_string(value), std::to_string(expected)});
}

Token readToken(const JsonReader& object) {
    object.object({"text", "begin", "end"});
    Token token;
    token.text = object.required("text").string();
    token.begin = object.required("begin").unsignedInteger();
    token.end = object.required("end").unsignedInteger();
    if (token.end < token.begin) object.fail(ErrorCode::TraceTokenEndsBeforeBegin);
    return token;
}

TraceHead readHead(const JsonReader& object, Eigen::Index n, Eigen::Index dK) {
    object.object({"head", "q", "k", "v", "scores", "scaled", "masked", "weights", "context", "row_max", "row_sum"});
    TraceHead head;
    head.q = readMatrix(object, "q", n, dK);
    head.k = readMatrix(object, "k", n, dK);
    head.v = readMatrix(object, "v", n, dK);
    head.scores = readMatrix(object, "scores", n, n);
    head.scaled = readMatrix(object, "scaled", n, n);
    head.masked = readMatrix(object, "masked", n, n, true);
    head.weights = readMatrix(object, "weights", n, n);
    head.context = readMatrix(object, "context", n, dK);
    head.rowMax = object.required("row_max").vector(n, true);
    head.rowSum = object.required("row_sum").vector(n);
    return head;
}

/// "model", "layer" (from 1), "token_ids" and "next_tokens" of a trained model's trace; none of
/// them for the other traces (the four come together).
std::optional<ModelOrigin> readOrigin(const JsonReader& root) {
    const std::optional<JsonReader> model = root.field("model");
    if (!model && !root.field("layer") && !root.field("token_ids") && !root.field("next_tokens")) return std::nullopt;
    ModelOrigin origin;
    origin.model = root.required("model").string();
    const JsonReader layer = root.required("layer");
    origin.layer = layer.index() - 1;
    if (origin.layer < 0) layer.fail(ErrorCode::TraceLayerFromOne);
    for (const JsonReader& id : root.required("token_ids").items()) origin.tokenIds.push_back(id.index());
    for (const JsonReader& item : root.required("next_tokens").items()) {
        item.object({"id", "p", "text"});
        NextTokenGuess next;
        next.id = item.required("id").index();
        next.probability = item.required("p").number();
        if (const std::optional<JsonReader> text = item.field("text")) next.text = text->string();
        origin.nextTokens.push_back(std::move(next));
    }
    return origin;
}

TraceDocument parseTrace(const JsonReader& root) {
    TraceDocument doc;
    doc.version = root.formatVersion(kTraceFormat);
    root.object({"format", "version", "n", "real_tokens", "d_model", "d_k", "tokens", "config", "model", "layer",
                 "token_ids", "next_tokens", "X", "W_Q", "W_K", "W_V", "W_O", "heads", "mean_weights", "output",
                 "fully_masked_rows"});

    for (const JsonReader& token : root.required("tokens").items()) doc.tokens.push_back(readToken(token));
    const auto n = static_cast<Eigen::Index>(doc.tokens.size());
    const JsonReader realTokens = root.required("real_tokens");
    doc.realTokens = realTokens.index();
    if (doc.realTokens > n)
        realTokens.fail(ErrorCode::TraceRealTokens, {std::to_string(doc.realTokens), std::to_string(n)});

    const JsonReader config = root.required("config");
    doc.config = configFromJson(config.value(), config.path(), ModelProjections::Read);
    doc.origin = readOrigin(root);
    const int dModel = doc.config.dModel;
    const int headCount = doc.config.heads;
    if (dModel < 1 || headCount < 1 || dModel % headCount != 0)
        config.fail(ErrorCode::TraceNotComputable, {std::to_string(dModel), std::to_string(headCount)});
    const int dK = doc.config.dK();
    checkRedundant(root, "n", static_cast<int>(n));
    checkRedundant(root, "d_model", dModel);
    checkRedundant(root, "d_k", dK);

    doc.x = readMatrix(root, "X", n, dModel);
    doc.wq = readMatrix(root, "W_Q", dModel, dModel);
    doc.wk = readMatrix(root, "W_K", dModel, dModel);
    doc.wv = readMatrix(root, "W_V", dModel, dModel);
    doc.wo = readMatrix(root, "W_O", dModel, dModel);

    const JsonReader heads = root.required("heads");
    const std::vector<JsonReader> headItems = heads.items();
    if (headItems.size() != static_cast<std::size_t>(headCount))
        heads.fail(ErrorCode::TraceHeadCount, {std::to_string(headItems.size()), std::to_string(headCount)});
    for (const JsonReader& head : headItems) doc.heads.push_back(readHead(head, n, dK));
    doc.meanWeights = readMatrix(root, "mean_weights", n, n);
    doc.output = readMatrix(root, "output", n, dModel);

    for (const JsonReader& item : root.required("fully_masked_rows").items()) {
        const int row = item.index();
        if (row >= n) item.fail(ErrorCode::TraceNoSuchRow, {std::to_string(row)});
        doc.fullyMaskedRows.push_back(row);
    }
    return doc;
}

}  // namespace

void writeTraceJson(std::ostream& out, const AttentionTrace& trace, const std::atomic<bool>* cancel) {
    TraceWriter(out, trace, cancel).write();
}

void saveTraceJson(const std::filesystem::path& path, const AttentionTrace& trace, const std::atomic<bool>* cancel) {
    writeFileAtomically(path, [&](std::ostream& out) { writeTraceJson(out, trace, cancel); });
}

TraceDocument readTraceJson(std::string_view text) {
    const json root = parseJson(text, kTraceFormat);
    return parseTrace(JsonReader(root, "trace", UnknownFields::Refuse));
}

TraceDocument loadTraceJson(const std::filesystem::path& path) { return parseWholeFile(path, limits::kMaxTraceJsonBytes, readTraceJson); }

}  // namespace attnviz
