#pragma once
#include <Eigen/Core>

#include "core/AttentionConfig.h"

namespace attnviz {

/// The four projection matrices, each d_model × d_model. Head h of Q is X·W_Q restricted to
/// columns [h·d_k, (h+1)·d_k); output = concat(contexts)·W_O.
struct Projections {
    Eigen::MatrixXd wq, wk, wv, wo;
};

/// Random: W[r, c] filled row-major from SeededGenerator(seed, "W_Q" | "W_K" | "W_V" | "W_O")
/// with nextSymmetric(√(3 / d_model)) (variance 1/d_model). Identity: I. Supplied: copied.
/// Teaching: the teaching model's matrices (TeachingModel::projections()), or the supplied ones
/// when the config has them (edited weights).
/// Expects a validated config.
[[nodiscard]] Projections makeProjections(const AttentionConfig& config);

}  // namespace attnviz
