#pragma once
// The meeting point of a configuration and the teaching model: which model a config uses, and a
// config switched to it. Apart from TeachingModel.h so that neither header needs the other.
#include <memory>

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

}  // namespace attnviz
