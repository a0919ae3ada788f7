#pragma once
#include "core/model/AttentionConfig.h"

namespace attnviz::ui {

/// What the Projections control remembers beyond the preset shown, and the rules that change it
/// (pure functions, so that they are tested without a widget):
/// - a config given whole (start-up, a session, weights loaded or edited, Reset) brings its
///   preset, d_model and matrices; the list offers "Supplied" only while that config is Supplied;
/// - a preset chosen in the list brings its own matrices (edits of the teaching model are
///   dropped) and its d_model: the teaching model's, the supplied matrices', or for Random and
///   Identity the last d_model either of them had;
/// - d_model can be edited only under Random and Identity.
struct PresetState {
    ProjectionPreset preset = ProjectionPreset::Random;
    int dModel = AttentionConfig{}.dModel;      ///< the d_model the controls show
    int freeDModel = AttentionConfig{}.dModel;  ///< Random's and Identity's, kept across the other presets
    bool suppliedOffered = false;               ///< the list has a "Supplied" entry
    SuppliedProjections supplied;               ///< the Supplied preset's matrices (a file, a session, edits)
    SuppliedProjections teachingEdits;          ///< edited weights of the teaching model; empty: its own

    /// The matrices a config in this state carries (AttentionConfig::supplied).
    [[nodiscard]] SuppliedProjections matrices() const;
    /// False when the preset fixes d_model (the teaching model's named dimensions, supplied matrices).
    [[nodiscard]] bool dModelEditable() const;
};

/// True for the presets whose d_model is free: Random and Identity.
[[nodiscard]] bool hasFreeDModel(ProjectionPreset preset);

/// The state after config is given to the controls whole.
[[nodiscard]] PresetState presetStateFor(const PresetState& state, const AttentionConfig& config);
/// The state after chosen is picked in the list; teachingDimensions is the d_model of the
/// teaching model the config uses.
[[nodiscard]] PresetState choosePreset(const PresetState& state, ProjectionPreset chosen, int teachingDimensions);
/// The state after d_model is edited (ignored when the preset fixes d_model).
[[nodiscard]] PresetState withDModel(const PresetState& state, int dModel);

}  // namespace attnviz::ui
