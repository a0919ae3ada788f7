#include "ui/heatmap/MatrixSource.h"

#include <QFontMetricsF>
#include <QSet>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>
#include <mutex>
#include <utility>
#include <vector>

#include "core/base/Errors.h"
#include "core/masks/AttentionMask.h"
#include "core/model/TeachingModel.h"

namespace attnviz::ui {
namespace {

QStringList tokenLabels(const AttentionTrace& trace) {
    QStringList labels;
    labels.reserve(trace.size());
    for (const Token& token : trace.tokens()) labels << QString::fromStdString(token.text);
    return labels;
}

QStringList dimensionLabels(int count) {
    QStringList labels;
    labels.reserve(count);
    for (int c = 0; c < count; ++c) labels << QStringLiteral("d%1").arg(c);
    return labels;
}

// The teaching model's names of a step's columns (head's slice, or every head side by side);
// "d0", "d1", … for other presets and for the n × n steps.
QStringList columnLabels(const AttentionTrace& trace, Step step, int head, int cols, const std::string& language) {
    const std::vector<std::string> names = trace.dimensionNames(step, head, language);
    if (names.empty()) return dimensionLabels(cols);
    QStringList labels;
    labels.reserve(cols);
    for (const std::string& name : names) labels << QString::fromStdString(name);
    return labels;
}

// The smallest and largest finite values of the matrix, read by row blocks so memory stays
// O(block); {+∞, −∞} when it has none.
std::pair<double, double> finiteRange(const MatrixSource& source) {
    double smallest = std::numeric_limits<double>::infinity(), largest = -smallest;
    const int blockRows = std::max(1, 1 << 20 / std::max(1, source.cols()));
    for (int r = 0; r < source.rows(); r += blockRows) {
        const Eigen::MatrixXd part = source.block(r, 0, std::min(blockRows, source.rows() - r), source.cols());
        for (Eigen::Index i = 0; i < part.size(); ++i) {
            const double value = part.data()[i];
            if (!std::isfinite(value)) continue;
            smallest = std::min(smallest, value);
            largest = std::max(largest, value);
        }
    }
    return {smallest, largest};
}

/// A weights matrix's visible cells, row by row: the largest weight of each row, and the smallest
/// and largest weights of the rows that see more than one key.
struct VisibleWeights {
    std::vector<double> rowLargest;
    double smallest = std::numeric_limits<double>::infinity();
    double largest = -std::numeric_limits<double>::infinity();
};

// Read by row blocks, so memory stays O(block); masked cells (weight 0, drawn hatched) never count.
VisibleWeights visibleWeights(const MatrixSource& source) {
    VisibleWeights out;
    out.rowLargest.assign(static_cast<std::size_t>(source.rows()), 0.0);
    std::vector<std::uint8_t> visible(static_cast<std::size_t>(source.cols()));
    const auto fillVisible = [&source, &visible](int row) {
        if (source.hasTrace()) {
            source.trace().mask().fillRow(row, 0, source.cols(), visible.data());
            return;
        }
        for (int j = 0; j < source.cols(); ++j) visible[static_cast<std::size_t>(j)] = !source.isMasked(row, j);
    };
    const int blockRows = std::max(1, 1 << 20 / std::max(1, source.cols()));
    for (int r0 = 0; r0 < source.rows(); r0 += blockRows) {
        const int count = std::min(blockRows, source.rows() - r0);
        const Eigen::MatrixXd part = source.block(r0, 0, count, source.cols());
        for (int i = 0; i < count; ++i) {
            fillVisible(r0 + i);
            double rowLargest = 0, rowSmallest = std::numeric_limits<double>::infinity();
            int seen = 0;
            for (int j = 0; j < source.cols(); ++j) {
                if (!visible[static_cast<std::size_t>(j)]) continue;
                ++seen;
                rowLargest = std::max(rowLargest, part(i, j));
                rowSmallest = std::min(rowSmallest, part(i, j));
            }
            out.rowLargest[static_cast<std::size_t>(r0 + i)] = rowLargest;
            if (seen > 1) {
                out.smallest = std::min(out.smallest, rowSmallest);
                out.largest = std::max(out.largest, rowLargest);
            }
        }
    }
    return out;
}

}  // namespace

/// The widest of a fixed list of labels, per font: measured once, then looked up.
class MatrixSource::LabelWidths {
public:
    double widest(const QStringList& labels, const QFont& font) {
        const std::lock_guard lock(mutex_);
        for (const auto& [known, width] : widths_)
            if (known == font) return width;
        const QFontMetricsF metrics(font);
        double width = 0;
        QSet<QString> seen;  // a sentence repeats its words: each is measured once
        seen.reserve(labels.size());
        for (const QString& label : labels) {
            if (seen.contains(label)) continue;
            seen.insert(label);
            width = std::max(width, metrics.horizontalAdvance(label));
        }
        if (widths_.size() == kFonts) widths_.erase(widths_.begin());
        widths_.emplace_back(font, width);
        return width;
    }

private:
    static constexpr std::size_t kFonts = 4;  // the view's, an export's, a zoomed text size…
    std::mutex mutex_;
    std::vector<std::pair<QFont, double>> widths_;
};

MatrixSource::MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head,
                           const SourceOptions& options)
    : trace_(std::move(trace)),
      step_(step),
      head_(head),
      kind_(step == Step::Weights ? ValueKind::Weights : ValueKind::Signed) {
    setUp(tokenLabels(*trace_), std::make_shared<LabelWidths>(), std::nullopt, options);
}

