#pragma once
// What a GPT-2 tokenizer read from fuzzed files must do with a sentence: tokens whose spans
// cover it exactly, in order, each one's vocabulary bytes being the bytes of its span.
#include "core/text/ByteLevelBpe.h"
#include "tests/fuzz/FuzzSupport.h"

namespace attnviz::fuzz {

inline void requireTokenizesExactly(const ByteLevelBpe& bpe, std::string_view sentence) {
    constexpr std::size_t kMaxTokens = 1024;
    const std::vector<Token> tokens = bpe.tokenize(sentence, kMaxTokens);
    requireSpansInOrder(tokens, sentence, kMaxTokens);
    std::size_t covered = 0;
    for (const Token& token : tokens) {
        require(token.begin == covered, "BPE token spans that leave a gap");
        require(token.id >= 0 && static_cast<std::size_t>(token.id) < bpe.size(), "a token id outside the vocabulary");
        require(bpe.bytesOf(token.id) == sentence.substr(token.begin, token.end - token.begin),
                "a token's bytes are not those of its span");
        covered = token.end;
    }
    require(covered == sentence.size(), "BPE token spans that do not reach the end");
}

/// A few sentences every byte-level vocabulary can tokenize (it has all 256 bytes).
inline void requireTokenizesSentences(const ByteLevelBpe& bpe) {
    for (const std::string_view sentence :
         {"Le chat est assis sur le tapis.", "It's 2024 — don't   stop!\n\tOK?", "naïve café <|endoftext|> 日本語"})
        requireTokenizesExactly(bpe, sentence);
}

}  // namespace attnviz::fuzz
