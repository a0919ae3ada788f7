#pragma once
#include <QFont>
#include <QString>
#include <QStringList>

#include <Eigen/Core>
#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/formats/WeightsRange.h"
#include "core/heads/AttentionStack.h"

namespace attnviz::ui {

/// What kind of numbers a view shows, which decides the colour scale.
enum class ValueKind {
    Weights,  ///< in [0, 1]: sequential map (Blues, viridis, cividis)
    Signed,   ///< any sign: diverging map centred on 0 (scores, Q, K, V, …)
};

/// Choices that shape a source beyond its trace, step and head.
struct SourceOptions {
    std::string language;  ///< of the teaching model's dimension names ("fr", …; empty: as written)
    WeightsRange weightsRange = WeightsRange::Fixed;
};

/// One matrix of a trace as the heatmap, the exporters and the charts see it: labels, a value
/// kind, and blocks fetched on demand (so 4,096 × 4,096 is never materialized).
/// Immutable after construction and safe to read from several threads.
class MatrixSource {
public:
    MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head, const SourceOptions& options = {});
    /// The source of every step of trace for head (indexed by Step), equal to what the
    /// constructor makes, with one copy of the token labels and the colour scales of the n × n
    /// steps found in one pass (AttentionTrace::largestMagnitudes). Throws Cancelled.
    /// The weights of one head of a stack (layer and head 0-based), or with head kAllHeads the
    /// mean of the layer's heads: weights without a trace (imported ones), read once into memory.
    /// Masked cells are the stack's. Throws ConfigError NoSuchLayer / NoSuchHead.
    MatrixSource(std::shared_ptr<const AttentionStack> stack, int layer, int head, const SourceOptions& options = {});
    [[nodiscard]] static std::array<std::shared_ptr<const MatrixSource>, kStepCount> allSteps(
        const std::shared_ptr<const AttentionTrace>& trace, int head, const std::atomic<bool>* cancel = nullptr,
        const SourceOptions& options = {});

    [[nodiscard]] int rows() const { return rows_; }
    [[nodiscard]] int cols() const { return cols_; }
    [[nodiscard]] Step step() const { return step_; }
    [[nodiscard]] int head() const { return head_; }
    [[nodiscard]] ValueKind kind() const { return kind_; }
    /// The trace the matrix is read from; only when hasTrace() (a stack's source has none).
    [[nodiscard]] const AttentionTrace& trace() const { return *trace_; }
    [[nodiscard]] bool hasTrace() const { return trace_ != nullptr; }
    /// The stack a stack's source reads (null for a trace's), and its layer (0-based).
    [[nodiscard]] const std::shared_ptr<const AttentionStack>& stack() const { return stack_; }
    [[nodiscard]] int layer() const { return layer_; }
    /// True when some cell of this matrix may be masked (drawn hatched, with the legend).
    [[nodiscard]] bool hasMask() const;
    [[nodiscard]] std::shared_ptr<const AttentionTrace> sharedTrace() const { return trace_; }
    /// Row labels: the query tokens. Column labels: key tokens for n × n steps; for dimension axes
    /// (X, Q, K, V, context, output) the teaching model's names with the Teaching preset (the
    /// head's own columns), "d0", "d1", … otherwise.
    [[nodiscard]] const QStringList& rowLabels() const { return rowLabels_; }
    [[nodiscard]] const QStringList& colLabels() const { return colLabels_; }
    /// Width of the widest row (column) label in font, measured once per font and shared by the
    /// sources of allSteps, whose token labels are the same. Thread-safe.
    [[nodiscard]] double widestRowLabel(const QFont& font) const;
    [[nodiscard]] double widestColLabel(const QFont& font) const;
    /// True for a cell the mask hides (n × n steps only): drawn hatched, never as a 0.
    [[nodiscard]] bool isMasked(int row, int col) const;
    [[nodiscard]] double value(int row, int col) const;
    [[nodiscard]] Eigen::MatrixXd block(int row0, int col0, int rowCount, int colCount) const;
    /// The range the colour scale spans: for weights [0, 1]; with WeightsRange::Data their own
    /// [smallest, largest] over the visible cells of the rows that see more than one key (0 … 1
    /// when those weights are all equal or there are none); with WeightsRange::PerRow [0, 1],
    /// each row then being coloured against rowScaleMax. [−m, m] (m = largest |finite value|)
    /// for signed matrices.
    [[nodiscard]] double scaleMin() const { return scaleMin_; }
    [[nodiscard]] double scaleMax() const { return scaleMax_; }
    /// The range the weights' colours span as shown (WeightsRange::Fixed for signed matrices, and
    /// for Data when it has no spread to show).
    [[nodiscard]] WeightsRange weightsRange() const { return weightsRange_; }
    /// Whether each row is coloured against its own largest weight (WeightsRange::PerRow).
    [[nodiscard]] bool coloursPerRow() const { return weightsRange_ == WeightsRange::PerRow; }
    /// With coloursPerRow: the top of the row's colour scale, its largest visible weight (0 for a
    /// fully masked row). Otherwise scaleMax().
    [[nodiscard]] double rowScaleMax(int row) const;

private:
    class LabelWidths;
    MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head, const QStringList& tokenLabels,
                 std::shared_ptr<LabelWidths> tokenWidths, std::optional<double> knownMagnitude,
                 const SourceOptions& options);
    void setUp(const QStringList& tokenLabels, std::shared_ptr<LabelWidths> tokenWidths,
               std::optional<double> knownMagnitude, const SourceOptions& options);

    std::shared_ptr<const AttentionTrace> trace_;
    std::shared_ptr<const AttentionStack> stack_;
    int layer_ = 0;
    std::shared_ptr<const Eigen::MatrixXd> stackWeights_;  ///< the stack's head (or mean), n × n
    Step step_;
    int head_;
    int rows_ = 0, cols_ = 0;
    ValueKind kind_;
    QStringList rowLabels_, colLabels_;
    std::shared_ptr<LabelWidths> rowWidths_, colWidths_;
    double scaleMin_ = 0, scaleMax_ = 1;
    WeightsRange weightsRange_ = WeightsRange::Fixed;
    std::vector<double> rowScaleMax_;  ///< PerRow: each row's largest visible weight
};

}  // namespace attnviz::ui