MatrixSource::MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head,
                           const QStringList& tokenLabels, std::shared_ptr<LabelWidths> tokenWidths,
                           std::optional<double> knownMagnitude, const SourceOptions& options)
    : trace_(std::move(trace)),
      step_(step),
      head_(head),
      kind_(step == Step::Weights ? ValueKind::Weights : ValueKind::Signed) {
    setUp(tokenLabels, std::move(tokenWidths), knownMagnitude, options);
}

MatrixSource::MatrixSource(std::shared_ptr<const AttentionStack> stack, int layer, int head,
                           const SourceOptions& options)
    : stack_(std::move(stack)), layer_(layer), step_(Step::Weights), head_(head), kind_(ValueKind::Weights) {
    if (head == kAllHeads) {
        Eigen::MatrixXd mean = stack_->weights(layer, 0);
        for (int h = 1; h < stack_->heads(); ++h) mean += stack_->weights(layer, h);
        stackWeights_ = std::make_shared<const Eigen::MatrixXd>(mean / stack_->heads());
    } else {
        stackWeights_ = std::make_shared<const Eigen::MatrixXd>(stack_->weights(layer, head));
    }
    QStringList labels;
    labels.reserve(stack_->size());
    for (const std::string& token : stack_->tokens()) labels << QString::fromStdString(token);
    setUp(labels, std::make_shared<LabelWidths>(), std::nullopt, options);
}

