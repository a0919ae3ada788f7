#pragma once
// GPT-2's pre-tokenization: the pieces of a sentence that byte-level BPE then splits further.
#include <cstddef>
#include <string_view>
#include <vector>

namespace attnviz {

/// A piece of a sentence: its byte span [begin, end).
struct ByteSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
    friend bool operator==(const ByteSpan&, const ByteSpan&) = default;
};

/// The pieces that GPT-2's pattern (OpenAI's encoder.py, matched with the `regex` package)
///     's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
/// finds in utf8, in order; together they cover it exactly. \p{L} and \p{N} are the general
/// categories L and N of ICU, \s is the White_Space property. utf8 must be valid UTF-8.
[[nodiscard]] std::vector<ByteSpan> gpt2Pieces(std::string_view utf8);

}  // namespace attnviz
