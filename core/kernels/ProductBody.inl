// The float32 matrix product's micro-kernels, included by product_isa_*.cpp with
// ATTNVIZ_KERNEL_ISA set to the namespace of one instruction set. A register tile of C (rows of A
// by whole vectors of columns of B) accumulates over a depth block, as in a packed GEMM (Goto and
// van de Geijn): B's panel stays in L1 while the panels of A stream past it. Everything is
// internal to this namespace or inlined, as in KernelBody.inl (the test
// isa_objects_export_only_their_kernel checks).
#ifndef ATTNVIZ_KERNEL_ISA
#error "define ATTNVIZ_KERNEL_ISA before including ProductBody.inl"
#endif

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "core/kernels/ProductIsa.h"

namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA {
namespace {

#include "core/kernels/SimdVector.inl"

using namespace simd;

// The register tile: AVX-512 keeps 12 × 2 accumulators of its 32 registers, AVX2 6 × 2 of its 16;
// SSE (no FMA: a product needs a register of its own) 4 × 2.
inline constexpr int kTileRows = kWidth == 16 ? 12 : kWidth == 8 ? 6 : 4;
inline constexpr int kTileVectors = 2;
inline constexpr int kTileColumns = kTileVectors * kWidth;

// gelu_new(x) = ½x(1 + tanh u) = x·σ(2u), u = √(2/π)(x + 0.044715x³), to a few ulps. With
// t = e^(−2|u|) ≤ 1 (u has the sign of x): σ(2u) = 1/(1 + t) for u ≥ 0 and t/(1 + t) below.
inline Vec geluNew(Vec x) {
    const Vec u = x * (broadcast(0.7978845608028654f) + broadcast(0.7978845608028654f * 0.044715f) * x * x);
    const Lanes negative = u < broadcast(0.0f);
    const Vec t = expNonPositive(negative ? u + u : broadcast(0.0f) - (u + u));
    return x * (negative ? t : broadcast(1.0f)) / (broadcast(1.0f) + t);
}

// C's ROWS × VECTORS·kWidth tile at c: from the bias (and C itself when accumulating) on the
// first depth block, else from C; plus Σ_d a[d·kTileRows + r] · b[d·ldb + …] over the depth;
// gelu_new on the last block when asked.
template <int ROWS, int VECTORS>
void multiplyTile(int depth, const float* __restrict a, const float* __restrict b, int ldb, float* __restrict c,
                  int ldc, const float* bias, bool first, bool last, ProductOutput output) {
    Vec acc[ROWS][VECTORS];
    if (first) {
        Vec start[VECTORS];
#pragma GCC unroll 4
        for (int v = 0; v < VECTORS; ++v) start[v] = bias != nullptr ? load(bias + v * kWidth) : zero();
#pragma GCC unroll 16
        for (int r = 0; r < ROWS; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < VECTORS; ++v)
                acc[r][v] = output == ProductOutput::Accumulate ? start[v] + load(c + r * ldc + v * kWidth) : start[v];
    } else {
#pragma GCC unroll 16
        for (int r = 0; r < ROWS; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < VECTORS; ++v) acc[r][v] = load(c + r * ldc + v * kWidth);
    }
    for (int d = 0; d < depth; ++d) {
        const float* row = b + static_cast<std::ptrdiff_t>(d) * ldb;
        Vec columns[VECTORS];
#pragma GCC unroll 4
        for (int v = 0; v < VECTORS; ++v) columns[v] = load(row + v * kWidth);
        const float* column = a + d * kTileRows;
#pragma GCC unroll 16
        for (int r = 0; r < ROWS; ++r) {
            const Vec x = broadcast(column[r]);
#pragma GCC unroll 4
            for (int v = 0; v < VECTORS; ++v) acc[r][v] = multiplyAdd(x, columns[v], acc[r][v]);
        }
    }
    if (last && output == ProductOutput::GeluNew) {
#pragma GCC unroll 16
        for (int r = 0; r < ROWS; ++r)
#pragma GCC unroll 4
            for (int v = 0; v < VECTORS; ++v) acc[r][v] = geluNew(acc[r][v]);
    }
#pragma GCC unroll 16
    for (int r = 0; r < ROWS; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < VECTORS; ++v) store(c + r * ldc + v * kWidth, acc[r][v]);
}

// The tile functions for 1 … kTileRows rows (the last panel of A may be short).
template <int... Rows>
constexpr auto tilesByRows(std::integer_sequence<int, Rows...>) {
    return std::array{&multiplyTile<Rows + 1, kTileVectors>...};
}
constexpr auto kTiles = tilesByRows(std::make_integer_sequence<int, kTileRows>{});

}  // namespace

ProductTile productTile() { return {kTileRows, kTileColumns}; }

void packRows(const ProductTask& task, int row0, int rows, int depth0, int depth, float* out) {
    for (int panel = 0; panel * kTileRows < rows; ++panel) {
        float* __restrict to = out + static_cast<std::ptrdiff_t>(panel) * kTileRows * depth;
        const int height = std::min(kTileRows, rows - panel * kTileRows);
        for (int r = 0; r < height; ++r) {
            const float* __restrict from =
                task.a + static_cast<std::ptrdiff_t>(row0 + panel * kTileRows + r) * task.lda + depth0;
            for (int d = 0; d < depth; ++d) to[d * kTileRows + r] = from[d];
        }
    }
}

void packColumns(const ProductTask& task, int depth0, int depth, int column0, int columns, float* out) {
    // Row by row of B, so that memory is read in long runs (the weights come from memory once).
    const int panels = (columns + kTileColumns - 1) / kTileColumns;
    const int width = std::min(columns, task.n - column0);
    for (int d = 0; d < depth; ++d) {
        const float* from = task.b + static_cast<std::ptrdiff_t>(depth0 + d) * task.ldb + column0;
        for (int panel = 0; panel < panels; ++panel) {
            float* to = out + (static_cast<std::ptrdiff_t>(panel) * depth + d) * kTileColumns;
            const int real = std::clamp(width - panel * kTileColumns, 0, kTileColumns);
            if (real == kTileColumns) {
#pragma GCC unroll 4
                for (int v = 0; v < kTileVectors; ++v) store(to + v * kWidth, load(from + panel * kTileColumns + v * kWidth));
                continue;
            }
            std::copy_n(from + panel * kTileColumns, real, to);
            std::fill(to + real, to + kTileColumns, 0.0f);
        }
    }
}

void multiplyBlock(const ProductTask& task, const float* packedRows, const float* packedColumns, int row0, int rows,
                   int column0, int columns, int depth0, int depth) {
    const bool first = depth0 == 0, last = depth0 + depth == task.k;
    // A panel of B read in place must hold whole vectors: a last, narrower one is packed here.
    alignas(64) float edgeColumns[kMaxProductDepth * kTileColumns];
    alignas(64) float edgeBias[kTileColumns];
    alignas(64) float edgeTile[kTileRows * kTileColumns];
    for (int j = 0; j < columns; j += kTileColumns) {
        const int width = std::min(kTileColumns, task.n - (column0 + j));
        const float* panel = nullptr;
        int ldb = kTileColumns;
        if (packedColumns != nullptr) {
            panel = packedColumns + static_cast<std::ptrdiff_t>(j) * depth;
        } else if (width == kTileColumns) {
            panel = task.b + static_cast<std::ptrdiff_t>(depth0) * task.ldb + column0 + j;
            ldb = task.ldb;
        } else {
            packColumns(task, depth0, depth, column0 + j, width, edgeColumns);
            panel = edgeColumns;
        }
        const float* bias = task.bias != nullptr ? task.bias + column0 + j : nullptr;
        if (bias != nullptr && width < kTileColumns) {
            std::fill(std::copy_n(bias, width, edgeBias), edgeBias + kTileColumns, 0.0f);
            bias = edgeBias;
        }
        for (int i = 0; i < rows; i += kTileRows) {
            const int height = std::min(kTileRows, rows - i);
            const float* rowPanel = packedRows + static_cast<std::ptrdiff_t>(i) * depth;
            float* c = task.c + static_cast<std::ptrdiff_t>(row0 + i) * task.ldc + column0 + j;
            const auto multiply = kTiles[static_cast<std::size_t>(height - 1)];
            if (width == kTileColumns) {
                multiply(depth, rowPanel, panel, ldb, c, task.ldc, bias, first, last, task.output);
                continue;
            }
            // A narrow tile of C goes through a whole one here, its columns past n unused.
            if (!first || task.output == ProductOutput::Accumulate)
                for (int r = 0; r < height; ++r)
                    std::fill(std::copy_n(c + static_cast<std::ptrdiff_t>(r) * task.ldc, width, edgeTile + r * kTileColumns),
                              edgeTile + (r + 1) * kTileColumns, 0.0f);
            multiply(depth, rowPanel, panel, ldb, edgeTile, kTileColumns, bias, first, last, task.output);
            for (int r = 0; r < height; ++r)
                std::copy_n(edgeTile + r * kTileColumns, width, c + static_cast<std::ptrdiff_t>(r) * task.ldc);
        }
    }
}

void multiplyRowsByVector(const float* matrix, int rows, int cols, int stride, const float* vector, float* out) {
    constexpr int kRows = 4;  // independent sums, so the loads of four rows overlap
    const int whole = cols / kWidth * kWidth;
    int r = 0;
    for (; r + kRows <= rows; r += kRows) {
        const float* row = matrix + static_cast<std::ptrdiff_t>(r) * stride;
        Vec acc[kRows] = {zero(), zero(), zero(), zero()};
        for (int c = 0; c < whole; c += kWidth) {
            const Vec x = load(vector + c);
#pragma GCC unroll 4
            for (int i = 0; i < kRows; ++i) acc[i] = multiplyAdd(load(row + i * stride + c), x, acc[i]);
        }
        for (int i = 0; i < kRows; ++i) {
            float sum = laneSum(acc[i]);
            for (int c = whole; c < cols; ++c) sum += row[i * stride + c] * vector[c];
            out[r + i] = sum;
        }
    }
    for (; r < rows; ++r) {
        const float* row = matrix + static_cast<std::ptrdiff_t>(r) * stride;
        Vec acc = zero();
        for (int c = 0; c < whole; c += kWidth) acc = multiplyAdd(load(row + c), load(vector + c), acc);
        float sum = laneSum(acc);
        for (int c = whole; c < cols; ++c) sum += row[c] * vector[c];
        out[r] = sum;
    }
}

}  // namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA
