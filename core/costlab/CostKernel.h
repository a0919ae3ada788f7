#pragma once
// The cost lab's kernels behind one call: the chapter's "Complexité de l'attention" (time
// O(n²·d), memory O(n²) for the score matrix) and its four "Techniques d'optimisation" (Flash,
// linear, sparse, sliding window), each computing the same thing from the same Q, K, V, so that
// the lab can time them, measure their memory (core/base/PeakMemory.h) and compare what each
// keeps with exact attention.
//
// What every kernel computes: output_i = Σ_j w_ij v_j, where w_ij is
//  - naive, exact, flash: softmax_j(q_i·k_j / √d) over the keys the mask lets i see;
//  - window: the same softmax over the keys of i's window and the global tokens only;
//  - sparse: the same softmax over the keys of the blocks kept for i's block only;
//  - linear: φ(q_i)·φ(k_j) / Σ_j' φ(q_i)·φ(k_j') with φ(x) = elu(x) + 1, over the visible keys
//    (no √d: the feature map replaces the softmax and its temperature, as in the paper).
// A row that sees no key at all gets a zero output row and zero weights, never NaN.
//
// Typical use (the lab's tab and `attnviz cost`):
//     CostOptions options;  options.kernel = CostKernel::Flash;  options.mask = CostMask::Causal;
//     checkCostFits(options, n, d, d, sizeof(float), CostInputs::Counted);  // before making Q, K, V
//     ... make Q, K, V (n × d each) ...
//     const std::int64_t extra = measurePeakExtraBytes([&] { result = runCostKernel(q, k, v, options); });
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/kernels/AttentionKernel.h"

namespace attnviz {

/// The attention computations the lab compares.
enum class CostKernel {
    Naive,   ///< the chapter's code: the whole n × n score matrix, masked, softmaxed, then ·V (memory n²)
    Exact,   ///< the program's own exact kernel (computeAttention): a block of rows at a time
    Flash,   ///< tiled over keys with the online softmax (Dao et al., 2022): exact, memory O(n·d)
    Window,  ///< sliding window + global tokens (Longformer, Beltagy et al., 2020): O(n·w·d)
    Sparse,  ///< block-sparse: local, global and seeded random blocks (BigBird, Zaheer et al., 2020)
    Linear,  ///< φ(x) = elu(x) + 1 (Katharopoulos et al., 2020): O(n·d·d_v), an approximation
};
inline constexpr CostKernel kAllCostKernels[] = {CostKernel::Naive,  CostKernel::Exact,  CostKernel::Flash,
                                                 CostKernel::Window, CostKernel::Sparse, CostKernel::Linear};

/// The mask every kernel applies under its own pattern.
enum class CostMask {
    Full,    ///< every key visible
    Causal,  ///< key j visible from query i iff j ≤ i (the chapter's tril)
    Padded,  ///< keys 0 … realKeys − 1 are real, the rest padding (hidden as keys; their query rows are computed)
};

/// Everything a kernel needs besides Q, K and V. Options of another kernel are ignored.
struct CostOptions {
    CostKernel kernel = CostKernel::Flash;
    CostMask mask = CostMask::Full;
    int realKeys = 0;  ///< Padded only: how many keys are real, 0 … n

    /// Window: query i sees keys with |i − j| < window (2·window − 1 of them), and the global
    /// tokens; a global token's row sees every key (under the mask).
    int window = 256;
    std::vector<int> globalTokens;  ///< positions 0 … n − 1, in any order

    /// Sparse: the n positions in blocks of blockSize (the last one may be shorter). Query block I
    /// keeps key blocks I − 1, I, I + 1, the global blocks 0 … globalBlocks − 1, and randomBlocks
    /// others drawn from SeededGenerator(seed, "sparse:" + I); a global block keeps every block.
    /// Under the causal mask, only blocks J ≤ I are kept or drawn. See sparsePattern().
    int blockSize = 64;
    int globalBlocks = 1;
    int randomBlocks = 2;
    std::uint64_t seed = 42;

    /// Flash: keys per tile of the online softmax, any size from 1 (every key its own tile) up.
    int tileSize = 256;

    /// Threads: 0 lets the kernel choose (all of the shared pool for a large input, one for a
    /// small one); otherwise at most this many.
    unsigned threads = 0;

    /// Also return the n × n weights the technique implies (the comparison view; n² memory).
    bool weights = false;
};

/// What a kernel returns.
template <typename T>
struct CostResult {
    RowMatrix<T> output;   ///< n × d_v
    RowMatrix<T> weights;  ///< n × n when CostOptions::weights (0 where the technique keeps no cell), else 0 × 0
};

/// Runs options.kernel on Q and K (n × d) and V (n × d_v), row-major, float or double (see the
/// top of this file for what each computes). Checks the options and the memory first (ConfigError
/// before any allocation: checkCostFits with the inputs not counted); throws Cancelled when *cancel
/// becomes true between blocks of rows. float runs the vectorized loops (exact ones to ~1e-6);
/// double plain loops (exact ones agree with exact attention to ~1e-15).
template <typename T>
[[nodiscard]] CostResult<T> runCostKernel(const RowMatrix<T>& q, const RowMatrix<T>& k, const RowMatrix<T>& v,
                                          const CostOptions& options, const std::atomic<bool>* cancel = nullptr);

/// Throws ConfigError when the options cannot be used with n positions: a tile, window or block
/// size below 1, negative block counts, a global token outside 0 … n − 1, realKeys outside 0 … n.
void checkCostOptions(const CostOptions& options, int n);

/// The kernel's name as the command line and the CSV write it: "naive", "exact", "flash",
/// "window", "sparse", "linear".
[[nodiscard]] const char* costKernelName(CostKernel kernel);
/// The kernel of that name; ConfigError CostUnknownKernel for any other word.
[[nodiscard]] CostKernel parseCostKernel(std::string_view name);

/// Floating-point operations the chapter's formulas count for one call (a multiply-add is 2):
/// naive, exact and flash 2·n²·(d + d_v), halved under the causal mask; window 2·n·(2w − 1)·(d + d_v)
/// (w keys per row under the causal mask; at most n);
/// sparse 2·(kept blocks' cells)·(d + d_v); linear 4·n·d·d_v. (With d = d_v these are the
/// 4·n²·d, 4·n·(2w − 1)·d and 4·n·d² of the benchmark.)
[[nodiscard]] double costFlops(const CostOptions& options, int n, int d, int dv);

}  // namespace attnviz
