// A GPT-2 tokenizer from vocab.json and merges.txt: the input is vocab.json, a NUL byte, then
// merges.txt (JSON text holds no NUL). Read, it tokenizes sentences exactly (BpeProperties.h).
#include "tests/fuzz/BpeProperties.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view input = fuzz::bytesOf(data, size);
    const std::size_t nul = input.find('\0');
    const std::string_view vocab = input.substr(0, nul);
    const std::string_view merges = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
    fuzz::onlyProjectRefusals([&] {
        const ByteLevelBpe bpe = ByteLevelBpe::fromVocabAndMergesText(vocab, merges, "vocab.json", "merges.txt");
        fuzz::requireTokenizesSentences(bpe);
    });
    return 0;
}
