#pragma once
// The interface between the dispatcher (AttentionKernel.cpp) and the hot loop, which is compiled
// once per instruction set (kernel_isa_*.cpp). No Eigen type crosses it: each copy of the loop
// uses its own renamed copy of Eigen, so the three builds never share an inline function.
#include <cstdint>

namespace attnviz::kernel {

enum class MaskKind { None, Causal, General };

/// The mask as the loop sees it: a kind, and for General a row filler (1 = visible).
struct MaskView {
    MaskKind kind = MaskKind::None;
    const void* owner = nullptr;
    void (*fillRow)(const void* owner, int query, int firstKey, int count, std::uint8_t* out) = nullptr;
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
};

/// Computes query rows [row0, row0 + rowCount) of the task.
using RowBlockFloat = void (*)(const AttentionTask<float>&, int row0, int rowCount);
using RowBlockDouble = void (*)(const AttentionTask<double>&, int row0, int rowCount);

#define ATTNVIZ_DECLARE_KERNEL_ISA(isa)                                          \
    namespace isa {                                                              \
    void attendRowsFloat(const AttentionTask<float>&, int row0, int rowCount);   \
    void attendRowsDouble(const AttentionTask<double>&, int row0, int rowCount); \
    }
ATTNVIZ_DECLARE_KERNEL_ISA(baseline)
ATTNVIZ_DECLARE_KERNEL_ISA(avx2)
ATTNVIZ_DECLARE_KERNEL_ISA(avx512)
#undef ATTNVIZ_DECLARE_KERNEL_ISA

}  // namespace attnviz::kernel
