// Flash attention (Dao et al., 2022), the chapter's "implémentation efficace en mémoire": each
// block of query rows walks the keys one tile at a time with the online softmax, so the n × n
// scores never exist; memory beyond the inputs is the output, the rows' running max and sum, and
// (float32) K and V copied once into the layout the vectorized loop reads: O(n·d). Exact: the
// same numbers as softmax(Q·Kᵀ/√d)·V up to rounding, for any tile size.
#include "core/base/WorkerPool.h"
#include "core/costlab/CostSupport.h"
#include "core/costlab/TileBlocks.h"

namespace attnviz::costlab {

template <typename T>
CostResult<T> flashAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, const CostOptions& options,
                             const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    const auto d = static_cast<int>(q.cols()), dv = static_cast<int>(v.cols());
    const VisiblePrefix prefix = visiblePrefix(options, n);
    const T divisor = scoreDivisor<T>(d);
    CostResult<T> result;
    result.output.resize(n, dv);
    adviseLargePages(result.output.data(), sizeof(T) * static_cast<std::size_t>(result.output.size()));
    ColumnVector<T> rowMax(n), rowSum(n);
    if (n == 0) return result;

    const TileKeys<T> keys(k.data(), v.data(), n, d, dv);
    const unsigned threads =
        costThreads(options, static_cast<double>(n) * n * (d + dv) / (prefix.causal ? 2.0 : 1.0));
    const int blockRows = tiledBlockRows(n, threads, kFlashBlockRows);
    const int blocks = (n + blockRows - 1) / blockRows;
    std::vector<BlockBuffers<T>> buffers(threads);
    parallelFor(blocks, threads, [&](int index, unsigned slot) {
        throwIfCancelled(cancel);
        // Under the causal mask the last rows cost the most: they go first, so that no thread is
        // left with a dear block at the end.
        const int block = prefix.causal ? blocks - 1 - index : index;
        const int row0 = block * blockRows, rows = std::min(blockRows, n - row0);
        BlockBuffers<T>& buffer = buffers[slot];
        buffer.from.assign(static_cast<std::size_t>(rows), 0);
        buffer.to.resize(static_cast<std::size_t>(rows));
        int end = 0;
        for (int r = 0; r < rows; ++r) {
            buffer.to[static_cast<std::size_t>(r)] = prefix.end(row0 + r);
            end = std::max(end, buffer.to[static_cast<std::size_t>(r)]);
        }
        buffer.tiles.clear();
        addTiles(buffer.tiles, keys, 0, end, options.tileSize, buffer.from.data(), buffer.to.data());
        const TileRows<T> target{q.data() + static_cast<std::ptrdiff_t>(row0) * d, rows,
                                 result.output.data() + static_cast<std::ptrdiff_t>(row0) * dv, dv, rowMax.data() + row0,
                                 rowSum.data() + row0};
        attendTiles<T>(target, d, dv, divisor, buffer.tiles, buffer.workspace, cancel);
        throwIfCancelled(cancel);  // the block may have stopped halfway
    });
    if (options.weights)
        result.weights = softmaxWeights(q, k, divisor, rowMax, rowSum, [&](int i, int j) { return j < prefix.end(i); });
    return result;
}

template CostResult<float> flashAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&, const RowMatrix<float>&,
                                                 const CostOptions&, const std::atomic<bool>*);
template CostResult<double> flashAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                   const RowMatrix<double>&, const CostOptions&, const std::atomic<bool>*);

}  // namespace attnviz::costlab
