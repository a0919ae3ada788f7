#pragma once
// A small reader of GPT-2 checkpoints (config.json + model.safetensors) for the forward pass's
// benchmark, whose checkpoint (anchor_gpt2_torch.py make) has no tokenizer files, which the
// loader (core/gpt2/Gpt2Checkpoint) requires: F32 tensors are used in place in a read-only
// memory mapping, F16 and BF16 ones converted to float32 copies. It checks only what the
// benchmark needs; the loader's own tests cover damaged files.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/gpt2/Gpt2Weights.h"

namespace attnviz::testing {

class Gpt2TestCheckpoint {
public:
    /// Reads folder/config.json and maps folder/model.safetensors; throws std::runtime_error.
    explicit Gpt2TestCheckpoint(const std::filesystem::path& folder) {
        readConfig(folder / "config.json");
        mapFile(folder / "model.safetensors");
        readTensors();
    }
    ~Gpt2TestCheckpoint() {
        if (mapping_ != nullptr) munmap(mapping_, size_);
    }
    Gpt2TestCheckpoint(const Gpt2TestCheckpoint&) = delete;
    Gpt2TestCheckpoint& operator=(const Gpt2TestCheckpoint&) = delete;

    [[nodiscard]] const gpt2::Gpt2Weights& weights() const { return weights_; }
    [[nodiscard]] std::size_t fileSize() const { return size_; }

    /// IEEE half-precision bits to float.
    static float halfToFloat(std::uint16_t bits) {
        const std::uint32_t sign = (bits & 0x8000u) << 16, exponent = (bits >> 10) & 0x1Fu, mantissa = bits & 0x3FFu;
        if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));  // inf, NaN
        if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
        const float subnormal = static_cast<float>(mantissa) * 0x1p-24f;  // exact
        return sign != 0 ? -subnormal : subnormal;
    }

private:
    struct Tensor {
        const float* data = nullptr;
        std::vector<std::int64_t> shape;
    };

    static std::runtime_error failure(const std::string& what) { return std::runtime_error("test checkpoint: " + what); }

    void readConfig(const std::filesystem::path& path) {
        std::ifstream in(path);
        if (!in) throw failure("cannot open " + path.string());
        const nlohmann::json config = nlohmann::json::parse(in);
        gpt2::Gpt2Config& c = weights_.config;
        c.layers = config.at("n_layer").get<int>();
        c.heads = config.at("n_head").get<int>();
        c.embedding = config.at("n_embd").get<int>();
        c.positions = config.at("n_positions").get<int>();
        c.vocabulary = config.at("vocab_size").get<int>();
        c.layerNormEpsilon = config.value("layer_norm_epsilon", 1e-5);
        const auto inner = config.find("n_inner");
        c.inner = inner != config.end() && !inner->is_null() ? inner->get<int>() : 4 * c.embedding;
    }

    void mapFile(const std::filesystem::path& path) {
        const int fd = ::open(path.c_str(), O_RDONLY);
        if (fd < 0) throw failure("cannot open " + path.string());
        struct stat info {};
        fstat(fd, &info);
        size_ = static_cast<std::size_t>(info.st_size);
        void* mapped = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        ::close(fd);
        if (mapped == MAP_FAILED) throw failure("cannot map " + path.string());
        mapping_ = mapped;
    }

    void readTensors() {
        const auto* bytes = static_cast<const unsigned char*>(mapping_);
        std::uint64_t headerLength = 0;
        std::memcpy(&headerLength, bytes, sizeof headerLength);  // little-endian, as x86-64
        const nlohmann::json header =
            nlohmann::json::parse(bytes + 8, bytes + 8 + headerLength);
        const unsigned char* data = bytes + 8 + headerLength;
        std::map<std::string, Tensor> tensors;
        for (const auto& [fullName, entry] : header.items()) {
            if (fullName == "__metadata__") continue;
            std::string name = fullName;
            if (name.starts_with("transformer.")) name.erase(0, std::strlen("transformer."));
            Tensor tensor;
            tensor.shape = entry.at("shape").get<std::vector<std::int64_t>>();
            const auto offsets = entry.at("data_offsets").get<std::vector<std::size_t>>();
            const unsigned char* begin = data + offsets.at(0);
            const std::string dtype = entry.at("dtype").get<std::string>();
            const std::size_t count = dtype == "F32" ? (offsets[1] - offsets[0]) / 4 : (offsets[1] - offsets[0]) / 2;
            if (dtype == "F32" && reinterpret_cast<std::uintptr_t>(begin) % alignof(float) == 0) {
                tensor.data = reinterpret_cast<const float*>(begin);
            } else {
                auto& copy = copies_.emplace_back(std::make_unique<std::vector<float>>(count));
                for (std::size_t i = 0; i < count; ++i) {
                    if (dtype == "F32") {
                        std::memcpy(&(*copy)[i], begin + 4 * i, 4);
                        continue;
                    }
                    std::uint16_t bits = 0;
                    std::memcpy(&bits, begin + 2 * i, 2);
                    if (dtype == "F16") (*copy)[i] = halfToFloat(bits);
                    else if (dtype == "BF16") (*copy)[i] = std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
                    else throw failure("dtype " + dtype + " of " + fullName);
                }
                tensor.data = copy->data();
            }
            tensors[name] = tensor;
        }
        const auto matrix = [&](const std::string& name) {
            const Tensor& t = tensors.at(name);
            return gpt2::MatrixView{t.data, static_cast<int>(t.shape.at(0)), static_cast<int>(t.shape.at(1))};
        };
        const auto vector = [&](const std::string& name) {
            const Tensor& t = tensors.at(name);
            return std::span<const float>(t.data, static_cast<std::size_t>(t.shape.at(0)));
        };
        weights_.tokenEmbedding = matrix("wte.weight");
        weights_.positionEmbedding = matrix("wpe.weight");
        weights_.outputEmbedding = tensors.contains("lm_head.weight") ? matrix("lm_head.weight") : weights_.tokenEmbedding;
        weights_.lnFWeight = vector("ln_f.weight");
        weights_.lnFBias = vector("ln_f.bias");
        for (int l = 0; l < weights_.config.layers; ++l) {
            const std::string p = "h." + std::to_string(l) + ".";
            gpt2::Gpt2Layer layer;
            layer.ln1Weight = vector(p + "ln_1.weight");
            layer.ln1Bias = vector(p + "ln_1.bias");
            layer.attnWeight = matrix(p + "attn.c_attn.weight");
            layer.attnBias = vector(p + "attn.c_attn.bias");
            layer.attnProjWeight = matrix(p + "attn.c_proj.weight");
            layer.attnProjBias = vector(p + "attn.c_proj.bias");
            layer.ln2Weight = vector(p + "ln_2.weight");
            layer.ln2Bias = vector(p + "ln_2.bias");
            layer.fcWeight = matrix(p + "mlp.c_fc.weight");
            layer.fcBias = vector(p + "mlp.c_fc.bias");
            layer.mlpProjWeight = matrix(p + "mlp.c_proj.weight");
            layer.mlpProjBias = vector(p + "mlp.c_proj.bias");
            weights_.layers.push_back(layer);
        }
    }

    void* mapping_ = nullptr;
    std::size_t size_ = 0;
    std::vector<std::unique_ptr<std::vector<float>>> copies_;
    gpt2::Gpt2Weights weights_;
};

}  // namespace attnviz::testing
