// The loader on the checkpoints tests/reference/gpt2/make_checkpoints.py writes at test time
// (the ctest fixture gpt2_checkpoints), against what the numpy reference reads from them
// (dump_reference_tensors.py, the fixture gpt2_checkpoint_tensors).
#include "core/gpt2/Gpt2Checkpoint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz::gpt2 {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::messageOf;

fs::path checkpoints() { return attnviz::testing::gpt2Checkpoints(); }
fs::path checkpoint(const std::string& name) { return checkpoints() / name; }

json readJson(const fs::path& path) { return json::parse(testing::readFile(path)); }

/// What the reference read from every good checkpoint, read once.
const json& referenceTensors() {
    static const json dump = readJson(attnviz::testing::gpt2CheckpointTensors().string());
    return dump;
}

std::set<std::string> manifestNames(const std::string& kind) {
    const json manifest = readJson(checkpoints() / "checkpoints.json");
    std::set<std::string> names;
    for (const auto& [name, about] : manifest.at(kind).items()) names.insert(name);
    return names;
}

/// A tensor of Gpt2Weights under the name the file gives it (without "transformer.").
struct NamedTensor {
    std::vector<std::uint64_t> shape;
    std::span<const float> values;
};

std::map<std::string, NamedTensor> namedTensors(const Gpt2Weights& weights) {
    std::map<std::string, NamedTensor> named;
    const auto matrix = [&](const std::string& name, const MatrixView& view) {
        named[name] = {{static_cast<std::uint64_t>(view.rows), static_cast<std::uint64_t>(view.cols)},
                       {view.data, static_cast<std::size_t>(view.rows) * static_cast<std::size_t>(view.cols)}};
    };
    const auto vector = [&](const std::string& name, std::span<const float> values) {
        named[name] = {{values.size()}, values};
    };
    matrix("wte.weight", weights.tokenEmbedding);
    matrix("wpe.weight", weights.positionEmbedding);
    for (std::size_t layer = 0; layer < weights.layers.size(); ++layer) {
        const Gpt2Layer& l = weights.layers[layer];
        const std::string p = "h." + std::to_string(layer) + ".";
        vector(p + "ln_1.weight", l.ln1Weight);
        vector(p + "ln_1.bias", l.ln1Bias);
        matrix(p + "attn.c_attn.weight", l.attnWeight);
        vector(p + "attn.c_attn.bias", l.attnBias);
        matrix(p + "attn.c_proj.weight", l.attnProjWeight);
        vector(p + "attn.c_proj.bias", l.attnProjBias);
        vector(p + "ln_2.weight", l.ln2Weight);
        vector(p + "ln_2.bias", l.ln2Bias);
        matrix(p + "mlp.c_fc.weight", l.fcWeight);
        vector(p + "mlp.c_fc.bias", l.fcBias);
        matrix(p + "mlp.c_proj.weight", l.mlpProjWeight);
        vector(p + "mlp.c_proj.bias", l.mlpProjBias);
    }
    vector("ln_f.weight", weights.lnFWeight);
    vector("ln_f.bias", weights.lnFBias);
    matrix("lm_head.weight", weights.outputEmbedding);
    return named;
}

/// The checksum dump_reference_tensors.py computes: Σ bits(value[i]) × (i + 1) modulo 2^64.
std::uint64_t checksum(std::span<const float> values) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i) sum += std::bit_cast<std::uint32_t>(values[i]) * (i + 1);
    return sum;
}

// --- good checkpoints ----------------------------------------------------------------------

const std::vector<std::string> kGood = {
    "f32",         "f16",          "bf16",       "f32_prefixed",  "f32_mask_buffers", "f32_lm_head",
    "f32_tokenizer_json", "bf16_tokenizer_json_pairs", "f32_unaligned", "f32_n_inner"};

TEST(Gpt2Checkpoint, EveryGoodCheckpointWrittenHasATest) {
    EXPECT_EQ(manifestNames("good"), std::set<std::string>(kGood.begin(), kGood.end()));
}

class Gpt2CheckpointGood : public ::testing::TestWithParam<std::string> {};

