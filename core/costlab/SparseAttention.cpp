// Block-sparse attention (BigBird, Zaheer et al., 2020), the chapter's "ne s'attend qu'à un
// sous-ensemble de positions": each block of queries visits only the key blocks its pattern keeps
// (sparsePattern: sliding, global and seeded random blocks), so the cost is the kept cells, not n².
// Same softmax as exact attention over those keys.
#include <algorithm>

#include "core/base/WorkerPool.h"
#include "core/costlab/CostSupport.h"
#include "core/costlab/SparsePattern.h"
#include "core/costlab/TileBlocks.h"

namespace attnviz::costlab {

template <typename T>
CostResult<T> sparseAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                              const CostOptions& options, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols()), dv = static_cast<int>(v.cols());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    const T divisor = scoreDivisor<T>(d);
    CostResult<T> result;
    result.output.resize(n, dv);
    adviseLargePages(result.output.data(), sizeof(T) * static_cast<std::size_t>(result.output.size()));
    ColumnVector<T> rowMax(n), rowSum(n);
    if (n == 0) return result;

    const SparsePattern pattern = sparsePattern(n, options);
    const TileKeys<T> keys(k.data(), v.data(), n, d, dv);
    const unsigned threads = costThreads(options, static_cast<double>(pattern.keptCells) * (d + dv));
    // Pieces: a query block, cut into runs of at most blockRows rows.
    const int blockRows = tiledBlockRows(n, threads, kBandBlockRows);
    const int size = options.blockSize;
    const int runsPerBlock = (std::min(size, n) + blockRows - 1) / blockRows;
    const int pieces = pattern.blockCount * runsPerBlock;
    constexpr int kSparseTile = 512;
    std::vector<BlockBuffers<T>> buffers(threads);
    parallelFor(pieces, threads, [&](int piece, unsigned slot) {
        throwIfCancelled(cancel);
        const int block = piece / runsPerBlock;
        const long long blockStart = static_cast<long long>(block) * size;
        const long long row0 = blockStart + static_cast<long long>(piece % runsPerBlock) * blockRows;
        const long long blockEnd = std::min<long long>(blockStart + size, n);
        if (row0 >= blockEnd) return;  // the last block is shorter
        const auto rows = static_cast<int>(std::min<long long>(blockRows, blockEnd - row0));
        BlockBuffers<T>& b = buffers[slot];
        b.from.assign(static_cast<std::size_t>(rows), 0);
        b.to.resize(static_cast<std::size_t>(rows));
        for (int r = 0; r < rows; ++r) b.to[static_cast<std::size_t>(r)] = prefix.end(static_cast<int>(row0) + r);
        b.tiles.clear();
        // A run of neighbouring kept blocks (the sliding ones at least) is one range of keys: fewer,
        // wider tiles, so fewer rescalings of the online softmax and less padding to whole score tiles.
        const auto& kept = pattern.keptBlocks[static_cast<std::size_t>(block)];
        for (std::size_t at = 0; at < kept.size();) {
            std::size_t end = at + 1;
            while (end < kept.size() && kept[end] == kept[end - 1] + 1) ++end;
            const long long first = static_cast<long long>(kept[at]) * size;
            const long long last = std::min<long long>(static_cast<long long>(kept[end - 1] + 1) * size, n);
            addTiles(b.tiles, keys, static_cast<int>(first), static_cast<int>(last), kSparseTile, b.from.data(), b.to.data());
            at = end;
        }
        const TileRows<T> target{q.data() + row0 * d, rows, result.output.data() + row0 * dv, dv, rowMax.data() + row0,
                                 rowSum.data() + row0};
        attendTiles<T>(target, d, dv, divisor, b.tiles, b.workspace, cancel);
        throwIfCancelled(cancel);  // the block may have stopped halfway
    });
    if (options.weights)
        result.weights = softmaxWeights(q, k, divisor, rowMax, rowSum,
                                        [&](int i, int j) { return j < prefix.end(i) && pattern.keeps(i, j); });
    return result;
}

template CostResult<float> sparseAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                  const CostOptions&, const std::atomic<bool>*);
template CostResult<double> sparseAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                    const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
