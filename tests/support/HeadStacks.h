#pragma once
// Attention stacks made by hand for the head view's and model view's tests, screenshots and
// benchmark: every weight is known without running the code under test.
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/heads/AttentionStack.h"

namespace attnviz::testing {

/// A stack of the given weights, one n × n matrix per head of one layer (tokens "t0", "t1", …
/// unless given).
inline std::shared_ptr<const AttentionStack> stackOfWeights(std::vector<Eigen::MatrixXf> heads, bool causal = false,
                                                            std::vector<std::string> tokens = {}) {
    auto imported = std::make_shared<ImportedWeights>();
    const auto n = heads.empty() ? 0 : heads.front().rows();
    if (tokens.empty())
        for (Eigen::Index i = 0; i < n; ++i) tokens.push_back(std::string("t").append(std::to_string(i)));
    imported->tokens = std::move(tokens);
    imported->layers = 1;
    imported->heads = static_cast<int>(heads.size());
    imported->causal = causal;
    imported->weights = std::move(heads);
    return std::make_shared<const AttentionStack>(AttentionStack::fromImported(imported));
}

/// layers × heads heads over tokens, each one a pattern a student can name, by head index mod 6:
/// the previous token, the same token, the first token, two tokens back, the next token (the
/// previous one when causal) and a broad spread. Each row is the softmax of 4 on the pattern's
/// key plus seeded noise in [0, 1) on every visible key.
inline std::shared_ptr<const AttentionStack> patternedStack(std::vector<std::string> tokens, int layers, int heads,
                                                            bool causal, unsigned seed = 42) {
    const int n = static_cast<int>(tokens.size());
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> noise(0.0F, 1.0F);
    auto imported = std::make_shared<ImportedWeights>();
    imported->tokens = std::move(tokens);
    imported->layers = layers;
    imported->heads = heads;
    imported->causal = causal;
    for (int index = 0; index < layers * heads; ++index) {
        const int pattern = index % heads % 6;
        Eigen::MatrixXf weights = Eigen::MatrixXf::Zero(n, n);
        for (int i = 0; i < n; ++i) {
            const int last = causal ? i : n - 1;
            int target = i;
            switch (pattern) {
                case 0: target = std::max(0, i - 1); break;
                case 1: target = i; break;
                case 2: target = 0; break;
                case 3: target = std::max(0, i - 2); break;
                case 4: target = causal ? std::max(0, i - 1) : std::min(n - 1, i + 1); break;
                default: target = -1; break;
            }
            float sum = 0;
            for (int j = 0; j <= last; ++j) {
                weights(i, j) = std::exp(noise(generator) + (j == target ? 4.0F : 0.0F));
                sum += weights(i, j);
            }
            weights.row(i) /= sum;
        }
        imported->weights.push_back(std::move(weights));
    }
    return std::make_shared<const AttentionStack>(AttentionStack::fromImported(imported));
}

}  // namespace attnviz::testing
