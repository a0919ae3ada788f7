// The Projections control's rules, without a widget: what choosing a preset, editing d_model and
// giving a whole config (a session, weights loaded or edited) do to the preset, d_model and the
// matrices. Every expected value is written out by hand.
#include <gtest/gtest.h>

#include "core/formats/WeightsFile.h"
#include "core/model/TeachingConfig.h"
#include "ui/panels/PresetState.h"

namespace attnviz::ui {
namespace {

constexpr int kTeachingDimensions = 20;  // a teaching model's d_model, as the caller passes it

Weights squareWeights(int d, double value) {
    const Eigen::MatrixXd w = Eigen::MatrixXd::Constant(d, d, value);
    return {w, w, w, w, {}};
}

AttentionConfig suppliedConfig(int d, double value) { return withWeights(AttentionConfig{}, squareWeights(d, value)); }

TEST(PresetStateTest, StartsOnRandomWithTheDefaultDModelAndNoMatrices) {
    const PresetState state;
    EXPECT_EQ(state.preset, ProjectionPreset::Random);
    EXPECT_EQ(state.dModel, 8);
    EXPECT_TRUE(state.dModelEditable());
    EXPECT_FALSE(state.suppliedOffered);
    EXPECT_EQ(state.matrices().wq().size(), 0);
}

TEST(PresetStateTest, RandomAndIdentityGetBackTheirLastDModelAfterTheTeachingModel) {
    PresetState state = withDModel(PresetState{}, 16);
    state = choosePreset(state, ProjectionPreset::Teaching, kTeachingDimensions);
    EXPECT_EQ(state.dModel, 20) << "the teaching model fixes d_model to its named dimensions";
    EXPECT_FALSE(state.dModelEditable());
    state = withDModel(state, 12);
    EXPECT_EQ(state.dModel, 20) << "d_model cannot be edited under the teaching model";
    state = choosePreset(state, ProjectionPreset::Identity, kTeachingDimensions);
    EXPECT_EQ(state.dModel, 16) << "Identity gets back Random's last d_model";
    state = withDModel(state, 24);
    state = choosePreset(state, ProjectionPreset::Random, kTeachingDimensions);
    EXPECT_EQ(state.dModel, 24) << "Random keeps the d_model Identity had";
}

TEST(PresetStateTest, LoadedWeightsBecomeTheSuppliedPresetAndStayOfferedAcrossChoices) {
    PresetState state = withDModel(PresetState{}, 4);
    // Weights loaded while Random is shown (replaceWeights: a Supplied config of d_model 6).
    state = presetStateFor(state, replaceWeights(AttentionConfig{}, squareWeights(6, 0.5)));
    EXPECT_EQ(state.preset, ProjectionPreset::Supplied);
    EXPECT_EQ(state.dModel, 6);
    EXPECT_FALSE(state.dModelEditable()) << "supplied matrices fix d_model";
    EXPECT_TRUE(state.suppliedOffered);
    EXPECT_EQ(state.matrices().wq()(5, 5), 0.5);
    EXPECT_EQ(state.freeDModel, 4) << "Random's d_model is kept for a return to it";

    state = choosePreset(state, ProjectionPreset::Random, kTeachingDimensions);
    EXPECT_EQ(state.dModel, 4);
    EXPECT_EQ(state.matrices().wq().size(), 0) << "Random brings its own matrices";
    EXPECT_TRUE(state.suppliedOffered) << "the list still offers the loaded weights";
    state = choosePreset(state, ProjectionPreset::Supplied, kTeachingDimensions);
    EXPECT_EQ(state.dModel, 6) << "choosing Supplied again brings its matrices' d_model";
    EXPECT_EQ(state.matrices().wq()(0, 0), 0.5);
}

TEST(PresetStateTest, AConfigOfAnotherPresetWithdrawsTheSuppliedEntry) {
    PresetState state = presetStateFor(PresetState{}, suppliedConfig(6, 0.5));
    AttentionConfig identity;
    identity.preset = ProjectionPreset::Identity;
    identity.dModel = 10;
    state = presetStateFor(state, identity);
    EXPECT_FALSE(state.suppliedOffered);
    EXPECT_EQ(state.supplied.wq().size(), 0);
    EXPECT_EQ(state.dModel, 10);
    EXPECT_EQ(state.freeDModel, 10);
}

TEST(PresetStateTest, EditedTeachingWeightsStayTeachingUntilAPresetIsChosen) {
    // An edit of the teaching model's weights (replaceWeights with the model's d_model).
    const AttentionConfig teaching = teachingConfig();
    const int d = teaching.dModel;
    PresetState state = presetStateFor(PresetState{}, replaceWeights(teaching, squareWeights(d, 0.25)));
    EXPECT_EQ(state.preset, ProjectionPreset::Teaching) << "edits keep the teaching model's X and names";
    EXPECT_FALSE(state.suppliedOffered);
    EXPECT_EQ(state.matrices().wk()(1, 2), 0.25) << "the edits are the config's matrices";

    state = choosePreset(state, ProjectionPreset::Teaching, d);
    EXPECT_EQ(state.matrices().wq().size(), 0) << "choosing a preset drops the edits: the model's own W";

    // Weights of another size under the teaching model cannot be its edits: they are Supplied.
    state = presetStateFor(state, replaceWeights(teaching, squareWeights(2 * d, 0.25)));
    EXPECT_EQ(state.preset, ProjectionPreset::Supplied);
    EXPECT_EQ(state.dModel, 2 * d);
}

TEST(PresetStateTest, DModelsBeyondTheOldWindowLimitAreKept) {
    const PresetState state = presetStateFor(PresetState{}, suppliedConfig(1280, 0.01));
    EXPECT_EQ(state.dModel, 1280);
    AttentionConfig random;
    random.dModel = 4096;
    EXPECT_EQ(presetStateFor(state, random).dModel, 4096);
}

}  // namespace
}  // namespace attnviz::ui
