// The float32 speed path of attention, included by KernelBody.inl inside the namespace of one
// instruction set. Register-blocked micro-kernels (as in a packed GEMM) for the scores Q·Kᵀ and
// for weights·V, with the softmax between them on a block of rows whose scores stay in the L2
// cache. Inputs come padded (kernel::PackedFloat), so every load is a whole vector.
// (<immintrin.h> is included by KernelBody.inl, outside any namespace.)

#include "core/kernels/SimdVector.inl"

namespace simd {

// 6 rows × 4 vectors = 24 accumulators of AVX-512's 32 registers; 6 × 2 = 12 of the 16 of AVX2 and SSE.
inline constexpr int kTileVectors = kWidth == 16 ? 4 : 2;
inline constexpr int kTileRows = 6;
inline constexpr int kKeyTile = kTileVectors * kWidth;  // keys per score tile
static_assert(kKeyAlign % kKeyTile == 0 && kValueAlign % kWidth == 0, "padding must hold whole tiles");

}  // namespace simd

// scores[r][0 … kKeyTile) = Σ_m queries[r][m] · keys[m · kKeyAlign + j], for ROWS rows; keys
// points into a panel of PackedFloat::keysByDimension, scores at the tile's first key.
template <int ROWS>
void scoreTile(const float* queries, int d, const float* keys, float* scores, int scoreStride) {
    using namespace simd;
    Vec acc[ROWS][kTileVectors];
    for (auto& row : acc)
        for (Vec& a : row) a = zero();
    for (int m = 0; m < d; ++m) {
        const float* dimension = keys + static_cast<std::size_t>(m) * kKeyAlign;
        Vec k[kTileVectors];
        for (int c = 0; c < kTileVectors; ++c) k[c] = load(dimension + c * kWidth);
        for (int r = 0; r < ROWS; ++r) {
            const Vec q = broadcast(queries[r * d + m]);
            for (int c = 0; c < kTileVectors; ++c) acc[r][c] = multiplyAdd(q, k[c], acc[r][c]);
        }
    }
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < kTileVectors; ++c) store(scores + static_cast<std::size_t>(r) * scoreStride + c * kWidth, acc[r][c]);
}

// out[r][c0 … c0 + VECTORS·kWidth) (+)= Σ_{j in [j0, j1)} weights[r][j] · V[j][…], for ROWS
// rows: = for the first tile of keys, += (accumulate) for the next ones.
template <int ROWS, int VECTORS>
void contextTile(const float* weights, int weightStride, int j0, int j1, const float* values, int valueStride, int c0,
                 float* out, int outStride, bool accumulate) {
    using namespace simd;
    Vec acc[ROWS][VECTORS];
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < VECTORS; ++c)
            acc[r][c] = accumulate ? load(out + static_cast<std::size_t>(r) * outStride + c0 + c * kWidth) : zero();
    for (int j = j0; j < j1; ++j) {
        const float* row = values + static_cast<std::size_t>(j) * valueStride + c0;
        Vec v[VECTORS];
        for (int c = 0; c < VECTORS; ++c) v[c] = load(row + c * kWidth);
        for (int r = 0; r < ROWS; ++r) {
            const Vec w = broadcast(weights[static_cast<std::size_t>(r) * weightStride + j]);
            for (int c = 0; c < VECTORS; ++c) acc[r][c] = multiplyAdd(w, v[c], acc[r][c]);
        }
    }
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < VECTORS; ++c) store(out + static_cast<std::size_t>(r) * outStride + c0 + c * kWidth, acc[r][c]);
}

// The tile functions for 1 … kTileRows rows (the last group of a block may be short).
template <int... Rows>
constexpr auto scoreTiles(std::integer_sequence<int, Rows...>) {
    return std::array{&scoreTile<Rows + 1>...};
}
template <int Vectors, int... Rows>
constexpr auto contextTiles(std::integer_sequence<int, Rows...>) {
    return std::array{&contextTile<Rows + 1, Vectors>...};
}

