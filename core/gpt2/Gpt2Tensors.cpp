#include "core/gpt2/Gpt2Tensors.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"

namespace attnviz::gpt2 {
namespace {

constexpr std::string_view kPrefix = "transformer.";

/// A tensor the forward pass reads, by its name without "transformer.", and its shape.
struct ExpectedTensor {
    std::string name;
    std::vector<std::uint64_t> shape;
};

/// Every tensor of a GPT-2 of these sizes, in the order they are checked.
std::vector<ExpectedTensor> expectedTensors(const Gpt2Config& config, bool separateOutput) {
    const auto e = static_cast<std::uint64_t>(config.embedding);
    const auto inner = static_cast<std::uint64_t>(config.inner);
    const auto vocabulary = static_cast<std::uint64_t>(config.vocabulary);
    std::vector<ExpectedTensor> tensors = {{"wte.weight", {vocabulary, e}},
                                           {"wpe.weight", {static_cast<std::uint64_t>(config.positions), e}}};
    for (int layer = 0; layer < config.layers; ++layer) {
        const std::string p = "h." + std::to_string(layer) + ".";
        for (const ExpectedTensor& tensor : std::initializer_list<ExpectedTensor>{
                 {"ln_1.weight", {e}},
                 {"ln_1.bias", {e}},
                 {"attn.c_attn.weight", {e, 3 * e}},
                 {"attn.c_attn.bias", {3 * e}},
                 {"attn.c_proj.weight", {e, e}},
                 {"attn.c_proj.bias", {e}},
                 {"ln_2.weight", {e}},
                 {"ln_2.bias", {e}},
                 {"mlp.c_fc.weight", {e, inner}},
                 {"mlp.c_fc.bias", {inner}},
                 {"mlp.c_proj.weight", {inner, e}},
                 {"mlp.c_proj.bias", {e}}})
            tensors.push_back({p + tensor.name, tensor.shape});
    }
    tensors.push_back({"ln_f.weight", {e}});
    tensors.push_back({"ln_f.bias", {e}});
    if (separateOutput) tensors.push_back({"lm_head.weight", {vocabulary, e}});
    return tensors;
}

using TensorsByName = std::map<std::string, const SafetensorsTensor*, std::less<>>;

/// The file's tensors by name without the "transformer." prefix.
TensorsByName tensorsByName(const SafetensorsFile& file) {
    TensorsByName byName;
    for (const SafetensorsTensor& tensor : file.tensors()) {
        std::string name = tensor.name;
        if (name.starts_with(kPrefix)) name.erase(0, kPrefix.size());
        if (!byName.emplace(name, &tensor).second) throw FormatError(ErrorCode::ModelTensorTwice, {name});
    }
    return byName;
}

/// An expected tensor found in the file: read in place, or copied to copyOffset of the copies.
struct Placement {
    const ExpectedTensor* expected = nullptr;
    const SafetensorsTensor* tensor = nullptr;
    std::span<const float> inPlace;  ///< empty when copied
    std::size_t copyOffset = 0;
};

/// Each expected tensor, refused one by one in order (missing, another shape, not a float
/// dtype) before any value is read.
std::vector<Placement> place(const std::vector<ExpectedTensor>& expected, const TensorsByName& byName,
                             std::size_t& copiedValues) {
    std::vector<Placement> placements;
    copiedValues = 0;
    for (const ExpectedTensor& wanted : expected) {
        const auto found = byName.find(wanted.name);
        if (found == byName.end()) throw FormatError(ErrorCode::ModelTensorMissing, {wanted.name});
        const SafetensorsTensor& tensor = *found->second;
        if (tensor.shape != wanted.shape)
            throw FormatError(ErrorCode::ModelTensorShape, {wanted.name, shapeText(tensor.shape), shapeText(wanted.shape)});
        if (!isFloatDtype(tensor.dtype)) throw FormatError(ErrorCode::SafetensorsDtype, {wanted.name, tensor.dtype});
        const Placement& placement = placements.emplace_back(Placement{&wanted, &tensor, float32InPlace(tensor), copiedValues});
        if (placement.inPlace.empty()) copiedValues += tensor.elementCount();
    }
    return placements;
}

/// A part of one tensor, converted and checked by one thread.
struct Piece {
    std::size_t placement = 0;
    std::size_t first = 0;
    std::size_t count = 0;
};

/// Pieces of at most a million values, in the order of the tensors and of their values, so
/// that the first NaN in piece order is the first in the tensors' order.
std::vector<Piece> piecesOf(const std::vector<Placement>& placements) {
    constexpr std::size_t kPieceValues = std::size_t{1} << 20;
    std::vector<Piece> pieces;
    for (std::size_t p = 0; p < placements.size(); ++p) {
        const std::size_t count = placements[p].tensor->elementCount();
        for (std::size_t first = 0; first < count; first += kPieceValues)
            pieces.push_back({p, first, std::min(kPieceValues, count - first)});
    }
    return pieces;
}

/// The index of the first NaN or ±∞ of values. Scans blocks with bit tests the compiler
/// vectorises, then finds the index in the block.
std::optional<std::size_t> firstNonFinite(std::span<const float> values) {
    constexpr std::size_t kBlock = 4096;
    constexpr std::uint32_t kExponent = 0x7F800000u;  // all ones: ±∞ or NaN
    for (std::size_t start = 0; start < values.size(); start += kBlock) {
        const std::span<const float> block = values.subspan(start, std::min(kBlock, values.size() - start));
        std::uint32_t found = 0;
        for (const float value : block)
            found |= static_cast<std::uint32_t>((std::bit_cast<std::uint32_t>(value) & kExponent) == kExponent);
        if (found == 0) continue;
        for (std::size_t i = 0; i < block.size(); ++i)
            if (!std::isfinite(block[i])) return start + i;
    }
    return std::nullopt;
}

/// A flat index as numpy writes the element's index in that shape: "[3, 17]".
std::string indexText(std::size_t flat, const std::vector<std::uint64_t>& shape) {
    std::vector<std::uint64_t> index(shape.size());
    for (std::size_t axis = shape.size(); axis-- > 0;) {
        index[axis] = flat % shape[axis];
        flat /= shape[axis];
    }
    return shapeText(index);
}

/// Asks the system to back the aligned 2 MB stretches of values with huge pages: 512 times
/// fewer page faults while the copies are written (a quarter of gpt2's opening time in F16), and
/// fewer TLB misses when the forward pass reads them. Only advice: nothing changes if refused.
void adviseHugePages(std::span<float> values) {
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(values.data());
    const std::uintptr_t first = (begin + kHugePage - 1) / kHugePage * kHugePage;
    const std::uintptr_t last = (begin + values.size_bytes()) / kHugePage * kHugePage;
    if (first < last) (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

/// Gpt2Weights from the tensors' values by name (shapes already checked against config).
Gpt2Weights assemble(const Gpt2Config& config, const std::map<std::string, std::span<const float>, std::less<>>& values) {
    const auto vector = [&](const std::string& name) { return values.at(name); };
    const auto matrix = [&](const std::string& name, int rows, int cols) {
        return MatrixView{values.at(name).data(), rows, cols};
    };
    const int e = config.embedding;
    Gpt2Weights weights;
    weights.config = config;
    weights.tokenEmbedding = matrix("wte.weight", config.vocabulary, e);
    weights.positionEmbedding = matrix("wpe.weight", config.positions, e);
    for (int layer = 0; layer < config.layers; ++layer) {
        const std::string p = "h." + std::to_string(layer) + ".";
        Gpt2Layer& l = weights.layers.emplace_back();
        l.ln1Weight = vector(p + "ln_1.weight");
        l.ln1Bias = vector(p + "ln_1.bias");
        l.attnWeight = matrix(p + "attn.c_attn.weight", e, 3 * e);
        l.attnBias = vector(p + "attn.c_attn.bias");
        l.attnProjWeight = matrix(p + "attn.c_proj.weight", e, e);
        l.attnProjBias = vector(p + "attn.c_proj.bias");
        l.ln2Weight = vector(p + "ln_2.weight");
        l.ln2Bias = vector(p + "ln_2.bias");
        l.fcWeight = matrix(p + "mlp.c_fc.weight", e, config.inner);
        l.fcBias = vector(p + "mlp.c_fc.bias");
        l.mlpProjWeight = matrix(p + "mlp.c_proj.weight", config.inner, e);
        l.mlpProjBias = vector(p + "mlp.c_proj.bias");
    }
    weights.lnFWeight = vector("ln_f.weight");
    weights.lnFBias = vector("ln_f.bias");
    weights.outputEmbedding =
        values.contains("lm_head.weight") ? matrix("lm_head.weight", config.vocabulary, e) : weights.tokenEmbedding;
    return weights;
}

}  // namespace

Gpt2Tensors readGpt2Tensors(const SafetensorsFile& file, const Gpt2Config& config) {
    const TensorsByName byName = tensorsByName(file);
    const std::vector<ExpectedTensor> expected = expectedTensors(config, byName.contains("lm_head.weight"));
    Gpt2Tensors read;
    const std::vector<Placement> placements = place(expected, byName, read.copiedValues);
    read.copies = std::make_unique_for_overwrite<float[]>(read.copiedValues);
    adviseHugePages({read.copies.get(), read.copiedValues});
    const auto valuesOf = [&](const Placement& placement) -> std::span<const float> {
        if (!placement.inPlace.empty()) return placement.inPlace;
        return {read.copies.get() + placement.copyOffset, placement.tensor->elementCount()};
    };

    const std::vector<Piece> pieces = piecesOf(placements);
    std::vector<std::optional<std::size_t>> nonFinite(pieces.size());
    parallelFor(static_cast<int>(pieces.size()), WorkerPool::shared().helperCount() + 1, [&](int index, unsigned) {
        const Piece& piece = pieces[static_cast<std::size_t>(index)];
        const Placement& placement = placements[piece.placement];
        if (placement.inPlace.empty())
            readAsFloat32(*placement.tensor, piece.first, {read.copies.get() + placement.copyOffset + piece.first, piece.count});
        if (const std::optional<std::size_t> bad = firstNonFinite(valuesOf(placement).subspan(piece.first, piece.count)))
            nonFinite[static_cast<std::size_t>(index)] = piece.first + *bad;
    });
    // Reading paged the file in; the forward pass pages in again what it reads in place.
    for (const Placement& placement : placements) file.mapping().releasePages(placement.tensor->bytes);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (!nonFinite[i]) continue;
        const ExpectedTensor& wanted = *placements[pieces[i].placement].expected;
        throw FormatError(ErrorCode::ModelTensorNotFinite, {wanted.name, indexText(*nonFinite[i], wanted.shape)});
    }

    std::map<std::string, std::span<const float>, std::less<>> values;
    for (const Placement& placement : placements) values.emplace(placement.expected->name, valuesOf(placement));
    read.weights = assemble(config, values);
    return read;
}

}  // namespace attnviz::gpt2
