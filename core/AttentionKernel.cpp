#include "core/AttentionKernel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "core/Errors.h"
#include "core/KernelIsa.h"

namespace attnviz {
namespace {

struct KernelTable {
    const char* name;
    kernel::RowBlockFloat attendFloat;
    kernel::RowBlockDouble attendDouble;
};

KernelTable chooseKernel() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw"))
        return {"avx512", kernel::avx512::attendRowsFloat, kernel::avx512::attendRowsDouble};
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return {"avx2", kernel::avx2::attendRowsFloat, kernel::avx2::attendRowsDouble};
    return {"baseline", kernel::baseline::attendRowsFloat, kernel::baseline::attendRowsDouble};
}

const KernelTable& kernelTable() {
    static const KernelTable table = chooseKernel();
    return table;
}

void fillMaskRow(const void* owner, int query, int firstKey, int count, std::uint8_t* out) {
    static_cast<const AttentionMask*>(owner)->fillRow(query, firstKey, count, out);
}

template <typename T>
void attendRows(const kernel::AttentionTask<T>& task, int row0, int rowCount, kernel::FloatScratch& scratch) {
    if constexpr (sizeof(T) == 4) kernelTable().attendFloat(task, row0, rowCount, scratch);
    else kernelTable().attendDouble(task, row0, rowCount);
}

// Rows per block: the block's scores (rows × n) stay in the L2 cache while they are turned
// into weights and multiplied by V. Float blocks are a multiple of 6 rows (the micro-kernel's).
template <typename T>
int rowsPerBlock(int n) {
    if (n <= 64) return n;
    if constexpr (sizeof(T) == 4) return std::clamp(65536 / n / 6 * 6, 12, 96);
    return std::clamp(262144 / n, 16, 128);
}

int roundUp(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace

namespace kernel {

PackedFloat packFloat(const float* k, const float* v, int n, int d, int dv, std::vector<float>& keys,
                      std::vector<float>& values) {
    PackedFloat packed;
    packed.keyStride = roundUp(std::max(n, 1), kKeyAlign);
    packed.valueStride = roundUp(std::max(dv, 1), kValueAlign);
    // Kᵀ: a key tile is then a run of whole vectors for each dimension.
    keys.assign(static_cast<std::size_t>(d) * packed.keyStride, 0.0f);
    for (int j = 0; j < n; ++j)
        for (int m = 0; m < d; ++m)
            keys[static_cast<std::size_t>(m) * packed.keyStride + j] = k[static_cast<std::size_t>(j) * d + m];
    values.assign(static_cast<std::size_t>(n) * packed.valueStride, 0.0f);
    for (int j = 0; j < n; ++j)
        std::copy_n(v + static_cast<std::size_t>(j) * dv, dv, values.data() + static_cast<std::size_t>(j) * packed.valueStride);
    packed.keysByDimension = keys.data();
    packed.values = values.data();
    return packed;
}

}  // namespace kernel

const char* kernelInstructionSet() { return kernelTable().name; }

template <typename T>
AttentionRows<T> computeAttention(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v, T divisor,
                                  const AttentionMask& mask, const std::atomic<bool>* cancel) {
    const auto n = static_cast<int>(q.rows());
    if (k.rows() != n || v.rows() != n || mask.size() != n || k.cols() != q.cols())
        throw ConfigError("attention inputs disagree: Q is " + std::to_string(q.rows()) + "×" +
                          std::to_string(q.cols()) + ", K is " + std::to_string(k.rows()) + "×" +
                          std::to_string(k.cols()) + ", V has " + std::to_string(v.rows()) + " rows, the mask " +
                          std::to_string(mask.size()));
    AttentionRows<T> result;
    result.context.setZero(n, v.cols());
    result.rowMax.resize(n);
    result.rowSum.resize(n);
    if (n == 0) return result;

    kernel::AttentionTask<T> task;
    task.q = q.data();
    task.k = k.data();
    task.v = v.data();
    task.n = n;
    task.d = static_cast<int>(q.cols());
    task.dv = static_cast<int>(v.cols());
    task.divisor = divisor;
    task.mask.kind = mask.isEmpty() ? kernel::MaskKind::None
                     : mask.isCausalOnly() ? kernel::MaskKind::Causal
                                           : kernel::MaskKind::General;
    task.mask.owner = &mask;
    task.mask.fillRow = &fillMaskRow;
    task.context = result.context.data();
    task.rowMax = result.rowMax.data();
    task.rowSum = result.rowSum.data();

    std::vector<float> packedKeys, packedValues;
    if constexpr (sizeof(T) == 4)
        task.packed = kernel::packFloat(k.data(), v.data(), n, task.d, task.dv, packedKeys, packedValues);

    const int blockRows = rowsPerBlock<T>(n);
    const int blockCount = (n + blockRows - 1) / blockRows;
    // Work is handed out block by block, so causal rows (cheap at the top, dear at the bottom)
    // still keep every thread busy.
    std::atomic<int> nextBlock{0};
    std::atomic<bool> cancelled{false};
    const auto worker = [&] {
        kernel::FloatScratch scratch;
        for (int b = nextBlock++; b < blockCount; b = nextBlock++) {
            if (cancelled || (cancel && cancel->load(std::memory_order_relaxed))) {
                cancelled = true;
                return;
            }
            const int row0 = b * blockRows;
            attendRows(task, row0, std::min(blockRows, n - row0), scratch);
        }
    };
    const double work = static_cast<double>(n) * n * (task.d + task.dv);
    const unsigned threadCount = work < 2e6 ? 1u : std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threadCount; ++t) helpers.emplace_back(worker);
    worker();
    for (auto& helper : helpers) helper.join();
    if (cancelled) throw Cancelled();
    return result;
}

template AttentionRows<float> computeAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&,
                                                      const RowMatrix<float>&, float, const AttentionMask&,
                                                      const std::atomic<bool>*);
template AttentionRows<double> computeAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                        const RowMatrix<double>&, double, const AttentionMask&,
                                                        const std::atomic<bool>*);

}  // namespace attnviz
