#pragma once
#include <Eigen/Core>

#include "core/attention/AttentionTrace.h"

namespace attnviz {

/// How weight (head, i, j) is made, recomputed from q_i and the keys (not read from the trace),
/// in the order a student checks it by hand.
struct CellExplanation {
    int head = 0, query = 0, key = 0;
    Eigen::VectorXd q;         ///< q_i, d_k values
    Eigen::VectorXd k;         ///< k_j, d_k values
    Eigen::VectorXd products;  ///< q_i[m]·k_j[m]
    double dot = 0;            ///< Σ products = score
    double divisor = 1;        ///< √d_k·T (scaling on) or T
    double scaled = 0;         ///< dot / divisor
    bool masked = false;       ///< key j hidden from query i: the masked score is −∞
    bool rowFullyMasked = false;
    double rowMax = 0;         ///< max over visible keys of the row's scaled scores (−∞ if none)
    double expShifted = 0;     ///< exp(scaled − rowMax), 0 when masked
    double rowSum = 0;         ///< Σ over visible keys of exp(scaled − rowMax)
    double weight = 0;         ///< expShifted / rowSum, 0 when masked or the row is fully masked
};

/// context_i = Σ_j w_ij·v_j, term by term.
struct ContextExplanation {
    int head = 0, query = 0;
    Eigen::VectorXd weights;  ///< w_i·, n values
    Eigen::MatrixXd values;   ///< v_j as rows, n × d_k
    Eigen::MatrixXd terms;    ///< w_ij·v_j as rows, n × d_k
    Eigen::VectorXd context;  ///< Σ_j terms.row(j), d_k values
};

[[nodiscard]] CellExplanation explainCell(const AttentionTrace& trace, int head, int query, int key);
[[nodiscard]] ContextExplanation explainContext(const AttentionTrace& trace, int head, int query);

}  // namespace attnviz
