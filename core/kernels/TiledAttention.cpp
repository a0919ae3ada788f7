#include "core/kernels/TiledAttention.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/kernels/TiledKernels.h"

namespace attnviz {
namespace kernel {

const TiledLoops& tiledLoops() {
    static const TiledLoops loops = [] {
        const char* isa = kernelInstructionSet();
        if (std::strcmp(isa, "avx512") == 0)
            return TiledLoops{avx512::attendTilesFloat, avx512::linearSumsFloat, avx512::linearRowsFloat,
                              avx512::linearCausalFloat};
        if (std::strcmp(isa, "avx2") == 0)
            return TiledLoops{avx2::attendTilesFloat, avx2::linearSumsFloat, avx2::linearRowsFloat, avx2::linearCausalFloat};
        return TiledLoops{baseline::attendTilesFloat, baseline::linearSumsFloat, baseline::linearRowsFloat,
                          baseline::linearCausalFloat};
    }();
    return loops;
}

}  // namespace kernel

template <typename T>
TileKeys<T>::TileKeys(const T* k, const T* v, int count, int d, int dv) : k_(k), v_(v), count_(count) {
    if constexpr (sizeof(T) == 4) packed_ = kernel::packFloat(k, v, count, d, dv, packedKeys_, packedValues_);
}

namespace {

// float64: row by row, tile by tile, each score summed in index order and divided, std::exp.
void attendTilesExact(const TileRows<double>& block, int d, int dv, double divisor, std::span<const KeyTile<double>> tiles,
                      const std::atomic<bool>* cancel) {
    constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
    std::vector<double> scores;
    for (int r = 0; r < block.rows; ++r) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return;
        const double* q = block.queries + static_cast<std::ptrdiff_t>(r) * d;
        double* out = block.context + static_cast<std::ptrdiff_t>(r) * block.contextStride;
        std::fill(out, out + dv, 0.0);
        double max = minusInfinity, sum = 0;
        for (const KeyTile<double>& tile : tiles) {
            const int from = std::max(tile.from[r], tile.first), to = std::min(tile.to[r], tile.last);
            if (from >= to) continue;
            scores.resize(static_cast<std::size_t>(to - from));
            double tileMax = minusInfinity;
            for (int j = from; j < to; ++j) {
                const double* key = tile.keys->keys() + static_cast<std::ptrdiff_t>(j) * d;
                double score = 0;
                for (int m = 0; m < d; ++m) score += q[m] * key[m];
                score /= divisor;
                scores[static_cast<std::size_t>(j - from)] = score;
                tileMax = std::max(tileMax, score);
            }
            if (tileMax > max) {  // rescale what was summed under the old max (nothing the first time)
                const double factor = max == minusInfinity ? 0.0 : std::exp(max - tileMax);
                sum *= factor;
                for (int c = 0; c < dv; ++c) out[c] *= factor;
                max = tileMax;
            }
            for (int j = from; j < to; ++j) {
                const double e = std::exp(scores[static_cast<std::size_t>(j - from)] - max);
                sum += e;
                const double* value = tile.keys->values() + static_cast<std::ptrdiff_t>(j) * dv;
                for (int c = 0; c < dv; ++c) out[c] += e * value[c];
            }
        }
        if (sum > 0)
            for (int c = 0; c < dv; ++c) out[c] /= sum;
        block.rowMax[r] = max;
        block.rowSum[r] = sum;
    }
}

}  // namespace

template <typename T>
void attendTiles(const TileRows<T>& block, int d, int dv, T divisor, std::span<const KeyTile<T>> tiles,
                 TileWorkspace& workspace, const std::atomic<bool>* cancel) {
    if constexpr (sizeof(T) == 8) {
        attendTilesExact(block, d, dv, divisor, tiles, cancel);
    } else {
        workspace.floatTiles.resize(tiles.size());
        for (std::size_t t = 0; t < tiles.size(); ++t)
            workspace.floatTiles[t] = {&tiles[t].keys->packed(), tiles[t].first, tiles[t].last, tiles[t].from, tiles[t].to};
        kernel::FloatTileBlock floatBlock;
        floatBlock.queries = block.queries;
        floatBlock.rows = block.rows;
        floatBlock.d = d;
        floatBlock.dv = dv;
        floatBlock.divisor = divisor;
        floatBlock.tiles = workspace.floatTiles.data();
        floatBlock.tileCount = static_cast<int>(tiles.size());
        floatBlock.context = block.context;
        floatBlock.contextStride = block.contextStride;
        floatBlock.rowMax = block.rowMax;
        floatBlock.rowSum = block.rowSum;
        floatBlock.cancel = cancel;
        kernel::tiledLoops().attendTiles(floatBlock, workspace.scratch);
    }
}

template class TileKeys<float>;
template class TileKeys<double>;
template void attendTiles<float>(const TileRows<float>&, int, int, float, std::span<const KeyTile<float>>, TileWorkspace&,
                                  const std::atomic<bool>*);
template void attendTiles<double>(const TileRows<double>&, int, int, double, std::span<const KeyTile<double>>,
                                  TileWorkspace&, const std::atomic<bool>*);

}  // namespace attnviz
