// Linear attention (Katharopoulos et al., 2020), the chapter's "approximation en O(n)": with
// φ(x) = elu(x) + 1, out_i = φ(q_i)ᵀ·S / φ(q_i)·z where S = Σ_j φ(k_j) v_jᵀ and z = Σ_j φ(k_j) over
// the keys i sees, so no n × n matrix is ever formed: time O(n·d·d_v), memory O(d·d_v) beyond the
// inputs and output. Causal: S and z are prefix sums. float32 runs the vectorized loops of
// LinearFloat.inl; float64 plain loops in index order.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/WorkerPool.h"
#include "core/costlab/CostSupport.h"
#include "core/kernels/TiledKernels.h"

namespace attnviz::costlab {

namespace {

template <typename T>
T feature(T x) {
    return x > 0 ? x + T{1} : std::exp(x);
}

// Chunks of keys or rows given to the threads: a few per thread, so a slow one does not hold all.
int chunkCount(int n, unsigned threads) { return std::max(1, std::min(n, 4 * static_cast<int>(threads))); }
int chunkStart(int chunk, int chunks, int n) {
    return static_cast<int>(static_cast<long long>(n) * chunk / chunks);
}

// float32: the per-ISA loops. state is d × dvPanels in panels of kKeyAlign columns (TiledIsa.h).
void linearFloat(const RowMatrix<float>& q, const RowMatrix<float>& k, const RowMatrix<float>& v, const VisiblePrefix& prefix,
                 unsigned threads, RowMatrix<float>& out, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows()), d = static_cast<int>(q.cols()), dv = static_cast<int>(v.cols());
    const kernel::TiledLoops& loops = kernel::tiledLoops();
    const kernel::LinearTask task{q.data(), k.data(), v.data(), n, d, dv, out.data()};
    const int dvPanels = (dv + kernel::kKeyAlign - 1) / kernel::kKeyAlign * kernel::kKeyAlign;
    const auto stateSize = static_cast<std::size_t>(d) * dvPanels;
    const int keys = prefix.real;  // keys past it are padding, seen by nobody
    // Causal rows are computed up to the last real key with prefix sums; every later row (padding
    // under the causal mask does not exist: masks are exclusive) sees all the real keys.
    const int causalRows = prefix.causal ? n : 0;
    // Causal: every chunk but the last is summed twice (alone for the prefix, then again row by
    // row), so one chunk per thread, and none summed twice on one thread. Full: a few per thread.
    const int chunks = causalRows > 0 ? std::max(1, std::min(n, static_cast<int>(threads))) : chunkCount(std::max(keys, 1), threads);
    std::vector<std::vector<float>> states(static_cast<std::size_t>(chunks), std::vector<float>(stateSize, 0.0f));
    std::vector<std::vector<float>> keySums(static_cast<std::size_t>(chunks), std::vector<float>(static_cast<std::size_t>(d), 0.0f));
    std::vector<kernel::LinearScratch> scratch(threads);

