// The attention hot loop built for the avx2 instruction set (flags in core/CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA avx2
#include "core/kernels/KernelBody.inl"
#include "core/kernels/TiledBody.inl"
