// The hot loop of exact attention, included by kernel_isa_*.cpp with ATTNVIZ_KERNEL_ISA set to
// the namespace of one instruction set. Everything here is internal to that namespace or inlined:
// an out-of-line inline function (a library template, say) built with AVX-512 could be the copy
// the linker keeps for a baseline machine. The test isa_objects_export_only_their_kernel checks.
#ifndef ATTNVIZ_KERNEL_ISA
#error "define ATTNVIZ_KERNEL_ISA before including KernelBody.inl"
#endif

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/kernels/KernelIsa.h"

namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA {
namespace {

// Sets the hidden keys of one query row to −∞ (the chapter's masked_fill).
template <typename T, typename Row>
void applyMask(const AttentionTask<T>& task, int query, int keyCount, Row&& row, std::vector<std::uint8_t>& visible) {
    constexpr T minusInfinity = -std::numeric_limits<T>::infinity();
    if (task.mask.kind == MaskKind::Causal) {
        for (int j = query + 1; j < keyCount; ++j) row[j] = minusInfinity;
    } else if (task.mask.kind == MaskKind::General) {
        visible.resize(static_cast<std::size_t>(keyCount));
        task.mask.fillRow(task.mask.owner, query, 0, keyCount, visible.data());
        for (int j = 0; j < keyCount; ++j)
            if (!visible[static_cast<std::size_t>(j)]) row[j] = minusInfinity;
    }
}

// Causal rows never look past their own position: the keys after the block are not computed.
template <typename T>
int keysNeeded(const AttentionTask<T>& task, int row0, int rowCount) {
    return task.mask.kind == MaskKind::Causal ? row0 + rowCount : task.n;
}

// The speed path (float32): attendRowsFast.
#include "core/kernels/KernelFloat.inl"

// The path of every number students see (float64). Plain loops, each sum in index order, no
// fused multiply-add, std::exp: the same bits whatever the processor, the instruction set or the
// memory alignment (Eigen's vectorized products and sums change their rounding with both), and
// the same order in which AttentionTrace::block and the explainer sum. Vectorized across keys
// and across value columns, which keeps each sum's order.
void attendRowsExact(const AttentionTask<double>& task, int row0, int rowCount) {
    constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
    const int keyCount = keysNeeded(task, row0, rowCount);
    const int d = task.d, dv = task.dv;
    std::vector<double> keysByDimension(static_cast<std::size_t>(d) * keyCount);
    for (int j = 0; j < keyCount; ++j)
        for (int m = 0; m < d; ++m)
            keysByDimension[static_cast<std::size_t>(m) * keyCount + j] = task.k[static_cast<std::size_t>(j) * d + m];

    std::vector<double> row(static_cast<std::size_t>(keyCount));
    std::vector<std::uint8_t> visible;
    for (int r = 0; r < rowCount; ++r) {
        const int query = row0 + r;
        const double* q = task.q + static_cast<std::size_t>(query) * d;
        std::fill(row.begin(), row.end(), 0.0);
        for (int m = 0; m < d; ++m) {
            const double qm = q[m];
            const double* km = keysByDimension.data() + static_cast<std::size_t>(m) * keyCount;
            for (int j = 0; j < keyCount; ++j) row[static_cast<std::size_t>(j)] += qm * km[j];
        }
        for (double& score : row) score /= task.divisor;
        applyMask(task, query, keyCount, row.data(), visible);

        double* out = task.context + static_cast<std::size_t>(query) * dv;
        std::fill(out, out + dv, 0.0);
        double max = minusInfinity;
        for (double score : row) max = std::max(max, score);
        if (max == minusInfinity) {  // every key hidden: weights 0, never NaN
            task.rowMax[query] = minusInfinity;
            task.rowSum[query] = 0;
            continue;
        }
        double sum = 0;
        for (int j = 0; j < keyCount; ++j) {
            const double e = std::exp(row[static_cast<std::size_t>(j)] - max);  // exp(−∞) = 0 for hidden keys
            sum += e;
            if (e == 0) continue;
            const double* vj = task.v + static_cast<std::size_t>(j) * dv;
            for (int c = 0; c < dv; ++c) out[c] += e * vj[c];
        }
        for (int c = 0; c < dv; ++c) out[c] /= sum;
        task.rowMax[query] = max;
        task.rowSum[query] = sum;
    }
}

}  // namespace

void attendRowsFloat(const AttentionTask<float>& task, int row0, int rowCount, FloatScratch& scratch) {
    attendRowsFast(task, row0, rowCount, scratch);
}
void attendRowsDouble(const AttentionTask<double>& task, int row0, int rowCount) { attendRowsExact(task, row0, rowCount); }

}  // namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA
