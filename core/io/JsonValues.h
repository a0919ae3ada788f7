#pragma once
// Small helpers for reading and writing JSON values that every format shares.
#include <Eigen/Core>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

namespace attnviz {

namespace json_detail {
/// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
[[nodiscard]] std::string plainMessage(const std::exception& error);
/// Matrix as an array of rows (an empty matrix is []). Non-finite values become null.
[[nodiscard]] nlohmann::json matrixToJson(const Eigen::MatrixXd& matrix);
/// Array of equally long arrays of numbers → matrix. null is accepted (as −∞) only when
/// nullIsMinusInfinity; FormatError names `where` and the row/column otherwise.
[[nodiscard]] Eigen::MatrixXd matrixFromJson(const nlohmann::json& json, const std::string& where,
                                             bool nullIsMinusInfinity = false);
/// A non-negative JSON integer (stored signed or unsigned) → out; false for anything else.
[[nodiscard]] bool asUnsigned(const nlohmann::json& json, std::uint64_t& out);
/// " (got a string)", " (got null)", … for messages.
[[nodiscard]] std::string describeType(const nlohmann::json& json);
}  // namespace json_detail

}  // namespace attnviz