TEST_P(Gpt2CheckpointGood, SizesAreThoseOfConfigJson) {
    const Gpt2Checkpoint opened = Gpt2Checkpoint::open(checkpoint(GetParam()));
    const json& expected = referenceTensors().at(GetParam()).at("config");
    const Gpt2Config& config = opened.config();
    EXPECT_EQ(config.layers, expected.at("n_layer").get<int>());
    EXPECT_EQ(config.heads, expected.at("n_head").get<int>());
    EXPECT_EQ(config.embedding, expected.at("n_embd").get<int>());
    EXPECT_EQ(config.positions, expected.at("n_positions").get<int>());
    EXPECT_EQ(config.vocabulary, expected.at("vocab_size").get<int>());
    EXPECT_EQ(config.inner, expected.at("n_inner").get<int>());
    EXPECT_EQ(config.layerNormEpsilon, expected.at("layer_norm_epsilon").get<double>());
    EXPECT_EQ(opened.weights().layers.size(), static_cast<std::size_t>(config.layers));
}

TEST_P(Gpt2CheckpointGood, EveryTensorHoldsTheReferencesValuesBitForBit) {
    const Gpt2Checkpoint opened = Gpt2Checkpoint::open(checkpoint(GetParam()));
    const std::map<std::string, NamedTensor> tensors = namedTensors(opened.weights());
    const json& expected = referenceTensors().at(GetParam()).at("tensors");
    EXPECT_EQ(tensors.size(), expected.size()) << "the reference and the loader read the same tensors";
    for (const auto& [name, reference] : expected.items()) {
        const auto found = tensors.find(name);
        ASSERT_NE(found, tensors.end()) << name;
        const NamedTensor& tensor = found->second;
        EXPECT_EQ(tensor.shape, reference.at("shape").get<std::vector<std::uint64_t>>()) << name;
        const auto first = reference.at("first").get<std::vector<float>>();
        ASSERT_GE(tensor.values.size(), first.size()) << name;
        for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(tensor.values[i], first[i]) << name << "[" << i << "]";
        EXPECT_EQ(std::to_string(checksum(tensor.values)), reference.at("checksum").get<std::string>())
            << name << ": some value differs from the reference's";
    }
}

TEST_P(Gpt2CheckpointGood, LocatesTheTokenizerFiles) {
    const Gpt2Checkpoint opened = Gpt2Checkpoint::open(checkpoint(GetParam()));
    const Gpt2TokenizerFiles& files = opened.tokenizerFiles();
    const fs::path folder = checkpoint(GetParam());
    if (GetParam().find("tokenizer_json") != std::string::npos) {
        EXPECT_EQ(files.tokenizerJson, folder / "tokenizer.json");
        EXPECT_TRUE(files.vocabJson.empty());
        EXPECT_TRUE(files.mergesTxt.empty());
    } else {
        EXPECT_EQ(files.vocabJson, folder / "vocab.json");
        EXPECT_EQ(files.mergesTxt, folder / "merges.txt");
        EXPECT_TRUE(files.tokenizerJson.empty());
    }
    EXPECT_EQ(opened.folder(), folder);
}

INSTANTIATE_TEST_SUITE_P(Written, Gpt2CheckpointGood, ::testing::ValuesIn(kGood), testing::CaseNameOf());

TEST(Gpt2Checkpoint, AlignedF32IsReadInPlaceAndEverythingElseIsCopied) {
    // Every F32 checkpoint's data starts 8-byte aligned in the file but f32_unaligned's.
    for (const std::string name : {"f32", "f32_prefixed", "f32_mask_buffers", "f32_lm_head", "f32_n_inner"})
        EXPECT_EQ(Gpt2Checkpoint::open(checkpoint(name)).copiedBytes(), 0u) << name;
    // The copies of f32 (tied output matrix): every tensor but lm_head.weight, 4 bytes a value.
    std::size_t values = 0;
    for (const auto& [name, tensor] : referenceTensors().at("f32").at("tensors").items()) {
        if (name == "lm_head.weight") continue;
        std::size_t count = 1;
        for (const std::size_t extent : tensor.at("shape").get<std::vector<std::size_t>>()) count *= extent;
        values += count;
    }
    for (const std::string name : {"f32_unaligned", "f16", "bf16"})
        EXPECT_EQ(Gpt2Checkpoint::open(checkpoint(name)).copiedBytes(), 4 * values) << name;
}