void attendRowsFast(const AttentionTask<float>& task, int row0, int rowCount, FloatScratch& scratch) {
    using namespace simd;
    constexpr float minusInfinity = -std::numeric_limits<float>::infinity();
    const PackedFloat& packed = task.packed;
    const int d = task.d, dv = task.dv;
    const int keyCount = keysNeeded(task, row0, rowCount);
    const int scoreStride = (keyCount + kKeyTile - 1) / kKeyTile * kKeyTile;  // ≤ keyStride

    // The queries are divided first, so the scores come out already scaled.
    scratch.queries.resize(static_cast<std::size_t>(rowCount) * d);
    for (std::size_t i = 0; i < scratch.queries.size(); ++i)
        scratch.queries[i] = task.q[static_cast<std::size_t>(row0) * d + i] / task.divisor;
    scratch.scores.resize(static_cast<std::size_t>(rowCount) * scoreStride);
    scratch.context.resize(static_cast<std::size_t>(rowCount) * packed.valueStride);  // the first key tile sets it

    // 1. Scores, a tile of keys at a time: its slice of Kᵀ (d × kKeyTile) stays in L1 for all rows.
    static constexpr auto scoreTileFor = scoreTiles(std::make_integer_sequence<int, kTileRows>{});
    for (int j0 = 0; j0 < scoreStride; j0 += kKeyTile) {
        const float* keys = packed.keysByDimension + static_cast<std::size_t>(j0 / kKeyAlign) * kKeyAlign * d +
                            j0 % kKeyAlign;
        for (int r = 0; r < rowCount; r += kTileRows)
            scoreTileFor[static_cast<std::size_t>(std::min(kTileRows, rowCount - r) - 1)](
                scratch.queries.data() + static_cast<std::size_t>(r) * d, d, keys,
                scratch.scores.data() + static_cast<std::size_t>(r) * scoreStride + j0, scoreStride);
    }

    // 2. Softmax numerators per row: mask, max, exp(s − max), sum. The padding keys past
    // keyCount are set to −∞ like masked ones, so every vector is whole and they weigh 0.
    for (int r = 0; r < rowCount; ++r) {
        const int query = row0 + r;
        float* row = scratch.scores.data() + static_cast<std::size_t>(r) * scoreStride;
        applyMask(task, query, keyCount, row, scratch.visible);
        std::fill(row + keyCount, row + scoreStride, minusInfinity);
        Vec largest = broadcast(minusInfinity);
        for (int j = 0; j < scoreStride; j += kWidth) largest = maxOf(largest, load(row + j));
        const float max = largestLane(largest);
        if (max == minusInfinity) {  // every key hidden: weights 0, never NaN
            std::fill(row, row + scoreStride, 0.0f);
            task.rowMax[query] = minusInfinity;
            task.rowSum[query] = 0;
            continue;
        }
        const Vec shift = broadcast(max);
        Vec sum = broadcast(0.0f);
        for (int j = 0; j < scoreStride; j += kWidth) {
            const Vec e = expNonPositive(load(row + j) - shift);
            store(row + j, e);
            sum += e;
        }
        task.rowMax[query] = max;
        task.rowSum[query] = laneSum(sum);
    }

    // 3. context = numerators · V, a tile of keys at a time (its rows of V stay in L1), then ÷ sum.
    constexpr int kValueKeys = 128;
    static constexpr auto wideTileFor = contextTiles<kTileVectors>(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto narrowTileFor = contextTiles<1>(std::make_integer_sequence<int, kTileRows>{});
    for (int j0 = 0; j0 < keyCount; j0 += kValueKeys) {
        const int j1 = std::min(keyCount, j0 + kValueKeys);
        for (int r = 0; r < rowCount; r += kTileRows) {
            const auto rows = static_cast<std::size_t>(std::min(kTileRows, rowCount - r) - 1);
            const float* weights = scratch.scores.data() + static_cast<std::size_t>(r) * scoreStride;
            float* out = scratch.context.data() + static_cast<std::size_t>(r) * packed.valueStride;
            int c0 = 0;
            for (; c0 + kTileVectors * kWidth <= packed.valueStride; c0 += kTileVectors * kWidth)
                wideTileFor[rows](weights, scoreStride, j0, j1, packed.values, packed.valueStride, c0, out,
                                  packed.valueStride, j0 != 0);
            for (; c0 < packed.valueStride; c0 += kWidth)
                narrowTileFor[rows](weights, scoreStride, j0, j1, packed.values, packed.valueStride, c0, out,
                                    packed.valueStride, j0 != 0);
        }
    }
    for (int r = 0; r < rowCount; ++r) {
        const float sum = task.rowSum[row0 + r];
        const float* from = scratch.context.data() + static_cast<std::size_t>(r) * packed.valueStride;
        float* to = task.context + static_cast<std::size_t>(row0 + r) * dv;
        for (int c = 0; c < dv; ++c) to[c] = sum > 0 ? from[c] / sum : 0.0f;
    }
}
