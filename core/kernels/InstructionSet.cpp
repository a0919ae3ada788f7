#include "core/kernels/InstructionSet.h"

namespace attnviz {

bool processorSupports(InstructionSet set) {
    __builtin_cpu_init();
    switch (set) {
    case InstructionSet::Avx512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
    case InstructionSet::Avx2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case InstructionSet::Baseline:
        break;
    }
    return true;
}

InstructionSet widestInstructionSet() {
    if (processorSupports(InstructionSet::Avx512)) return InstructionSet::Avx512;
    if (processorSupports(InstructionSet::Avx2)) return InstructionSet::Avx2;
    return InstructionSet::Baseline;
}

const char* instructionSetName(InstructionSet set) {
    switch (set) {
    case InstructionSet::Avx512:
        return "avx512";
    case InstructionSet::Avx2:
        return "avx2";
    case InstructionSet::Baseline:
        break;
    }
    return "baseline";
}

}  // namespace attnviz
