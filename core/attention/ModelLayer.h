#pragma once
// One layer of a trained model for one sentence, as the attention views read it: what the
// model's forward pass computed before the attention (X, Q, K, V) and the layer's matrices.
// Plain Eigen: the model's own types (core/gpt2) build it, the attention module never sees them.
#include <Eigen/Core>
#include <string>
#include <vector>

namespace attnviz {

/// A token the model may write next, as its forward pass ranks them.
struct NextTokenGuess {
    int id = 0;
    std::string text;  ///< readable (core/text/TokenDisplay.h)
    double probability = 0;
    friend bool operator==(const NextTokenGuess&, const NextTokenGuess&) = default;
};

/// Where a trace of a trained model comes from.
struct ModelOrigin {
    std::string model;  ///< the model folder's name ("gpt2")
    int layer = 0;      ///< 0-based
    int layers = 0;     ///< the model's number of layers
    std::vector<int> tokenIds;
    std::vector<NextTokenGuess> nextTokens;  ///< most likely first
};

/// One layer of a trained model (n tokens, d = d_model).
struct ModelLayer {
    Eigen::MatrixXd x;        ///< n × d: the layer's input to the attention (GPT-2: ln_1's output)
    Eigen::MatrixXd q, k, v;  ///< n × d, biases included; head h in columns h·d_k … (h + 1)·d_k − 1
    /// d × d each: W_Q, W_K, W_V (GPT-2: c_attn's three slices) and W_O (c_proj's weight).
    Eigen::MatrixXd wq, wk, wv, wo;
    Eigen::RowVectorXd outputBias;  ///< d: added to context·W_O (GPT-2: c_proj's bias)
    ModelOrigin origin;
};

}  // namespace attnviz
