#pragma once
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/Tokenizer.h"

namespace attnviz {

/// The text a token's embedding is keyed on: Unicode full lower-casing (ICU root locale) with
/// U+2019 replaced by U+0027, so "L'", "l'" and "l’" share one vector.
[[nodiscard]] std::string embeddingKey(std::string_view tokenText);

/// The token's vector: d_model draws of SeededGenerator(seed, "tok:" + key).nextSymmetric(√3)
/// (unit variance). Same (key, seed) → same vector, wherever the word stands.
[[nodiscard]] Eigen::VectorXd tokenEmbedding(std::string_view key, std::uint64_t seed, int dModel);

/// Sinusoidal positional encoding: PE[p, 2i] = sin(p / 10000^(2i/d)), PE[p, 2i+1] = cos(same).
[[nodiscard]] Eigen::MatrixXd positionalEncoding(int n, int dModel);

/// X (n × d_model): one row per token, embedding + positional encoding (when on).
[[nodiscard]] Eigen::MatrixXd buildInput(const std::vector<Token>& tokens, std::uint64_t seed,
                                         int dModel, bool withPositions);

}  // namespace attnviz