TEST(Gpt2Checkpoint, TheOutputMatrixIsTheEmbeddingUnlessTheFileHasLmHead) {
    const Gpt2Checkpoint tied = Gpt2Checkpoint::open(checkpoint("f32"));
    EXPECT_EQ(tied.weights().outputEmbedding.data, tied.weights().tokenEmbedding.data);
    const Gpt2Checkpoint separate = Gpt2Checkpoint::open(checkpoint("f32_lm_head"));
    EXPECT_NE(separate.weights().outputEmbedding.data, separate.weights().tokenEmbedding.data);
}

TEST(Gpt2Checkpoint, WeightsStayValidWhenTheCheckpointIsMoved) {
    Gpt2Checkpoint opened = Gpt2Checkpoint::open(checkpoint("f16"));
    const float* before = opened.weights().layers[1].fcWeight.data;
    const float value = before[100];
    const Gpt2Checkpoint moved = std::move(opened);
    EXPECT_EQ(moved.weights().layers[1].fcWeight.data, before);
    EXPECT_EQ(moved.weights().layers[1].fcWeight.data[100], value);
}

// --- bad checkpoints -----------------------------------------------------------------------

std::string refusal(const fs::path& folder) {
    return messageOf<Error>([&] { (void)Gpt2Checkpoint::open(folder); });
}

/// A safetensors file's header and the size of its data, read here with nlohmann alone.
struct Layout {
    json header;
    std::uint64_t headerLength = 0;
    std::uint64_t dataSize = 0;
};

Layout layoutOf(const fs::path& file) {
    const std::string bytes = testing::readFile(file);
    Layout layout;
    std::memcpy(&layout.headerLength, bytes.data(), 8);
    layout.header = json::parse(bytes.substr(8, layout.headerLength));
    layout.dataSize = bytes.size() - 8 - layout.headerLength;
    return layout;
}

std::string safetensorsOf(const std::string& name) { return (checkpoint(name) / "model.safetensors").string(); }

