#include "core/io/JsonWriter.h"

#include <cmath>

#include "core/io/JsonReader.h"

namespace attnviz {

nlohmann::json matrixToJson(const Eigen::MatrixXd& matrix) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index r = 0; r < matrix.rows(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (Eigen::Index c = 0; c < matrix.cols(); ++c) {
            const double value = matrix(r, c);
            if (std::isfinite(value)) {
                row.push_back(value);
            } else {
                row.push_back(nullptr);
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string jsonText(const nlohmann::json& value, int indent, ErrorCode unwritable) {
    try {
        return value.dump(indent);
    } catch (const nlohmann::json::exception& error) {
        throw FormatError(unwritable, {jsonErrorMessage(error)});
    }
}

}  // namespace attnviz
