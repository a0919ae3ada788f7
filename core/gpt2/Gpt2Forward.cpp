#include "core/gpt2/Gpt2Forward.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"
#include "core/kernels/MatrixProduct.h"
#include "core/masks/AttentionMask.h"

namespace attnviz::gpt2 {
namespace {

FloatMatrixView viewOf(const RowMatrix<float>& m) {
    return {m.data(), static_cast<int>(m.rows()), static_cast<int>(m.cols()), static_cast<int>(m.cols())};
}
FloatMatrixView viewOf(const MatrixView& m) { return {m.data, m.rows, m.cols, m.cols}; }
FloatMatrixSpan spanOf(RowMatrix<float>& m) {
    return {m.data(), static_cast<int>(m.rows()), static_cast<int>(m.cols()), static_cast<int>(m.cols())};
}

void throwIfCancelled(const ForwardOptions& options) {
    if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

void checkTokens(const Gpt2Config& config, std::span<const int> tokenIds) {
    if (tokenIds.empty()) throw InputError(ErrorCode::EmptySentence);
    if (tokenIds.size() > static_cast<std::size_t>(config.positions))
        throw InputError(ErrorCode::TooManyTokens, {std::to_string(tokenIds.size()), std::to_string(config.positions)});
    for (std::size_t i = 0; i < tokenIds.size(); ++i)
        if (tokenIds[i] < 0 || tokenIds[i] >= config.vocabulary)
            throw InputError(ErrorCode::TokenIdOutsideVocabulary,
                             {std::to_string(tokenIds[i]), std::to_string(i + 1), std::to_string(config.vocabulary)});
}

// out = (x − mean) / √(variance + ε) · gain + bias, row by row; mean and variance in float64.
void layerNorm(const RowMatrix<float>& x, std::span<const float> gain, std::span<const float> bias, double epsilon,
               RowMatrix<float>& out, unsigned threads) {
    const auto cols = x.cols();
    out.resize(x.rows(), cols);
    const Eigen::Map<const Eigen::ArrayXf> g(gain.data(), cols), b(bias.data(), cols);
    constexpr int kPieceRows = 64;
    const int pieces = static_cast<int>((x.rows() + kPieceRows - 1) / kPieceRows);
    parallelFor(pieces, threads, [&](int piece, unsigned) {
        const Eigen::Index last = std::min<Eigen::Index>(x.rows(), (piece + 1) * kPieceRows);
        for (Eigen::Index r = piece * kPieceRows; r < last; ++r) {
            const Eigen::ArrayXd row = x.row(r).transpose().cast<double>().array();
            const double mean = row.mean();
            const double scale = 1.0 / std::sqrt((row - mean).square().mean() + epsilon);
            out.row(r) = (((row - mean) * scale).cast<float>() * g + b).matrix().transpose();
        }
    });
}

// The token embeddings plus the position embeddings: the residual stream entering layer 1.
RowMatrix<float> embed(const Gpt2Weights& weights, std::span<const int> tokenIds) {
    const int n = static_cast<int>(tokenIds.size()), width = weights.config.embedding;
    RowMatrix<float> x(n, width);
    for (int i = 0; i < n; ++i) {
        const float* token = weights.tokenEmbedding.data + static_cast<std::size_t>(tokenIds[static_cast<std::size_t>(i)]) * width;
        const float* position = weights.positionEmbedding.data + static_cast<std::size_t>(i) * width;
        for (int c = 0; c < width; ++c) x(i, c) = token[c] + position[c];
    }
    return x;
}

// Each head's causal attention over its columns of Q, K and V: the context (n × n_embd, head h
// in its columns) for c_proj, and the softmax statistics for the trace.
void attendHeads(Gpt2LayerTrace& layer, int heads, RowMatrix<float>& context, const ForwardOptions& options) {
    const auto n = static_cast<int>(layer.queries.rows());
    const int size = static_cast<int>(layer.queries.cols()) / heads;
    const float divisor = std::sqrt(static_cast<float>(size));
    MaskConfig causal;
    causal.causal = true;
    const AttentionMask mask(causal, n, n);
    layer.rowMax.resize(heads, n);
    layer.rowSum.resize(heads, n);
    struct HeadInputs {
        RowMatrix<float> q, k, v;
    };
    std::vector<HeadInputs> perThread(std::max(options.threads, 1u));
    // One head per piece: computeAttention, called inside the loop, runs on its thread alone.
    parallelFor(heads, options.threads, [&](int head, unsigned slot) {
        HeadInputs& in = perThread[slot];
        in.q = layer.queries.middleCols(head * size, size);
        in.k = layer.keys.middleCols(head * size, size);
        in.v = layer.values.middleCols(head * size, size);
        const AttentionRows<float> rows = computeAttention<float>(in.q, in.k, in.v, divisor, mask, options.cancel);
        context.middleCols(head * size, size) = rows.context;
        layer.rowMax.row(head) = rows.rowMax.transpose();
        layer.rowSum.row(head) = rows.rowSum.transpose();
    });
}

// The kNextTokens most likely ids after the last position, by a softmax of its logits computed
// stably (each logit less the largest, the sum in float64).
std::vector<NextToken> mostLikely(const std::vector<float>& logits) {
    const float largest = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (const float logit : logits) sum += std::exp(static_cast<double>(logit) - largest);
    std::vector<int> ids(logits.size());
    std::iota(ids.begin(), ids.end(), 0);
    const auto count = std::min<std::size_t>(kNextTokens, ids.size());
    std::partial_sort(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(count), ids.end(), [&](int a, int b) {
        const float la = logits[static_cast<std::size_t>(a)], lb = logits[static_cast<std::size_t>(b)];
        return la != lb ? la > lb : a < b;
    });
    std::vector<NextToken> next;
    for (std::size_t i = 0; i < count; ++i) {
        const int id = ids[i];
        next.push_back({id, std::exp(static_cast<double>(logits[static_cast<std::size_t>(id)]) - largest) / sum});
    }
    return next;
}

}  // namespace

Gpt2Trace runForward(const Gpt2Weights& weights, std::span<const int> tokenIds, const ForwardOptions& options) {
    const Gpt2Config& config = weights.config;
    checkTokens(config, tokenIds);
    const int n = static_cast<int>(tokenIds.size()), width = config.embedding;
    const unsigned threads = std::max(options.threads, 1u);

    Gpt2Trace trace;
    trace.tokenIds.assign(tokenIds.begin(), tokenIds.end());
    trace.heads = config.heads;
    trace.layers.resize(weights.layers.size());

    RowMatrix<float> residual = embed(weights, tokenIds);
    RowMatrix<float> qkv(n, 3 * width), context(n, width), normed(n, width), hidden(n, config.inner);
    for (std::size_t l = 0; l < weights.layers.size(); ++l) {
        throwIfCancelled(options);
        const Gpt2Layer& w = weights.layers[l];
        Gpt2LayerTrace& layer = trace.layers[l];

        layerNorm(residual, w.ln1Weight, w.ln1Bias, config.layerNormEpsilon, layer.input, threads);
        multiplyMatrices(viewOf(layer.input), viewOf(w.attnWeight), w.attnBias.data(), spanOf(qkv), ProductOutput::Store,
                         threads, options.cancel);
        layer.queries = qkv.leftCols(width);
        layer.keys = qkv.middleCols(width, width);
        layer.values = qkv.rightCols(width);
        attendHeads(layer, config.heads, context, options);
        throwIfCancelled(options);
        multiplyMatrices(viewOf(context), viewOf(w.attnProjWeight), w.attnProjBias.data(), spanOf(residual),
                         ProductOutput::Accumulate, threads, options.cancel);

        layerNorm(residual, w.ln2Weight, w.ln2Bias, config.layerNormEpsilon, normed, threads);
        multiplyMatrices(viewOf(normed), viewOf(w.fcWeight), w.fcBias.data(), spanOf(hidden), ProductOutput::GeluNew,
                         threads, options.cancel);
        throwIfCancelled(options);
        multiplyMatrices(viewOf(hidden), viewOf(w.mlpProjWeight), w.mlpProjBias.data(), spanOf(residual),
                         ProductOutput::Accumulate, threads, options.cancel);
        if (options.progress) options.progress(static_cast<int>(l) + 1, static_cast<int>(weights.layers.size()));
    }
    throwIfCancelled(options);

    RowMatrix<float> last = residual.bottomRows(1), lastNormed;
    layerNorm(last, weights.lnFWeight, weights.lnFBias, config.layerNormEpsilon, lastNormed, 1);
    std::vector<float> logits(static_cast<std::size_t>(weights.outputEmbedding.rows));
    multiplyMatrixVector(viewOf(weights.outputEmbedding), lastNormed.data(), logits.data(), threads);
    trace.nextTokens = mostLikely(logits);
    return trace;
}

}  // namespace attnviz::gpt2
