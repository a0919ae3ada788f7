#pragma once
// The cost lab's float32 loops for this processor: the copy of TiledBody.inl compiled for the
// instruction set computeAttention uses (kernelInstructionSet()), chosen once.
#include "core/kernels/TiledIsa.h"

namespace attnviz::kernel {

struct TiledLoops {
    TileBlockFloat attendTiles;
    LinearSumsFloat linearSums;
    LinearRowsFloat linearRows;
    LinearCausalFloat linearCausal;
};

/// The loops of the instruction set kernelInstructionSet() names.
[[nodiscard]] const TiledLoops& tiledLoops();

}  // namespace attnviz::kernel
