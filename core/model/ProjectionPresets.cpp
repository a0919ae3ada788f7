#include "core/model/ProjectionPresets.h"

#include <cmath>

#include "core/base/Errors.h"
#include "core/base/SeededGenerator.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

Eigen::MatrixXd seededMatrix(std::uint64_t seed, const char* tag, int d) {
    SeededGenerator generator(seed, tag);
    const double halfWidth = std::sqrt(3.0 / d);  // variance 1/d keeps X·W at the scale of X
    Eigen::MatrixXd w(d, d);
    for (int r = 0; r < d; ++r)
        for (int c = 0; c < d; ++c) w(r, c) = generator.nextSymmetric(halfWidth);
    return w;
}

}  // namespace

Projections makeProjections(const AttentionConfig& config) {
    const int d = config.dModel;
    switch (config.preset) {
        case ProjectionPreset::Identity: {
            const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(d, d);
            return {identity, identity, identity, identity};
        }
        case ProjectionPreset::Supplied:
            return {config.supplied.wq(), config.supplied.wk(), config.supplied.wv(), config.supplied.wo()};
        case ProjectionPreset::Teaching:
            if (config.hasSuppliedMatrices())
                return {config.supplied.wq(), config.supplied.wk(), config.supplied.wv(), config.supplied.wo()};
            return teachingModelOf(config).projections();
        case ProjectionPreset::Model:
            throw ConfigError(ErrorCode::ModelPresetNeedsModel);
        case ProjectionPreset::Random:
            break;
    }
    return {seededMatrix(config.seed, "W_Q", d), seededMatrix(config.seed, "W_K", d),
            seededMatrix(config.seed, "W_V", d), seededMatrix(config.seed, "W_O", d)};
}

}  // namespace attnviz