    // 1. Each chunk's own Σ φ(k_j) v_jᵀ and Σ φ(k_j).
    parallelFor(chunks, threads, [&](int chunk, unsigned slot) {
        throwIfCancelled(cancel);
        const int first = chunkStart(chunk, chunks, keys), last = chunkStart(chunk + 1, chunks, keys);
        auto& chunkState = states[static_cast<std::size_t>(chunk)];
        auto& chunkSum = keySums[static_cast<std::size_t>(chunk)];
        if (causalRows > 0 && chunk == chunks - 1) return;  // causal: the last chunk's sums are never read
        loops.linearSums(task, first, last, chunkState.data(), chunkSum.data(), scratch[slot]);
    });
    if (causalRows == 0) {
        // 2. The totals, then every row from them.
        for (int chunk = 1; chunk < chunks; ++chunk) {
            for (std::size_t m = 0; m < stateSize; ++m) states[0][m] += states[static_cast<std::size_t>(chunk)][m];
            for (std::size_t m = 0; m < static_cast<std::size_t>(d); ++m) keySums[0][m] += keySums[static_cast<std::size_t>(chunk)][m];
        }
        const int rowChunks = chunkCount(std::max(n, 1), threads);
        parallelFor(rowChunks, threads, [&](int chunk, unsigned slot) {
            throwIfCancelled(cancel);
            loops.linearRows(task, chunkStart(chunk, rowChunks, n), chunkStart(chunk + 1, rowChunks, n), states[0].data(),
                             keySums[0].data(), scratch[slot]);
        });
        return;
    }
    // 2. Causal: each chunk starts from the sums of the chunks before it (an exclusive prefix).
    std::vector<float> runningState(stateSize, 0.0f), runningSum(static_cast<std::size_t>(d), 0.0f);
    for (int chunk = 0; chunk < chunks; ++chunk) {
        auto& chunkState = states[static_cast<std::size_t>(chunk)];
        auto& chunkSum = keySums[static_cast<std::size_t>(chunk)];
        // chunk ← the sums before it; running ← those plus the chunk's own.
        for (std::size_t m = 0; m < stateSize; ++m) {
            const float own = chunkState[m];
            chunkState[m] = runningState[m];
            runningState[m] += own;
        }
        for (std::size_t m = 0; m < static_cast<std::size_t>(d); ++m) {
            const float own = chunkSum[m];
            chunkSum[m] = runningSum[m];
            runningSum[m] += own;
        }
    }
    parallelFor(chunks, threads, [&](int chunk, unsigned slot) {
        throwIfCancelled(cancel);
        loops.linearCausal(task, chunkStart(chunk, chunks, n), chunkStart(chunk + 1, chunks, n),
                           states[static_cast<std::size_t>(chunk)].data(), keySums[static_cast<std::size_t>(chunk)].data(),
                           scratch[slot]);
    });
}

// float64: plain loops in index order (the numbers the tests compare with numpy).
void linearDouble(const RowMatrix<double>& q, const RowMatrix<double>& k, const RowMatrix<double>& v,
                  const VisiblePrefix& prefix, RowMatrix<double>& out, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows()), d = static_cast<int>(q.cols()), dv = static_cast<int>(v.cols());
    RowMatrix<double> state = RowMatrix<double>::Zero(d, dv);
    ColumnVector<double> keySum = ColumnVector<double>::Zero(d);
    std::vector<double> features(static_cast<std::size_t>(d));
    int added = 0;  // keys 0 … added − 1 are in state and keySum
    auto addKeysUpTo = [&](int end) {
        for (; added < end; ++added) {
            for (int m = 0; m < d; ++m) features[static_cast<std::size_t>(m)] = feature(k(added, m));
            for (int m = 0; m < d; ++m) {
                keySum(m) += features[static_cast<std::size_t>(m)];
                for (int c = 0; c < dv; ++c) state(m, c) += features[static_cast<std::size_t>(m)] * v(added, c);
            }
        }
    };
    if (!prefix.causal) addKeysUpTo(prefix.real);
    for (int i = 0; i < n; ++i) {
        if (i % 256 == 0) throwIfCancelled(cancel);
        if (prefix.causal) addKeysUpTo(prefix.end(i));
        for (int m = 0; m < d; ++m) features[static_cast<std::size_t>(m)] = feature(q(i, m));
        double denominator = 0;
        for (int m = 0; m < d; ++m) denominator += features[static_cast<std::size_t>(m)] * keySum(m);
        for (int c = 0; c < dv; ++c) {
            double numerator = 0;
            for (int m = 0; m < d; ++m) numerator += features[static_cast<std::size_t>(m)] * state(m, c);
            out(i, c) = denominator > 0 ? numerator / denominator : 0.0;
        }
    }
}

// w_ij = φ(q_i)·φ(k_j) / Σ_j' φ(q_i)·φ(k_j') over the visible keys: the weights linear attention
// implies (the comparison view; n² memory, asked for explicitly).
template <typename T>
RowMatrix<T> impliedWeights(const RowMatrix<T>& q, const RowMatrix<T>& k, const VisiblePrefix& prefix) {
    const auto n = static_cast<int>(q.rows());
    const RowMatrix<T> phiQ = q.unaryExpr([](T x) { return feature(x); });
    const RowMatrix<T> phiK = k.unaryExpr([](T x) { return feature(x); });
    RowMatrix<T> weights = RowMatrix<T>::Zero(n, n);
    for (int i = 0; i < n; ++i) {
        const int end = prefix.end(i);
        T sum = 0;
        for (int j = 0; j < end; ++j) sum += (weights(i, j) = phiQ.row(i).dot(phiK.row(j)));
        if (sum > 0) weights.row(i).head(end) /= sum;
    }
    return weights;
}

}  // namespace

template <typename T>
CostResult<T> linearAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                              const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    CostResult<T> result;
    result.output.resize(n, v.cols());  // every row is written below (no 16 MiB of zeros at n = 65,536)
    adviseLargePages(result.output.data(), sizeof(T) * static_cast<std::size_t>(result.output.size()));
    if (n == 0) return result;
    if constexpr (std::is_same_v<T, float>) {
        const unsigned threads =
            costThreads(options, 2.0 * n * static_cast<double>(q.cols()) * static_cast<double>(v.cols()));
        linearFloat(q, k, v, prefix, threads, result.output, cancel);
    } else {
        linearDouble(q, k, v, prefix, result.output, cancel);
    }
    if (options.weights) result.weights = impliedWeights(q, k, prefix);
    return result;
}

template CostResult<float> linearAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                  const CostOptions&, const std::atomic<bool>*);
template CostResult<double> linearAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                    const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
