// Linear attention's float32 loops (Katharopoulos et al., 2020), included by TiledBody.inl inside
// the namespace of one instruction set, after KernelFloat.inl whose micro-kernels it reuses.
// With φ(x) = elu(x) + 1 > 0, softmax(q·k) is replaced by φ(q)·φ(k), and the sum over keys moves
// inside: out_i = φ(q_i)ᵀ·S / φ(q_i)·z with S = Σ_j φ(k_j) v_jᵀ (d × d_v) and z = Σ_j φ(k_j), so
// the cost is O(n·d·d_v), never O(n²). S is kept in panels of kKeyAlign columns, the layout in
// which scoreTile reads Kᵀ, so that φ(Q)·S is the same register-tiled product as Q·Kᵀ.

// The lanes of v added in a tree (log₂ kWidth dependent additions, not kWidth − 1 in a row).
// (A register form with _mm512_reduce_add_ps gained ~3 %, within noise, and trips GCC 12's
// -Wuninitialized inside its own header under the asan preset.)
float treeSum(simd::Vec v) {
    float lanes[simd::kWidth];
    for (int i = 0; i < simd::kWidth; ++i) lanes[i] = v[i];
    for (int half = simd::kWidth / 2; half >= 1; half /= 2)
        for (int i = 0; i < half; ++i) lanes[i] += lanes[i + half];
    return lanes[0];
}

// φ(x) = x + 1 for x > 0, e^x otherwise, over one row of d values. While the values are in
// registers, adds them to `sum` (d values) when it is given, and returns their dot product with
// `weights` (d values) when that is given, else 0: the keys' sum z and a query's denominator
// φ(q)·z come without a second pass over the row.
float featureRow(const float* x, int d, float* out, float* sum, const float* weights) {
    using namespace simd;
    Vec dotLanes = zero();
    int m = 0;
    for (; m + kWidth <= d; m += kWidth) {
        const Vec v = load(x + m);
        const Lanes positive = v > zero();
        const Vec e = expNonPositive(positive ? zero() : v);
        const Vec feature = positive ? v + broadcast(1.0f) : e;
        store(out + m, feature);
        if (sum != nullptr) store(sum + m, load(sum + m) + feature);
        if (weights != nullptr) dotLanes = multiplyAdd(feature, load(weights + m), dotLanes);
    }
    float dotTotal = weights != nullptr ? treeSum(dotLanes) : 0.0f;
    for (; m < d; ++m) {
        out[m] = x[m] > 0 ? x[m] + 1.0f : std::exp(x[m]);
        if (sum != nullptr) sum[m] += out[m];
        if (weights != nullptr) dotTotal += out[m] * weights[m];
    }
    return dotTotal;
}

