#pragma once
#include <QWidget>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/model/AttentionConfig.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/heatmap/ViewSettings.h"
#include "ui/panels/PresetState.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace attnviz::ui {

/// What the controls say of an open trained model.
struct ModelSummary {
    QString name;  ///< the folder's name
    int layers = 0;
    int heads = 0;
    int dModel = 0;
    int vocabulary = 0;
    int positions = 0;  ///< the longest sentence, in tokens
};

/// Every setting of the computation and of the view, grouped (mask, scaling, model, view), each
/// with a tooltip in the chapter's terms. Holds no result: it edits an AttentionConfig (what is
/// computed) and, apart from it, the ViewSettings (how the result is looked at).
class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    /// The config the controls describe (fields without a control, such as padding and supplied
    /// matrices, come from the last setConfig).
    [[nodiscard]] AttentionConfig config() const;
    /// Shows config in the controls without emitting configChanged.
    void setConfig(const AttentionConfig& config);

    /// Why an entry cannot be used (global tokens, seed), or empty when every entry is valid.
    [[nodiscard]] QString inputProblem() const;

    /// The head (0 … h−1, or kAllHeads for the mean over heads), the weights' colour map and
    /// colour range.
    [[nodiscard]] ViewSettings viewSettings() const;
    /// Shows view (a head or a colour map the lists do not offer is left as it is); emits
    /// viewChanged once if anything changed.
    void setViewSettings(const ViewSettings& view);
    [[nodiscard]] WeightsRange weightsRange() const;
    void setWeightsRange(WeightsRange range);

    /// Shows the trained model's group (name, sizes, layer, Close model) and disables the controls
    /// that set weights or sizes, which the model sets; nullopt: every control enabled again
    /// (setConfig then disables those its preset fixes). The layer goes back to the first. Emits nothing.
    void showModel(const std::optional<ModelSummary>& model);
    [[nodiscard]] bool hasModel() const { return model_.has_value(); }
    /// The layer the views show (0-based); 0 without a model.
    [[nodiscard]] int layer() const;
    /// Shows layer (0-based; one the model does not have is ignored) and emits layerChanged if it changed.
    void setLayer(int layer);

    [[nodiscard]] bool maskEditMode() const;
    void setMaskEditMode(bool on);
    /// Masks (query, key) by hand, or unmasks it if it was; emits configChanged.
    void toggleCustomCell(int query, int key);

    /// Temperature slider mapping (log scale, 0.05 … 20), exposed for tests.
    [[nodiscard]] static double temperatureForSlider(int position);
    [[nodiscard]] static int sliderForTemperature(double temperature);
    static constexpr int kSliderSteps = 1000;
    /// The Projections list's data for the four-head teaching model (the Teaching preset on
    /// TeachingModel::builtInHeads()); the other entries hold a ProjectionPreset.
    static constexpr int kTeachingHeadsChoice = 100;

    /// The widgets, for tests that drive them with real events.
    [[nodiscard]] QCheckBox* causalBox() const { return causal_; }
    [[nodiscard]] QSpinBox* windowBox() const { return window_; }
    [[nodiscard]] QLineEdit* globalTokensEdit() const { return globals_; }
    [[nodiscard]] QPushButton* maskEditButton() const { return maskEdit_; }
    [[nodiscard]] QCheckBox* scalingBox() const { return scaling_; }
    [[nodiscard]] QSlider* temperatureSlider() const { return temperature_; }
    [[nodiscard]] QSpinBox* dModelBox() const { return dModel_; }
    [[nodiscard]] QSpinBox* headsBox() const { return heads_; }
    [[nodiscard]] QLabel* dKLabel() const { return dK_; }
    [[nodiscard]] QLineEdit* seedEdit() const { return seed_; }
    [[nodiscard]] QCheckBox* positionsBox() const { return positions_; }
    [[nodiscard]] QComboBox* presetBox() const { return preset_; }
    [[nodiscard]] QComboBox* headBox() const { return head_; }
    [[nodiscard]] QComboBox* colorMapBox() const { return colorMap_; }
    [[nodiscard]] QComboBox* weightsRangeBox() const { return weightsRange_; }
    [[nodiscard]] QComboBox* layerBox() const { return layer_; }
    [[nodiscard]] QLabel* modelLabel() const { return modelName_; }
    [[nodiscard]] QPushButton* closeModelButton() const { return closeModel_; }

    /// At most kPreferredChars average characters wide (what the English panel needs): in a
    /// longer language a group whose fields do not fit beside their labels puts them under them,
    /// whole, instead of widening the window past a 1280-pixel screen.
    [[nodiscard]] QSize sizeHint() const override;
    /// The width of the groups with every field under its label.
    [[nodiscard]] QSize minimumSizeHint() const override;
    static constexpr int kPreferredChars = 44;

