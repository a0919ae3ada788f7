#pragma once
// The meeting point of a configuration and the teaching model: which model a config uses, and a
// config switched to it. Apart from TeachingModel.h so that neither header needs the other.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/AttentionConfig.h"
#include "core/model/TeachingModel.h"

namespace attnviz {

/// The model a config uses with ProjectionPreset::Teaching: its own, or the built-in one.
[[nodiscard]] const TeachingModel& teachingModelOf(const AttentionConfig& config);

/// config switched to the teaching model (the built-in one when model is null): preset Teaching,
/// d_model = the model's dimensions, no supplied matrices (the model's own W); everything else is
/// kept (validate() says when the heads do not divide d_model).
[[nodiscard]] AttentionConfig withTeachingModel(AttentionConfig config,
                                                std::shared_ptr<const TeachingModel> model = nullptr);

/// The start-up config: AttentionConfig{} with the built-in teaching model and its default heads.
[[nodiscard]] AttentionConfig teachingConfig();

/// True when config uses the built-in four-head teaching model (preset Teaching, the shared
/// TeachingModel::builtInHeads()): what "teaching-heads" names in config files and on the command line.
[[nodiscard]] bool usesTeachingHeads(const AttentionConfig& config);

/// config switched to the four-head teaching model: withTeachingModel with it, and its heads.
[[nodiscard]] AttentionConfig withTeachingHeads(AttentionConfig config);

/// Each head's role in language ("fr", …; else English), counted from head 0, for a config on a
/// teaching model with roles whose heads are the model's; empty otherwise (another preset, the
/// one-head model, or the heads changed so that a slice no longer is a role).
[[nodiscard]] std::vector<std::string> teachingHeadRoles(const AttentionConfig& config, std::string_view language);

}  // namespace attnviz
