// The vector type of one instruction set and the few operations the float32 kernels build on
// (attention's KernelFloat.inl, the matrix product's ProductBody.inl): included inside the
// namespace of one instruction set, so each build has its own copy and shares no inline code.
// (<immintrin.h> is included by the file that includes this one, outside any namespace.)

namespace simd {

#if defined(__AVX512F__)
using Vec = __m512;
inline constexpr int kWidth = 16;
inline Vec zero() { return _mm512_setzero_ps(); }
inline Vec load(const float* p) { return _mm512_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm512_storeu_ps(p, v); }
inline void streamStore(float* p, Vec v) { _mm512_stream_ps(p, v); }  // p aligned to sizeof(Vec)
inline Vec broadcast(float x) { return _mm512_set1_ps(x); }
inline Vec multiplyAdd(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
#elif defined(__AVX2__) && defined(__FMA__)
using Vec = __m256;
inline constexpr int kWidth = 8;
inline Vec zero() { return _mm256_setzero_ps(); }
inline Vec load(const float* p) { return _mm256_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm256_storeu_ps(p, v); }
inline void streamStore(float* p, Vec v) { _mm256_stream_ps(p, v); }  // p aligned to sizeof(Vec)
inline Vec broadcast(float x) { return _mm256_set1_ps(x); }
inline Vec multiplyAdd(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
#else
using Vec = __m128;
inline constexpr int kWidth = 4;
inline Vec zero() { return _mm_setzero_ps(); }
inline Vec load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, Vec v) { _mm_storeu_ps(p, v); }
inline void streamStore(float* p, Vec v) { _mm_stream_ps(p, v); }  // p aligned to sizeof(Vec)
inline Vec broadcast(float x) { return _mm_set1_ps(x); }
inline Vec multiplyAdd(Vec a, Vec b, Vec c) { return _mm_add_ps(_mm_mul_ps(a, b), c); }  // no FMA in x86-64 v1
#endif

// GCC treats the intrinsic types as its own vector types: +, −, ×, comparisons and ?: work on
// them lane by lane, which the exp below uses to stay the same code for every width.
using Lanes = int __attribute__((vector_size(sizeof(Vec))));

inline Vec maxOf(Vec a, Vec b) { return a > b ? a : b; }
inline float largestLane(Vec v) {
    float largest = v[0];
    for (int i = 1; i < kWidth; ++i) largest = std::max(largest, v[i]);
    return largest;
}
inline float laneSum(Vec v) {
    float sum = 0;
    for (int i = 0; i < kWidth; ++i) sum += v[i];
    return sum;
}

// e^r for |r| ≤ ln 2 / 2 by Cephes' expf polynomial (about 1 ulp).
inline Vec expReduced(Vec r) {
    Vec poly = broadcast(1.9875691500e-4f);
    poly = multiplyAdd(poly, r, broadcast(1.3981999507e-3f));
    poly = multiplyAdd(poly, r, broadcast(8.3334519073e-3f));
    poly = multiplyAdd(poly, r, broadcast(4.1665795894e-2f));
    poly = multiplyAdd(poly, r, broadcast(1.6666665459e-1f));
    poly = multiplyAdd(poly, r, broadcast(5.0000001201e-1f));
    return multiplyAdd(poly, r * r, r) + broadcast(1.0f);
}

// e^x for x ≤ 0 (scores less their row's maximum), to about 1 ulp: x = n·ln 2 + r, e^r by the
// polynomial, then times 2^n. For −∞ (masked keys) and far below, the result is exactly 0.
#if defined(__AVX512F__)
inline Vec expNonPositive(Vec x) {
    // −104: e^x is below half the smallest float there, so it rounds to 0; −∞ becomes finite.
    x = _mm512_max_ps(x, broadcast(-104.0f));
    const Vec n = _mm512_roundscale_ps(x * broadcast(1.44269504088896341f), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const Vec r = multiplyAdd(n, broadcast(2.12194440e-4f), multiplyAdd(n, broadcast(-0.693359375f), x));  // ln 2 in two parts
    return _mm512_scalef_ps(expReduced(r), n);  // × 2^n, with gradual underflow down to 0
}
#else
inline Vec expNonPositive(Vec x) {
    // Below −87.3 e^x leaves the normal floats: 0 there (and for −∞), exact enough for weights.
    const Lanes tiny = x < broadcast(-87.33654f);
    x = tiny ? broadcast(-87.0f) : x;  // keeps the arithmetic below finite
    // Round to nearest: adding 1.5·2^23 pushes the fraction out of a float's mantissa.
    const Vec n = (x * broadcast(1.44269504088896341f) + broadcast(12582912.0f)) - broadcast(12582912.0f);
    const Vec r = multiplyAdd(n, broadcast(2.12194440e-4f), multiplyAdd(n, broadcast(-0.693359375f), x));  // ln 2 in two parts
    const Lanes exponent = (__builtin_convertvector(n, Lanes) + 127) << 23;  // 2^n in the exponent bits
    const Vec result = expReduced(r) * reinterpret_cast<const Vec&>(exponent);
    return tiny ? broadcast(0.0f) : result;
}
#endif

}  // namespace simd
