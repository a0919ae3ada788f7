#pragma once
// One head of a stack (or the mean of a layer's heads) as data: the CSV and JSON that
// `attnviz export --attention` and the window's export write for weights without a trace.
#include <ostream>

#include "core/heads/AttentionStack.h"

namespace attnviz {

/// The n × n weights of head (0-based; kAllHeads: the mean of the layer's heads) of layer, masked
/// cells 0.
[[nodiscard]] Eigen::MatrixXd headWeights(const AttentionStack& stack, int layer, int head);

/// The weights as CSV (core/formats/MatrixCsv): rows and columns "0:The", "1:cat", …; corner
/// "weights (layer 1, head 2)" or "weights (layer 1, mean of heads)", counted from 1.
void writeHeadCsv(std::ostream& out, const AttentionStack& stack, int layer, int head);

/// {"tokens": [...], "layer": L, "head": H or "mean", "weights": [[...], ...], "causal": bool}, layer
/// and head counted from 1.
void writeHeadJson(std::ostream& out, const AttentionStack& stack, int layer, int head);

}  // namespace attnviz
