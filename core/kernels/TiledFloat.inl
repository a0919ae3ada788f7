// The float32 tile loop of the cost lab (Flash, window, sparse), included by TiledBody.inl inside
// the namespace of one instruction set, after KernelFloat.inl whose micro-kernels it reuses:
// scoreTile for Q·Kᵀ and contextTile for weights·V, on a block of query rows, one tile of keys at
// a time, with the online softmax between them (Dao et al., 2022): each row keeps its running max
// and sum, and when a tile raises the max, what was summed so far is multiplied by
// exp(old max − new max). Only the current tile's scores exist, never the row's n of them.

// Visible keys of a group of up to kTileRows rows in one tile: the union of their ranges.
struct GroupSpan {
    int lo = 0, hi = 0;  ///< keys [lo, hi); empty when lo >= hi
};

GroupSpan groupSpan(const FloatTile& tile, int row0, int rowCount) {
    GroupSpan span{tile.last, tile.first};
    for (int r = row0; r < row0 + rowCount; ++r) {
        const int from = std::max(tile.from[r], tile.first), to = std::min(tile.to[r], tile.last);
        if (from >= to) continue;
        span.lo = std::min(span.lo, from);
        span.hi = std::max(span.hi, to);
    }
    return span;
}

// Multiplies count floats at p by factor.
void scaleFloats(float* p, int count, float factor) {
    using namespace simd;
    const Vec f = broadcast(factor);
    for (int c = 0; c < count; c += kWidth) store(p + c, load(p + c) * f);  // count is whole vectors
}

// One row of one tile: hides the keys outside [from, to) (−∞), raises the running max, rescales
// the row's sum and accumulator, and turns its scores in [lo, hi) (aligned) into exp(s − max).
// Returns false when the row sees nothing here (its scores are then zeroed).
void softmaxStep(float* scores, int lo, int hi, int from, int to, float& rowMax, float& rowSum, float* accumulator,
                 int valueStride) {
    using namespace simd;
    constexpr float minusInfinity = -std::numeric_limits<float>::infinity();
    if (from >= to) {
        std::fill(scores + lo, scores + hi, 0.0f);
        return;
    }
    std::fill(scores + lo, scores + from, minusInfinity);
    std::fill(scores + to, scores + hi, minusInfinity);
    Vec largest = broadcast(minusInfinity);
    for (int j = lo; j < hi; j += kWidth) largest = maxOf(largest, load(scores + j));
    const float newMax = std::max(rowMax, largestLane(largest));
    if (newMax > rowMax) {  // 0 the first time (rowMax = −∞), when there is nothing to rescale yet
        const float factor = rowMax == minusInfinity ? 0.0f : std::exp(rowMax - newMax);
        rowSum *= factor;
        scaleFloats(accumulator, valueStride, factor);
        rowMax = newMax;
    }
    const Vec shift = broadcast(newMax);
    Vec sum = broadcast(0.0f);
    for (int j = lo; j < hi; j += kWidth) {
        const Vec e = expNonPositive(load(scores + j) - shift);
        store(scores + j, e);
        sum += e;
    }
    rowSum += laneSum(sum);
}

