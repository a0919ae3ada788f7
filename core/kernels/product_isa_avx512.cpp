// The matrix product's micro-kernels built for the avx512 instruction set (flags in CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA avx512
#include "core/kernels/ProductBody.inl"
