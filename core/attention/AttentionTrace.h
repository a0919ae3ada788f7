#pragma once
#include <Eigen/Core>
#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/attention/ModelLayer.h"
#include "core/base/Heads.h"
#include "core/masks/AttentionMask.h"
#include "core/model/AttentionConfig.h"
#include "core/model/Projections.h"
#include "core/text/Tokenizer.h"

namespace attnviz {

/// The arrows of the chapter's data flow, in order.
enum class Step { X, Q, K, V, Scores, Scaled, Masked, Weights, Context, Output };
inline constexpr int kStepCount = 10;
/// "x", "q", "k", "v", "scores", "scaled", "masked", "weights", "context", "output".
[[nodiscard]] const char* stepName(Step step);
/// Inverse of stepName; false when the name is unknown.
[[nodiscard]] bool stepFromName(std::string_view name, Step& out);
/// True for the n × n steps (scores, scaled, masked, weights).
[[nodiscard]] bool isSquareStep(Step step);


/// Every number of the computation for one sentence and one config. Keeps what is O(n·d)
/// (X, Q, K, V, context, output, each row's max and sum); the O(n²) matrices are computed on
/// demand, by block, from Q, K and the row statistics — so 4,096 tokens stay well under 1 GiB.
class AttentionTrace {
public:
    /// Tokenizes, validates, computes. Throws InputError, ConfigError, or Cancelled.
    [[nodiscard]] static AttentionTrace compute(std::string_view sentence, const AttentionConfig& config,
                                                const std::atomic<bool>* cancel = nullptr);
    /// Same, from tokens already made (padding is appended here when config asks for it).
    [[nodiscard]] static AttentionTrace fromTokens(std::vector<Token> tokens, const AttentionConfig& config,
                                                   const std::atomic<bool>* cancel = nullptr);
    /// The trace of a trained model's layer (config.preset Model): X, Q, K, V and the projections
    /// are the layer's; the row statistics, the context and the output (context·W_O + the output
    /// bias) are recomputed here in float64 from Q, K and V with the config's mask and divisor,
    /// as for every other preset, so the heatmap, the steps and the explainer agree to the last
    /// bit. Throws ConfigError (the config, or a matrix of another shape than n × d_model or
    /// d_model × d_model: ModelLayerShape) or Cancelled.
    [[nodiscard]] static AttentionTrace fromLayer(std::vector<Token> tokens, const AttentionConfig& config,
                                                  ModelLayer layer, const std::atomic<bool>* cancel = nullptr);

    [[nodiscard]] const AttentionConfig& config() const { return config_; }
    /// The model and layer the trace shows (fromLayer); null for the other presets.
    [[nodiscard]] const ModelOrigin* origin() const { return origin_.get(); }
    /// Tokens of the sentence, then "[PAD]" tokens if padding is on (those have an empty span).
    [[nodiscard]] const std::vector<Token>& tokens() const { return tokens_; }
    [[nodiscard]] int size() const { return static_cast<int>(tokens_.size()); }
    [[nodiscard]] int realTokenCount() const { return realTokens_; }
    [[nodiscard]] int heads() const { return config_.heads; }
    [[nodiscard]] int dK() const { return config_.dK(); }
    [[nodiscard]] const AttentionMask& mask() const { return mask_; }
    [[nodiscard]] const Projections& projections() const { return projections_; }

    /// n × d_model: seeded embeddings + positional encoding, or with the Teaching preset the
    /// teaching model's features and positions (TeachingModel::embed).
    [[nodiscard]] const Eigen::MatrixXd& x() const { return x_; }
    /// n × d_model, all heads side by side (head h in columns h·d_k …).
    [[nodiscard]] const Eigen::MatrixXd& q() const { return q_; }
    [[nodiscard]] const Eigen::MatrixXd& k() const { return k_; }
    [[nodiscard]] const Eigen::MatrixXd& v() const { return v_; }
    [[nodiscard]] const Eigen::MatrixXd& context() const { return context_; }
    [[nodiscard]] const Eigen::MatrixXd& output() const { return output_; }
    [[nodiscard]] double rowMax(int head, int query) const { return rowMax_(query, head); }
    [[nodiscard]] double rowSum(int head, int query) const { return rowSum_(query, head); }
    [[nodiscard]] bool rowFullyMasked(int query) const { return mask_.rowFullyMasked(query); }

    /// Throws ConfigError unless head is one of the trace's heads (0 … heads() − 1); the message
    /// counts heads from 1 ("head 3 does not exist (there are 2)").
    void requireHead(int head) const;
    /// Rows and columns of a step's matrix for a head selection.
    [[nodiscard]] int rows(Step step) const;
    [[nodiscard]] int cols(Step step, int head) const;
    /// The names of a step's columns with the teaching model (its head's slice, or every head
    /// side by side for kAllHeads), in language ("fr", …; empty or unknown: as model.json writes
    /// them); empty for the n × n steps and for the other presets.
    [[nodiscard]] std::vector<std::string> dimensionNames(Step step, int head, std::string_view language = {}) const;
    /// A block [row0, row0+rowCount) × [col0, col0+colCount) of a step's matrix. Masked cells:
    /// −∞ in Masked, 0 in Weights; Scores and Scaled show every value.
    [[nodiscard]] Eigen::MatrixXd block(Step step, int head, int row0, int col0, int rowCount,
                                        int colCount) const;
    /// The whole matrix of a step (n × n steps materialized here: use block for large n).
    [[nodiscard]] Eigen::MatrixXd matrix(Step step, int head) const;
    /// One weight, recomputed from q_i, k_j and the row statistics.
    [[nodiscard]] double weight(int head, int query, int key) const;

    /// Largest |finite value| of each signed n × n step of a head (0 where there is none).
    struct ScoreMagnitudes {
        double scores = 0;
        double scaled = 0;
        double masked = 0;
    };
    /// The three magnitudes exactly as a scan of block(Scores | Scaled | Masked, head) gives them,
    /// for a single head in one pass over the scores (kAllHeads: one pass per step), on every
    /// hardware thread, O(block) memory. Throws Cancelled when *cancel becomes true.
    [[nodiscard]] ScoreMagnitudes largestMagnitudes(int head, const std::atomic<bool>* cancel = nullptr) const;

private:
    AttentionTrace(const AttentionConfig& config, std::vector<Token> tokens, int realTokens);
    void run(const std::atomic<bool>* cancel);
    /// Row statistics, context and output from q_, k_, v_ and projections_.
    void attend(const std::atomic<bool>* cancel);

    AttentionConfig config_;
    std::vector<Token> tokens_;
    int realTokens_ = 0;
    AttentionMask mask_;
    Projections projections_;
    Eigen::MatrixXd x_, q_, k_, v_, context_, output_;
    Eigen::MatrixXd rowMax_, rowSum_;  ///< n × heads
    std::shared_ptr<const ModelOrigin> origin_;  ///< shared: traces are copied by value
};

}  // namespace attnviz
