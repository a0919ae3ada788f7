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

bool usesTeachingHeads(const AttentionConfig& config) {
    return config.preset == ProjectionPreset::Teaching && config.teachingModel == TeachingModel::builtInHeads();
}

AttentionConfig withTeachingHeads(AttentionConfig config) {
    config = withTeachingModel(std::move(config), TeachingModel::builtInHeads());
    config.heads = TeachingModel::builtInHeads()->defaultHeads();
    return config;
}

std::vector<std::string> teachingHeadRoles(const AttentionConfig& config, std::string_view language) {
    if (config.preset != ProjectionPreset::Teaching) return {};
    const TeachingModel& model = teachingModelOf(config);
    if (model.heads().empty() || config.heads != model.defaultHeads()) return {};
    std::vector<std::string> roles;
    for (const TeachingDimension& role : model.heads()) roles.push_back(model.localized(role, language).name);
    return roles;
}

}  // namespace attnviz
