#pragma once
// Attention weights computed elsewhere (a transformers model run with output_attentions=True,
// any other tool): a .npy of shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n)
// or (n, n) with its tokens beside it, or one JSON file holding tokens, weights and whether they
// are causal. Everything is validated before use: each refusal names the file and the place.
#include <Eigen/Core>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attnviz {

/// Weights computed elsewhere, validated: layers × heads × n × n (what core/heads' AttentionStack
/// draws from an imported file).
struct ImportedWeights {
    std::vector<std::string> tokens;  ///< n readable texts
    int layers = 0;
    int heads = 0;
    /// The file (or --causal) says key j > query i is masked: those cells are drawn as masked.
    /// Never guessed from zeros.
    bool causal = false;
    /// layers·heads matrices of n × n, layer-major (index layer·heads + head), float32 as read
    /// (a stack of 12 × 12 heads of 1,024 tokens is 604 MB in float32).
    std::vector<Eigen::MatrixXf> weights;
};

/// What the command line or the window adds to the file.
struct ImportOptions {
    /// --tokens: a JSON list of strings; for a .npy only. Without it, NAME.tokens.json beside
    /// NAME.npy.
    std::optional<std::filesystem::path> tokensFile;
    /// --causal: keys after their query are masked, whatever the file says.
    bool causal = false;
};

/// Reads a .npy or .json file of attention weights (by its extension). Throws FormatError whose
/// context is the file for anything refused (see importNpyAttention, importJsonAttention), and
/// IoError for a file that cannot be read.
[[nodiscard]] ImportedWeights readImportedAttention(const std::filesystem::path& file, const ImportOptions& options);

/// The tokens file beside a .npy that readImportedAttention looks for: NAME.tokens.json.
[[nodiscard]] std::filesystem::path tokensFileBeside(const std::filesystem::path& npyFile);

/// A .npy of one of the four shapes, float32 or float64, any byte order, C or Fortran order.
/// Refuses (FormatError, context `name`): the .npy's own refusals, the data's size disagreeing
/// with the header's shape (checked before anything is allocated), another rank, an empty array,
/// a batch of more than one sentence, n × m with n ≠ m, n above limits::kMaxTokens, a token
/// count other than n, and the values (see the ImportNotFinite … ImportRowSum codes).
[[nodiscard]] ImportedWeights importNpyAttention(std::string_view bytes, std::string_view name,
                                                 std::vector<std::string> tokens, bool causal);

/// {"tokens": [...], "attentions": nested lists of one of the four shapes, "causal": true|false}
/// ("causal" optional, false by default; other fields refused). causal: --causal, or-ed with the
/// file's. Refusals as importNpyAttention, plus JSON's (context "name: attentions[0][1]").
[[nodiscard]] ImportedWeights importJsonAttention(std::string_view text, std::string_view name, bool causal);

/// A JSON list of strings (a --tokens file).
[[nodiscard]] std::vector<std::string> parseTokenList(std::string_view text, std::string_view name);

}  // namespace attnviz
