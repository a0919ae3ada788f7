#pragma once
// What every JSON writer of the core shares.
#include <Eigen/Core>
#include <nlohmann/json.hpp>
#include <string>

#include "core/base/Errors.h"

namespace attnviz {

/// Matrix as an array of rows (an empty matrix is []). Non-finite values become null.
[[nodiscard]] nlohmann::json matrixToJson(const Eigen::MatrixXd& matrix);

/// value as JSON text (indent as nlohmann's dump). A string that is not UTF-8 cannot be JSON:
/// FormatError(unwritable, {the reason}).
[[nodiscard]] std::string jsonText(const nlohmann::json& value, int indent, ErrorCode unwritable);

}  // namespace attnviz
