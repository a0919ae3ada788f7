#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/Limits.h"

namespace attnviz {

/// One token of the sentence: its text (UTF-8; a word token's exactly as typed, a GPT-2
/// token's made readable, see core/text/TokenDisplay.h), its byte span [begin, end) in the
/// sentence and its id in a model's vocabulary (-1 for a word token).
struct Token {
    std::string text;
    std::size_t begin = 0;
    std::size_t end = 0;
    int id = -1;
    friend bool operator==(const Token&, const Token&) = default;
};

/// Splits a UTF-8 sentence into tokens (rules in README.md, "Tokenizer rules"):
/// ICU word segmentation, then elisions (L' qu' n' …) and English contractions
/// (n't 's 're 've 'll 'd 'm) split off; U+2019 counts as an apostrophe; every
/// punctuation mark is its own token; whitespace is dropped.
/// Throws InputError for invalid UTF-8 (naming the byte offset), for a sentence
/// with no token, and for more than maxTokens tokens.
/// Thread-safe. The whole input is validated as UTF-8 first; segmentation then stops as
/// soon as the token count passes maxTokens.
[[nodiscard]] std::vector<Token> tokenize(std::string_view utf8,
                                          std::size_t maxTokens = kDefaultMaxTokens);

}  // namespace attnviz