void attendTilesFast(const FloatTileBlock& block, TileScratch& scratch) {
    using namespace simd;
    constexpr float minusInfinity = -std::numeric_limits<float>::infinity();
    const int rows = block.rows, d = block.d, dv = block.dv;
    const int valueStride = (dv + kValueAlign - 1) / kValueAlign * kValueAlign;
    const int groups = (rows + kTileRows - 1) / kTileRows;

    // The queries are divided first, so the scores come out already scaled.
    scratch.queries.resize(static_cast<std::size_t>(rows) * d);
    for (std::size_t i = 0; i < scratch.queries.size(); ++i) scratch.queries[i] = block.queries[i] / block.divisor;
    scratch.accumulator.assign(static_cast<std::size_t>(rows) * valueStride, 0.0f);
    std::fill(block.rowMax, block.rowMax + rows, minusInfinity);
    std::fill(block.rowSum, block.rowSum + rows, 0.0f);
    std::vector<GroupSpan> spans(static_cast<std::size_t>(groups));

    static constexpr auto scoreTileFor = scoreTiles(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto wideTileFor = contextTiles<kTileVectors>(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto narrowTileFor = contextTiles<1>(std::make_integer_sequence<int, kTileRows>{});
    for (int t = 0; t < block.tileCount; ++t) {
        if (block.cancel != nullptr && block.cancel->load(std::memory_order_relaxed)) return;
        const FloatTile& tile = block.tiles[t];
        const PackedFloat& keys = *tile.keys;
        // The tile's keys that some row sees, in whole score tiles: [chunk0, chunk0 + width).
        int lo = tile.last, hi = tile.first;
        for (int g = 0; g < groups; ++g) {
            GroupSpan& span = spans[static_cast<std::size_t>(g)];
            span = groupSpan(tile, g * kTileRows, std::min(kTileRows, rows - g * kTileRows));
            if (span.lo >= span.hi) continue;
            lo = std::min(lo, span.lo);
            hi = std::max(hi, span.hi);
        }
        if (lo >= hi) continue;
        const int chunk0 = lo / kKeyTile * kKeyTile;
        const int width = (hi - chunk0 + kKeyTile - 1) / kKeyTile * kKeyTile;
        scratch.scores.resize(static_cast<std::size_t>(rows) * width);
        // Each group's keys in whole score tiles, relative to chunk0: [alignedLo, alignedHi).
        const auto alignedLo = [&](const GroupSpan& span) { return span.lo / kKeyTile * kKeyTile - chunk0; };
        const auto alignedHi = [&](const GroupSpan& span) {
            return (span.hi + kKeyTile - 1) / kKeyTile * kKeyTile - chunk0;
        };

        // 1. Scores, a score tile of keys at a time (its slice of Kᵀ stays in L1 for every group),
        // only where the group sees something: a causal or banded block skips its empty corners.
        for (int j = 0; j < width; j += kKeyTile) {
            const int key = chunk0 + j;
            const float* panel = keys.keysByDimension + static_cast<std::size_t>(key / kKeyAlign) * kKeyAlign * d +
                                 key % kKeyAlign;
            for (int g = 0; g < groups; ++g) {
                const GroupSpan& span = spans[static_cast<std::size_t>(g)];
                if (span.lo >= span.hi || j < alignedLo(span) || j >= alignedHi(span)) continue;
                const int r = g * kTileRows;
                scoreTileFor[static_cast<std::size_t>(std::min(kTileRows, rows - r) - 1)](
                    scratch.queries.data() + static_cast<std::size_t>(r) * d, d, panel,
                    scratch.scores.data() + static_cast<std::size_t>(r) * width + j, width);
            }
        }

        // 2. The online softmax, row by row, over its group's computed scores.
        for (int g = 0; g < groups; ++g) {
            const GroupSpan& span = spans[static_cast<std::size_t>(g)];
            if (span.lo >= span.hi) continue;
            for (int r = g * kTileRows; r < std::min(rows, (g + 1) * kTileRows); ++r) {
                const int from = std::max(tile.from[r], tile.first) - chunk0, to = std::min(tile.to[r], tile.last) - chunk0;
                softmaxStep(scratch.scores.data() + static_cast<std::size_t>(r) * width, alignedLo(span), alignedHi(span),
                            std::max(from, alignedLo(span)), std::min(to, alignedHi(span)), block.rowMax[r], block.rowSum[r],
                            scratch.accumulator.data() + static_cast<std::size_t>(r) * valueStride, valueStride);
            }
        }

        // 3. accumulator += weights · V over the group's keys, in slices of keys whose rows of V
        // stay in L1 for every group.
        constexpr int kValueKeys = 128;
        const float* values = keys.values + static_cast<std::size_t>(chunk0) * keys.valueStride;
        for (int s0 = lo - chunk0; s0 < hi - chunk0; s0 += kValueKeys) {
            const int s1 = std::min(hi - chunk0, s0 + kValueKeys);
            for (int g = 0; g < groups; ++g) {
                const GroupSpan& span = spans[static_cast<std::size_t>(g)];
                const int j0 = std::max(s0, span.lo - chunk0), j1 = std::min(s1, span.hi - chunk0);
                if (span.lo >= span.hi || j0 >= j1) continue;
                const int r = g * kTileRows;
                const auto rowsHere = static_cast<std::size_t>(std::min(kTileRows, rows - r) - 1);
                const float* weights = scratch.scores.data() + static_cast<std::size_t>(r) * width;
                float* out = scratch.accumulator.data() + static_cast<std::size_t>(r) * valueStride;
                int c0 = 0;
                for (; c0 + kTileVectors * kWidth <= valueStride; c0 += kTileVectors * kWidth)
                    wideTileFor[rowsHere](weights, width, j0, j1, values, keys.valueStride, c0, out, valueStride, true);
                for (; c0 < valueStride; c0 += kWidth)
                    narrowTileFor[rowsHere](weights, width, j0, j1, values, keys.valueStride, c0, out, valueStride, true);
            }
        }
    }

    for (int r = 0; r < rows; ++r) {
        const float sum = block.rowSum[r];
        const float* from = scratch.accumulator.data() + static_cast<std::size_t>(r) * valueStride;
        float* to = block.context + static_cast<std::size_t>(r) * block.contextStride;
        for (int c = 0; c < dv; ++c) to[c] = sum > 0 ? from[c] / sum : 0.0f;
    }
}
