#include "core/attention/AttentionTrace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"
#include "core/kernels/AttentionKernel.h"
#include "core/model/Embedding.h"
#include "core/model/ProjectionPresets.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

constexpr const char* kStepNames[kStepCount] = {"x",      "q",      "k",       "v",       "scores",
                                                "scaled", "masked", "weights", "context", "output"};
constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();
// The largest |score| and |scaled score| let through: the softmax subtracts two of them (scaled −
// the row's maximum), which then still fits a double, so it never meets ∞ − ∞ (NaN).
constexpr double kLargestSafeScore = std::numeric_limits<double>::max() / 4;

void requireFinite(const Eigen::MatrixXd& m, const char* name) {
    if (!m.allFinite()) throw ConfigError(ErrorCode::ValuesOverflow, {name});
}

// Refuses a head whose scores could leave the range of a double, before they are computed: every
// partial sum of q_i · k_j is at most d_k · max|q| · max|k| (the bound, rounding included, as
// kLargestSafeScore leaves a factor 4). Q and K are finite.
void requireSafeScores(const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, double divisor, int head, int dK) {
    const double largestQ = q.middleCols(static_cast<Eigen::Index>(head) * dK, dK).cwiseAbs().maxCoeff();
    const double largestK = k.middleCols(static_cast<Eigen::Index>(head) * dK, dK).cwiseAbs().maxCoeff();
    const double bound = dK * largestQ * largestK;  // +∞ when the product overflows: refused below
    const std::string shownHead = std::to_string(head + 1);
    if (!(bound <= kLargestSafeScore)) throw ConfigError(ErrorCode::ScoresOverflow, {shownHead, "QKᵀ"});
    if (!(bound / divisor <= kLargestSafeScore))
        throw ConfigError(ErrorCode::ScoresOverflow, {shownHead, "QKᵀ / (√d_k · T)"});
}

RowMatrix<double> headSlice(const Eigen::MatrixXd& m, int head, int dK) {
    return m.middleCols(static_cast<Eigen::Index>(head) * dK, dK);
}

using Magnitudes = AttentionTrace::ScoreMagnitudes;

constexpr int kCellsPerScanBlock = 1 << 16;  // a block of scores stays in the L2 cache

// |v| for a finite v, else 0: NaN and ±∞ never set a colour scale.
double finiteMagnitude(double v) {
    const double magnitude = std::abs(v);
    return magnitude <= std::numeric_limits<double>::max() ? magnitude : 0.0;
}

// Calls scan(row0, rowCount, partial) on blocks of blockRows rows covering [0, n), on every
// thread of the pool when work (multiply-adds) is large, each thread with its own partial;
// returns their fieldwise maximum. Throws Cancelled when *cancel becomes true, or what scan threw.
template <typename Scan>
Magnitudes scanRowBlocks(int n, int blockRows, double work, const std::atomic<bool>* cancel, const Scan& scan) {
    const unsigned threads = threadsForWork(work);
    std::vector<Magnitudes> partials(threads);
    parallelFor((n + blockRows - 1) / blockRows, threads, [&](int block, unsigned slot) {
        if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
        const int row0 = block * blockRows;
        scan(row0, std::min(blockRows, n - row0), partials[slot]);
    });
    Magnitudes out;
    for (const Magnitudes& partial : partials) {
        out.scores = std::max(out.scores, partial.scores);
        out.scaled = std::max(out.scaled, partial.scaled);
        out.masked = std::max(out.masked, partial.masked);
    }
    return out;
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
    if (config.preset == ProjectionPreset::Model) throw ConfigError(ErrorCode::ModelPresetNeedsModel);
    if (tokens.empty()) throw InputError(ErrorCode::EmptySentence);
    if (tokens.size() > config.maxTokens)
        throw InputError(ErrorCode::TooManyTokens, {std::to_string(tokens.size()), std::to_string(config.maxTokens)});
    const int realTokens = static_cast<int>(tokens.size());
    const std::size_t end = tokens.back().end;
    while (static_cast<int>(tokens.size()) < config.mask.padTo) tokens.push_back({"[PAD]", end, end});
    AttentionTrace trace(config, std::move(tokens), realTokens);
    trace.run(cancel);
    return trace;
}

