#pragma once
// A GPT-2-family model as the views use it: the opened checkpoint with its tokenizer, the
// attention settings its layers compute with, and the attention trace of any layer of a
// forward pass (core/attention's AttentionTrace::fromLayer).
#include <atomic>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/gpt2/Gpt2Checkpoint.h"
#include "core/gpt2/Gpt2Forward.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/model/AttentionConfig.h"
#include "core/text/ByteLevelBpe.h"
#include "core/text/Tokenizer.h"

namespace attnviz::gpt2 {

/// An opened model folder and its tokenizer. Move-only; its weights stay valid while it lives.
class Gpt2Model {
public:
    /// Opens the folder (Gpt2Checkpoint::open) and reads its tokenizer: vocab.json + merges.txt
    /// when the folder has them (GPT-2's own files, as OpenAI's encoder.py reads them), else
    /// tokenizer.json. Throws IoError or FormatError (one line naming the folder or file).
    [[nodiscard]] static Gpt2Model open(const std::filesystem::path& folder);

    /// The folder's name ("gpt2"), as captions and trace files name the model.
    [[nodiscard]] const std::string& name() const { return name_; }
    [[nodiscard]] const Gpt2Config& config() const { return checkpoint_.config(); }
    [[nodiscard]] const Gpt2Checkpoint& checkpoint() const { return checkpoint_; }
    [[nodiscard]] const ByteLevelBpe& tokenizer() const { return tokenizer_; }

    /// The sentence's tokens (ids and readable texts). Throws InputError for invalid UTF-8, an
    /// empty sentence, or more tokens than n_positions.
    [[nodiscard]] std::vector<Token> tokenize(std::string_view sentence) const;
    /// The readable text of a vocabulary id (core/text/TokenDisplay.h); empty for an id the
    /// tokenizer does not have (a model's vocabulary may be larger than its tokenizer's).
    [[nodiscard]] std::string tokenText(int id) const;

    /// The settings of every layer's attention: d_model = n_embd, heads = n_head, causal,
    /// scaled by √d_k, T = 1, no positional encoding of AttnViz's own (the model adds its
    /// positions), preset Model, at most n_positions tokens.
    [[nodiscard]] AttentionConfig attentionConfig() const;

    /// The forward pass of the tokens (runForward on their ids).
    [[nodiscard]] Gpt2Trace forward(const std::vector<Token>& tokens, const ForwardOptions& options) const;

    /// The attention trace of layer `layer` (0-based) of a forward pass of these tokens: X, Q,
    /// K, V of the pass in float64, W_Q, W_K, W_V from c_attn, W_O and its bias from c_proj,
    /// and the origin (name, layer, token ids, the most likely next tokens with their texts).
    /// Throws ConfigError ModelNoSuchLayer ("layer 13 does not exist (the model has 12)") or
    /// Cancelled.
    [[nodiscard]] AttentionTrace layerTrace(const std::vector<Token>& tokens, const Gpt2Trace& trace, int layer,
                                            const std::atomic<bool>* cancel = nullptr) const;

private:
    Gpt2Model(std::string name, Gpt2Checkpoint checkpoint, ByteLevelBpe tokenizer);

    std::string name_;
    Gpt2Checkpoint checkpoint_;
    ByteLevelBpe tokenizer_;
};

}  // namespace attnviz::gpt2
