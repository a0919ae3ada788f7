#pragma once
// Exact attention of a block of query rows over a list of key tiles, with the online softmax: the
// engine under the cost lab's Flash, sliding-window and block-sparse kernels (core/costlab). The
// caller says which keys each tile holds and which of them each row sees; only one tile's scores
// exist at a time. float32 runs the register-tiled loop compiled per instruction set
// (TiledFloat.inl); float64 plain loops in index order, for the numbers shown and the tests.
#include <span>
#include <vector>

#include "core/kernels/AttentionKernel.h"
#include "core/kernels/TiledIsa.h"

namespace attnviz {

/// The keys and values tiles read: for float32, Kᵀ in panels and V padded to whole vectors
/// (kernel::PackedFloat: a copy of O(count·d) floats, made here); for float64, K and V themselves
/// (no copy; they must outlive this object).
template <typename T>
class TileKeys {
public:
    /// k: count × d and v: count × dv, row-major.
    TileKeys(const T* k, const T* v, int count, int d, int dv);
    TileKeys(const TileKeys&) = delete;
    TileKeys& operator=(const TileKeys&) = delete;

    [[nodiscard]] int count() const { return count_; }
    [[nodiscard]] const T* keys() const { return k_; }
    [[nodiscard]] const T* values() const { return v_; }
    [[nodiscard]] const kernel::PackedFloat& packed() const { return packed_; }

private:
    const T* k_;
    const T* v_;
    int count_;
    std::vector<float> packedKeys_, packedValues_;
    kernel::PackedFloat packed_;
};

/// Keys [first, last) of `keys`; row r of the block sees those in [from[r], to[r]) (either may
/// reach past the tile: the tile clips them).
template <typename T>
struct KeyTile {
    const TileKeys<T>* keys = nullptr;
    int first = 0, last = 0;
    const int* from = nullptr;
    const int* to = nullptr;
};

/// A block of query rows and where its results go.
template <typename T>
struct TileRows {
    const T* queries = nullptr;  ///< rows × d, row-major
    int rows = 0;
    T* context = nullptr;        ///< rows × dv, row stride contextStride: softmax(visible scores)·V, 0 if none
    int contextStride = 0;
    T* rowMax = nullptr;         ///< rows: max of the visible scaled scores, −∞ if none
    T* rowSum = nullptr;         ///< rows: Σ exp(s − rowMax) over the visible keys
};

/// A thread's buffers, kept from one block to the next.
struct TileWorkspace {
    kernel::TileScratch scratch;
    std::vector<kernel::FloatTile> floatTiles;
};

/// softmax(q·kᵀ / divisor) · v for each row of the block over the keys its tiles let it see, tile
/// after tile in the given order (the online softmax: the running max and sum are rescaled when a
/// tile raises the max), so that memory is one tile's scores, never n of them. A key seen through
/// two tiles counts twice: tiles must not overlap for a row. When cancel is raised it stops early
/// (between tiles, or rows in float64), its results incomplete: the caller checks and throws.
template <typename T>
void attendTiles(const TileRows<T>& block, int d, int dv, T divisor, std::span<const KeyTile<T>> tiles,
                 TileWorkspace& workspace, const std::atomic<bool>* cancel = nullptr);

}  // namespace attnviz