void AttentionTrace::run(const std::atomic<bool>* cancel) {
    x_ = config_.preset == ProjectionPreset::Teaching
             ? teachingModelOf(config_).embed(tokens_, config_.positionalEncoding).x
             : buildInput(tokens_, config_.seed, config_.dModel, config_.positionalEncoding);
    // Each product below takes seconds with 4,096 tokens and a large d_model: a cancel is
    // honoured between them as well as between the kernel's row blocks.
    const auto stopIfCancelled = [cancel] {
        if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
    };
    stopIfCancelled();
    projections_ = makeProjections(config_);
    q_ = x_ * projections_.wq;
    stopIfCancelled();
    k_ = x_ * projections_.wk;
    stopIfCancelled();
    v_ = x_ * projections_.wv;
    stopIfCancelled();
    attend(cancel);
}

AttentionTrace AttentionTrace::fromLayer(std::vector<Token> tokens, const AttentionConfig& config, ModelLayer layer,
                                         const std::atomic<bool>* cancel) {
    config.validate();
    if (tokens.empty()) throw InputError(ErrorCode::EmptySentence);
    if (tokens.size() > config.maxTokens)
        throw InputError(ErrorCode::TooManyTokens, {std::to_string(tokens.size()), std::to_string(config.maxTokens)});
    const auto n = static_cast<Eigen::Index>(tokens.size());
    const Eigen::Index d = config.dModel;
    const auto requireShape = [](const Eigen::MatrixXd& m, const char* name, Eigen::Index rows, Eigen::Index cols) {
        if (m.rows() != rows || m.cols() != cols)
            throw ConfigError(ErrorCode::ModelLayerShape, {name, std::to_string(m.rows()), std::to_string(m.cols()),
                                                           std::to_string(rows), std::to_string(cols)});
    };
    requireShape(layer.x, "X", n, d);
    requireShape(layer.q, "Q", n, d);
    requireShape(layer.k, "K", n, d);
    requireShape(layer.v, "V", n, d);
    requireShape(layer.wq, "W_Q", d, d);
    requireShape(layer.wk, "W_K", d, d);
    requireShape(layer.wv, "W_V", d, d);
    requireShape(layer.wo, "W_O", d, d);
    requireShape(layer.outputBias, "the output bias", 1, d);
    const int count = static_cast<int>(tokens.size());
    AttentionTrace trace(config, std::move(tokens), count);  // a model's sentence is never padded
    trace.x_ = std::move(layer.x);
    trace.q_ = std::move(layer.q);
    trace.k_ = std::move(layer.k);
    trace.v_ = std::move(layer.v);
    trace.projections_ = {std::move(layer.wq), std::move(layer.wk), std::move(layer.wv), std::move(layer.wo)};
    trace.attend(cancel);
    trace.output_.rowwise() += layer.outputBias;
    trace.origin_ = std::make_shared<const ModelOrigin>(std::move(layer.origin));
    return trace;
}

void AttentionTrace::attend(const std::atomic<bool>* cancel) {
    const int n = size();
    const int dK = config_.dK();
    // Refused rather than shown as NaN (weights near 1e308, a tiny temperature).
    requireFinite(q_, "Q");
    requireFinite(k_, "K");
    requireFinite(v_, "V");
    if (n > 0)
        for (int head = 0; head < config_.heads; ++head) requireSafeScores(q_, k_, config_.divisor(), head, dK);
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
    requireFinite(context_, "weights · V");
    output_ = context_ * projections_.wo;
    requireFinite(output_, "context · W_O");
}

void AttentionTrace::requireHead(int head) const {
    if (head < 0 || head >= config_.heads)  // counted from 1, as the window and the figures show heads
        throw ConfigError(ErrorCode::NoSuchHead, {std::to_string(head + 1), std::to_string(config_.heads)});
}

int AttentionTrace::rows(Step) const { return size(); }

int AttentionTrace::cols(Step step, int head) const {
    if (isSquareStep(step)) return size();
    if (step == Step::X || step == Step::Output || head == kAllHeads) return config_.dModel;
    return dK();
}

