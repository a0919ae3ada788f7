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
/// Bytes of one sentence (typed, --text, --text-file, standard input): 4,096 tokens of 256 bytes
/// each on average, far above any real sentence and far below ICU's 32-bit signed lengths.
inline constexpr std::size_t kMaxSentenceBytes = std::size_t{1} << 20;
/// The smallest temperature T: at T = 0.001 the softmax is already an argmax to the eye, and
/// smaller ones (1e-310) turn finite scores into ±∞ and the weights into NaN.
inline constexpr double kMinTemperature = 0.001;
/// Threads of the one pool, the caller's included (WorkerPool::shared: the hardware's, at most
/// this many).
inline constexpr unsigned kMaxThreads = 8;
/// Memory one cost-lab call may need (core/costlab/CostMemory.h): the chapter's naive kernel at
/// n = 16,384 (1 GiB of float32 scores) fits, at n = 32,768 (4 GiB) it is refused before it starts.
inline constexpr std::uint64_t kMaxCostLabBytes = std::uint64_t{2} << 30;
/// Positions the cost lab's "What each technique keeps" compares: it keeps about ten n × n
/// float64 matrices (each technique's weights and difference map), 80 MiB at this size.
inline constexpr int kMaxComparisonTokens = 1024;

// Bytes of each kind of file read whole, checked before anything is allocated (core/io/FileReading.h):
// a device or a pipe (--text-file /dev/zero) stops at the limit instead of filling the memory.
// Each is a whole number of MiB (the refusal says "larger than N MiB").
inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
/// A sentence file (--text-file, standard input): the sentence's own limit.
inline constexpr std::uint64_t kMaxSentenceFileBytes = kMaxSentenceBytes;
/// A weights JSON file: four d_model × d_model matrices at d_model 4,096 take about 1.3 GB as
/// JSON text (about 20 bytes a number).
inline constexpr std::uint64_t kMaxWeightsJsonBytes = 1536 * kMiB;
/// One .npy matrix of a weights folder: 4,096 × 4,096 float64 is 128 MiB, plus its header.
inline constexpr std::uint64_t kMaxWeightsNpyBytes = 129 * kMiB;
/// A session: a sentence and settings take kilobytes; supplied matrices, written one number a
/// line, take about 130 bytes per d_model² (up to d_model ≈ 1,400). The writer refuses larger.
inline constexpr std::uint64_t kMaxSessionBytes = 256 * kMiB;
/// A trace JSON file: the same four matrices as a weights file, and the sentence's steps.
inline constexpr std::uint64_t kMaxTraceJsonBytes = kMaxWeightsJsonBytes;
/// A teaching model's JSON or one of its lexicons: hand-written files of a few kilobytes.
inline constexpr std::uint64_t kMaxTeachingFileBytes = 16 * kMiB;
/// A tokenizer's vocab.json, merges.txt or tokenizer.json: GPT-2's are 1–1.4 MB, a 250,000-token
/// vocabulary about 20 MB.
inline constexpr std::uint64_t kMaxTokenizerFileBytes = 64 * kMiB;
/// A model's config.json: a few hundred bytes.
inline constexpr std::uint64_t kMaxModelConfigBytes = 1 * kMiB;
/// Attention weights as JSON (imported): as a weights JSON file; larger arrays belong in .npy
/// files, which are mapped, not read.
inline constexpr std::uint64_t kMaxImportedJsonBytes = kMaxWeightsJsonBytes;
/// A JSON list of token texts (--tokens): 4,096 tokens of a sentence file's bytes, escaped.
inline constexpr std::uint64_t kMaxTokenListBytes = 16 * kMiB;

/// Seeds are any 64-bit unsigned integer.
inline constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max();

}  // namespace attnviz::limits

namespace attnviz {
/// The token limit a sentence gets unless the config says otherwise.
inline constexpr std::size_t kDefaultMaxTokens = limits::kMaxTokens;
}  // namespace attnviz
