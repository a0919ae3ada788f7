#include "core/model/AttentionConfig.h"

#include <cmath>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

void requireShape(const Eigen::MatrixXd& m, const char* name, int d) {
    if (m.rows() != d || m.cols() != d)
        throw ConfigError(std::string(name) + " must be " + std::to_string(d) + "×" + std::to_string(d) +
                          " (d_model × d_model), it is " + std::to_string(m.rows()) + "×" + std::to_string(m.cols()));
    if (!m.allFinite()) throw ConfigError(std::string(name) + " holds a NaN or infinite value");
}

}  // namespace

double AttentionConfig::divisor() const {
    return scaleBySqrtDk ? std::sqrt(static_cast<double>(dK())) * temperature : temperature;
}

void AttentionConfig::validate() const {
    if (dModel < 1) throw ConfigError("d_model must be at least 1 (it is " + std::to_string(dModel) + ")");
    if (dModel > limits::kMaxDModel)
        throw ConfigError("d_model must be at most " + std::to_string(limits::kMaxDModel) + " (it is " + std::to_string(dModel) + ")");
    if (heads < 1) throw ConfigError("the number of heads must be at least 1 (it is " + std::to_string(heads) + ")");
    if (preset == ProjectionPreset::Teaching) {
        const int dimensions = teachingModelOf(*this).dimensions();
        if (dModel != dimensions)
            throw ConfigError("the teaching model has " + std::to_string(dimensions) + " dimensions: d_model must be " +
                              std::to_string(dimensions) + " (it is " + std::to_string(dModel) + ")");
        if (dModel % heads != 0) {
            std::string divisors;
            for (int h = 1; h < dModel; ++h)
                if (dModel % h == 0) divisors += std::to_string(h) + ", ";
            divisors.replace(divisors.size() - 2, 2, " or " + std::to_string(dModel));
            throw ConfigError(std::to_string(heads) + " heads do not divide the teaching model's " +
                              std::to_string(dModel) + " dimensions: choose " + divisors + " heads");
        }
    }
    if (dModel % heads != 0)
        throw ConfigError(std::to_string(heads) + " heads do not divide d_model = " + std::to_string(dModel) +
                          ": d_k = d_model / heads must be a whole number");
    if (dK() <= 0) throw ConfigError("d_k must be at least 1");
    if (!std::isfinite(temperature) || temperature <= 0)
        throw ConfigError("the temperature T must be a finite number greater than 0");
    if (mask.window < 0) throw ConfigError("the sliding window must be at least 1 (0 turns it off)");
    for (int g : mask.globalTokens)
        if (g < 0) throw ConfigError("a global token position cannot be negative (" + std::to_string(g) + ")");
    if (mask.padTo < 0) throw ConfigError("pad-to length cannot be negative");
    if (static_cast<std::size_t>(mask.padTo) > limits::kMaxTokens)
        throw ConfigError("pad-to length must be at most " + std::to_string(limits::kMaxTokens) + " (it is " +
                          std::to_string(mask.padTo) + ")");
    for (const auto& [query, key] : mask.customMasked)
        if (query < 0 || key < 0) throw ConfigError("a custom-masked cell cannot have a negative position");
    if (maxTokens < 1) throw ConfigError("the token limit must be at least 1");
    if (maxTokens > limits::kMaxTokens)
        throw ConfigError("the token limit must be at most " + std::to_string(limits::kMaxTokens) + " (it is " +
                          std::to_string(maxTokens) + ")");
    if (preset == ProjectionPreset::Supplied || (preset == ProjectionPreset::Teaching && hasSuppliedMatrices())) {
        requireShape(supplied.wq, "W_Q", dModel);
        requireShape(supplied.wk, "W_K", dModel);
        requireShape(supplied.wv, "W_V", dModel);
        requireShape(supplied.wo, "W_O", dModel);
    }
}

bool AttentionConfig::hasSuppliedMatrices() const {
    return supplied.wq.size() != 0 || supplied.wk.size() != 0 || supplied.wv.size() != 0 || supplied.wo.size() != 0;
}

bool operator==(const AttentionConfig& a, const AttentionConfig& b) {
    // Null stands for the built-in model; two models are the same when made from the same text.
    const bool sameTeachingModel = a.teachingModel == b.teachingModel ||
                                   teachingModelOf(a).sameSource(teachingModelOf(b));
    const auto sameMatrix = [](const Eigen::MatrixXd& x, const Eigen::MatrixXd& y) {
        return x.rows() == y.rows() && x.cols() == y.cols() && x == y;
    };
    return a.dModel == b.dModel && a.heads == b.heads && a.scaleBySqrtDk == b.scaleBySqrtDk &&
           a.temperature == b.temperature && a.seed == b.seed && a.positionalEncoding == b.positionalEncoding &&
           a.preset == b.preset && sameMatrix(a.supplied.wq, b.supplied.wq) && sameMatrix(a.supplied.wk, b.supplied.wk) &&
           sameMatrix(a.supplied.wv, b.supplied.wv) && sameMatrix(a.supplied.wo, b.supplied.wo) &&
           a.mask.causal == b.mask.causal && a.mask.window == b.mask.window &&
           a.mask.globalTokens == b.mask.globalTokens && a.mask.padTo == b.mask.padTo &&
           a.mask.customMasked == b.mask.customMasked && a.maxTokens == b.maxTokens && sameTeachingModel;
}

}  // namespace attnviz