signals:
    /// A setting of the computation changed (not emitted by setConfig).
    void configChanged();
    /// A view setting changed: the head, the colour map or the colour range (not emitted when
    /// setConfig only rebuilds the list of heads).
    void viewChanged();
    void maskEditModeChanged(bool on);
    /// The layer chosen for a trained model changed.
    void layerChanged();
    /// The trained model's Close model button was pressed.
    void closeModelRequested();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Calls setTexts now and again at each change of language (QEvent::LanguageChange).
    void translate(std::function<void()> setTexts);
    void retranslateUi();
    /// In a group too narrow for its labels and its widest field side by side, every field goes
    /// under its label, whole (the group's rows otherwise stay side by side).
    void fitRows();
    /// The width the groups need with their fields beside their labels (as asked for), or under
    /// them (at least), whatever fitRows does now.
    [[nodiscard]] int groupsWidth(bool sideBySide) const;
    QWidget* makeMaskGroup();
    QWidget* makeScalingGroup();
    QWidget* makeModelGroup();
    QWidget* makeViewGroup();
    QWidget* makeTrainedModelGroup();
    /// Enables the controls a model sets (or not) and says why on their tooltips.
    void applyModelState();
    /// Puts the head's row beside the layer while a model is open, in the View group otherwise.
    void moveHeadRow();
    void updateDerivedLabels();
    void rebuildHeadChoices();
    /// The heads' roles of the teaching model the settings use, in the window's language (or none).
    [[nodiscard]] std::vector<std::string> headRoles() const;
    void emitConfigChanged();
    void emitViewChanged();
    /// The global tokens and the seed as typed; nullopt when they cannot be read.
    [[nodiscard]] std::optional<std::vector<int>> globalTokens() const;
    [[nodiscard]] std::optional<std::uint64_t> seed() const;

    std::vector<std::function<void()>> retranslators_;
    std::vector<QFormLayout*> forms_;  ///< one per group
    AttentionConfig base_;
    PresetState presets_;
    double temperatureValue_ = 1.0;
    bool updating_ = false;

    QCheckBox* causal_ = nullptr;
    QSpinBox* window_ = nullptr;
    QLineEdit* globals_ = nullptr;
    QPushButton* maskEdit_ = nullptr;
    QPushButton* clearMask_ = nullptr;
    QLabel* customCount_ = nullptr;
    QCheckBox* scaling_ = nullptr;
    QSlider* temperature_ = nullptr;
    QLabel* temperatureLabel_ = nullptr;
    QSpinBox* dModel_ = nullptr;
    QSpinBox* heads_ = nullptr;
    QLabel* dK_ = nullptr;
    QLineEdit* seed_ = nullptr;
    QCheckBox* positions_ = nullptr;
    QComboBox* preset_ = nullptr;
    QComboBox* head_ = nullptr;
    QComboBox* colorMap_ = nullptr;
    QComboBox* weightsRange_ = nullptr;

    std::optional<ModelSummary> model_;
    QWidget* modelGroup_ = nullptr;
    QLabel* modelName_ = nullptr;
    QLabel* modelSizes_ = nullptr;
    QComboBox* layer_ = nullptr;
    QPushButton* closeModel_ = nullptr;
    QLabel* headLabel_ = nullptr;
    QFormLayout* viewForm_ = nullptr;
    QFormLayout* modelForm_ = nullptr;
};

}  // namespace attnviz::ui
