// A GPT-2 config.json: sizes that can be computed with (positive, bounded, heads dividing the
// embedding, a positive finite epsilon) or a refusal.
#include "core/gpt2/Gpt2Config.h"
#include "tests/fuzz/FuzzSupport.h"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const gpt2::Gpt2Config config = gpt2::parseGpt2Config(fuzz::bytesOf(data, size));
        for (const int value : {config.layers, config.heads, config.embedding, config.positions, config.vocabulary,
                                config.inner})
            fuzz::require(value > 0 && value <= gpt2::kGpt2MaxSize, "a size out of bounds");
        fuzz::require(config.embedding % config.heads == 0, "heads that do not divide n_embd");
        fuzz::require(std::isfinite(config.layerNormEpsilon) && config.layerNormEpsilon > 0, "a bad epsilon");
    });
    return 0;
}
