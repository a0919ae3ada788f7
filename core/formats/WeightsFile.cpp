#include "core/formats/WeightsFile.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/NpyArray.h"
#include "core/io/AtomicFile.h"
#include "core/io/FileReading.h"
#include "core/io/JsonReader.h"
#include "core/io/JsonWriter.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

using nlohmann::json;

constexpr const char* kMatrixNames[4] = {"W_Q", "W_K", "W_V", "W_O"};

constexpr JsonFormat kWeightsFormat{.name = kWeightsFormatName,
                                    .version = kWeightsFormatVersion,
                                    .damaged = ErrorCode::WeightsDamaged,
                                    .empty = ErrorCode::WeightsEmpty,
                                    .notAnObject = ErrorCode::WeightsNotAnObject,
                                    .formatMissing = ErrorCode::WeightsFormatMissing,
                                    .wrongFormat = ErrorCode::WeightsWrongFormat,
                                    .newerVersion = ErrorCode::WeightsNewer,
                                    .invalidVersion = ErrorCode::WeightsBadVersion};

void requireShape(Eigen::Index rows, Eigen::Index cols, const std::string& where, Eigen::Index d) {
    if (rows != d || cols != d)
        throw FormatError(ErrorCode::WeightsShape, {std::to_string(d), std::to_string(rows), std::to_string(cols)}, where);
}

void requireFinite(const Eigen::MatrixXd& matrix, const std::string& where) {
    for (Eigen::Index r = 0; r < matrix.rows(); ++r)
        for (Eigen::Index c = 0; c < matrix.cols(); ++c) {
            const double value = matrix(r, c);
            if (std::isfinite(value)) continue;
            throw FormatError(std::isnan(value) ? ErrorCode::WeightsNaN : ErrorCode::WeightsInfinite,
                              {std::to_string(r), std::to_string(c)}, where);
        }
}

void requireDModel(std::uint64_t d, const std::string& where) {
    if (d < 1 || d > static_cast<std::uint64_t>(limits::kMaxDModel))
        throw FormatError(ErrorCode::WeightsDModel, {std::to_string(limits::kMaxDModel), std::to_string(d)}, where);
}

/// An array of d arrays of d numbers. Messages name the matrix alone ("W_K: …") and its rows and
/// columns counted from 0, as in numpy: the first bad place.
Eigen::MatrixXd matrixFromJson(const JsonReader& value, const std::string& name, Eigen::Index d) {
    const auto refuse = [&name](ErrorCode code, std::vector<std::string> args, const JsonReader& found) {
        throw FormatError(ErrorMessage{code, std::move(args), name, found.kind()});
    };
    if (!value.isArray()) refuse(ErrorCode::MatrixExpectedRows, {}, value);
    const std::vector<JsonReader> rows = value.items();
    Eigen::Index cols = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (!rows[r].isArray()) refuse(ErrorCode::WeightsRowNotArray, {std::to_string(r)}, rows[r]);
        const auto length = static_cast<Eigen::Index>(rows[r].value().size());
        if (r == 0) cols = length;
        if (length != cols)
            throw FormatError(ErrorCode::WeightsRowLength,
                              {std::to_string(r), std::to_string(length), std::to_string(cols)}, name);
    }
    requireShape(static_cast<Eigen::Index>(rows.size()), cols, name, d);
    Eigen::MatrixXd matrix(d, d);
    for (Eigen::Index r = 0; r < d; ++r) {
        const std::vector<JsonReader> cells = rows[static_cast<std::size_t>(r)].items();
        for (Eigen::Index c = 0; c < d; ++c) {
            const JsonReader& cell = cells[static_cast<std::size_t>(c)];
            if (!cell.value().is_number())
                refuse(ErrorCode::WeightsNotANumber, {std::to_string(r), std::to_string(c)}, cell);
            matrix(r, c) = cell.value().get<double>();
        }
    }
    requireFinite(matrix, name);  // a safety net: the parser refuses numbers beyond a double's range
    return matrix;
}

Eigen::MatrixXd& slot(Weights& weights, int index) {
    switch (index) {
        case 0: return weights.wq;
        case 1: return weights.wk;
        case 2: return weights.wv;
        default: return weights.wo;
    }
}

const Eigen::MatrixXd& slot(const Weights& weights, int index) {
    switch (index) {
        case 0: return weights.wq;
        case 1: return weights.wk;
        case 2: return weights.wv;
        default: return weights.wo;
    }
}

