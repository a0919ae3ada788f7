#include "core/formats/WeightsFile.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "core/base/Errors.h"
#include "core/formats/ConfigJson.h"
#include "core/formats/NpyArray.h"
#include "core/io/AtomicFile.h"
#include "core/io/JsonValues.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

using nlohmann::json;
using json_detail::describeType;

constexpr const char* kMatrixNames[4] = {"W_Q", "W_K", "W_V", "W_O"};
constexpr int kMaxDModel = limits::kMaxDModel;

using json_detail::plainMessage;

std::string shape(Eigen::Index rows, Eigen::Index cols) { return std::to_string(rows) + "×" + std::to_string(cols); }

void requireShape(const Eigen::MatrixXd& matrix, const std::string& where, Eigen::Index d) {
    if (matrix.rows() != d || matrix.cols() != d)
        throw FormatError(where + ": expected " + shape(d, d) + ", the file holds " + shape(matrix.rows(), matrix.cols()));
}

void requireFinite(const Eigen::MatrixXd& matrix, const std::string& where) {
    for (Eigen::Index r = 0; r < matrix.rows(); ++r)
        for (Eigen::Index c = 0; c < matrix.cols(); ++c) {
            const double value = matrix(r, c);
            if (std::isfinite(value)) continue;
            throw FormatError(where + ": value at row " + std::to_string(r) + ", column " + std::to_string(c) + " is " +
                              (std::isnan(value) ? "NaN" : "infinite"));
        }
}

void requireDModel(Eigen::Index d, const std::string& where) {
    if (d < 1 || d > kMaxDModel)
        throw FormatError(where + ": d_model must be between 1 and " + std::to_string(kMaxDModel) + " (it is " +
                          std::to_string(d) + ")");
}

