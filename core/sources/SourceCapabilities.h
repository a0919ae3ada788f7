#pragma once

namespace attnviz {

/// What a source of attention can show. Views and commands ask these instead of which source it
/// is (the teaching model, supplied weights, a trained model, weights computed elsewhere), so that
/// a new family of models is one more builder, not one more branch in every view.
struct SourceCapabilities {
    /// X, Q, K, V and the scores before the softmax exist: every step can be shown and explained.
    /// False for weights computed elsewhere, which are only the softmax's output.
    bool hasQueriesAndKeys = false;
    /// There is a layer to choose (a trained model, or an imported file of several layers).
    bool hasLayers = false;
    /// A language-model head gives the next token's probabilities (a trained model).
    bool hasNextTokens = false;
    /// W_Q, W_K, W_V, W_O are the user's to edit or load (the teaching model and supplied weights;
    /// a checkpoint's are its own).
    bool hasEditableWeights = false;
    /// The heads carry written roles ("previous token", "coreference": the teaching heads).
    bool hasHeadRoles = false;

    friend bool operator==(const SourceCapabilities&, const SourceCapabilities&) = default;
};

}  // namespace attnviz
