#pragma once
// The tensors of a GPT-2 checkpoint's model.safetensors that the forward pass reads: found by
// name, checked against config.json, and viewed as float32, in place or converted.
#include <cstddef>
#include <memory>

#include "core/formats/Safetensors.h"
#include "core/gpt2/Gpt2Weights.h"

namespace attnviz::gpt2 {

/// The weights' views, and the float32 copies some of them point into (the others point into
/// the file's mapping).
struct Gpt2Tensors {
    Gpt2Weights weights;
    std::unique_ptr<float[]> copies;  ///< F16, BF16 and unaligned F32 tensors, converted
    std::size_t copiedValues = 0;
};

/// Finds every tensor of a GPT-2 of config's sizes in file, by its name with or without the
/// "transformer." prefix; lm_head.weight is the output matrix when the file has it, else the
/// tied wte.weight; other tensors (the causal-mask buffers h.N.attn.bias and
/// h.N.attn.masked_bias among them) are ignored, whatever their dtype. F32 tensors 4-byte
/// aligned are read in place, the others converted to float32 exactly, on every thread of the
/// pool; the pages of the file read meanwhile are then released (MappedFile::releasePages).
/// Throws FormatError (without context: the caller names the file) for a tensor stored twice
/// (with and without the prefix), missing, of another shape than config gives, of a dtype
/// other than F32, F16 and BF16, or holding a NaN or ±∞ (naming the first such element).
[[nodiscard]] Gpt2Tensors readGpt2Tensors(const SafetensorsFile& file, const Gpt2Config& config);

}  // namespace attnviz::gpt2
