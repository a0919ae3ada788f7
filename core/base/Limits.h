#pragma once
// Every size limit of AttnViz in one place: the core validates against these, the window's
// controls take their ranges from them, and the readers bound what they allocate by them.
#include <cstddef>

namespace attnviz::limits {

/// Tokens of one sentence, padding included (the default of AttentionConfig::maxTokens and
/// its ceiling).
inline constexpr std::size_t kMaxTokens = 4096;
/// d_model of the attention pipeline and of weights files.
inline constexpr int kMaxDModel = 4096;
/// Largest d_k the "Why √d_k?" study measures.
inline constexpr int kMaxStudyDk = 1024;

}  // namespace attnviz::limits

namespace attnviz {
/// The token limit a sentence gets unless the config says otherwise.
inline constexpr std::size_t kDefaultMaxTokens = limits::kMaxTokens;
}  // namespace attnviz
