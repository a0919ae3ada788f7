#include "core/model/AttentionConfig.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

void requireShape(const Eigen::MatrixXd& m, const char* name, int d) {
    if (m.rows() != d || m.cols() != d)
        throw ConfigError(ErrorCode::SuppliedShape,
                          {name, std::to_string(d), std::to_string(m.rows()), std::to_string(m.cols())});
    if (!m.allFinite()) throw ConfigError(ErrorCode::SuppliedNotFinite, {name});
}

/// A number as short as it reads: "0.001", "1e-310".
std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

double AttentionConfig::divisor() const {
    return scaleBySqrtDk ? std::sqrt(static_cast<double>(dK())) * temperature : temperature;
}

void AttentionConfig::validate() const {
    using std::to_string;
    if (dModel < 1) throw ConfigError(ErrorCode::DModelTooSmall, {to_string(dModel)});
    if (dModel > limits::kMaxDModel)
        throw ConfigError(ErrorCode::DModelTooLarge, {to_string(limits::kMaxDModel), to_string(dModel)});
    if (heads < 1) throw ConfigError(ErrorCode::TooFewHeads, {to_string(heads)});
    if (preset == ProjectionPreset::Teaching) {
        const int dimensions = teachingModelOf(*this).dimensions();
        if (dModel != dimensions) throw ConfigError(ErrorCode::TeachingDModel, {to_string(dimensions), to_string(dModel)});
        if (dModel % heads != 0 && dModel > 1) {  // the head counts that work: "1, 2, 4, 5, 10" and "20"
            std::string divisors;
            for (int h = 1; h < dModel; ++h)
                if (dModel % h == 0) divisors += (divisors.empty() ? "" : ", ") + to_string(h);
            throw ConfigError(ErrorCode::TeachingHeadsDoNotDivide,
                              {to_string(heads), to_string(dModel), divisors, to_string(dModel)});
        }
    }
    if (dModel % heads != 0) throw ConfigError(ErrorCode::HeadsDoNotDivide, {to_string(heads), to_string(dModel)});
    if (!std::isfinite(temperature) || temperature <= 0) throw ConfigError(ErrorCode::BadTemperature);
    if (temperature < limits::kMinTemperature)
        throw ConfigError(ErrorCode::TemperatureTooSmall, {shortNumber(limits::kMinTemperature), shortNumber(temperature)});
    if (mask.window < 0) throw ConfigError(ErrorCode::NegativeWindow);
    for (int g : mask.globalTokens)
        if (g < 0) throw ConfigError(ErrorCode::NegativeGlobalToken, {to_string(g)});
    if (mask.padTo < 0) throw ConfigError(ErrorCode::NegativePadTo);
    if (static_cast<std::size_t>(mask.padTo) > limits::kMaxTokens)
        throw ConfigError(ErrorCode::PadToTooLarge, {to_string(limits::kMaxTokens), to_string(mask.padTo)});
    for (const auto& [query, key] : mask.customMasked)
        if (query < 0 || key < 0) throw ConfigError(ErrorCode::NegativeCustomCell);
    if (maxTokens < 1) throw ConfigError(ErrorCode::TokenLimitTooSmall);
    if (maxTokens > limits::kMaxTokens)
        throw ConfigError(ErrorCode::TokenLimitTooLarge, {to_string(limits::kMaxTokens), to_string(maxTokens)});
    if (preset == ProjectionPreset::Supplied || (preset == ProjectionPreset::Teaching && hasSuppliedMatrices())) {
        requireShape(supplied.wq(), "W_Q", dModel);
        requireShape(supplied.wk(), "W_K", dModel);
        requireShape(supplied.wv(), "W_V", dModel);
        requireShape(supplied.wo(), "W_O", dModel);
    }
}

SuppliedProjections::SuppliedProjections(Eigen::MatrixXd wq, Eigen::MatrixXd wk, Eigen::MatrixXd wv,
                                         Eigen::MatrixXd wo)
    : shared_(std::make_shared<const Matrices>(Matrices{std::move(wq), std::move(wk), std::move(wv), std::move(wo)})) {}

const SuppliedProjections::Matrices& SuppliedProjections::matrices() const {
    static const Matrices none;
    return shared_ ? *shared_ : none;
}

bool SuppliedProjections::empty() const {
    const Matrices& m = matrices();
    return m.wq.size() == 0 && m.wk.size() == 0 && m.wv.size() == 0 && m.wo.size() == 0;
}

bool operator==(const SuppliedProjections& a, const SuppliedProjections& b) {
    if (a.shared_ == b.shared_) return true;
    const auto same = [](const Eigen::MatrixXd& x, const Eigen::MatrixXd& y) {
        return x.rows() == y.rows() && x.cols() == y.cols() && x == y;
    };
    return same(a.wq(), b.wq()) && same(a.wk(), b.wk()) && same(a.wv(), b.wv()) && same(a.wo(), b.wo());
}

bool AttentionConfig::hasSuppliedMatrices() const { return !supplied.empty(); }

bool operator==(const AttentionConfig& a, const AttentionConfig& b) {
    // Null stands for the built-in model; two models are the same when made from the same text.
    const bool sameTeachingModel = a.teachingModel == b.teachingModel ||
                                   teachingModelOf(a).sameSource(teachingModelOf(b));
    return a.dModel == b.dModel && a.heads == b.heads && a.scaleBySqrtDk == b.scaleBySqrtDk &&
           a.temperature == b.temperature && a.seed == b.seed && a.positionalEncoding == b.positionalEncoding &&
           a.preset == b.preset && a.supplied == b.supplied &&
           a.mask.causal == b.mask.causal && a.mask.window == b.mask.window &&
           a.mask.globalTokens == b.mask.globalTokens && a.mask.padTo == b.mask.padTo &&
           a.mask.customMasked == b.mask.customMasked && a.maxTokens == b.maxTokens && sameTeachingModel;
}

}  // namespace attnviz
