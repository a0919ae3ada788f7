// The attention hot loop built for the baseline instruction set (flags in core/CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA baseline
#include "core/kernels/KernelBody.inl"
#include "core/kernels/TiledBody.inl"
