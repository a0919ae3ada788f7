// A GPT-2 tokenizer from a Hugging Face tokenizer.json: read, it tokenizes sentences exactly
// (BpeProperties.h).
#include "tests/fuzz/BpeProperties.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const ByteLevelBpe bpe = ByteLevelBpe::fromTokenizerJsonText(fuzz::bytesOf(data, size), "tokenizer.json");
        fuzz::requireTokenizesSentences(bpe);
    });
    return 0;
}
