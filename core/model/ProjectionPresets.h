#pragma once
#include "core/model/AttentionConfig.h"
#include "core/model/Projections.h"

namespace attnviz {

/// Random: W[r, c] filled row-major from SeededGenerator(seed, "W_Q" | "W_K" | "W_V" | "W_O")
/// with nextSymmetric(√(3 / d_model)) (variance 1/d_model). Identity: I. Supplied: copied.
/// Teaching: the teaching model's matrices (TeachingModel::projections()), or the supplied ones
/// when the config has them (edited weights). Model: ConfigError (ModelPresetNeedsModel), as a
/// trained model's matrices come from its checkpoint (AttentionTrace::fromLayer).
/// Expects a validated config.
[[nodiscard]] Projections makeProjections(const AttentionConfig& config);

}  // namespace attnviz
