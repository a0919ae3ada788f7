#include "core/io/JsonValues.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/base/Errors.h"

namespace attnviz {
namespace json_detail {

std::string plainMessage(const std::exception& error) {
    std::string message = error.what();
    if (message.rfind("[json.exception.", 0) == 0) {
        const std::size_t end = message.find("] ");
        if (end != std::string::npos) message.erase(0, end + 2);
    }
    return message;
}


std::string describeType(const nlohmann::json& json) {
    switch (json.type()) {
        case nlohmann::json::value_t::null: return " (got null)";
        case nlohmann::json::value_t::boolean: return " (got a boolean)";
        case nlohmann::json::value_t::string: return " (got a string)";
        case nlohmann::json::value_t::array: return " (got an array)";
        case nlohmann::json::value_t::object: return " (got an object)";
        case nlohmann::json::value_t::number_float: return " (got a fractional number)";
        case nlohmann::json::value_t::number_integer:
            return json.get<std::int64_t>() < 0 ? " (got a negative integer)" : " (got an integer)";
        case nlohmann::json::value_t::number_unsigned: return " (got an integer)";
        default: return "";
    }
}

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

Eigen::MatrixXd matrixFromJson(const nlohmann::json& json, const std::string& where, bool nullIsMinusInfinity) {
    if (!json.is_array()) throw FormatError(where + ": expected an array of rows" + describeType(json));
    const auto rowCount = static_cast<Eigen::Index>(json.size());
    if (rowCount == 0) return {};
    const nlohmann::json& first = json.front();
    if (!first.is_array()) throw FormatError(where + "[0]: expected an array of numbers" + describeType(first));
    const auto colCount = static_cast<Eigen::Index>(first.size());
    Eigen::MatrixXd matrix(rowCount, colCount);
    for (Eigen::Index r = 0; r < rowCount; ++r) {
        const nlohmann::json& row = json[static_cast<std::size_t>(r)];
        const std::string rowName = where + "[" + std::to_string(r) + "]";
        if (!row.is_array()) throw FormatError(rowName + ": expected an array of numbers" + describeType(row));
        if (static_cast<Eigen::Index>(row.size()) != colCount) {
            throw FormatError(rowName + ": has " + std::to_string(row.size()) + " numbers, expected " +
                              std::to_string(colCount) + " like row 0");
        }
        for (Eigen::Index c = 0; c < colCount; ++c) {
            const nlohmann::json& cell = row[static_cast<std::size_t>(c)];
            if (cell.is_number()) {
                matrix(r, c) = cell.get<double>();
            } else if (cell.is_null() && nullIsMinusInfinity) {
                matrix(r, c) = -std::numeric_limits<double>::infinity();
            } else {
                throw FormatError(rowName + "[" + std::to_string(c) + "]: expected a number" + describeType(cell));
            }
        }
    }
    return matrix;
}

bool asUnsigned(const nlohmann::json& json, std::uint64_t& out) {
    if (json.is_number_unsigned()) {
        out = json.get<std::uint64_t>();
        return true;
    }
    if (json.is_number_integer() && json.get<std::int64_t>() >= 0) {
        out = static_cast<std::uint64_t>(json.get<std::int64_t>());
        return true;
    }
    return false;
}

}  // namespace json_detail

}  // namespace attnviz
