#pragma once
// The interface between the cost lab's tiled and linear kernels (TiledAttention, LinearKernel)
// and their float32 hot loops, compiled once per instruction set (TiledBody.inl, included by
// kernel_isa_*.cpp after KernelBody.inl). Plain pointers and structs only, as in KernelIsa.h.
#include <atomic>
#include <vector>

#include "core/kernels/KernelIsa.h"

namespace attnviz::kernel {

/// One tile of keys for a block of query rows: keys [first, last) of a key space (Kᵀ in panels
/// and V as PackedFloat lays them out), and for row r of the block the keys it may see,
/// [from[r], to[r]) in the same numbering (the tile clips them). A key outside weighs 0.
struct FloatTile {
    const PackedFloat* keys = nullptr;
    int first = 0, last = 0;
    const int* from = nullptr;
    const int* to = nullptr;
};

/// A block of query rows and the tiles it attends to, in order, with the online softmax: the
/// running max and sum of each row are rescaled whenever a tile raises the max.
struct FloatTileBlock {
    const float* queries = nullptr;  ///< rows × d, not yet divided
    int rows = 0, d = 0, dv = 0;
    float divisor = 1;
    const FloatTile* tiles = nullptr;
    int tileCount = 0;
    float* context = nullptr;  ///< rows × dv, row stride contextStride: Σ w·v (0 for a row that sees nothing)
    int contextStride = 0;
    float* rowMax = nullptr;   ///< rows: the max of the visible scaled scores (−∞ if none)
    float* rowSum = nullptr;   ///< rows: Σ exp(s − rowMax) over the visible keys
    /// When raised, the block stops before its next tile, its results left incomplete: a block of
    /// Flash can be tens of milliseconds of work (seconds under the sanitizers), too long to wait.
    const std::atomic<bool>* cancel = nullptr;
};

/// A thread's buffers for tiled blocks, kept from one block to the next.
struct TileScratch {
    std::vector<float> queries, scores, accumulator;
};

/// Linear attention's float32 pieces (φ(x) = elu(x) + 1). Rows are row-major; dvPanels is
/// d_v rounded up to kKeyAlign (the products read S in panels of kKeyAlign columns, as Kᵀ).
struct LinearScratch {
    std::vector<float> queryFeatures, keyFeatures, transposed, values, numerators, scores;
};
struct LinearTask {
    const float* q = nullptr;  ///< n × d
    const float* k = nullptr;  ///< n × d
    const float* v = nullptr;  ///< n × dv
    int n = 0, d = 0, dv = 0;
    float* out = nullptr;      ///< n × dv
};
/// state (d × dvPanels, panel by panel: column c of row m at ((c / kKeyAlign)·d + m)·kKeyAlign
/// + c % kKeyAlign) += Σ_j φ(k_j) v_jᵀ and keySum (d) += Σ_j φ(k_j), for keys [first, last).
using LinearSumsFloat = void (*)(const LinearTask&, int first, int last, float* state, float* keySum, LinearScratch&);
/// out rows [first, last) = φ(q_i)ᵀ·state / φ(q_i)·keySum (0 where the denominator is 0).
using LinearRowsFloat = void (*)(const LinearTask&, int first, int last, const float* state, const float* keySum,
                                 LinearScratch&);
/// Causal: for rows [first, last) in order, state += φ(k_i) v_iᵀ and keySum += φ(k_i), then
/// out_i = φ(q_i)ᵀ·state / φ(q_i)·keySum; state and keySum carry the prefix in and out.
using LinearCausalFloat = void (*)(const LinearTask&, int first, int last, float* state, float* keySum,
                                   LinearScratch&);

using TileBlockFloat = void (*)(const FloatTileBlock&, TileScratch&);

#define ATTNVIZ_DECLARE_TILED_ISA(isa)                                                                      \
    namespace isa {                                                                                         \
    void attendTilesFloat(const FloatTileBlock&, TileScratch&);                                             \
    void linearSumsFloat(const LinearTask&, int first, int last, float* state, float* keySum, LinearScratch&); \
    void linearRowsFloat(const LinearTask&, int first, int last, const float* state, const float* keySum,   \
                         LinearScratch&);                                                                   \
    void linearCausalFloat(const LinearTask&, int first, int last, float* state, float* keySum, LinearScratch&); \
    }
ATTNVIZ_DECLARE_TILED_ISA(baseline)
ATTNVIZ_DECLARE_TILED_ISA(avx2)
ATTNVIZ_DECLARE_TILED_ISA(avx512)
#undef ATTNVIZ_DECLARE_TILED_ISA

}  // namespace attnviz::kernel
