// The cost lab's float32 loops (TiledFloat.inl, LinearFloat.inl), included by kernel_isa_*.cpp
// after KernelBody.inl, whose anonymous namespace, micro-kernels and vectorized exp they reuse.
// Everything here is internal to the instruction set's namespace, as in KernelBody.inl: only the
// functions declared in TiledIsa.h are exported.
#ifndef ATTNVIZ_KERNEL_ISA
#error "define ATTNVIZ_KERNEL_ISA before including TiledBody.inl"
#endif

#include "core/kernels/TiledIsa.h"

namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA {
namespace {

#include "core/kernels/TiledFloat.inl"
#include "core/kernels/LinearFloat.inl"

}  // namespace

void attendTilesFloat(const FloatTileBlock& block, TileScratch& scratch) { attendTilesFast(block, scratch); }
void linearSumsFloat(const LinearTask& task, int first, int last, float* state, float* keySum, LinearScratch& scratch) {
    linearSumsFast(task, first, last, state, keySum, scratch);
}
void linearRowsFloat(const LinearTask& task, int first, int last, const float* state, const float* keySum,
                     LinearScratch& scratch) {
    linearRowsFast(task, first, last, state, keySum, scratch);
}
void linearCausalFloat(const LinearTask& task, int first, int last, float* state, float* keySum, LinearScratch& scratch) {
    linearCausalFast(task, first, last, state, keySum, scratch);
}

}  // namespace attnviz::kernel::ATTNVIZ_KERNEL_ISA
