#pragma once
// The interface between the matrix product's dispatcher (MatrixProduct.cpp: blocking, packing
// buffers, threads) and its micro-kernels, compiled once per instruction set (product_isa_*.cpp
// include ProductBody.inl). Plain pointers and structs only: no inline code is shared between
// the three builds.

#include "core/kernels/MatrixProduct.h"

namespace attnviz::kernel {

/// C (m × n) ← A (m × k) · B (k × n) + bias, all row-major with leading dimensions (the
/// distance between rows, in floats). B is a weight as Hugging Face's Conv1D stores it (in × out).
struct ProductTask {
    const float* a = nullptr;
    int lda = 0;
    const float* b = nullptr;
    int ldb = 0;
    const float* bias = nullptr;  ///< n values, or null for none
    float* c = nullptr;
    int ldc = 0;
    int m = 0, n = 0, k = 0;
    ProductOutput output = ProductOutput::Store;
};

/// The register tile of one build's micro-kernel: rows of A by columns of B.
struct ProductTile {
    int rows = 0;
    int columns = 0;
};

/// The longest slice of k one block multiplies (the dispatcher's depth blocks are no longer).
inline constexpr int kMaxProductDepth = 512;

// Packed layouts (each build's own tile sizes R × C):
// - rows of A, for rows [row0, row0 + rows) and depth [depth0, depth0 + depth): panels of R rows,
//   panel p at p·R·depth, its element (row r, depth d) at d·R + r; a last short panel is not padded.
// - columns of B, for depth [depth0, …) and columns [column0, column0 + columns): panels of C
//   columns, panel p at p·C·depth, its element (d, column c) at d·C + c, zero past column n − 1.
#define ATTNVIZ_DECLARE_PRODUCT_ISA(isa)                                                                  \
    namespace isa {                                                                                       \
    ProductTile productTile();                                                                            \
    void packRows(const ProductTask&, int row0, int rows, int depth0, int depth, float* out);            \
    void packColumns(const ProductTask&, int depth0, int depth, int column0, int columns, float* out);   \
    /* C's block [row0, row0 + rows) × [column0, column0 + columns) over depth [depth0, depth0 + depth) \
       (≤ kMaxProductDepth): the first depth block starts from the bias (and C when accumulating),     \
       the last one applies gelu_new. packedRows: that block of A packed; packedColumns: that block of \
       B packed, or null to read B in place (row0, column0: multiples of the tile). */                 \
    void multiplyBlock(const ProductTask&, const float* packedRows, const float* packedColumns, int row0, \
                       int rows, int column0, int columns, int depth0, int depth);                        \
    /* out[r] = Σ_c matrix[r·stride + c] · vector[c] for r in [0, rows), c in [0, cols). */              \
    void multiplyRowsByVector(const float* matrix, int rows, int cols, int stride, const float* vector,    \
                              float* out);                                                                \
    }
ATTNVIZ_DECLARE_PRODUCT_ISA(baseline)
ATTNVIZ_DECLARE_PRODUCT_ISA(avx2)
ATTNVIZ_DECLARE_PRODUCT_ISA(avx512)
#undef ATTNVIZ_DECLARE_PRODUCT_ISA

}  // namespace attnviz::kernel
