#pragma once
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/model/AttentionConfig.h"

namespace attnviz {

/// AttentionConfig as a JSON object (every field, round trip exact):
/// {"d_model": 8, "heads": 1, "scale": true, "temperature": 1.0, "seed": 42,
///  "positional_encoding": true, "preset": "random" | "identity" | "supplied" | "teaching" |
///  "teaching-heads" (the Teaching preset on the built-in four-head model) | "model",
///  "supplied": {"W_Q": [[…], …], "W_K": …, "W_V": …, "W_O": …}   (only when a matrix is set),
///  "teaching_model": {"model": {…model.json…}, "lexicons": {"fr": "<TSV text>", …}}
///                    (only for a teaching model other than the built-in ones),
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
/// The preset "model" is refused (ModelPresetNeedsModel: a model's projections come from its
/// checkpoint) unless the reader reads what a model computed (a trace): ModelProjections::Read.
enum class ModelProjections { Refused, Read };
[[nodiscard]] AttentionConfig configFromJson(const nlohmann::json& json, std::string_view where = "config",
                                             ModelProjections models = ModelProjections::Refused);

}  // namespace attnviz
