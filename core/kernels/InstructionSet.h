#pragma once
// Which of the kernels' three builds this processor runs (core/kernels compiles its hot loops for
// baseline x86-64, AVX2+FMA and AVX-512 and picks one at run time).

namespace attnviz {

enum class InstructionSet { Baseline, Avx2, Avx512 };

/// Whether this processor runs the build for `set` (AVX-512: F, DQ, VL and BW; AVX2: with FMA).
[[nodiscard]] bool processorSupports(InstructionSet set);

/// The widest build this processor runs.
[[nodiscard]] InstructionSet widestInstructionSet();

/// "avx512", "avx2" or "baseline".
[[nodiscard]] const char* instructionSetName(InstructionSet set);

}  // namespace attnviz
