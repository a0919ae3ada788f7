#include "core/kernels/AttentionKernel.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/LargePages.h"
#include "core/base/NumberText.h"
#include "core/base/WorkerPool.h"
#include "core/kernels/InstructionSet.h"
#include "core/kernels/KernelIsa.h"

namespace attnviz {
namespace {

// Makes `buffer` hold `size` floats. When it must grow, the old contents are dropped rather than
// copied (the caller overwrites them) and the new block is advised for 2 MiB pages before its
// first write: a fresh 16 MiB copy of K at n = 65,536 otherwise faults 4,096 times.
void resizeForPacking(std::vector<float>& buffer, std::size_t size) {
    if (buffer.capacity() < size) {
        std::vector<float> fresh;
        fresh.reserve(size);
        adviseLargePages(fresh.data(), size * sizeof(float));  // data(): the reserved block, still unwritten
        buffer.swap(fresh);
    }
    buffer.resize(size);
}

struct KernelTable {
    const char* name;
    kernel::RowBlockFloat attendFloat;
    kernel::RowBlockDouble attendDouble;
};

KernelTable chooseKernel() {
    switch (widestInstructionSet()) {
    case InstructionSet::Avx512:
        return {"avx512", kernel::avx512::attendRowsFloat, kernel::avx512::attendRowsDouble};
    case InstructionSet::Avx2:
        return {"avx2", kernel::avx2::attendRowsFloat, kernel::avx2::attendRowsDouble};
    case InstructionSet::Baseline:
        break;
    }
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
// into weights and multiplied by V. Float blocks are a multiple of 6 rows (the micro-kernel's),
// at most 36 so that the block's queries and a 64-key panel of Kᵀ share the L1 cache (measured:
// 1.58 → 1.48 ms at n = 1024 going from 60 rows to 36), and small enough that each thread gets
// about 6 of them: with 3 blocks for 2 threads, one thread would do twice the other's work.
template <typename T>
int rowsPerBlock(int n, unsigned threads) {
    if (n <= 64) return n;
    if constexpr (sizeof(T) == 4) {
        const int forCache = std::clamp(65536 / n / 6 * 6, 12, 36);
        const int forBalance = roundUp((n + 6 * static_cast<int>(threads) - 1) / (6 * static_cast<int>(threads)), 6);
        return std::min(forCache, forBalance);
    }
    return std::clamp(262144 / n, 16, 128);
}

// The float path's buffers, kept by the calling thread from one call to the next: fresh ones
// each time cost more in page faults than the arithmetic at n = 256.
struct FloatBuffers {
    std::vector<float> packedKeys, packedValues;
    std::vector<kernel::FloatScratch> workers;
};
FloatBuffers& floatBuffers() {
    thread_local FloatBuffers buffers;
    return buffers;
}

}  // namespace

namespace kernel {

PackedFloat packFloat(const float* k, const float* v, int n, int d, int dv, std::vector<float>& keys,
                      std::vector<float>& values) {
    PackedFloat packed;
    packed.keyStride = roundUp(std::max(n, 1), kKeyAlign);
    packed.valueStride = roundUp(std::max(dv, 1), kValueAlign);
    // Kᵀ in panels (PackedFloat::keysByDimension): a key tile is a run of whole vectors for each
    // dimension. Resized, not assigned: only the padding needs zeros.
    constexpr int panel = kKeyAlign;
    resizeForPacking(keys, static_cast<std::size_t>(d) * packed.keyStride);
    for (int p0 = 0; p0 < packed.keyStride; p0 += panel) {
        float* __restrict out = keys.data() + static_cast<std::size_t>(p0) * d;
        const int real = std::clamp(n - p0, 0, panel);
        // Key by key: reads run along K's rows; the panel's d rows being written stay in L1.
        for (int j = 0; j < real; ++j) {
            const float* __restrict key = k + static_cast<std::size_t>(p0 + j) * d;
            for (int m = 0; m < d; ++m) out[static_cast<std::size_t>(m) * panel + j] = key[m];
        }
        if (real < panel)
            for (int m = 0; m < d; ++m)
                std::fill(out + static_cast<std::size_t>(m) * panel + real, out + static_cast<std::size_t>(m + 1) * panel,
                          0.0f);
    }
    packed.keysByDimension = keys.data();
    if (dv == packed.valueStride) {  // V's rows are already whole vectors (d_v = 16, 32, 64, …)
        packed.values = v;
        return packed;
    }
    resizeForPacking(values, static_cast<std::size_t>(n) * packed.valueStride);
    for (int j = 0; j < n; ++j) {
        float* row = values.data() + static_cast<std::size_t>(j) * packed.valueStride;
        std::copy_n(v + static_cast<std::size_t>(j) * dv, dv, row);
        std::fill(row + dv, row + packed.valueStride, 0.0f);
    }
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
        throw ConfigError(ErrorCode::KernelShapes,
                          {std::to_string(q.rows()), std::to_string(q.cols()), std::to_string(k.rows()),
                           std::to_string(k.cols()), std::to_string(v.rows()), std::to_string(mask.size())});
    AttentionRows<T> result;
    result.context.resize(n, v.cols());  // every row is written, a fully masked one with zeros
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

    const unsigned threadCount = threadsForWork(static_cast<double>(n) * n * (task.d + task.dv));

    FloatBuffers* buffers = nullptr;
    if constexpr (sizeof(T) == 4) {
        buffers = &floatBuffers();
        task.packed = kernel::packFloat(k.data(), v.data(), n, task.d, task.dv, buffers->packedKeys,
                                        buffers->packedValues);
        if (buffers->workers.size() < threadCount) buffers->workers.resize(threadCount);
    }

    const int blockRows = rowsPerBlock<T>(n, threadCount);
    const int blockCount = (n + blockRows - 1) / blockRows;
    kernel::FloatScratch noScratch;  // the double path takes none
    // Blocks are handed out one by one, so causal rows (cheap at the top, dear at the bottom)
    // still keep every thread busy.
    parallelFor(blockCount, threadCount, [&](int block, unsigned slot) {
        if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
        const int row0 = block * blockRows;
        attendRows(task, row0, std::min(blockRows, n - row0), buffers != nullptr ? buffers->workers[slot] : noScratch);
    });
    return result;
}

template AttentionRows<float> computeAttention<float>(const RowMatrix<float>&, const RowMatrix<float>&,
                                                      const RowMatrix<float>&, float, const AttentionMask&,
                                                      const std::atomic<bool>*);
template AttentionRows<double> computeAttention<double>(const RowMatrix<double>&, const RowMatrix<double>&,
                                                        const RowMatrix<double>&, double, const AttentionMask&,
                                                        const std::atomic<bool>*);

}  // namespace attnviz
