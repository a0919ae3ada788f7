#include "core/AttentionTrace.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/AttentionKernel.h"
#include "core/Embedding.h"
#include "core/Errors.h"
#include "core/TeachingModel.h"

namespace attnviz {
namespace {

constexpr const char* kStepNames[kStepCount] = {"x",      "q",      "k",       "v",       "scores",
                                                "scaled", "masked", "weights", "context", "output"};
constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

RowMatrix<double> headSlice(const Eigen::MatrixXd& m, int head, int dK) {
    return m.middleCols(static_cast<Eigen::Index>(head) * dK, dK);
}

}  // namespace

const char* stepName(Step step) { return kStepNames[static_cast<int>(step)]; }

bool stepFromName(std::string_view name, Step& out) {
    for (int s = 0; s < kStepCount; ++s)
        if (name == kStepNames[s]) {
            out = static_cast<Step>(s);
            return true;
        }
    return false;
}

bool isSquareStep(Step step) {
    return step == Step::Scores || step == Step::Scaled || step == Step::Masked || step == Step::Weights;
}

AttentionTrace::AttentionTrace(const AttentionConfig& config, std::vector<Token> tokens, int realTokens)
    : config_(config),
      tokens_(std::move(tokens)),
      realTokens_(realTokens),
      mask_(config.mask, static_cast<int>(tokens_.size()), realTokens) {}

AttentionTrace AttentionTrace::compute(std::string_view sentence, const AttentionConfig& config,
                                       const std::atomic<bool>* cancel) {
    config.validate();
    return fromTokens(tokenize(sentence, config.maxTokens), config, cancel);
}

AttentionTrace AttentionTrace::fromTokens(std::vector<Token> tokens, const AttentionConfig& config,
                                          const std::atomic<bool>* cancel) {
    config.validate();
    if (tokens.empty()) throw InputError("the sentence is empty: type at least one word");
    if (tokens.size() > config.maxTokens)
        throw InputError("the sentence has " + std::to_string(tokens.size()) + " tokens, more than the limit of " +
                         std::to_string(config.maxTokens));
    const int realTokens = static_cast<int>(tokens.size());
    const std::size_t end = tokens.back().end;
    while (static_cast<int>(tokens.size()) < config.mask.padTo) tokens.push_back({"[PAD]", end, end});
    AttentionTrace trace(config, std::move(tokens), realTokens);
    trace.run(cancel);
    return trace;
}

void AttentionTrace::run(const std::atomic<bool>* cancel) {
    const int n = size();
    const int dK = config_.dK();
    x_ = config_.preset == ProjectionPreset::Teaching
             ? teachingModelOf(config_).embed(tokens_, config_.positionalEncoding).x
             : buildInput(tokens_, config_.seed, config_.dModel, config_.positionalEncoding);
    projections_ = makeProjections(config_);
    q_ = x_ * projections_.wq;
    k_ = x_ * projections_.wk;
    v_ = x_ * projections_.wv;
    context_.resize(n, config_.dModel);
    rowMax_.resize(n, config_.heads);
    rowSum_.resize(n, config_.heads);
    for (int head = 0; head < config_.heads; ++head) {
        const AttentionRows<double> rows =
            computeAttention<double>(headSlice(q_, head, dK), headSlice(k_, head, dK), headSlice(v_, head, dK),
                                     config_.divisor(), mask_, cancel);
        context_.middleCols(static_cast<Eigen::Index>(head) * dK, dK) = rows.context;
        rowMax_.col(head) = rows.rowMax;
        rowSum_.col(head) = rows.rowSum;
    }
    output_ = context_ * projections_.wo;
}

int AttentionTrace::rows(Step) const { return size(); }

int AttentionTrace::cols(Step step, int head) const {
    if (isSquareStep(step)) return size();
    if (step == Step::X || step == Step::Output || head == kAllHeads) return config_.dModel;
    return dK();
}

Eigen::MatrixXd AttentionTrace::matrix(Step step, int head) const {
    return block(step, head, 0, 0, rows(step), cols(step, head));
}

double AttentionTrace::weight(int head, int query, int key) const {
    if (mask_.isMasked(query, key)) return 0.0;
    const int dK = config_.dK();
    const auto qRow = q_.row(query).segment(static_cast<Eigen::Index>(head) * dK, dK);
    const auto kRow = k_.row(key).segment(static_cast<Eigen::Index>(head) * dK, dK);
    double dot = 0;
    for (int m = 0; m < dK; ++m) dot += qRow[m] * kRow[m];  // in order, as a student sums by hand
    return std::exp(dot / config_.divisor() - rowMax_(query, head)) / rowSum_(query, head);
}

Eigen::MatrixXd AttentionTrace::block(Step step, int head, int row0, int col0, int rowCount, int colCount) const {
    if (head != kAllHeads && (head < 0 || head >= config_.heads))
        throw ConfigError("head " + std::to_string(head) + " does not exist (there are " +
                          std::to_string(config_.heads) + ")");
    if (row0 < 0 || col0 < 0 || rowCount < 0 || colCount < 0 || row0 + rowCount > rows(step) ||
        col0 + colCount > cols(step, head))
        throw ConfigError(std::string("block outside the ") + stepName(step) + " matrix");
    const int dK = config_.dK();
    const auto slice = [&](const Eigen::MatrixXd& m) -> Eigen::MatrixXd {
        const int firstColumn = head == kAllHeads ? 0 : head * dK;
        return m.block(row0, firstColumn + col0, rowCount, colCount);
    };
    switch (step) {
        case Step::X: return x_.block(row0, col0, rowCount, colCount);
        case Step::Q: return slice(q_);
        case Step::K: return slice(k_);
        case Step::V: return slice(v_);
        case Step::Context: return slice(context_);
        case Step::Output: return output_.block(row0, col0, rowCount, colCount);
        default: break;
    }
    if (head == kAllHeads) {
        Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(rowCount, colCount);
        for (int h = 0; h < config_.heads; ++h) sum += block(step, h, row0, col0, rowCount, colCount);
        return sum / config_.heads;  // −∞ stays −∞ in the masked step: the mask is the same in every head
    }
    const double divisor = config_.divisor();
    // The keys of the block by dimension, so each row's scores are summed over m = 0 … d_k − 1
    // in order (the bits the kernel and the explainer get) while vectorizing across keys.
    const Eigen::Index firstColumn = static_cast<Eigen::Index>(head) * dK;
    const RowMatrix<double> keysByDimension = k_.block(col0, firstColumn, colCount, dK).transpose();
    std::vector<double> scores(static_cast<std::size_t>(colCount));
    std::vector<std::uint8_t> visible(static_cast<std::size_t>(colCount));
    Eigen::MatrixXd out(rowCount, colCount);
    for (int r = 0; r < rowCount; ++r) {
        const int query = row0 + r;
        std::fill(scores.begin(), scores.end(), 0.0);
        for (int m = 0; m < dK; ++m) {
            const double qm = q_(query, firstColumn + m);
            const double* km = keysByDimension.row(m).data();
            for (int c = 0; c < colCount; ++c) scores[static_cast<std::size_t>(c)] += qm * km[c];
        }
        mask_.fillRow(query, col0, colCount, visible.data());
        const double max = rowMax_(query, head), sum = rowSum_(query, head);
        for (int c = 0; c < colCount; ++c) {
            const double dot = scores[static_cast<std::size_t>(c)];
            const bool hidden = !visible[static_cast<std::size_t>(c)];
            switch (step) {
                case Step::Scores: out(r, c) = dot; break;
                case Step::Scaled: out(r, c) = dot / divisor; break;
                case Step::Masked: out(r, c) = hidden ? kMinusInfinity : dot / divisor; break;
                default: out(r, c) = hidden ? 0.0 : std::exp(dot / divisor - max) / sum;
            }
        }
    }
    return out;
}

}  // namespace attnviz