std::vector<std::string> AttentionTrace::dimensionNames(Step step, int head, std::string_view language) const {
    if (config_.preset != ProjectionPreset::Teaching || isSquareStep(step)) return {};
    const TeachingModel& model = teachingModelOf(config_);
    const std::vector<TeachingDimension>* names = nullptr;
    switch (step) {
        case Step::X: names = &model.embeddingDimensions(); break;
        case Step::Output: names = &model.outputDimensions(); break;
        case Step::Q: names = &model.queryDimensions(); break;
        case Step::K: names = &model.keyDimensions(); break;
        case Step::V:
        case Step::Context: names = &model.valueDimensions(); break;  // context = weights · V
        default: return {};
    }
    const int columns = cols(step, head);
    const int first = step != Step::X && step != Step::Output && head != kAllHeads ? head * dK() : 0;
    if (first + columns > static_cast<int>(names->size())) return {};
    std::vector<std::string> result;
    result.reserve(static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c)
        result.push_back(model.localized((*names)[static_cast<std::size_t>(first + c)], language).name);
    return result;
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
    if (head != kAllHeads) requireHead(head);
    if (row0 < 0 || col0 < 0 || rowCount < 0 || colCount < 0 || row0 + rowCount > rows(step) ||
        col0 + colCount > cols(step, head))
        throw ConfigError(ErrorCode::BlockOutside, {stepName(step)});
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

AttentionTrace::ScoreMagnitudes AttentionTrace::largestMagnitudes(int head, const std::atomic<bool>* cancel) const {
    if (head != kAllHeads) requireHead(head);
    if (head == kAllHeads && config_.heads == 1) head = 0;  // the mean of one head is that head, bit for bit
    const int n = size();
    if (n == 0) return {};
    const int blockRows = std::max(1, kCellsPerScanBlock / n);
    const double work = static_cast<double>(n) * n * std::max(1, config_.dK()) *
                        (head == kAllHeads ? config_.heads : 1);
    // The plain scan of one step (its maximum kept in the partials' .scores).
    const auto largestOf = [&](Step step) {
        return scanRowBlocks(n, blockRows, work, cancel, [&](int row0, int rowCount, Magnitudes& partial) {
                   const Eigen::MatrixXd part = block(step, head, row0, 0, rowCount, n);
                   double largest = partial.scores;
                   for (Eigen::Index i = 0; i < part.size(); ++i)
                       largest = std::max(largest, finiteMagnitude(part.data()[i]));
                   partial.scores = largest;
               })
            .scores;
    };
    if (head == kAllHeads) return {largestOf(Step::Scores), largestOf(Step::Scaled), largestOf(Step::Masked)};

    // One pass over the scores: a scaled value is fl(score / divisor), and correctly rounded
    // division by a positive number is monotone in |score|, so the largest |scaled| is the largest
    // |score| divided; the masked step is the scaled step on the visible cells (−∞ elsewhere).
    const bool masked = !mask_.isEmpty();
    const Magnitudes found =
        scanRowBlocks(n, blockRows, work, cancel, [&](int row0, int rowCount, Magnitudes& partial) {
            const Eigen::MatrixXd part = block(Step::Scores, head, row0, 0, rowCount, n);
            double all = partial.scores;
            for (Eigen::Index i = 0; i < part.size(); ++i) all = std::max(all, finiteMagnitude(part.data()[i]));
            partial.scores = all;
            if (!masked) {
                partial.masked = all;
                return;
            }
            std::vector<std::uint8_t> visible(static_cast<std::size_t>(n));
            double seen = partial.masked;
            for (int r = 0; r < rowCount; ++r) {
                mask_.fillRow(row0 + r, 0, n, visible.data());
                for (int c = 0; c < n; ++c)
                    if (visible[static_cast<std::size_t>(c)]) seen = std::max(seen, finiteMagnitude(part(r, c)));
            }
            partial.masked = seen;
        });
    const double divisor = config_.divisor();
    Magnitudes out{found.scores, found.scores / divisor, found.masked / divisor};
    // An overflowing quotient is left out of the scaled matrix, so its largest value is elsewhere.
    if (!(divisor > 0) || !std::isfinite(out.scaled)) out.scaled = largestOf(Step::Scaled);
    if (!(divisor > 0) || !std::isfinite(out.masked)) out.masked = largestOf(Step::Masked);
    return out;
}

}  // namespace attnviz
