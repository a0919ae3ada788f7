#pragma once
// Every size limit of AttnViz in one place: the core validates against these, the window's
// controls take their ranges from them, and the readers bound what they allocate by them.
#include <cstddef>
#include <cstdint>
#include <limits>

namespace attnviz::limits {

/// Tokens of one sentence, padding included (the default of AttentionConfig::maxTokens and
/// its ceiling, and the largest pad_to).
inline constexpr std::size_t kMaxTokens = 4096;
/// d_model of the attention pipeline and of weights files.
inline constexpr int kMaxDModel = 4096;
/// Heads of one layer: each head has d_k = d_model / heads ≥ 1 column.
inline constexpr int kMaxHeads = kMaxDModel;
/// Layers × heads of imported attention weights in all (a 96-layer model of 128 heads).
inline constexpr int kMaxImportedHeads = 96 * 128;
/// Largest d_k the "Why √d_k?" study measures.
inline constexpr int kMaxStudyDk = 1024;
/// Bytes of one sentence: ICU measures texts with 32-bit signed lengths.
inline constexpr std::size_t kMaxSentenceBytes = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
/// Threads of the one pool, the caller's included (WorkerPool::shared: the hardware's, at most
/// this many).
inline constexpr unsigned kMaxThreads = 8;
/// Memory one cost-lab call may need (core/costlab/CostMemory.h): the chapter's naive kernel at
/// n = 16,384 (1 GiB of float32 scores) fits, at n = 32,768 (4 GiB) it is refused before it starts.
inline constexpr std::uint64_t kMaxCostLabBytes = std::uint64_t{2} << 30;
/// Positions the cost lab's "What each technique keeps" compares: it keeps about ten n × n
/// float64 matrices (each technique's weights and difference map), 80 MiB at this size.
inline constexpr int kMaxComparisonTokens = 1024;
/// Seeds are any 64-bit unsigned integer.
inline constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max();

}  // namespace attnviz::limits

namespace attnviz {
/// The token limit a sentence gets unless the config says otherwise.
inline constexpr std::size_t kDefaultMaxTokens = limits::kMaxTokens;
}  // namespace attnviz