Weights parseWeights(const JsonReader& root) {
    root.formatVersion(kWeightsFormat);
    root.object({"format", "version", "d_model", "comment", "W_Q", "W_K", "W_V", "W_O"});
    const JsonReader dField = root.required("d_model");
    const std::uint64_t d = dField.unsignedInteger(ErrorCode::JsonExpectedPositiveInteger);
    requireDModel(d, dField.path());

    Weights weights;
    if (const auto comment = root.field("comment")) weights.comment = comment->string();
    for (int m = 0; m < 4; ++m) {
        const std::optional<JsonReader> matrix = root.field(kMatrixNames[m]);
        if (!matrix) root.fail(ErrorCode::WeightsMatrixMissing, {kMatrixNames[m]});
        slot(weights, m) = matrixFromJson(*matrix, kMatrixNames[m], static_cast<Eigen::Index>(d));
    }
    return weights;
}

}  // namespace

bool operator==(const Weights& a, const Weights& b) {
    for (int m = 0; m < 4; ++m) {
        const Eigen::MatrixXd& x = slot(a, m);
        const Eigen::MatrixXd& y = slot(b, m);
        if (x.rows() != y.rows() || x.cols() != y.cols() || x != y) return false;
    }
    return a.comment == b.comment;
}

std::string weightsToJson(const Weights& weights) {
    json root = json::object();
    root["format"] = kWeightsFormatName;
    root["version"] = kWeightsFormatVersion;
    root["d_model"] = weights.dModel();
    root["comment"] = weights.comment;
    for (int m = 0; m < 4; ++m) root[kMatrixNames[m]] = matrixToJson(slot(weights, m));
    return jsonText(root, 1, ErrorCode::WeightsUnwritable) + "\n";  // refused: a comment that is not UTF-8
}

void saveWeights(const std::filesystem::path& path, const Weights& weights) {
    writeFileAtomically(path, weightsToJson(weights));
}

void saveWeightsNpy(const std::filesystem::path& folder, const Weights& weights) {
    for (int m = 0; m < 4; ++m)
        writeFileAtomically(folder / (std::string(kMatrixNames[m]) + ".npy"), NpyArray::serialize(slot(weights, m)));
}

Weights readWeightsJson(std::string_view text) {
    const json root = parseJson(text, kWeightsFormat);
    return parseWeights(JsonReader(root, "weights", UnknownFields::Refuse));
}

Weights readWeightsNpy(std::string_view wq, std::string_view wk, std::string_view wv, std::string_view wo) {
    const std::string_view files[4] = {wq, wk, wv, wo};
    Weights weights;
    for (int m = 0; m < 4; ++m) {
        const std::string name = std::string(kMatrixNames[m]) + ".npy";
        Eigen::MatrixXd matrix = NpyArray::parse(files[m], name).values;
        if (m == 0) {
            if (matrix.rows() != matrix.cols())
                throw FormatError(ErrorCode::WeightsNotSquare,
                                  {std::to_string(matrix.rows()), std::to_string(matrix.cols())}, name);
            requireDModel(static_cast<std::uint64_t>(matrix.rows()), name);
        }
        requireShape(matrix.rows(), matrix.cols(), name, weights.wq.rows() == 0 ? matrix.rows() : weights.wq.rows());
        requireFinite(matrix, name);
        slot(weights, m) = std::move(matrix);
    }
    return weights;
}

Weights loadWeights(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const bool folder = fs::is_directory(path, error);
    if (!folder && path.extension() != ".npy")
        return parseWholeFile(path, limits::kMaxWeightsJsonBytes, readWeightsJson);
    const fs::path dir = folder ? path : path.parent_path();
    std::string bytes[4];
    for (int m = 0; m < 4; ++m)
        bytes[m] = readWholeFile(dir / (std::string(kMatrixNames[m]) + ".npy"), limits::kMaxWeightsNpyBytes, FileContent::Binary);
    try {
        return readWeightsNpy(bytes[0], bytes[1], bytes[2], bytes[3]);
    } catch (const FormatError& formatError) {
        ErrorMessage message = formatError.message();  // named by its file: "/folder/W_Q.npy: …"
        message.context = (dir / message.context).string();
        throw FormatError(std::move(message));
    }
}

AttentionConfig withWeights(const AttentionConfig& config, const Weights& weights) {
    AttentionConfig result = config;
    result.preset = ProjectionPreset::Supplied;
    result.dModel = weights.dModel();
    result.supplied = {weights.wq, weights.wk, weights.wv, weights.wo};
    result.validate();
    return result;
}

AttentionConfig replaceWeights(const AttentionConfig& config, const Weights& weights) {
    if (config.preset != ProjectionPreset::Teaching || weights.dModel() != teachingModelOf(config).dimensions())
        return withWeights(config, weights);
    AttentionConfig result = config;
    result.dModel = weights.dModel();
    result.supplied = {weights.wq, weights.wk, weights.wv, weights.wo};
    result.validate();
    return result;
}

Weights weightsOf(const Projections& projections, std::string comment) {
    return {projections.wq, projections.wk, projections.wv, projections.wo, std::move(comment)};
}

}  // namespace attnviz
