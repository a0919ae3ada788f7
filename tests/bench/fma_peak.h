#pragma once
// The most float32 arithmetic this machine can do: independent fused multiply-adds on every
// register, nothing loaded from memory. It is the ceiling any attention kernel works under, and
// the benchmark reports it beside the attention timings so a speed goal can be checked against
// what the hardware allows.
#include <cstdint>

namespace attnviz::bench {

/// Runs `rounds` rounds of independent fused multiply-adds with the widest vectors the processor
/// supports; returns the number of floating-point operations done (2 per lane per FMA) and
/// writes a value the compiler cannot drop into *sink.
std::int64_t fmaRounds(std::int64_t rounds, float* sink);

/// fmaRounds(rounds) on each of `threads` threads at once; returns their floating-point
/// operations together.
std::int64_t fmaRoundsOnThreads(std::int64_t rounds, unsigned threads);

/// The vector width fmaRounds used: "avx512", "avx2+fma" or "sse".
const char* fmaInstructionSet();

}  // namespace attnviz::bench
