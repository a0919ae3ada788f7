// The matrix product's micro-kernels built for the baseline instruction set (flags in CMakeLists.txt).
#define ATTNVIZ_KERNEL_ISA baseline
#include "core/kernels/ProductBody.inl"