int roundUpTo(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

// Rows [first, first + count) of V with whole-vector rows (valueStride wide, zero past d_v): V
// itself when its rows already are, else a padded copy in the scratch.
const float* paddedValues(const LinearTask& task, int first, int count, std::vector<float>& buffer) {
    const int valueStride = roundUpTo(task.dv, kValueAlign);
    const float* v = task.v + static_cast<std::size_t>(first) * task.dv;
    if (valueStride == task.dv) return v;
    buffer.assign(static_cast<std::size_t>(count) * valueStride, 0.0f);
    for (int j = 0; j < count; ++j)
        std::copy_n(v + static_cast<std::size_t>(j) * task.dv, task.dv, buffer.data() + static_cast<std::size_t>(j) * valueStride);
    return buffer.data();
}

inline constexpr int kLineFloats = 16;  ///< floats in a 64-byte cache line, the unit of a prefetch
inline constexpr int kRowsAhead = 16;   ///< rows fetched ahead of those being read or written

// Fetches rows [first, last) of a row-major array `stride` floats wide into the cache (for
// writing when `write`): memory that streams would otherwise stall the loads and stores on it.
void prefetchRows(const float* array, int first, int last, int stride, bool write) {
    const float* begin = array + static_cast<std::size_t>(first) * stride;
    const std::size_t size = static_cast<std::size_t>(std::max(last - first, 0)) * static_cast<std::size_t>(stride);
    for (std::size_t i = 0; i < size; i += kLineFloats) {
        if (write)
            __builtin_prefetch(begin + i, 1);
        else
            __builtin_prefetch(begin + i, 0);
    }
}

// φ of `count` rows of x (n × d, from row first) into features (count × d); adds them to keySum
// when it is given; the rows' dot products with keySum into denominators when those are given.
// The row kRowsAhead further is fetched meanwhile (x streams from memory).
void featureRows(const float* x, int n, int first, int count, int d, std::vector<float>& features, float* keySum,
                 const float* denominatorWeights = nullptr, float* denominators = nullptr) {
    features.resize(static_cast<std::size_t>(count) * d);
    for (int j = 0; j < count; ++j) {
        const int ahead = first + j + kRowsAhead;
        if (ahead < n) prefetchRows(x, ahead, ahead + 1, d, false);
        const float dotTotal = featureRow(x + static_cast<std::size_t>(first + j) * d, d,
                                          features.data() + static_cast<std::size_t>(j) * d, keySum, denominatorWeights);
        if (denominators != nullptr) denominators[j] = dotTotal;
    }
}

// byDimension[m][j] = features[j][m] for j < count, 0 up to stride.
void transposeFeatures(const std::vector<float>& features, int count, int d, int stride, std::vector<float>& byDimension) {
    byDimension.assign(static_cast<std::size_t>(d) * stride, 0.0f);
    for (int j = 0; j < count; ++j)
        for (int m = 0; m < d; ++m)
            byDimension[static_cast<std::size_t>(m) * stride + j] = features[static_cast<std::size_t>(j) * d + m];
}

// out[r][c0 … c0 + VECTORS·kWidth) += Σ_{j < count} features[j·d + r] · values[j][c0 …], for ROWS
// dimensions r of φ(K) (features row-major, at the tile's first dimension): a rank-count update
// of ROWS rows of the state, φ(K) read as it lies (no transpose) and the accumulators kept in
// registers for the whole run of keys.
template <int ROWS, int VECTORS>
void outerTile(const float* features, int d, int count, const float* values, int valueStride, int c0, float* out,
               int outStride) {
    using namespace simd;
    Vec acc[ROWS][VECTORS];
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < VECTORS; ++c) acc[r][c] = load(out + static_cast<std::size_t>(r) * outStride + c * kWidth);
    for (int j = 0; j < count; ++j) {
        const float* row = values + static_cast<std::size_t>(j) * valueStride + c0;
        const float* feature = features + static_cast<std::size_t>(j) * d;
        Vec v[VECTORS];
        for (int c = 0; c < VECTORS; ++c) v[c] = load(row + c * kWidth);
        for (int r = 0; r < ROWS; ++r) {
            const Vec w = broadcast(feature[r]);
            for (int c = 0; c < VECTORS; ++c) acc[r][c] = multiplyAdd(w, v[c], acc[r][c]);
        }
    }
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < VECTORS; ++c) store(out + static_cast<std::size_t>(r) * outStride + c * kWidth, acc[r][c]);
}
template <int Vectors, int... Rows>
constexpr auto outerTiles(std::integer_sequence<int, Rows...>) {
    return std::array{&outerTile<Rows + 1, Vectors>...};
}

