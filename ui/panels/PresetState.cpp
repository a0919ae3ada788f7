#include "ui/panels/PresetState.h"

namespace attnviz::ui {

bool hasFreeDModel(ProjectionPreset preset) {
    return preset == ProjectionPreset::Random || preset == ProjectionPreset::Identity;
}

SuppliedProjections PresetState::matrices() const {
    switch (preset) {
        case ProjectionPreset::Supplied: return supplied;
        case ProjectionPreset::Teaching: return teachingEdits;
        case ProjectionPreset::Random:
        case ProjectionPreset::Identity:
        case ProjectionPreset::Model: break;
    }
    return {};
}

bool PresetState::dModelEditable() const { return hasFreeDModel(preset); }

PresetState presetStateFor(const PresetState& state, const AttentionConfig& config) {
    PresetState next = state;
    next.preset = config.preset;
    next.dModel = config.dModel;
    if (hasFreeDModel(config.preset)) next.freeDModel = config.dModel;
    next.suppliedOffered = config.preset == ProjectionPreset::Supplied;
    next.supplied = config.preset == ProjectionPreset::Supplied ? config.supplied : SuppliedProjections{};
    next.teachingEdits = config.preset == ProjectionPreset::Teaching ? config.supplied : SuppliedProjections{};
    return next;
}

PresetState choosePreset(const PresetState& state, ProjectionPreset chosen, int teachingDimensions) {
    PresetState next = state;
    next.preset = chosen;
    next.teachingEdits = {};
    switch (chosen) {
        case ProjectionPreset::Teaching: next.dModel = teachingDimensions; break;
        case ProjectionPreset::Supplied: next.dModel = static_cast<int>(state.supplied.wq().rows()); break;
        case ProjectionPreset::Random:
        case ProjectionPreset::Identity: next.dModel = state.freeDModel; break;
        case ProjectionPreset::Model: break;  // the model's own n_embd, set with the model
    }
    return next;
}

PresetState withDModel(const PresetState& state, int dModel) {
    if (!state.dModelEditable()) return state;
    PresetState next = state;
    next.dModel = dModel;
    next.freeDModel = dModel;
    return next;
}

}  // namespace attnviz::ui
