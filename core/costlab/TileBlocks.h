#pragma once
// What the tiled kernels (Flash, window, sparse) share: a thread's buffers for one block of rows,
// the block size, and the cutting of a range of keys into tiles (internal to core/costlab).
#include <algorithm>
#include <vector>

#include "core/kernels/TiledAttention.h"

namespace attnviz::costlab {

/// Per thread: the visible ranges of the block's rows and its tiles, kept from block to block.
template <typename T>
struct BlockBuffers {
    std::vector<int> from, to;               ///< the rows' ranges in the main keys
    std::vector<int> beforeFrom, beforeTo;   ///< ranges in a second key space (the window's global keys)
    std::vector<int> afterFrom, afterTo;
    std::vector<KeyTile<T>> tiles;
    std::vector<T> queries, context, rowMax, rowSum;  ///< rows gathered from here and there, and their results
    TileWorkspace workspace;
};

/// Query rows per block: a multiple of 6 (the micro-kernel's rows), at most `largest`, so that a
/// block's tile of scores stays in the L2 cache, and small enough that every thread gets about 4
/// blocks. Flash passes kFlashBlockRows: every block reads all of K and V, 32 MiB at n = 65,536,
/// from memory, so fewer, taller blocks read less (288 rows measured 8–15 % faster than 96 at that
/// size, 192 about half of that). The window and sparse kernels read only their band, and keep 96.
inline constexpr int kFlashBlockRows = 288;
inline constexpr int kBandBlockRows = 96;
[[nodiscard]] inline int tiledBlockRows(int n, unsigned threads, int largest) {
    const int perThread = (n + 4 * static_cast<int>(threads) - 1) / (4 * static_cast<int>(threads));
    return std::clamp((perThread + 5) / 6 * 6, 6, largest);
}

/// Appends keys [first, last) of `keys` as tiles of at most tileSize keys, each with the rows'
/// ranges from/to.
template <typename T>
void addTiles(std::vector<KeyTile<T>>& tiles, const TileKeys<T>& keys, int first, int last, int tileSize, const int* from,
              const int* to) {
    for (int key = first; key < last; key += std::min(tileSize, last - key))
        tiles.push_back({&keys, key, key + std::min(tileSize, last - key), from, to});
}

}  // namespace attnviz::costlab
