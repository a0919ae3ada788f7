// Sliding window + global tokens (Longformer, Beltagy et al., 2020), the chapter's "attention
// locale avec tokens globaux": query i sees the keys with |i − j| < w, and the global tokens; a
// global token's row sees every key. Computed in O(n·w·d): each block of rows visits only its
// band of keys (about 2w + the block's height), plus the global keys, gathered apart; the global
// rows are computed apart over all keys. Same softmax as exact attention over those keys.
#include <algorithm>

#include "core/base/WorkerPool.h"
#include "core/costlab/CostSupport.h"
#include "core/costlab/TileBlocks.h"

namespace attnviz::costlab {
namespace {

constexpr int kWindowTile = 1024;  ///< keys per tile: a block's band at w = 256 (606 keys) is one tile

}  // namespace

template <typename T>
CostResult<T> windowAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                              const CostOptions& options, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols()), dv = static_cast<int>(v.cols());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    const T divisor = scoreDivisor<T>(d);
    const long long w = options.window;
    CostResult<T> result;
    result.output.resize(n, dv);
    adviseLargePages(result.output.data(), sizeof(T) * static_cast<std::size_t>(result.output.size()));
    ColumnVector<T> rowMax(n), rowSum(n);
    if (n == 0) return result;

    // The global tokens, in order, and their keys and values gathered apart.
    std::vector<int> globals = options.globalTokens;
    std::sort(globals.begin(), globals.end());
    globals.erase(std::unique(globals.begin(), globals.end()), globals.end());
    const auto globalCount = static_cast<int>(globals.size());
    std::vector<char> isGlobal(static_cast<std::size_t>(n), 0);
    RowMatrix<T> globalK(globalCount, d), globalV(globalCount, dv);
    for (int g = 0; g < globalCount; ++g) {
        isGlobal[static_cast<std::size_t>(globals[static_cast<std::size_t>(g)])] = 1;
        globalK.row(g) = k.row(globals[static_cast<std::size_t>(g)]);
        globalV.row(g) = v.row(globals[static_cast<std::size_t>(g)]);
    }
    // How many global tokens lie before a position: ranges in the gathered keys.
    const auto globalsBefore = [&](long long position) {
        return static_cast<int>(std::lower_bound(globals.begin(), globals.end(), position,
                                                 [](int g, long long p) { return g < p; }) -
                                globals.begin());
    };
    const TileKeys<T> keys(k.data(), v.data(), n, d, dv);
    const TileKeys<T> globalKeys(globalK.data(), globalV.data(), globalCount, d, dv);

    const double band = static_cast<double>(std::min<long long>(2 * w - 1, n));
    const unsigned threads = costThreads(options, static_cast<double>(n) * band * (d + dv));
    const int blockRows = tiledBlockRows(n, threads, kBandBlockRows);
    const int blocks = (n + blockRows - 1) / blockRows;
    std::vector<BlockBuffers<T>> buffers(threads);

    // The other rows: their band, the global keys before it and those after it.
    parallelFor(blocks, threads, [&](int block, unsigned slot) {
        throwIfCancelled(cancel);
        const int row0 = block * blockRows, rows = std::min(blockRows, n - row0);
        BlockBuffers<T>& b = buffers[slot];
        for (auto* range : {&b.from, &b.to, &b.beforeFrom, &b.beforeTo, &b.afterFrom, &b.afterTo})
            range->assign(static_cast<std::size_t>(rows), 0);
        int first = n, last = 0;
        for (int r = 0; r < rows; ++r) {
            const int i = row0 + r;
            if (isGlobal[static_cast<std::size_t>(i)]) continue;  // computed below: every range stays empty
            const auto at = static_cast<std::size_t>(r);
            const int end = prefix.end(i);
            const auto bandFrom = static_cast<int>(std::max<long long>(0, i - w + 1));
            b.from[at] = bandFrom;
            b.to[at] = static_cast<int>(std::max<long long>(bandFrom, std::min<long long>(end, i + w)));
            b.beforeTo[at] = globalsBefore(std::min(bandFrom, end));
            b.afterFrom[at] = globalsBefore(i + w);
            b.afterTo[at] = std::max(b.afterFrom[at], globalsBefore(end));
            if (b.from[at] < b.to[at]) {
                first = std::min(first, b.from[at]);
                last = std::max(last, b.to[at]);
            }
        }
        b.tiles.clear();
        if (globalCount > 0) b.tiles.push_back({&globalKeys, 0, globalCount, b.beforeFrom.data(), b.beforeTo.data()});
        addTiles(b.tiles, keys, first, last, kWindowTile, b.from.data(), b.to.data());
        if (globalCount > 0) b.tiles.push_back({&globalKeys, 0, globalCount, b.afterFrom.data(), b.afterTo.data()});
        const TileRows<T> target{q.data() + static_cast<std::ptrdiff_t>(row0) * d, rows,
                                 result.output.data() + static_cast<std::ptrdiff_t>(row0) * dv, dv, rowMax.data() + row0,
                                 rowSum.data() + row0};
        attendTiles<T>(target, d, dv, divisor, b.tiles, b.workspace, cancel);
        throwIfCancelled(cancel);  // the block may have stopped halfway
    });

    // The global rows: every key the mask lets them see, their queries gathered.
    const int globalBlocks = (globalCount + blockRows - 1) / blockRows;
    parallelFor(globalBlocks, threads, [&](int block, unsigned slot) {
        throwIfCancelled(cancel);
        const int g0 = block * blockRows, rows = std::min(blockRows, globalCount - g0);
        BlockBuffers<T>& b = buffers[slot];
        b.from.assign(static_cast<std::size_t>(rows), 0);
        b.to.resize(static_cast<std::size_t>(rows));
        b.queries.resize(static_cast<std::size_t>(rows) * d);
        b.context.resize(static_cast<std::size_t>(rows) * dv);
        b.rowMax.resize(static_cast<std::size_t>(rows));
        b.rowSum.resize(static_cast<std::size_t>(rows));
        int last = 0;
        for (int r = 0; r < rows; ++r) {
            const int i = globals[static_cast<std::size_t>(g0 + r)];
            b.to[static_cast<std::size_t>(r)] = prefix.end(i);
            last = std::max(last, prefix.end(i));
            std::copy_n(q.data() + static_cast<std::ptrdiff_t>(i) * d, d, b.queries.data() + static_cast<std::ptrdiff_t>(r) * d);
        }
        b.tiles.clear();
        addTiles(b.tiles, keys, 0, last, kWindowTile, b.from.data(), b.to.data());
        attendTiles<T>(TileRows<T>{b.queries.data(), rows, b.context.data(), dv, b.rowMax.data(), b.rowSum.data()}, d, dv,
                       divisor, b.tiles, b.workspace, cancel);
        throwIfCancelled(cancel);
        for (int r = 0; r < rows; ++r) {
            const int i = globals[static_cast<std::size_t>(g0 + r)];
            std::copy_n(b.context.data() + static_cast<std::ptrdiff_t>(r) * dv, dv,
                        result.output.data() + static_cast<std::ptrdiff_t>(i) * dv);
            rowMax(i) = b.rowMax[static_cast<std::size_t>(r)];
            rowSum(i) = b.rowSum[static_cast<std::size_t>(r)];
        }
    });

    if (options.weights)
        result.weights = softmaxWeights(q, k, divisor, rowMax, rowSum, [&](int i, int j) {
            const bool inPattern = isGlobal[static_cast<std::size_t>(i)] || isGlobal[static_cast<std::size_t>(j)] ||
                                   std::abs(i - j) < w;
            return j < prefix.end(i) && inPattern;
        });
    return result;
}

template CostResult<float> windowAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                  const CostOptions&, const std::atomic<bool>*);
template CostResult<double> windowAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                    const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
