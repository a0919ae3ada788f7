#pragma once
// config.json of a GPT-2-family model in the Hugging Face layout: the sizes AttnViz computes
// with, after refusing every option that would change the computation and is not implemented.
#include <filesystem>
#include <string_view>

namespace attnviz::gpt2 {

/// config.json of a GPT-2-family model (the keys AttnViz uses; other keys are ignored).
struct Gpt2Config {
    int layers = 0;              ///< n_layer
    int heads = 0;               ///< n_head
    int embedding = 0;           ///< n_embd (d_model); heads divide it
    int positions = 0;           ///< n_positions: the longest sentence, in tokens
    int vocabulary = 0;          ///< vocab_size
    int inner = 0;               ///< n_inner, or 4 × n_embd when config.json leaves it null
    double layerNormEpsilon = 1e-5;  ///< layer_norm_epsilon
    [[nodiscard]] int headSize() const { return heads > 0 ? embedding / heads : 0; }
};

/// The largest size AttnViz accepts for any of n_layer, n_head, n_embd, n_positions, vocab_size,
/// n_inner (2^24: far above every published GPT-2, small enough that shapes fit an int).
inline constexpr int kGpt2MaxSize = 1 << 24;

/// Reads config.json's text. model_type must be "gpt2" (ModelTypeNotSupported: "model type
/// 'bert' is not supported: …"); n_layer, n_head, n_embd, n_positions, vocab_size are positive
/// integers (up to kGpt2MaxSize) with n_head dividing n_embd; n_inner null, absent or positive;
/// layer_norm_epsilon (default 1e-5) a positive number. Refused by name (ModelOptionNotSupported),
/// as AttnViz does not compute them: activation_function other than "gelu_new",
/// scale_attn_weights false, scale_attn_by_inverse_layer_idx or reorder_and_upcast_attn true.
/// Throws FormatError whose context is the field ("n_embd: expected …"), none for the file itself.
[[nodiscard]] Gpt2Config parseGpt2Config(std::string_view text);

/// parseGpt2Config of the file, its refusals placed in it ("/m/config.json: n_head: …");
/// IoError when it cannot be read.
[[nodiscard]] Gpt2Config readGpt2Config(const std::filesystem::path& path);

}  // namespace attnviz::gpt2
