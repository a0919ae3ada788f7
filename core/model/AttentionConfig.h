#pragma once
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/base/Limits.h"
#include "core/masks/MaskConfig.h"

namespace attnviz {

class TeachingModel;

/// Where W_Q, W_K, W_V and W_O come from.
enum class ProjectionPreset {
    Random,    ///< seeded uniform, README "Seeded generator"
    Identity,  ///< every W is the identity: each head's Q, K, V are its own slice of X
    Supplied,  ///< the matrices in AttentionConfig::supplied
    /// The interpretable teaching model: X from its lexicon and positions, its W (TeachingModel.h);
    /// when AttentionConfig::supplied is set, those matrices replace the model's (edited weights).
    Teaching,
    /// A trained model's layer: X, Q, K, V and W_O come from its checkpoint
    /// (AttentionTrace::fromLayer; core/gpt2/Gpt2Model.h); the settings alone cannot make them.
    Model,
};

/// User-supplied projections (preset Supplied, or edited weights of the Teaching preset), each
/// d_model × d_model (head h uses columns h·d_k … (h+1)·d_k−1
/// of W_Q, W_K, W_V; W_O maps concat(heads) back to d_model).
/// Immutable and shared: a configuration is copied many times between a keystroke and a
/// heatmap, and copying this copies a pointer, not four d_model² matrices (at d_model 1,024,
/// 32 MiB a copy). To change a matrix, make new projections.
class SuppliedProjections {
public:
    SuppliedProjections() = default;
    SuppliedProjections(Eigen::MatrixXd wq, Eigen::MatrixXd wk, Eigen::MatrixXd wv, Eigen::MatrixXd wo);

    [[nodiscard]] const Eigen::MatrixXd& wq() const { return matrices().wq; }
    [[nodiscard]] const Eigen::MatrixXd& wk() const { return matrices().wk; }
    [[nodiscard]] const Eigen::MatrixXd& wv() const { return matrices().wv; }
    [[nodiscard]] const Eigen::MatrixXd& wo() const { return matrices().wo; }
    /// True when none of the four holds a number.
    [[nodiscard]] bool empty() const;

    /// The same four matrices (shapes and values; the same storage is the same at once).
    friend bool operator==(const SuppliedProjections& a, const SuppliedProjections& b);

private:
    struct Matrices {
        Eigen::MatrixXd wq, wk, wv, wo;
    };
    [[nodiscard]] const Matrices& matrices() const;

    std::shared_ptr<const Matrices> shared_;
};

struct AttentionConfig {
    int dModel = 8;
    int heads = 1;
    bool scaleBySqrtDk = true;
    double temperature = 1.0;
    std::uint64_t seed = 42;
    bool positionalEncoding = true;
    ProjectionPreset preset = ProjectionPreset::Random;
    SuppliedProjections supplied;
    /// The model the Teaching preset uses; null means the built-in one (TeachingModel::builtIn()).
    std::shared_ptr<const TeachingModel> teachingModel;
    MaskConfig mask;
    std::size_t maxTokens = kDefaultMaxTokens;

    [[nodiscard]] int dK() const { return heads > 0 ? dModel / heads : 0; }
    /// The number the scores are divided by: √d_k·T with scaling on, T without.
    [[nodiscard]] double divisor() const;
    /// True when supplied holds matrices (any of the four is non-empty).
    [[nodiscard]] bool hasSuppliedMatrices() const;
    /// Throws ConfigError naming the first problem (d_model, heads, T, window, global
    /// tokens, supplied matrices' shapes or values, d_model ≠ the teaching model's dimensions).
    /// Called before any work.
    void validate() const;

    friend bool operator==(const AttentionConfig&, const AttentionConfig&);
};

}  // namespace attnviz
