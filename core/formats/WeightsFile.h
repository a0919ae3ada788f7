#pragma once
#include <Eigen/Core>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/model/AttentionConfig.h"
#include "core/model/Projections.h"

namespace attnviz {

inline constexpr const char* kWeightsFormatName = "attnviz-weights";
inline constexpr int kWeightsFormatVersion = 1;

/// W_Q, W_K, W_V, W_O read from a file: each d_model × d_model, every value finite.
struct Weights {
    Eigen::MatrixXd wq, wk, wv, wo;
    std::string comment;  ///< free text kept with the matrices (JSON only)
    [[nodiscard]] int dModel() const { return static_cast<int>(wq.rows()); }
    /// Same comment and bit-for-bit the same matrices (of the same shapes).
    friend bool operator==(const Weights&, const Weights&);
};

/// The weights as a JSON document (README "Weights files"):
/// {"format": "attnviz-weights", "version": 1, "d_model": d, "comment": "…",
///  "W_Q": [[…d numbers…], …d rows…], "W_K": …, "W_V": …, "W_O": …}
/// Numbers are written as the shortest text that reads back to the same double.
[[nodiscard]] std::string weightsToJson(const Weights& weights);
/// Writes weightsToJson atomically (IoError on failure; an existing file is left as it was).
void saveWeights(const std::filesystem::path& path, const Weights& weights);
/// Writes W_Q.npy, W_K.npy, W_V.npy and W_O.npy ('<f8', C order) into an existing folder.
void saveWeightsNpy(const std::filesystem::path& folder, const Weights& weights);

/// Parses a weights JSON document. Throws FormatError naming the matrix and the problem: damaged
/// JSON, another format, a newer version, a missing or unknown field, "W_K: expected 8×8, the file
/// holds 8×4", "W_V: value at row 2, column 3 is not a number (got null)". Rows and columns count
/// from 0, as in numpy.
[[nodiscard]] Weights readWeightsJson(std::string_view text);
/// The four matrices from the bytes of W_Q.npy, W_K.npy, W_V.npy and W_O.npy (NpyArray). d_model is
/// W_Q's number of rows; messages name the file: "W_Q.npy: dtype <i8 is not float32 or float64",
/// "W_K.npy: expected 8×8, the file holds 8×4", "W_V.npy: value at row 2, column 3 is NaN".
[[nodiscard]] Weights readWeightsNpy(std::string_view wq, std::string_view wk, std::string_view wv,
                                     std::string_view wo);

/// Loads weights from a ".json" file, from a folder holding W_Q.npy, W_K.npy, W_V.npy, W_O.npy, or
/// from any one of those four ".npy" files (the other three are read beside it). IoError when a
/// file cannot be read; FormatError prefixed with the path otherwise. Nothing else is changed:
/// the caller swaps the result in (withWeights) only when it is valid.
[[nodiscard]] Weights loadWeights(const std::filesystem::path& path);

/// config using the weights: preset Supplied, d_model = weights.dModel(), supplied = the matrices.
/// Throws ConfigError (from validate) when the result cannot be used, e.g. when the heads do not
/// divide the new d_model; config itself is never modified.
[[nodiscard]] AttentionConfig withWeights(const AttentionConfig& config, const Weights& weights);

/// config with its W matrices replaced by weights and its X made as before, where it can be: with
/// the Teaching preset and weights of the model's d_model, the preset stays Teaching (the model's
/// lexicon X, these matrices as config.supplied); otherwise withWeights (preset Supplied, seeded X).
/// Throws ConfigError like withWeights; config itself is never modified.
[[nodiscard]] AttentionConfig replaceWeights(const AttentionConfig& config, const Weights& weights);

/// The matrices of a Projections (e.g. a trace's or the teaching model's) as Weights.
[[nodiscard]] Weights weightsOf(const Projections& projections, std::string comment = {});

}  // namespace attnviz
