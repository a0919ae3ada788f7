#pragma once
// How a GPT-2 token is shown to a class (README, "GPT-2 tokenizer"): invisible characters made
// visible, and the bytes of a character that a token splits shown as bytes.
#include <string>
#include <string_view>

namespace attnviz {

/// The readable text of a token's bytes (any bytes; a token may hold part of a character):
/// a space is "␣" (U+2423), a newline "↵", a tab "→", another C0 control or DEL its Unicode
/// control picture ("␍" for a carriage return); other white space, C1 controls and format
/// characters (no-break space, zero-width joiner, byte order mark, …) are "<U+00A0>"; a byte
/// that is not part of a whole character in `bytes` is "<E2>"; every other character is itself.
[[nodiscard]] std::string readableToken(std::string_view bytes);

}  // namespace attnviz
