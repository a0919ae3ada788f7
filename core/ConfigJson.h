#pragma once
#include <exception>
#include <string>
#include <Eigen/Core>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/AttentionConfig.h"

namespace attnviz {

/// AttentionConfig as a JSON object (every field, round trip exact):
/// {"d_model": 8, "heads": 1, "scale": true, "temperature": 1.0, "seed": 42,
///  "positional_encoding": true, "preset": "random" | "identity" | "supplied" | "teaching",
///  "supplied": {"W_Q": [[…], …], "W_K": …, "W_V": …, "W_O": …}   (only when a matrix is set),
///  "teaching_model": {"model": {…model.json…}, "lexicons": {"fr": "<TSV text>", …}}
///                    (only for a teaching model other than the built-in one),
///  "mask": {"causal": false, "window": 0, "global_tokens": [], "pad_to": 0,
///           "custom_masked": [[query, key], …]},
///  "max_tokens": 4096}
/// The seed is written as a JSON integer (exact up to 2^64 − 1).
[[nodiscard]] nlohmann::json configToJson(const AttentionConfig& config);

/// The reverse. Missing fields keep their defaults; unknown fields, wrong types and
/// out-of-range integers throw FormatError naming the field ("config.temperature: expected a
/// number"). `where` is the name used for the object in messages. The seed may be a
/// non-negative JSON integer or a string of decimal digits. The values are not checked for
/// sense here (AttentionConfig::validate does that).
[[nodiscard]] AttentionConfig configFromJson(const nlohmann::json& json, std::string_view where = "config");

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