void MatrixSource::setUp(const QStringList& tokenLabels, std::shared_ptr<LabelWidths> tokenWidths,
                         std::optional<double> knownMagnitude, const SourceOptions& options) {
    rows_ = stackWeights_ ? static_cast<int>(stackWeights_->rows()) : trace_->rows(step_);
    cols_ = stackWeights_ ? static_cast<int>(stackWeights_->cols()) : trace_->cols(step_, head_);
    rowLabels_ = tokenLabels;
    rowWidths_ = std::move(tokenWidths);
    if (isSquareStep(step_)) {
        colLabels_ = rowLabels_;
        colWidths_ = rowWidths_;
    } else {
        colLabels_ = columnLabels(*trace_, step_, head_, cols_, options.language);
        colWidths_ = std::make_shared<LabelWidths>();
    }
    if (kind_ == ValueKind::Signed) {
        const auto largestMagnitude = [this] {
            const auto [smallest, largest] = finiteRange(*this);
            return std::max({0.0, std::abs(smallest), std::abs(largest)});  // 0 when nothing is finite
        };
        const double m = knownMagnitude ? *knownMagnitude : largestMagnitude();
        scaleMax_ = m > 0 ? m : 1.0;
        scaleMin_ = -scaleMax_;
    } else if (options.weightsRange == WeightsRange::Data) {
        const VisibleWeights weights = visibleWeights(*this);
        // One weight everywhere (a single token, every row uniform, or no row that sees two keys):
        // no range to spread the colours over; 0 … 1 shows it as it is.
        if (weights.largest > weights.smallest) {
            scaleMin_ = weights.smallest;
            scaleMax_ = weights.largest;
            weightsRange_ = WeightsRange::Data;
        }
    } else if (options.weightsRange == WeightsRange::PerRow) {
        rowScaleMax_ = visibleWeights(*this).rowLargest;
        weightsRange_ = WeightsRange::PerRow;
    }
}

std::array<std::shared_ptr<const MatrixSource>, kStepCount> MatrixSource::allSteps(
    const std::shared_ptr<const AttentionTrace>& trace, int head, const std::atomic<bool>* cancel,
    const SourceOptions& options) {
    const QStringList tokens = tokenLabels(*trace);
    const auto widths = std::make_shared<LabelWidths>();
    const AttentionTrace::ScoreMagnitudes magnitudes = trace->largestMagnitudes(head, cancel);
    std::array<std::shared_ptr<const MatrixSource>, kStepCount> sources;
    for (int s = 0; s < kStepCount; ++s) {
        if (cancel && cancel->load()) throw Cancelled();
        const auto step = static_cast<Step>(s);
        std::optional<double> magnitude;
        if (step == Step::Scores) magnitude = magnitudes.scores;
        if (step == Step::Scaled) magnitude = magnitudes.scaled;
        if (step == Step::Masked) magnitude = magnitudes.masked;
        sources[static_cast<std::size_t>(s)] =
            std::shared_ptr<const MatrixSource>(new MatrixSource(trace, step, head, tokens, widths, magnitude, options));
    }
    return sources;
}

double MatrixSource::rowScaleMax(int row) const {
    if (!coloursPerRow()) return scaleMax_;
    return rowScaleMax_[static_cast<std::size_t>(row)];
}

double MatrixSource::widestRowLabel(const QFont& font) const { return rowWidths_->widest(rowLabels_, font); }

double MatrixSource::widestColLabel(const QFont& font) const { return colWidths_->widest(colLabels_, font); }

bool MatrixSource::isMasked(int row, int col) const {
    if (stack_) return stack_->isMasked(row, col);
    return (step_ == Step::Masked || step_ == Step::Weights) && trace_->mask().isMasked(row, col);
}

bool MatrixSource::hasMask() const {
    if (stack_) {
        switch (stack_->origin()) {
            case StackOrigin::Trace: return !stack_->trace()->mask().isEmpty();
            case StackOrigin::Model: return true;                         // causal
            case StackOrigin::Imported: return stack_->isMasked(0, 1);  // causal when the file says so
        }
    }
    return (step_ == Step::Masked || step_ == Step::Weights) && !trace_->mask().isEmpty();
}

double MatrixSource::value(int row, int col) const {
    if (stackWeights_) return (*stackWeights_)(row, col);
    return trace_->block(step_, head_, row, col, 1, 1)(0, 0);
}

Eigen::MatrixXd MatrixSource::block(int row0, int col0, int rowCount, int colCount) const {
    if (stackWeights_) return stackWeights_->block(row0, col0, rowCount, colCount);
    return trace_->block(step_, head_, row0, col0, rowCount, colCount);
}

}  // namespace attnviz::ui