// state (panels) += Σ_{j < count} φ(k_j) v_jᵀ, features = φ(K) row-major (count × d), a tile of
// kTileRows dimensions × kTileVectors vectors at a time.
void addOuterProducts(const float* features, int count, int d, const float* values, int valueStride, float* state) {
    using namespace simd;
    static constexpr auto wideTileFor = outerTiles<kTileVectors>(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto narrowTileFor = outerTiles<1>(std::make_integer_sequence<int, kTileRows>{});
    constexpr int kWide = kTileVectors * kWidth;
    for (int m = 0; m < d; m += kTileRows) {
        const auto rows = static_cast<std::size_t>(std::min(kTileRows, d - m) - 1);
        for (int c = 0; c < valueStride;) {
            const int panel = c / kKeyAlign, within = c % kKeyAlign;
            float* out = state + (static_cast<std::size_t>(panel) * d + m) * kKeyAlign + within;
            if (c + kWide <= valueStride && within + kWide <= kKeyAlign) {
                wideTileFor[rows](features + m, d, count, values, valueStride, c, out, kKeyAlign);
                c += kWide;
            } else {
                narrowTileFor[rows](features + m, d, count, values, valueStride, c, out, kKeyAlign);
                c += kWidth;
            }
        }
    }
}

// numerators (count × numeratorStride) = features (count × d) · state, a tile of kKeyTile
// columns at a time.
void multiplyByState(const float* features, int count, int d, const float* state, int dv, float* numerators,
                     int numeratorStride) {
    using namespace simd;
    static constexpr auto scoreTileFor = scoreTiles(std::make_integer_sequence<int, kTileRows>{});
    for (int c = 0; c < dv; c += kKeyTile) {
        const float* panel = state + static_cast<std::size_t>(c / kKeyAlign) * kKeyAlign * d + c % kKeyAlign;
        for (int r = 0; r < count; r += kTileRows)
            scoreTileFor[static_cast<std::size_t>(std::min(kTileRows, count - r) - 1)](
                features + static_cast<std::size_t>(r) * d, d, panel, numerators + static_cast<std::size_t>(r) * numeratorStride + c,
                numeratorStride);
    }
}

// Row i of the output = numerator / denominator, 0 when nothing is seen (denominator 0). When
// the row is whole vectors on vector boundaries it is written around the cache (streaming
// stores): at n = 65,536 the output is 16 MiB that nothing reads back, and a normal store would
// first read every line of it from memory. Otherwise the row kRowsAhead further is fetched for
// writing now (its stores stalled). The caller fences the streamed rows (finishStreamedRows).
void writeRow(const float* numerator, float denominator, const LinearTask& task, int i) {
    using namespace simd;
    const int dv = task.dv;
    float* out = task.out + static_cast<std::size_t>(i) * dv;
    const bool stream = dv % kWidth == 0 && reinterpret_cast<std::uintptr_t>(out) % sizeof(Vec) == 0;
    if (!stream && i + kRowsAhead < task.n) prefetchRows(task.out, i + kRowsAhead, i + kRowsAhead + 1, dv, true);
    // One division per row, then products (a vector division costs as much as a dozen products).
    const bool seen = denominator > 0;
    const float reciprocal = seen ? 1.0f / denominator : 0.0f;
    const Vec scale = broadcast(reciprocal);
    const auto part = [&](int c) { return seen ? load(numerator + c) * scale : zero(); };
    int c = 0;
    if (stream)
        for (; c < dv; c += kWidth) streamStore(out + c, part(c));
    for (; c + kWidth <= dv; c += kWidth) store(out + c, part(c));
    for (; c < dv; ++c) out[c] = seen ? numerator[c] * reciprocal : 0.0f;
}

// Orders the streaming stores of writeRow before anything the thread does next (they are weakly
// ordered and would otherwise be allowed to land after the thread reports its rows done).
void finishStreamedRows() { _mm_sfence(); }

void linearSumsFast(const LinearTask& task, int first, int last, float* state, float* keySum, LinearScratch& scratch) {
    constexpr int kChunk = 64;  // its rows of φ(K) and V (16 KiB each at d = d_v = 64) stay in L1 for all of d
    const int valueStride = roundUpTo(task.dv, kValueAlign);
    for (int c0 = first; c0 < last; c0 += kChunk) {
        const int count = std::min(kChunk, last - c0);
        featureRows(task.k, task.n, c0, count, task.d, scratch.keyFeatures, keySum);
        const float* values = paddedValues(task, c0, count, scratch.values);
        // The next chunk's rows of V, read from memory while this one is summed.
        prefetchRows(task.v, c0 + kChunk, std::min(c0 + 2 * kChunk, task.n), task.dv, false);
        addOuterProducts(scratch.keyFeatures.data(), count, task.d, values, valueStride, state);
    }
}

void linearRowsFast(const LinearTask& task, int first, int last, const float* state, const float* keySum,
                    LinearScratch& scratch) {
    constexpr int kRows = 48;
    const int numeratorStride = roundUpTo(task.dv, simd::kKeyTile);
    scratch.numerators.resize(static_cast<std::size_t>(kRows) * numeratorStride);
    float denominators[kRows];
    for (int r0 = first; r0 < last; r0 += kRows) {
        const int count = std::min(kRows, last - r0);
        featureRows(task.q, task.n, r0, count, task.d, scratch.queryFeatures, nullptr, keySum, denominators);
        multiplyByState(scratch.queryFeatures.data(), count, task.d, state, task.dv, scratch.numerators.data(),
                        numeratorStride);
        for (int r = 0; r < count; ++r)
            writeRow(scratch.numerators.data() + static_cast<std::size_t>(r) * numeratorStride, denominators[r], task, r0 + r);
    }
    finishStreamedRows();
}

// Causal, a chunk of kKeyAlign rows at a time: what the keys before the chunk contribute comes
// from the state (φ(Q_c)·S), what the chunk's own keys j ≤ i contribute from the chunk's
// φ(Q_c)·φ(K_c)ᵀ with its upper triangle set to 0, times V_c; then the chunk's keys join S.
void linearCausalFast(const LinearTask& task, int first, int last, float* state, float* keySum, LinearScratch& scratch) {
    using namespace simd;
    constexpr int kChunk = kKeyAlign;  // φ(K_c)ᵀ is one panel, as scoreTile reads keys
    static constexpr auto scoreTileFor = scoreTiles(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto wideTileFor = contextTiles<kTileVectors>(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto narrowTileFor = contextTiles<1>(std::make_integer_sequence<int, kTileRows>{});
    const int d = task.d, dv = task.dv;
    const int valueStride = roundUpTo(dv, kValueAlign);
    const int numeratorStride = roundUpTo(dv, kKeyTile);
    scratch.numerators.resize(static_cast<std::size_t>(kChunk) * numeratorStride);
    scratch.scores.resize(static_cast<std::size_t>(kChunk) * kChunk);
    std::vector<float> denominators(kChunk);
    for (int c0 = first; c0 < last; c0 += kChunk) {
        const int count = std::min(kChunk, last - c0);
        // The denominators start with what the keys before the chunk give (φ(q_i)·z), then the
        // chunk's keys join z.
        featureRows(task.q, task.n, c0, count, d, scratch.queryFeatures, nullptr, keySum, denominators.data());
        featureRows(task.k, task.n, c0, count, d, scratch.keyFeatures, keySum);
        transposeFeatures(scratch.keyFeatures, count, d, kChunk, scratch.transposed);
        const float* values = paddedValues(task, c0, count, scratch.values);
        const float* queries = scratch.queryFeatures.data();
        float* numerators = scratch.numerators.data();
        float* scores = scratch.scores.data();

        // The keys before the chunk.
        multiplyByState(queries, count, d, state, dv, numerators, numeratorStride);

        // The chunk's own keys j ≤ i.
        for (int j = 0; j < kChunk; j += kKeyTile)
            for (int r = 0; r < count; r += kTileRows)
                scoreTileFor[static_cast<std::size_t>(std::min(kTileRows, count - r) - 1)](
                    queries + static_cast<std::size_t>(r) * d, d, scratch.transposed.data() + j,
                    scores + static_cast<std::size_t>(r) * kChunk + j, kChunk);
        for (int r = 0; r < count; ++r) {
            float* row = scores + static_cast<std::size_t>(r) * kChunk;
            std::fill(row + r + 1, row + kChunk, 0.0f);
            float sum = 0;
            for (int j = 0; j <= r; ++j) sum += row[j];
            denominators[static_cast<std::size_t>(r)] += sum;
        }
        for (int r = 0; r < count; r += kTileRows) {
            const int rows = std::min(kTileRows, count - r);
            const int keys = r + rows;  // row r + rows − 1 sees keys 0 … r + rows − 1
            int c = 0;
            for (; c + kTileVectors * kWidth <= valueStride; c += kTileVectors * kWidth)
                wideTileFor[static_cast<std::size_t>(rows - 1)](scores + static_cast<std::size_t>(r) * kChunk, kChunk, 0, keys,
                                                               values, valueStride, c,
                                                               numerators + static_cast<std::size_t>(r) * numeratorStride,
                                                               numeratorStride, true);
            for (; c < valueStride; c += kWidth)
                narrowTileFor[static_cast<std::size_t>(rows - 1)](scores + static_cast<std::size_t>(r) * kChunk, kChunk, 0,
                                                                 keys, values, valueStride, c,
                                                                 numerators + static_cast<std::size_t>(r) * numeratorStride,
                                                                 numeratorStride, true);
        }
        for (int r = 0; r < count; ++r)
            writeRow(numerators + static_cast<std::size_t>(r) * numeratorStride, denominators[static_cast<std::size_t>(r)], task,
                     c0 + r);

        // The chunk's keys join the state.
        addOuterProducts(scratch.keyFeatures.data(), count, d, values, valueStride, state);
    }
    finishStreamedRows();
}
