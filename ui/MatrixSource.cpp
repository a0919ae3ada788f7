#include "ui/MatrixSource.h"

#include <cmath>

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

// Largest |finite value| of the matrix, read by row blocks so memory stays O(block).
double largestMagnitude(const MatrixSource& source) {
    double largest = 0;
    const int blockRows = std::max(1, 1 << 20 / std::max(1, source.cols()));
    for (int r = 0; r < source.rows(); r += blockRows) {
        const Eigen::MatrixXd part = source.block(r, 0, std::min(blockRows, source.rows() - r), source.cols());
        for (Eigen::Index i = 0; i < part.size(); ++i)
            if (std::isfinite(part.data()[i])) largest = std::max(largest, std::abs(part.data()[i]));
    }
    return largest;
}

}  // namespace

MatrixSource::MatrixSource(std::shared_ptr<const AttentionTrace> trace, Step step, int head)
    : trace_(std::move(trace)),
      step_(step),
      head_(head),
      kind_(step == Step::Weights ? ValueKind::Weights : ValueKind::Signed) {
    rows_ = trace_->rows(step_);
    cols_ = trace_->cols(step_, head_);
    rowLabels_ = tokenLabels(*trace_);
    colLabels_ = isSquareStep(step_) ? rowLabels_ : dimensionLabels(cols_);
    if (kind_ == ValueKind::Signed) {
        const double m = largestMagnitude(*this);
        scaleMax_ = m > 0 ? m : 1.0;
        scaleMin_ = -scaleMax_;
    }
}

bool MatrixSource::isMasked(int row, int col) const {
    return (step_ == Step::Masked || step_ == Step::Weights) && trace_->mask().isMasked(row, col);
}

double MatrixSource::value(int row, int col) const { return trace_->block(step_, head_, row, col, 1, 1)(0, 0); }

Eigen::MatrixXd MatrixSource::block(int row0, int col0, int rowCount, int colCount) const {
    return trace_->block(step_, head_, row0, col0, rowCount, colCount);
}

}  // namespace attnviz::ui
