// The matrix product's micro-kernels built for the avx2 instruction set (flags in CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA avx2
#include "core/kernels/ProductBody.inl"