/// The message each bad checkpoint gets, by folder name.
const std::map<std::string, std::function<std::string()>>& badCheckpoints() {
    static const std::map<std::string, std::function<std::string()>> expected = {
        {"bad_missing_safetensors",
         [] { return checkpoint("bad_missing_safetensors").string() + ": the model folder has no model.safetensors"; }},
        {"bad_pytorch_bin_only",
         [] {
             return checkpoint("bad_pytorch_bin_only").string() +
                    ": the model folder has pytorch_model.bin but no model.safetensors: AttnViz does not open pickle "
                    "files, which can run code; download model.safetensors";
         }},
        {"bad_no_tokenizer",
         [] {
             return checkpoint("bad_no_tokenizer").string() +
                    ": the model folder has no tokenizer: it needs vocab.json and merges.txt, or tokenizer.json";
         }},
        {"bad_model_type_bert",
         [] {
             return (checkpoint("bad_model_type_bert") / "config.json").string() +
                    ": model type 'bert' is not supported: AttnViz reads GPT-2-family models";
         }},
        {"bad_scale_attn_by_inverse_layer_idx",
         [] {
             return (checkpoint("bad_scale_attn_by_inverse_layer_idx") / "config.json").string() +
                    ": scale_attn_by_inverse_layer_idx: true is not supported (AttnViz computes false only)";
         }},
        {"bad_reorder_and_upcast_attn",
         [] {
             return (checkpoint("bad_reorder_and_upcast_attn") / "config.json").string() +
                    ": reorder_and_upcast_attn: true is not supported (AttnViz computes false only)";
         }},
        {"bad_activation_relu",
         [] {
             return (checkpoint("bad_activation_relu") / "config.json").string() +
                    ": activation_function: \"relu\" is not supported (AttnViz computes \"gelu_new\" only)";
         }},
        {"bad_file_too_short",
         [] {
             return safetensorsOf("bad_file_too_short") +
                    ": the file has 4 bytes, fewer than the 8 bytes of the header length";
         }},
        {"bad_header_length_beyond_file",
         [] {
             // make_checkpoints.py declares a header 1000 bytes longer than the whole file.
             const std::uintmax_t size = fs::file_size(safetensorsOf("bad_header_length_beyond_file"));
             return safetensorsOf("bad_header_length_beyond_file") + ": the header length " + std::to_string(size + 1000) +
                    " is beyond the end of the file (" + std::to_string(size) + " bytes)";
         }},
        {"bad_dtype_f64",
         [] {
             return safetensorsOf("bad_dtype_f64") +
                    ": tensor ln_f.weight: dtype F64 is not supported (F32, F16, BF16 are)";
         }},
        {"bad_dtype_i8",
         [] {
             return safetensorsOf("bad_dtype_i8") + ": tensor ln_f.bias: dtype I8 is not supported (F32, F16, BF16 are)";
         }},
        {"bad_shape_mismatch",
         [] {
             return safetensorsOf("bad_shape_mismatch") +
                    ": tensor h.1.attn.c_attn.weight has shape [64, 128], config.json says [64, 192]";
         }},
        {"bad_missing_tensor",
         [] { return safetensorsOf("bad_missing_tensor") + ": tensor h.1.mlp.c_proj.bias is missing"; }},
        {"bad_offsets_outside",
         [] {
             const Layout layout = layoutOf(safetensorsOf("bad_offsets_outside"));
             const json& offsets = layout.header.at("wpe.weight").at("data_offsets");
             return safetensorsOf("bad_offsets_outside") + ": tensor wpe.weight: data offsets [" +
                    offsets[0].dump() + ", " + offsets[1].dump() + "] are outside the " +
                    std::to_string(layout.dataSize) + " bytes of data";
         }},
        {"bad_offsets_overlap",
         [] {
             return safetensorsOf("bad_offsets_overlap") +
                    ": tensors h.0.ln_1.bias and h.0.ln_1.weight overlap in the data";
         }},
        {"bad_byte_length",
         [] {
             return safetensorsOf("bad_byte_length") +
                    ": tensor ln_f.bias: its data offsets hold 64 bytes, its shape [64] of F16 needs 128";
         }},
        {"bad_truncated",
         [] {
             const Layout layout = layoutOf(safetensorsOf("bad_truncated"));
             std::uint64_t end = 0;
             for (const auto& [name, entry] : layout.header.items())
                 if (name != "__metadata__") end = std::max(end, entry.at("data_offsets")[1].get<std::uint64_t>());
             return safetensorsOf("bad_truncated") + ": the file is truncated: its tensors need " + std::to_string(end) +
                    " bytes of data, it holds " + std::to_string(layout.dataSize);
         }},
    };
    return expected;
}

TEST(Gpt2Checkpoint, EveryBadCheckpointWrittenHasATest) {
    std::set<std::string> tested = {"bad_header_json"};  // its own test: the parser words its message
    for (const auto& [name, message] : badCheckpoints()) tested.insert(name);
    EXPECT_EQ(manifestNames("bad"), tested);
}

class Gpt2CheckpointBad : public ::testing::TestWithParam<std::string> {};

TEST_P(Gpt2CheckpointBad, IsRefusedInOneLineNamingFileTensorAndProblem) {
    EXPECT_EQ(refusal(checkpoint(GetParam())), badCheckpoints().at(GetParam())());
}

