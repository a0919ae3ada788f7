// Linear attention's float32 loops (Katharopoulos et al., 2020), included by TiledBody.inl inside
// the namespace of one instruction set, after KernelFloat.inl whose micro-kernels it reuses.
// With φ(x) = elu(x) + 1 > 0, softmax(q·k) is replaced by φ(q)·φ(k), and the sum over keys moves
// inside: out_i = φ(q_i)ᵀ·S / φ(q_i)·z with S = Σ_j φ(k_j) v_jᵀ (d × d_v) and z = Σ_j φ(k_j), so
// the cost is O(n·d·d_v), never O(n²). S is kept in panels of kKeyAlign columns, the layout in
// which scoreTile reads Kᵀ, so that φ(Q)·S is the same register-tiled product as Q·Kᵀ.

// φ(x) = x + 1 for x > 0, e^x otherwise, over one row of d values.
void featureRow(const float* x, int d, float* out) {
    using namespace simd;
    int m = 0;
    for (; m + kWidth <= d; m += kWidth) {
        const Vec v = load(x + m);
        const Lanes positive = v > zero();
        const Vec e = expNonPositive(positive ? zero() : v);
        store(out + m, positive ? v + broadcast(1.0f) : e);
    }
    for (; m < d; ++m) out[m] = x[m] > 0 ? x[m] + 1.0f : std::exp(x[m]);
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

// φ of `count` rows of x (n × d, from row first) into features (count × d); adds them to keySum
// when it is given.
void featureRows(const float* x, int first, int count, int d, std::vector<float>& features, float* keySum) {
    features.resize(static_cast<std::size_t>(count) * d);
    for (int j = 0; j < count; ++j) {
        float* row = features.data() + static_cast<std::size_t>(j) * d;
        featureRow(x + static_cast<std::size_t>(first + j) * d, d, row);
        if (keySum != nullptr)
            for (int m = 0; m < d; ++m) keySum[m] += row[m];
    }
}

// byDimension[m][j] = features[j][m] for j < count, 0 up to stride.
void transposeFeatures(const std::vector<float>& features, int count, int d, int stride, std::vector<float>& byDimension) {
    byDimension.assign(static_cast<std::size_t>(d) * stride, 0.0f);
    for (int j = 0; j < count; ++j)
        for (int m = 0; m < d; ++m)
            byDimension[static_cast<std::size_t>(m) * stride + j] = features[static_cast<std::size_t>(j) * d + m];
}

// state (panels) += Σ_{j < count} byDimension[m][j] · values[j][…]: contextTile with the
// dimensions of φ(K) as its rows.
void addOuterProducts(const float* byDimension, int stride, int count, int d, const float* values, int valueStride,
                      float* state) {
    using namespace simd;
    static constexpr auto wideTileFor = contextTiles<kTileVectors>(std::make_integer_sequence<int, kTileRows>{});
    static constexpr auto narrowTileFor = contextTiles<1>(std::make_integer_sequence<int, kTileRows>{});
    constexpr int kWide = kTileVectors * kWidth;
    for (int m = 0; m < d; m += kTileRows) {
        const auto rows = static_cast<std::size_t>(std::min(kTileRows, d - m) - 1);
        const float* weights = byDimension + static_cast<std::size_t>(m) * stride;
        for (int c = 0; c < valueStride;) {
            const int panel = c / kKeyAlign, within = c % kKeyAlign;
            float* out = state + (static_cast<std::size_t>(panel) * d + m) * kKeyAlign;
            const float* panelValues = values + static_cast<std::size_t>(panel) * kKeyAlign;
            if (c + kWide <= valueStride) {
                wideTileFor[rows](weights, stride, 0, count, panelValues, valueStride, within, out, kKeyAlign, true);
                c += kWide;
            } else {
                narrowTileFor[rows](weights, stride, 0, count, panelValues, valueStride, within, out, kKeyAlign, true);
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

float dot(const float* a, const float* b, int d) {
    using namespace simd;
    Vec sum = zero();
    int m = 0;
    for (; m + kWidth <= d; m += kWidth) sum = multiplyAdd(load(a + m), load(b + m), sum);
    float total = laneSum(sum);
    for (; m < d; ++m) total += a[m] * b[m];
    return total;
}

// out row = numerator / denominator, 0 when nothing is seen (denominator 0).
void writeRow(const float* numerator, float denominator, int dv, float* out) {
    for (int c = 0; c < dv; ++c) out[c] = denominator > 0 ? numerator[c] / denominator : 0.0f;
}

void linearSumsFast(const LinearTask& task, int first, int last, float* state, float* keySum, LinearScratch& scratch) {
    constexpr int kChunk = 128;  // its rows of V (32 KiB at d_v = 64) stay in L1 for all of d
    const int valueStride = roundUpTo(task.dv, kValueAlign);
    for (int c0 = first; c0 < last; c0 += kChunk) {
        const int count = std::min(kChunk, last - c0);
        featureRows(task.k, c0, count, task.d, scratch.keyFeatures, keySum);
        transposeFeatures(scratch.keyFeatures, count, task.d, kChunk, scratch.transposed);
        const float* values = paddedValues(task, c0, count, scratch.values);
        addOuterProducts(scratch.transposed.data(), kChunk, count, task.d, values, valueStride, state);
    }
}

void linearRowsFast(const LinearTask& task, int first, int last, const float* state, const float* keySum,
                    LinearScratch& scratch) {
    constexpr int kRows = 48;
    const int numeratorStride = roundUpTo(task.dv, simd::kKeyTile);
    scratch.numerators.resize(static_cast<std::size_t>(kRows) * numeratorStride);
    for (int r0 = first; r0 < last; r0 += kRows) {
        const int count = std::min(kRows, last - r0);
        featureRows(task.q, r0, count, task.d, scratch.queryFeatures, nullptr);
        multiplyByState(scratch.queryFeatures.data(), count, task.d, state, task.dv, scratch.numerators.data(),
                        numeratorStride);
        for (int r = 0; r < count; ++r)
            writeRow(scratch.numerators.data() + static_cast<std::size_t>(r) * numeratorStride,
                     dot(scratch.queryFeatures.data() + static_cast<std::size_t>(r) * task.d, keySum, task.d), task.dv,
                     task.out + static_cast<std::size_t>(r0 + r) * task.dv);
    }
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
        featureRows(task.q, c0, count, d, scratch.queryFeatures, nullptr);
        featureRows(task.k, c0, count, d, scratch.keyFeatures, nullptr);
        transposeFeatures(scratch.keyFeatures, count, d, kChunk, scratch.transposed);
        const float* values = paddedValues(task, c0, count, scratch.values);
        const float* queries = scratch.queryFeatures.data();
        float* numerators = scratch.numerators.data();
        float* scores = scratch.scores.data();

        // The keys before the chunk.
        multiplyByState(queries, count, d, state, dv, numerators, numeratorStride);
        for (int r = 0; r < count; ++r)
            denominators[static_cast<std::size_t>(r)] = dot(queries + static_cast<std::size_t>(r) * d, keySum, d);

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
            writeRow(numerators + static_cast<std::size_t>(r) * numeratorStride, denominators[static_cast<std::size_t>(r)], dv,
                     task.out + static_cast<std::size_t>(c0 + r) * dv);

        // The chunk's keys join the state.
        addOuterProducts(scratch.transposed.data(), kChunk, count, d, values, valueStride, state);
        for (int j = 0; j < count; ++j)
            for (int m = 0; m < d; ++m) keySum[m] += scratch.keyFeatures[static_cast<std::size_t>(j) * d + m];
    }
}
