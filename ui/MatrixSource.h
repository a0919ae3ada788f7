#pragma once
#include <QString>
#include <QStringList>

#include <Eigen/Core>
#include <memory>

#include "core/AttentionTrace.h"

namespace attnviz::ui {

/// What kind of numbers a view shows, which decides the colour scale.
enum class ValueKind {
    Weights,  ///< in [0, 1]: sequential map (Blues, viridis, cividis)
    Signed,   ///< any sign: diverging map centred on 0 (scores, Q, K, V, …)
};

/// One matrix of a trace as the heatmap, the exporters and the charts see it: labels, a value
/// kind, and blocks fetched on demand (so 4,096 × 4,096 is never materialized).
/// Immutable after construction and safe to read from several threads.
class MatrixSource {
public:
    MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head);

    [[nodiscard]] int rows() const { return rows_; }
    [[nodiscard]] int cols() const { return cols_; }
    [[nodiscard]] Step step() const { return step_; }
    [[nodiscard]] int head() const { return head_; }
    [[nodiscard]] ValueKind kind() const { return kind_; }
    [[nodiscard]] const AttentionTrace& trace() const { return *trace_; }
    [[nodiscard]] std::shared_ptr<const AttentionTrace> sharedTrace() const { return trace_; }
    /// Row labels: the query tokens. Column labels: key tokens for n × n steps, "d0", "d1", …
    /// for dimension axes (Q, K, V, X, context, output).
    [[nodiscard]] const QStringList& rowLabels() const { return rowLabels_; }
    [[nodiscard]] const QStringList& colLabels() const { return colLabels_; }
    /// True for a cell the mask hides (n × n steps only): drawn hatched, never as a 0.
    [[nodiscard]] bool isMasked(int row, int col) const;
    [[nodiscard]] double value(int row, int col) const;
    [[nodiscard]] Eigen::MatrixXd block(int row0, int col0, int rowCount, int colCount) const;
    /// The range the colour scale spans: [0, 1] for weights, [−m, m] (m = largest |finite value|) otherwise.
    [[nodiscard]] double scaleMin() const { return scaleMin_; }
    [[nodiscard]] double scaleMax() const { return scaleMax_; }

private:
    std::shared_ptr<const AttentionTrace> trace_;
    Step step_;
    int head_;
    int rows_ = 0, cols_ = 0;
    ValueKind kind_;
    QStringList rowLabels_, colLabels_;
    double scaleMin_ = 0, scaleMax_ = 1;
};

}  // namespace attnviz::ui