std::vector<std::string> badNames() {
    std::vector<std::string> names;
    for (const auto& [name, message] : badCheckpoints()) names.push_back(name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Written, Gpt2CheckpointBad, ::testing::ValuesIn(badNames()), testing::CaseNameOf());

TEST(Gpt2Checkpoint, RefusesDamagedHeaderJson) {
    const std::string message = refusal(checkpoint("bad_header_json"));
    const std::string expected = safetensorsOf("bad_header_json") + ": damaged header JSON: ";
    EXPECT_EQ(message.substr(0, expected.size()), expected) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(Gpt2Checkpoint, RefusesAFolderThatIsNotThere) {
    EXPECT_EQ(refusal(checkpoints() / "no_such_model"),
              "cannot open the model " + (checkpoints() / "no_such_model").string() + ": no such folder");
}

TEST(Gpt2Checkpoint, RefusesAFileForAFolder) {
    const fs::path file = checkpoint("f32") / "config.json";
    EXPECT_EQ(refusal(file), "cannot open the model " + file.string() +
                                 ": it is not a folder (choose the folder that holds config.json)");
}

TEST(Gpt2Checkpoint, RefusesAFolderWithoutConfigJson) {
    const testing::TempFolder folder;
    fs::copy_file(checkpoint("f32") / "model.safetensors", folder.path() / "model.safetensors");
    EXPECT_EQ(refusal(folder.path()), folder.path().string() + ": the model folder has no config.json");
}

// --- checkpoints changed here: f32's or f16's files, with model.safetensors rewritten --------

/// A copy of a written checkpoint whose model.safetensors gets the header and data `change`
/// leaves (the header written back padded to 8 bytes).
fs::path changedCopy(const testing::TempFolder& into, const std::string& from,
                     const std::function<void(json& header, std::string& data)>& change) {
    for (const auto& entry : fs::directory_iterator(checkpoint(from)))
        fs::copy_file(entry.path(), into.path() / entry.path().filename());
    const fs::path file = into.path() / "model.safetensors";
    const std::string bytes = testing::readFile(file);
    const Layout layout = layoutOf(file);
    json header = layout.header;
    std::string data = bytes.substr(8 + layout.headerLength);
    change(header, data);
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    std::string length(8, '\0');
    const std::uint64_t size = text.size();
    std::memcpy(length.data(), &size, 8);
    testing::writeFile(file, length + text + data);
    return into.path();
}

/// Writes raw over the bytes of tensor name's element `index` in data.
void overwrite(const json& header, std::string& data, const std::string& name, std::size_t index, const std::string& raw) {
    const std::size_t begin = header.at(name).at("data_offsets")[0].get<std::size_t>();
    data.replace(begin + index * raw.size(), raw.size(), raw);
}

TEST(Gpt2Checkpoint, RefusesANaNWeightNamingTheTensorAndTheElement) {
    const testing::TempFolder folder;
    const fs::path path = changedCopy(folder, "f32", [](json& header, std::string& data) {
        overwrite(header, data, "h.0.ln_2.weight", 5, std::string("\x00\x00\xC0\x7F", 4));  // a quiet NaN
        overwrite(header, data, "ln_f.bias", 0, std::string("\x00\x00\xC0\x7F", 4));  // a later one
    });
    EXPECT_EQ(refusal(path), (path / "model.safetensors").string() +
                                 ": tensor h.0.ln_2.weight: the value at [5] is not a finite number");
}

TEST(Gpt2Checkpoint, RefusesAnInfiniteHalfWeightNamingTheTensorAndTheElement) {
    const testing::TempFolder folder;
    const fs::path path = changedCopy(folder, "f16", [](json& header, std::string& data) {
        // Past the first million values, which the loader reads as one piece.
        overwrite(header, data, "wte.weight", (1 << 20) + 3 * 64 + 7, std::string("\x00\xFC", 2));  // -inf
    });
    EXPECT_EQ(refusal(path), (path / "model.safetensors").string() +
                                 ": tensor wte.weight: the value at [16387, 7] is not a finite number");
}

TEST(Gpt2Checkpoint, RefusesATensorStoredWithAndWithoutThePrefix) {
    const testing::TempFolder folder;
    const fs::path path = changedCopy(folder, "f32", [](json& header, std::string& data) {
        header["transformer.ln_f.bias"] = {{"dtype", "F32"}, {"shape", {64}}, {"data_offsets", {data.size(), data.size() + 256}}};
        data += std::string(256, '\0');
    });
    EXPECT_EQ(refusal(path), (path / "model.safetensors").string() +
                                 ": tensor ln_f.bias is stored twice, with and without the prefix \"transformer.\"");
}

TEST(Gpt2Checkpoint, IgnoresMaskBuffersOfAnyDtype) {
    const testing::TempFolder folder;
    const fs::path path = changedCopy(folder, "f32", [](json& header, std::string& data) {
        header["h.0.attn.bias"] = {{"dtype", "BOOL"}, {"shape", {1, 1, 128, 128}}, {"data_offsets", {data.size(), data.size() + 128 * 128}}};
        data += std::string(128 * 128, '\1');
    });
    const Gpt2Checkpoint opened = Gpt2Checkpoint::open(path);
    EXPECT_EQ(opened.weights().layers.size(), 2u);
}

}  // namespace
}  // namespace attnviz::gpt2
