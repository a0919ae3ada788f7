// Speed of GPT-2's tokenizer (core/text/ByteLevelBpe): loading GPT-2's vocabulary (50 257 tokens,
// 50 000 merges) from vocab.json + merges.txt and from tokenizer.json, and tokenizing a text of
// about 1 000 tokens, the first time (every piece merged) and again (pieces from the cache, as
// when a sentence is retyped).
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

#include "core/io/AtomicFile.h"
#include "core/text/ByteLevelBpe.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

namespace {

using attnviz::ByteLevelBpe;

const std::filesystem::path kEncoderJson = attnviz::testing::testData("fixtures/gpt2/encoder.json");
const std::filesystem::path kVocabBpe = attnviz::testing::testData("fixtures/gpt2/vocab.bpe");

ByteLevelBpe loadGpt2() { return ByteLevelBpe::fromVocabAndMerges(kEncoderJson, kVocabBpe); }

/// The golden sentences (every script the tests use), joined by spaces until about 1 000 tokens.
std::string thousandTokenText() {
    const ByteLevelBpe bpe = loadGpt2();
    const auto golden =
        nlohmann::json::parse(attnviz::readFileBytes(attnviz::testing::testData("reference/gpt2/token_golden.json")));
    std::string text;
    for (const auto& item : golden) {
        const std::string sentence = item.at("text");
        if (sentence.empty()) continue;
        const std::string longer = text.empty() ? sentence : text + " " + sentence;
        if (bpe.tokenize(longer, 100000).size() > 1000) break;
        text = longer;
    }
    return text;
}

void loadVocabAndMerges(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(loadGpt2().size());
}

void loadTokenizerJson(benchmark::State& state) {
    // GPT-2's tokenizer.json as Hugging Face writes it (merges as "a b"), made from the same files.
    const attnviz::testing::TempFolder folder;
    const std::string merges = attnviz::readFileBytes(kVocabBpe);
    nlohmann::json mergeList = nlohmann::json::array();
    for (std::size_t start = merges.find('\n') + 1, end; start < merges.size(); start = end + 1) {
        end = merges.find('\n', start);
        mergeList.push_back(merges.substr(start, end - start));
    }
    nlohmann::json document = nlohmann::json::parse(R"({"normalizer": null,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "model": {"type": "BPE", "dropout": null, "unk_token": null}})");
    document["model"]["vocab"] = nlohmann::json::parse(attnviz::readFileBytes(kEncoderJson));
    document["model"]["merges"] = mergeList;
    const std::filesystem::path path = folder.path() / "tokenizer.json";
    attnviz::writeFileAtomically(path, document.dump());
    for (auto _ : state) benchmark::DoNotOptimize(ByteLevelBpe::fromTokenizerJson(path).size());
}

void tokenizeFirstTime(benchmark::State& state) {
    const std::string text = thousandTokenText();
    std::size_t tokens = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::optional<ByteLevelBpe> bpe(loadGpt2());  // an empty cache
        state.ResumeTiming();
        tokens = bpe->tokenize(text, 100000).size();
        state.PauseTiming();
        bpe.reset();
        state.ResumeTiming();
    }
    state.counters["tokens"] = static_cast<double>(tokens);
}

void tokenizeAgain(benchmark::State& state) {
    const std::string text = thousandTokenText();
    const ByteLevelBpe bpe = loadGpt2();
    std::size_t tokens = bpe.tokenize(text, 100000).size();
    for (auto _ : state) tokens = bpe.tokenize(text, 100000).size();
    state.counters["tokens"] = static_cast<double>(tokens);
}

}  // namespace

BENCHMARK(loadVocabAndMerges)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(loadTokenizerJson)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(tokenizeFirstTime)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(20);
BENCHMARK(tokenizeAgain)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
