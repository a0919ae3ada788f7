#include "core/kernels/MatrixProduct.h"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/NumberText.h"
#include "core/base/WorkerPool.h"
#include "core/kernels/ProductIsa.h"

namespace attnviz {
namespace {

// One build's functions.
struct ProductKernels {
    kernel::ProductTile tile;
    void (*packRows)(const kernel::ProductTask&, int, int, int, int, float*);
    void (*packColumns)(const kernel::ProductTask&, int, int, int, int, float*);
    void (*multiplyBlock)(const kernel::ProductTask&, const float*, const float*, int, int, int, int, int, int);
    void (*multiplyRowsByVector)(const float*, int, int, int, const float*, float*);
};

#define ATTNVIZ_PRODUCT_KERNELS(isa)                                                                          \
    ProductKernels {                                                                                          \
        kernel::isa::productTile(), kernel::isa::packRows, kernel::isa::packColumns, kernel::isa::multiplyBlock, \
            kernel::isa::multiplyRowsByVector                                                                 \
    }

const ProductKernels& kernelsFor(InstructionSet set) {
    static const ProductKernels avx512 = ATTNVIZ_PRODUCT_KERNELS(avx512);
    static const ProductKernels avx2 = ATTNVIZ_PRODUCT_KERNELS(avx2);
    static const ProductKernels baseline = ATTNVIZ_PRODUCT_KERNELS(baseline);
    switch (set) {
    case InstructionSet::Avx512:
        return avx512;
    case InstructionSet::Avx2:
        return avx2;
    case InstructionSet::Baseline:
        break;
    }
    return baseline;
}
#undef ATTNVIZ_PRODUCT_KERNELS

InstructionSet widest() {
    static const InstructionSet set = widestInstructionSet();
    return set;
}

// Depth of one block: the B panel (depth × tile columns) stays in the L1 cache while the panels
// of A pass by it.
constexpr int kDepthBlock = 256;
static_assert(kDepthBlock <= kernel::kMaxProductDepth);

// Up to this many rows of A, B is read in place, once from memory and again from the cache for
// each further panel of rows: packing it would cost as much as the product.
int streamingRows(const kernel::ProductTile& tile) { return 4 * tile.rows; }

// The packed copies of A and B, kept by the calling thread from one product to the next (fresh
// megabytes each time would cost their page faults again); perThread: one block of B per thread.
struct PackedBuffers {
    std::vector<float> rows, columns;
    std::vector<std::vector<float>> perThread;
};
PackedBuffers& packedBuffers() {
    thread_local PackedBuffers buffers;
    return buffers;
}

void throwIfCancelled(const std::atomic<bool>* cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

// A few rows: B (the weights, read from memory once per product) dominates. Each thread takes
// strips of columns and packs a block of a strip at a time, reading B's rows in long runs, into
// a buffer that stays in its L2 cache while every row of A passes by it.
void multiplyStreaming(const ProductKernels& kernels, const kernel::ProductTask& task, unsigned threads,
                       const std::atomic<bool>* cancel) {
    const kernel::ProductTile& tile = kernels.tile;
    // Two strips per thread or more, so that a thread slowed by another program leaves its last
    // strip to the others.
    threads = std::max(threads, 1u);
    const int panels = (task.n + tile.columns - 1) / tile.columns;
    const int stripColumns = tile.columns * std::max(1, panels / (2 * static_cast<int>(threads)));
    const int strips = (task.n + stripColumns - 1) / stripColumns;
    constexpr int kBlockFloats = 65536;  // 256 KB of B per block: well inside the L2 cache
    const int depthBlock = std::clamp(kBlockFloats / stripColumns / 8 * 8, 8, kDepthBlock);

    PackedBuffers& buffers = packedBuffers();
    const int paddedRows = roundUp(task.m, tile.rows);
    buffers.rows.resize(static_cast<std::size_t>(paddedRows) * task.k);
    for (int depth0 = 0; depth0 < task.k; depth0 += depthBlock)
        kernels.packRows(task, 0, task.m, depth0, std::min(depthBlock, task.k - depth0),
                         buffers.rows.data() + static_cast<std::size_t>(depth0) * paddedRows);
    if (buffers.perThread.size() < threads) buffers.perThread.resize(threads);
    parallelFor(strips, threads, [&](int strip, unsigned slot) {
        throwIfCancelled(cancel);
        std::vector<float>& block = buffers.perThread[slot];
        block.resize(static_cast<std::size_t>(depthBlock) * stripColumns);
        const int column0 = strip * stripColumns;
        const int columns = std::min(stripColumns, task.n - column0);
        for (int depth0 = 0; depth0 < task.k; depth0 += depthBlock) {
            const int depth = std::min(depthBlock, task.k - depth0);
            kernels.packColumns(task, depth0, depth, column0, columns, block.data());
            kernels.multiplyBlock(task, buffers.rows.data() + static_cast<std::size_t>(depth0) * paddedRows, block.data(), 0,
                                  task.m, column0, columns, depth0, depth);
        }
    });
}

// Many rows: A and B packed in depth blocks (each block's panels contiguous), then tiles of C
// shared out among the threads.
void multiplyPacked(const ProductKernels& kernels, const kernel::ProductTask& task, unsigned threads,
                    const std::atomic<bool>* cancel) {
    const kernel::ProductTile& tile = kernels.tile;
    const int paddedRows = roundUp(task.m, tile.rows), paddedColumns = roundUp(task.n, tile.columns);
    const int tileRows = 8 * tile.rows, tileColumns = 8 * tile.columns;  // one task's block of C
    const int rowBlocks = (task.m + tileRows - 1) / tileRows, columnBlocks = (task.n + tileColumns - 1) / tileColumns;
    const int depthBlocks = (task.k + kDepthBlock - 1) / kDepthBlock;

    PackedBuffers& buffers = packedBuffers();
    buffers.rows.resize(static_cast<std::size_t>(paddedRows) * task.k);
    buffers.columns.resize(static_cast<std::size_t>(paddedColumns) * task.k);
    const auto rowsAt = [&](int depth0, int row0, int depth) {
        return buffers.rows.data() + static_cast<std::size_t>(depth0) * paddedRows + static_cast<std::size_t>(row0) * depth;
    };
    const auto columnsAt = [&](int depth0, int column0, int depth) {
        return buffers.columns.data() + static_cast<std::size_t>(depth0) * paddedColumns +
               static_cast<std::size_t>(column0) * depth;
    };

    // Packing: one piece per depth block and block of rows (of A) or columns (of B).
    const int piecesPerDepth = rowBlocks + columnBlocks;
    parallelFor(depthBlocks * piecesPerDepth, threads, [&](int piece, unsigned) {
        const int depth0 = piece / piecesPerDepth * kDepthBlock, depth = std::min(kDepthBlock, task.k - depth0);
        const int block = piece % piecesPerDepth;
        if (block < rowBlocks) {
            const int row0 = block * tileRows;
            kernels.packRows(task, row0, std::min(tileRows, task.m - row0), depth0, depth, rowsAt(depth0, row0, depth));
        } else {
            const int column0 = (block - rowBlocks) * tileColumns;
            kernels.packColumns(task, depth0, depth, column0, std::min(tileColumns, task.n - column0),
                                columnsAt(depth0, column0, depth));
        }
    });
    throwIfCancelled(cancel);

    parallelFor(rowBlocks * columnBlocks, threads, [&](int block, unsigned) {
        throwIfCancelled(cancel);
        const int row0 = block / columnBlocks * tileRows, column0 = block % columnBlocks * tileColumns;
        const int rows = std::min(tileRows, task.m - row0), columns = std::min(tileColumns, task.n - column0);
        for (int depth0 = 0; depth0 < task.k; depth0 += kDepthBlock) {
            const int depth = std::min(kDepthBlock, task.k - depth0);
            kernels.multiplyBlock(task, rowsAt(depth0, row0, depth), columnsAt(depth0, column0, depth), row0, rows,
                                  column0, columns, depth0, depth);
        }
    });
}

}  // namespace

void multiplyMatricesWith(InstructionSet set, FloatMatrixView a, FloatMatrixView b, const float* bias,
                          FloatMatrixSpan out, ProductOutput output, unsigned threads,
                          const std::atomic<bool>* cancel) {
    kernel::ProductTask task;
    task.a = a.data;
    task.lda = a.stride;
    task.b = b.data;
    task.ldb = b.stride;
    task.bias = bias;
    task.c = out.data;
    task.ldc = out.stride;
    task.m = a.rows;
    task.n = b.cols;
    task.k = a.cols;
    task.output = output;
    if (task.m == 0 || task.n == 0) return;
    const ProductKernels& kernels = kernelsFor(set);
    if (task.m <= streamingRows(kernels.tile)) multiplyStreaming(kernels, task, threads, cancel);
    else multiplyPacked(kernels, task, threads, cancel);
}

void multiplyMatrices(FloatMatrixView a, FloatMatrixView b, const float* bias, FloatMatrixSpan out,
                      ProductOutput output, unsigned threads, const std::atomic<bool>* cancel) {
    multiplyMatricesWith(widest(), a, b, bias, out, output, threads, cancel);
}

void multiplyMatrixVectorWith(InstructionSet set, FloatMatrixView matrix, const float* vector, float* out,
                              unsigned threads) {
    const ProductKernels& kernels = kernelsFor(set);
    constexpr int kPieceRows = 1024;  // 3 MB of GPT-2's embedding: enough pieces for every thread
    const int pieces = (matrix.rows + kPieceRows - 1) / kPieceRows;
    parallelFor(pieces, threads, [&](int piece, unsigned) {
        const int row0 = piece * kPieceRows;
        kernels.multiplyRowsByVector(matrix.data + static_cast<std::size_t>(row0) * matrix.stride,
                                     std::min(kPieceRows, matrix.rows - row0), matrix.cols, matrix.stride, vector,
                                     out + row0);
    });
}

void multiplyMatrixVector(FloatMatrixView matrix, const float* vector, float* out, unsigned threads) {
    multiplyMatrixVectorWith(widest(), matrix, vector, out, threads);
}

}  // namespace attnviz
