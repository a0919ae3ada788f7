#pragma once
// A GPT-2-family model folder in the Hugging Face layout, opened: config.json read,
// model.safetensors mapped and every tensor the forward pass reads checked and viewed as
// float32 (Gpt2Weights), the tokenizer's files located.
#include <cstddef>
#include <filesystem>

#include "core/formats/Safetensors.h"
#include "core/gpt2/Gpt2Tensors.h"
#include "core/gpt2/Gpt2Weights.h"

namespace attnviz::gpt2 {

/// The tokenizer's files of a model folder: vocab.json with merges.txt, tokenizer.json, or both.
struct Gpt2TokenizerFiles {
    std::filesystem::path vocabJson;      ///< empty unless the folder has vocab.json and merges.txt
    std::filesystem::path mergesTxt;      ///< empty unless the folder has vocab.json and merges.txt
    std::filesystem::path tokenizerJson;  ///< empty unless the folder has tokenizer.json
};

/// An opened model: its weights stay valid while it lives (moving it keeps them valid).
class Gpt2Checkpoint {
public:
    /// Opens the folder. Refusals, each one line naming the folder or file, the tensor and the
    /// problem: no such folder, not a folder, config.json missing or refused (Gpt2Config.h),
    /// model.safetensors missing (with only pytorch_model.bin, a pickle, asking for
    /// model.safetensors instead), no tokenizer files, model.safetensors damaged
    /// (Safetensors.h), a tensor missing, stored twice (with and without "transformer."), of
    /// another shape than config.json gives, of a dtype other than F32, F16 and BF16, or
    /// holding NaN or ±∞. Tensor names may carry the "transformer." prefix; the causal-mask
    /// buffers (h.N.attn.bias, h.N.attn.masked_bias) and other tensors the forward pass does
    /// not read are ignored; lm_head.weight is the output matrix when present, else the tied
    /// wte.weight. F32 tensors 4-byte aligned in the file are read where they lie (the
    /// mapping); others are converted into float32 copies the checkpoint owns.
    /// Throws IoError (a folder or file that cannot be read) or FormatError.
    [[nodiscard]] static Gpt2Checkpoint open(const std::filesystem::path& folder);

    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    [[nodiscard]] const Gpt2Config& config() const { return tensors_.weights.config; }
    [[nodiscard]] const Gpt2Weights& weights() const { return tensors_.weights; }
    [[nodiscard]] const Gpt2TokenizerFiles& tokenizerFiles() const { return tokenizerFiles_; }
    /// Bytes of the float32 copies the checkpoint made (0 when every tensor is read in place).
    [[nodiscard]] std::size_t copiedBytes() const { return tensors_.copiedValues * sizeof(float); }

private:
    Gpt2Checkpoint(std::filesystem::path folder, Gpt2TokenizerFiles tokenizerFiles, SafetensorsFile file,
                   Gpt2Tensors tensors);

    std::filesystem::path folder_;
    Gpt2TokenizerFiles tokenizerFiles_;
    SafetensorsFile file_;  ///< the mapping the weights read in place point into
    Gpt2Tensors tensors_;
};

}  // namespace attnviz::gpt2
