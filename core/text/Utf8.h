#pragma once
// UTF-8 as both tokenizers read it: validated first (a refusal names the byte offset), then
// decoded into code points that keep their byte spans in the sentence.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace attnviz {

/// One code point of a sentence and its byte span [begin, end) in it.
struct CodePoint {
    std::int32_t c = 0;  ///< the code point (ICU's UChar32)
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// Throws InputError naming the offset and the value of the first byte of the first ill-formed
/// sequence (Unicode 15, table 3-7 "Well-Formed UTF-8 Byte Sequences").
void validateUtf8(std::string_view s);

/// The code points of s[begin, end) into out (cleared first). s must be valid UTF-8 (see
/// validateUtf8) and [begin, end) must start and end on character boundaries.
void decodeUtf8(std::string_view s, std::size_t begin, std::size_t end, std::vector<CodePoint>& out);

}  // namespace attnviz
