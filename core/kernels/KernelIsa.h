#pragma once
// The interface between the dispatcher (AttentionKernel.cpp) and the hot loop, which is compiled
// once per instruction set (kernel_isa_*.cpp). Plain pointers and structs only: no inline code
// is shared between the three builds (KernelBody.inl).
#include <cstdint>
#include <vector>

namespace attnviz::kernel {

enum class MaskKind { None, Causal, General };

/// The mask as the loop sees it: a kind, and for General a row filler (1 = visible).
struct MaskView {
    MaskKind kind = MaskKind::None;
    const void* owner = nullptr;
    void (*fillRow)(const void* owner, int query, int firstKey, int count, std::uint8_t* out) = nullptr;
};

/// The float path's copies of K and V, made once per call (AttentionKernel.cpp) so that every
/// vector the hot loop reads is whole: no tail to handle, whatever n, d and d_v are.
struct PackedFloat {
    /// Kᵀ in panels of kKeyAlign keys: key j's dimension m is at
    /// ((j / kKeyAlign) · d + m) · kKeyAlign + j % kKeyAlign, zero past key n − 1. A panel is
    /// contiguous, so the hot loop's d rows of it never collide in one cache set (rows of a plain
    /// Kᵀ are 4 KiB apart at n = 1024, and an 8-way L1 then keeps only 8 of them).
    const float* keysByDimension = nullptr;
    int keyStride = 0;                        ///< n rounded up to kKeyAlign
    const float* values = nullptr;            ///< n × valueStride: V, zero past column d_v − 1 (V itself when d_v = valueStride)
    int valueStride = 0;                      ///< d_v rounded up to kValueAlign
};
inline constexpr int kKeyAlign = 64;    ///< the widest key tile (4 vectors of 16 floats)
inline constexpr int kValueAlign = 16;  ///< the widest vector (16 floats)

/// Fills keys and values with the padded copies of k (n × d) and v (n × dv), row-major, and
/// returns the view of them that AttentionTask<float>::packed takes (V itself when its rows are
/// already whole vectors).
PackedFloat packFloat(const float* k, const float* v, int n, int d, int dv, std::vector<float>& keys,
                      std::vector<float>& values);

/// A thread's buffers for the float path, kept from one row block to the next (a fresh
/// megabyte per block costs more in page faults than the block's arithmetic at n = 256).
struct FloatScratch {
    std::vector<float> queries;  ///< the block's queries ÷ divisor
    std::vector<float> scores;   ///< the block's scores, then its exp(s − max)
    std::vector<float> context;  ///< the block's unnormalized context rows (valueStride wide)
    std::vector<std::uint8_t> visible;
};

/// Row-major inputs and outputs of one attention call.
template <typename T>
struct AttentionTask {
    const T* q = nullptr;  ///< n × d
    const T* k = nullptr;  ///< n × d
    const T* v = nullptr;  ///< n × dv
    int n = 0, d = 0, dv = 0;
    T divisor = 1;
    MaskView mask;
    T* context = nullptr;  ///< n × dv
    T* rowMax = nullptr;   ///< n
    T* rowSum = nullptr;   ///< n
    PackedFloat packed;    ///< float only
};

/// Computes query rows [row0, row0 + rowCount) of the task.
using RowBlockFloat = void (*)(const AttentionTask<float>&, int row0, int rowCount, FloatScratch&);
using RowBlockDouble = void (*)(const AttentionTask<double>&, int row0, int rowCount);

#define ATTNVIZ_DECLARE_KERNEL_ISA(isa)                                          \
    namespace isa {                                                              \
    void attendRowsFloat(const AttentionTask<float>&, int row0, int rowCount, FloatScratch&); \
    void attendRowsDouble(const AttentionTask<double>&, int row0, int rowCount); \
    }
ATTNVIZ_DECLARE_KERNEL_ISA(baseline)
ATTNVIZ_DECLARE_KERNEL_ISA(avx2)
ATTNVIZ_DECLARE_KERNEL_ISA(avx512)
#undef ATTNVIZ_DECLARE_KERNEL_ISA

}  // namespace attnviz::kernel
