// The attention hot loop built for the avx512 instruction set (flags in core/CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA avx512
#include "core/kernels/KernelBody.inl"
#include "core/kernels/TiledBody.inl"
