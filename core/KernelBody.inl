// The hot loop of exact attention, included by kernel_isa_*.cpp with ATTNVIZ_KERNEL_ISA set to
// the namespace of one instruction set. Eigen is renamed per copy (see KernelIsa.h) so that the
// AVX-512 build of an Eigen function can never be the one a baseline machine runs.
#ifndef ATTNVIZ_KERNEL_ISA
#error "define ATTNVIZ_KERNEL_ISA before including KernelBody.inl"
#endif

#define ATTNVIZ_CONCAT_INNER(a, b) a##b
#define ATTNVIZ_CONCAT(a, b) ATTNVIZ_CONCAT_INNER(a, b)
#define Eigen ATTNVIZ_CONCAT(EigenKernel_, ATTNVIZ_KERNEL_ISA)
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/KernelIsa.h"

namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA {
namespace {

template <typename T>
using Rows = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Below this, exp underflows to exactly 0 in IEEE arithmetic; Eigen's vectorized exp clamps and
// returns a tiny number instead, so such entries are set to 0 by hand (masked weights are exactly 0).
template <typename T>
constexpr T expUnderflow() {
    if constexpr (sizeof(T) == 4) return T(-103.972084);
    else return T(-745.1332191019412);
}

template <typename T>
void attendRows(const AttentionTask<T>& task, int row0, int rowCount) {
    const Eigen::Map<const Rows<T>> q(task.q, task.n, task.d);
    const Eigen::Map<const Rows<T>> k(task.k, task.n, task.d);
    const Eigen::Map<const Rows<T>> v(task.v, task.n, task.dv);
    Eigen::Map<Rows<T>> context(task.context, task.n, task.dv);
    // Causal rows never look past their own position: the keys after the block are not computed.
    const int keyCount = task.mask.kind == MaskKind::Causal ? row0 + rowCount : task.n;
    constexpr T minusInfinity = -std::numeric_limits<T>::infinity();

    Rows<T> scores(rowCount, keyCount);
    if constexpr (sizeof(T) == 4) {
        // Speed path: the queries are divided first, so the scores come out of the GEMM scaled.
        const Rows<T> scaledQueries = q.middleRows(row0, rowCount) / task.divisor;
        scores.noalias() = scaledQueries * k.topRows(keyCount).transpose();
    } else {
        // The double path is what students see: each score is summed in order m = 0 … d−1, as
        // AttentionTrace::block and the cell explainer sum it, so every shown number agrees to
        // the last bit (a GEMM sums in its own order). Vectorized across keys, so still fast.
        const Rows<T> keysByDimension = k.topRows(keyCount).transpose();
        for (int r = 0; r < rowCount; ++r) {
            T* out = scores.row(r).data();
            std::fill(out, out + keyCount, T(0));
            for (int m = 0; m < task.d; ++m) {
                const T qm = q(row0 + r, m);
                const T* km = keysByDimension.row(m).data();
                for (int j = 0; j < keyCount; ++j) out[j] += qm * km[j];
            }
        }
        scores.array() /= task.divisor;
    }

    std::vector<std::uint8_t> visible;
    if (task.mask.kind == MaskKind::General) visible.resize(static_cast<std::size_t>(keyCount));

    for (int r = 0; r < rowCount; ++r) {
        const int query = row0 + r;
        auto row = scores.row(r);
        if (task.mask.kind == MaskKind::Causal) {
            row.tail(keyCount - query - 1).setConstant(minusInfinity);
        } else if (task.mask.kind == MaskKind::General) {
            task.mask.fillRow(task.mask.owner, query, 0, keyCount, visible.data());
            for (int j = 0; j < keyCount; ++j)
                if (!visible[static_cast<std::size_t>(j)]) row[j] = minusInfinity;
        }
        const T max = row.maxCoeff();
        if (max == minusInfinity) {  // every key hidden: weights 0, never NaN
            row.setZero();
            task.rowMax[query] = minusInfinity;
            task.rowSum[query] = 0;
            continue;
        }
        row.array() -= max;
        if constexpr (sizeof(T) == 4) {
            row = (row.array() < expUnderflow<T>()).select(T(0), row.array().exp());
        } else {
            // std::exp, as AttentionTrace::block uses when it recomputes a weight, so the row
            // statistics and every shown weight come from the same exponentials.
            for (int j = 0; j < keyCount; ++j) row[j] = std::exp(row[j]);
        }
        task.rowMax[query] = max;
        task.rowSum[query] = row.sum();
    }
    // context_i = Σ_j exp(s_ij − max_i)·v_j / rowSum_i: one division per output, not per weight.
    auto block = context.middleRows(row0, rowCount);
    block.noalias() = scores * v.topRows(keyCount);
    for (int r = 0; r < rowCount; ++r) {
        const T sum = task.rowSum[row0 + r];
        if (sum > 0) block.row(r) /= sum;
    }
}

}  // namespace

void attendRowsFloat(const AttentionTask<float>& task, int row0, int rowCount) { attendRows(task, row0, rowCount); }
void attendRowsDouble(const AttentionTask<double>& task, int row0, int rowCount) { attendRows(task, row0, rowCount); }

}  // namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA

#undef Eigen
