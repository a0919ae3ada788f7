#include "core/model/TeachingConfig.h"

#include <utility>

namespace attnviz {

const TeachingModel& teachingModelOf(const AttentionConfig& config) {
    return config.teachingModel ? *config.teachingModel : TeachingModel::builtIn();
}

AttentionConfig withTeachingModel(AttentionConfig config, std::shared_ptr<const TeachingModel> model) {
    config.teachingModel = std::move(model);
    config.preset = ProjectionPreset::Teaching;
    config.dModel = teachingModelOf(config).dimensions();
    config.supplied = {};  // the model's own matrices, not edits of another model's
    return config;
}

AttentionConfig teachingConfig() {
    AttentionConfig config = withTeachingModel(AttentionConfig{});
    config.heads = TeachingModel::builtIn().defaultHeads();
    return config;
}

}  // namespace attnviz