/// An array of d arrays of d numbers; names the first bad place.
Eigen::MatrixXd matrixFromJson(const json& value, const std::string& where, Eigen::Index d) {
    if (!value.is_array()) throw FormatError(where + ": expected an array of rows" + describeType(value));
    const auto rows = static_cast<Eigen::Index>(value.size());
    Eigen::Index cols = 0;
    for (std::size_t r = 0; r < value.size(); ++r) {
        const json& row = value[r];
        if (!row.is_array())
            throw FormatError(where + ": row " + std::to_string(r) + " is not an array of numbers" + describeType(row));
        if (r == 0) cols = static_cast<Eigen::Index>(row.size());
        if (static_cast<Eigen::Index>(row.size()) != cols)
            throw FormatError(where + ": row " + std::to_string(r) + " has " + std::to_string(row.size()) +
                              " numbers, row 0 has " + std::to_string(cols));
    }
    if (rows != d || cols != d) throw FormatError(where + ": expected " + shape(d, d) + ", the file holds " + shape(rows, cols));
    Eigen::MatrixXd matrix(d, d);
    for (Eigen::Index r = 0; r < d; ++r) {
        const json& row = value[static_cast<std::size_t>(r)];
        for (Eigen::Index c = 0; c < d; ++c) {
            const json& cell = row[static_cast<std::size_t>(c)];
            if (!cell.is_number())
                throw FormatError(where + ": value at row " + std::to_string(r) + ", column " + std::to_string(c) +
                                  " is not a number" + describeType(cell));
            matrix(r, c) = cell.get<double>();
        }
    }
    requireFinite(matrix, where);  // a safety net: nlohmann refuses numbers beyond a double's range
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

Weights parseWeights(const json& root) {
    if (!root.is_object()) throw FormatError("not an AttnViz weights file: expected a JSON object" + describeType(root));
    const auto format = root.find("format");
    if (format == root.end()) throw FormatError("not an AttnViz weights file: the field \"format\" is missing");
    if (!format->is_string() || format->get_ref<const std::string&>() != kWeightsFormatName)
        throw FormatError("not an AttnViz weights file: format is " + format->dump() + ", expected \"" +
                          kWeightsFormatName + "\"");
    const auto version = root.find("version");
    if (version == root.end()) throw FormatError("weights: the field \"version\" is missing");
    std::uint64_t number = 0;
    if (!json_detail::asUnsigned(*version, number) || number < 1)
        throw FormatError("weights.version: expected a positive integer" + describeType(*version));
    if (number > static_cast<std::uint64_t>(kWeightsFormatVersion))
        throw FormatError("weights version " + version->dump() + " is newer than this program understands (" +
                          std::to_string(kWeightsFormatVersion) + ")");
    static const std::set<std::string, std::less<>> known = {"format", "version", "d_model", "comment",
                                                              "W_Q",    "W_K",     "W_V",     "W_O"};
    for (auto it = root.begin(); it != root.end(); ++it)
        if (known.count(it.key()) == 0) throw FormatError("weights: unknown field \"" + it.key() + "\"");

    const auto dField = root.find("d_model");
    if (dField == root.end()) throw FormatError("weights: the field \"d_model\" is missing");
    std::uint64_t d = 0;
    if (!json_detail::asUnsigned(*dField, d)) throw FormatError("weights.d_model: expected a positive integer" + describeType(*dField));
    if (d > static_cast<std::uint64_t>(kMaxDModel)) d = kMaxDModel + 1;
    requireDModel(static_cast<Eigen::Index>(d), "weights.d_model");

    Weights weights;
    if (const auto comment = root.find("comment"); comment != root.end()) {
        if (!comment->is_string()) throw FormatError("weights.comment: expected a string" + describeType(*comment));
        weights.comment = comment->get<std::string>();
    }
    for (int m = 0; m < 4; ++m) {
        const auto matrix = root.find(kMatrixNames[m]);
        if (matrix == root.end()) throw FormatError(std::string("weights: the matrix \"") + kMatrixNames[m] + "\" is missing");
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
    for (int m = 0; m < 4; ++m) root[kMatrixNames[m]] = json_detail::matrixToJson(slot(weights, m));
    try {
        return root.dump(1) + "\n";
    } catch (const json::exception& error) {  // a comment that is not valid UTF-8
        throw FormatError("cannot write the weights: " + plainMessage(error));
    }
}

void saveWeights(const std::filesystem::path& path, const Weights& weights) {
    writeFileAtomically(path, weightsToJson(weights));
}

void saveWeightsNpy(const std::filesystem::path& folder, const Weights& weights) {
    for (int m = 0; m < 4; ++m)
        writeFileAtomically(folder / (std::string(kMatrixNames[m]) + ".npy"), NpyArray::serialize(slot(weights, m)));
}

Weights readWeightsJson(std::string_view text) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw FormatError("damaged weights file: the file is empty");
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::exception& error) {  // syntax errors, and numbers too large for a double
        throw FormatError("damaged weights file: " + plainMessage(error));
    }
    return parseWeights(root);
}

Weights readWeightsNpy(std::string_view wq, std::string_view wk, std::string_view wv, std::string_view wo) {
    const std::string_view files[4] = {wq, wk, wv, wo};
    Weights weights;
    for (int m = 0; m < 4; ++m) {
        const std::string name = std::string(kMatrixNames[m]) + ".npy";
        Eigen::MatrixXd matrix = NpyArray::parse(files[m], name).values;
        if (m == 0) {
            if (matrix.rows() != matrix.cols())
                throw FormatError(name + ": expected a square d_model × d_model matrix, the file holds " +
                                  shape(matrix.rows(), matrix.cols()));
            requireDModel(matrix.rows(), name);
        }
        requireShape(matrix, name, weights.wq.rows() == 0 ? matrix.rows() : weights.wq.rows());
        requireFinite(matrix, name);
        slot(weights, m) = std::move(matrix);
    }
    return weights;
}

Weights loadWeights(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const bool folder = fs::is_directory(path, error);
    if (!folder && path.extension() != ".npy") {
        const std::string bytes = readFileBytes(path);
        try {
            return readWeightsJson(bytes);
        } catch (const FormatError& formatError) {
            throw FormatError(path.string() + ": " + formatError.what());
        }
    }
    const fs::path dir = folder ? path : path.parent_path();
    std::string bytes[4];
    for (int m = 0; m < 4; ++m) bytes[m] = readFileBytes(dir / (std::string(kMatrixNames[m]) + ".npy"));
    try {
        return readWeightsNpy(bytes[0], bytes[1], bytes[2], bytes[3]);
    } catch (const FormatError& formatError) {
        throw FormatError((dir / "").string() + formatError.what());
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
