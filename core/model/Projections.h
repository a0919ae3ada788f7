#pragma once
#include <Eigen/Core>

namespace attnviz {

/// The four projection matrices, each d_model × d_model. Head h of Q is X·W_Q restricted to
/// columns [h·d_k, (h+1)·d_k); output = concat(contexts)·W_O.
struct Projections {
    Eigen::MatrixXd wq, wk, wv, wo;
};

}  // namespace attnviz
