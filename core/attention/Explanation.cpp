#include "core/attention/Explanation.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/base/Errors.h"

namespace attnviz {
namespace {

/// Everything about one query row of one head, recomputed from q_i and the keys.
struct RowRecomputation {
    Eigen::VectorXd q;
    Eigen::VectorXd scaled;   ///< every key's scaled score (shown even when masked)
    std::vector<bool> visible;
    double max = -std::numeric_limits<double>::infinity();
    double sum = 0;
};

void checkCell(const AttentionTrace& trace, int head, int query, int key) {
    trace.requireHead(head);
    if (query < 0 || query >= trace.size() || key < 0 || key >= trace.size())
        throw ConfigError(ErrorCode::CellOutside,
                          {std::to_string(query), std::to_string(key), std::to_string(trace.size())});
}

double dotInOrder(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double dot = 0;
    for (Eigen::Index m = 0; m < a.size(); ++m) dot += a[m] * b[m];
    return dot;
}

Eigen::VectorXd keyOf(const AttentionTrace& trace, int head, int key) {
    return trace.k().row(key).segment(static_cast<Eigen::Index>(head) * trace.dK(), trace.dK()).transpose();
}

RowRecomputation recomputeRow(const AttentionTrace& trace, int head, int query) {
    RowRecomputation row;
    const int n = trace.size();
    row.q = trace.q().row(query).segment(static_cast<Eigen::Index>(head) * trace.dK(), trace.dK()).transpose();
    row.scaled.resize(n);
    row.visible.resize(static_cast<std::size_t>(n));
    const double divisor = trace.config().divisor();
    for (int j = 0; j < n; ++j) {
        row.scaled[j] = dotInOrder(row.q, keyOf(trace, head, j)) / divisor;
        row.visible[static_cast<std::size_t>(j)] = trace.mask().allows(query, j);
        if (row.visible[static_cast<std::size_t>(j)]) row.max = std::max(row.max, row.scaled[j]);
    }
    for (int j = 0; j < n; ++j)
        if (row.visible[static_cast<std::size_t>(j)]) row.sum += std::exp(row.scaled[j] - row.max);
    return row;
}

double weightOf(const RowRecomputation& row, int key) {
    if (!row.visible[static_cast<std::size_t>(key)] || row.sum == 0) return 0.0;
    return std::exp(row.scaled[key] - row.max) / row.sum;
}

}  // namespace

CellExplanation explainCell(const AttentionTrace& trace, int head, int query, int key) {
    checkCell(trace, head, query, key);
    const RowRecomputation row = recomputeRow(trace, head, query);
    CellExplanation cell;
    cell.head = head;
    cell.query = query;
    cell.key = key;
    cell.q = row.q;
    cell.k = keyOf(trace, head, key);
    cell.products = cell.q.cwiseProduct(cell.k);
    cell.dot = dotInOrder(cell.q, cell.k);
    cell.divisor = trace.config().divisor();
    cell.scaled = cell.dot / cell.divisor;
    cell.masked = !row.visible[static_cast<std::size_t>(key)];
    cell.rowFullyMasked = row.sum == 0;
    cell.rowMax = row.max;
    cell.expShifted = cell.masked ? 0.0 : std::exp(cell.scaled - row.max);
    cell.rowSum = row.sum;
    cell.weight = weightOf(row, key);
    return cell;
}

ContextExplanation explainContext(const AttentionTrace& trace, int head, int query) {
    checkCell(trace, head, query, 0);
    const RowRecomputation row = recomputeRow(trace, head, query);
    const int n = trace.size();
    const int dK = trace.dK();
    ContextExplanation context;
    context.head = head;
    context.query = query;
    context.weights.resize(n);
    context.values = trace.v().middleCols(static_cast<Eigen::Index>(head) * dK, dK);
    context.terms.resize(n, dK);
    context.context = Eigen::VectorXd::Zero(dK);
    for (int j = 0; j < n; ++j) {
        context.weights[j] = weightOf(row, j);
        context.terms.row(j) = context.weights[j] * context.values.row(j);
        context.context += context.terms.row(j).transpose();
    }
    return context;
}

}  // namespace attnviz
