// The config object (ConfigJson, inside sessions and traces): what is read writes back and reads
// to an equal config; validate() refuses with a project error or passes.
#include "core/formats/ConfigJson.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view text = fuzz::bytesOf(data, size);
    // Only the config reader is fuzzed here: text that is not JSON is the JSON reader's (session, trace).
    const nlohmann::json json = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (json.is_discarded()) return 0;
    fuzz::onlyProjectRefusals([&] {
        const AttentionConfig config = configFromJson(json, "config", ModelProjections::Read);
        const nlohmann::json written = configToJson(config);
        const AttentionConfig again = configFromJson(written, "config", ModelProjections::Read);
        fuzz::require(again == config, "a config read back differs from the one written");
        fuzz::require(configToJson(again) == written, "a config's JSON is not a fixed point");
        config.validate();
    });
    return 0;
}
