// The word tokenizer on any bytes: tokens or an InputError, spans inside the text and in order,
// and each token's text exactly the bytes of its span (README "Tokenizer rules").
#include "core/text/Tokenizer.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view text = fuzz::bytesOf(data, size);
    constexpr std::size_t kMaxTokens = 256;
    fuzz::onlyProjectRefusals([&] {
        const std::vector<Token> tokens = tokenize(text, kMaxTokens);
        fuzz::requireSpansInOrder(tokens, text, kMaxTokens);
        for (const Token& token : tokens) {
            fuzz::require(token.id == -1, "a word token with a vocabulary id");
            fuzz::require(token.text == text.substr(token.begin, token.end - token.begin),
                          "a token's text is not the bytes of its span");
        }
    });
    return 0;
}
