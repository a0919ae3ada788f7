#include "ui/panels/ControlsPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "core/attention/AttentionTrace.h"
#include "core/base/Limits.h"
#include "core/base/SettingParsers.h"
#include "core/model/TeachingConfig.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/i18n/Language.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

constexpr double kMinTemperature = 0.05;
constexpr double kMaxTemperature = 20.0;

QString temperatureText(double t) {
    return QCoreApplication::translate("attnviz::ui::ControlsPanel", "T = %1").arg(formatSignificant(t, 3, numberLocale()));
}

QGroupBox* group(QFormLayout*& form) {
    auto* box = new QGroupBox;
    form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);  // until fitRows finds it too narrow
    return box;
}

/// A field never narrower than it asks to be, so that its text is never cut (a layout otherwise
/// squeezes it down to its minimum: "Modèle pédagogique", "du plus petit au plus grand" and
/// "désactivée" were cut in French). A group too narrow for its fields puts them under their
/// labels (fitRows).
template <class Field>
class WholeText : public Field {
public:
    [[nodiscard]] QSize minimumSizeHint() const override { return Field::sizeHint(); }
};

/// A list whose size follows its entries in the current language (Qt's default measures them
/// once, at the first show).
QComboBox* choiceBox() {
    auto* box = new WholeText<QComboBox>;
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return box;
}

/// The width a form's item asks for, or at least needs, asked of its widget: the layout's items
/// keep the sizes of the texts before a change of language until it lays them out again.
int itemWidth(const QLayoutItem* item, bool minimum) {
    if (const QWidget* widget = item->widget()) return (minimum ? widget->minimumSizeHint() : widget->sizeHint()).width();
    return (minimum ? item->minimumSize() : item->sizeHint()).width();
}

/// The label of a form row; its text is set by a translate() call.
QLabel* rowLabel(QWidget* buddy) {
    auto* label = new QLabel;
    label->setBuddy(buddy);
    return label;
}

/// "Head 2 of 4", or "Head 2 — previous token" when the teaching model names the head's role.
QString headChoiceText(int head, int heads, const std::vector<std::string>& roles) {
    if (head == kAllHeads) return ControlsPanel::tr("Mean of the %1 heads").arg(heads);
    if (head < static_cast<int>(roles.size()))  // short: the list is narrow, the count is beside it
        return ControlsPanel::tr("Head %1 — %2")
            .arg(head + 1)
            .arg(QString::fromStdString(roles[static_cast<std::size_t>(head)]));
    return ControlsPanel::tr("Head %1 of %2").arg(head + 1).arg(heads);
}

}  // namespace

ControlsPanel::ControlsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeTrainedModelGroup());
    layout->addWidget(makeMaskGroup());
    layout->addWidget(makeScalingGroup());
    layout->addWidget(makeModelGroup());
    layout->addWidget(makeViewGroup());
    layout->addStretch(1);
    setConfig(AttentionConfig{});
}

void ControlsPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitRows();
}

void ControlsPanel::fitRows() {
    for (QFormLayout* form : forms_) {
        // The labels' column and the widest field beside it (rows spanning both columns aside).
        int labels = 0, fields = 0;
        for (int row = 0; row < form->rowCount(); ++row) {
            const QLayoutItem* label = form->itemAt(row, QFormLayout::LabelRole);
            const QLayoutItem* field = form->itemAt(row, QFormLayout::FieldRole);
            if (label == nullptr || field == nullptr) continue;
            labels = std::max(labels, itemWidth(label, false));
            fields = std::max(fields, itemWidth(field, true));
        }
        const QMargins margins = form->contentsMargins();
        const int available = form->parentWidget()->contentsRect().width() - margins.left() - margins.right();
        const int spacing = std::max(0, form->horizontalSpacing());
        const auto policy = labels + spacing + fields <= available ? QFormLayout::DontWrapRows : QFormLayout::WrapAllRows;
        if (form->rowWrapPolicy() != policy) form->setRowWrapPolicy(policy);
    }
}

int ControlsPanel::groupsWidth(bool sideBySide) const {
    // Whatever fitRows does now: each group with its fields beside their labels, or under them.
    int width = 0;
    for (const QFormLayout* form : forms_) {
        int labels = 0, fields = 0, whole = 0;
        for (int row = 0; row < form->rowCount(); ++row) {
            const QLayoutItem* label = form->itemAt(row, QFormLayout::LabelRole);
            const QLayoutItem* field = form->itemAt(row, QFormLayout::FieldRole);
            const QLayoutItem* spanning = form->itemAt(row, QFormLayout::SpanningRole);
            if (label != nullptr) labels = std::max(labels, itemWidth(label, !sideBySide));
            if (field != nullptr) fields = std::max(fields, itemWidth(field, !sideBySide));
            if (spanning != nullptr) whole = std::max(whole, itemWidth(spanning, !sideBySide));
        }
        const int rows = sideBySide ? labels + std::max(0, form->horizontalSpacing()) + fields : std::max(labels, fields);
        const QWidget* box = form->parentWidget();
        const QMargins margins = form->contentsMargins();
        width = std::max(width, std::max(rows, whole) + margins.left() + margins.right() + box->width() -
                                    box->contentsRect().width());
    }
    const QMargins outer = layout()->contentsMargins();
    return width + outer.left() + outer.right();
}

QSize ControlsPanel::minimumSizeHint() const { return {groupsWidth(false), QWidget::minimumSizeHint().height()}; }

QSize ControlsPanel::sizeHint() const {
    const int preferred = std::min(groupsWidth(true), fontMetrics().averageCharWidth() * kPreferredChars);
    return {std::max(groupsWidth(false), preferred), QWidget::sizeHint().height()};
}

void ControlsPanel::translate(std::function<void()> setTexts) {
    setTexts();
    retranslators_.push_back(std::move(setTexts));
}

void ControlsPanel::retranslateUi() {
    for (const auto& setTexts : retranslators_) setTexts();
    temperatureLabel_->setText(temperatureText(temperatureValue_));
    const int supplied = preset_->findData(static_cast<int>(ProjectionPreset::Supplied));
    if (supplied >= 0) preset_->setItemText(supplied, tr("Supplied (edited or from a file)"));
    const int own = preset_->findData(static_cast<int>(ProjectionPreset::Model));
    if (own >= 0) preset_->setItemText(own, tr("The model's own (its checkpoint)"));
    const int heads = head_->findData(kAllHeads) >= 0 ? head_->count() - 1 : head_->count();
    const std::vector<std::string> roles = headRoles();
    for (int i = 0; i < head_->count(); ++i)
        head_->setItemText(i, headChoiceText(head_->itemData(i).toInt(), heads, roles));
    updateDerivedLabels();
    // The texts' widths changed with the language: the layouts measure the fields again.
    for (QWidget* field : findChildren<QWidget*>()) field->updateGeometry();
    fitRows();
}

void ControlsPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        if (model_) applyModelState();  // the tooltips of the controls a model sets say why they are off
    }
    if (event->type() == QEvent::PaletteChange) updateDerivedLabels();  // the warning's red follows the theme
}

QWidget* ControlsPanel::makeMaskGroup() {
    QFormLayout* form = nullptr;
    QGroupBox* box = group(form);
    forms_.push_back(form);
    causal_ = new QCheckBox;
    form->addRow(causal_);
    window_ = new WholeText<QSpinBox>;
    window_->setRange(0, static_cast<int>(kDefaultMaxTokens));
    QLabel* windowLabel = rowLabel(window_);
    form->addRow(windowLabel, window_);
    globals_ = new QLineEdit;
    QLabel* globalsLabel = rowLabel(globals_);
    form->addRow(globalsLabel, globals_);
    maskEdit_ = new QPushButton;
    maskEdit_->setCheckable(true);
    clearMask_ = new QPushButton;
    auto* maskRow = new QHBoxLayout;
    maskRow->addWidget(maskEdit_, 1);
    maskRow->addWidget(clearMask_);
    form->addRow(maskRow);
    customCount_ = new QLabel;
    form->addRow(customCount_);
    translate([=, this] {
        box->setTitle(tr("Mask"));
        box->setToolTip(tr("Masks hide keys from queries: a hidden score becomes −∞ before the softmax, so its "
                           "weight is 0. Masks compose: a key is visible only if every active mask allows it."));
        causal_->setText(tr("Causal mask (tril)"));
        causal_->setToolTip(tr("Causal attention: position i may only attend to positions j ≤ i, as in the chapter's "
                               "torch.tril(torch.ones(n, n)). A language model must not look at future tokens. "
                               "Composes with the window and the custom mask."));
        window_->setSpecialValueText(tr("off"));
        window_->setToolTip(tr("Sliding window w: query i sees key j only when |i − j| < w (local attention). "
                               "Global tokens see every key and are seen by every query. 0 turns it off."));
        windowLabel->setText(tr("Sliding window w"));
        globals_->setPlaceholderText(tr("e.g. 0,5"));
        globals_->setToolTip(tr("Global tokens of the sliding window: positions (0-based) separated by commas. "
                                "They attend to all positions and all positions attend to them."));
        globalsLabel->setText(tr("Global tokens"));
        maskEdit_->setText(tr("Edit mask: click cells"));
        maskEdit_->setToolTip(tr("Custom mask: while this is on, clicking a heatmap cell (query i, key j) hides that "
                                 "key from that query, or shows it again (the chapter's mask argument)."));
        clearMask_->setText(tr("Clear"));
        clearMask_->setToolTip(tr("Remove every cell masked by hand."));
    });

    connect(causal_, &QCheckBox::toggled, this, &ControlsPanel::emitConfigChanged);
    connect(window_, &QSpinBox::valueChanged, this, [this] {
        globals_->setEnabled(window_->value() > 0);
        emitConfigChanged();
    });
    connect(globals_, &QLineEdit::textChanged, this, [this] {
        QPalette pal;
        if (!globalTokens()) {
            // Pink with black text: readable in the light and the dark theme.
            pal.setColor(QPalette::Base, QColor(0xff, 0xcd, 0xd2));
            pal.setColor(QPalette::Text, Qt::black);
        }
        globals_->setPalette(pal);
        emitConfigChanged();
    });
    connect(maskEdit_, &QPushButton::toggled, this, &ControlsPanel::maskEditModeChanged);
    connect(clearMask_, &QPushButton::clicked, this, [this] {
        base_.mask.customMasked.clear();
        updateDerivedLabels();
        emitConfigChanged();
    });
    return box;
}

QWidget* ControlsPanel::makeScalingGroup() {
    QFormLayout* form = nullptr;
    QGroupBox* box = group(form);
    forms_.push_back(form);
    scaling_ = new QCheckBox;
    form->addRow(scaling_);
    temperature_ = new QSlider(Qt::Horizontal);
    temperature_->setRange(0, kSliderSteps);
    temperatureLabel_ = new QLabel;
    temperatureLabel_->setMinimumWidth(temperatureLabel_->fontMetrics().horizontalAdvance(QStringLiteral("T = 0.055")));
    auto* row = new QHBoxLayout;
    row->addWidget(temperature_, 1);
    row->addWidget(temperatureLabel_);
    QLabel* temperatureRowLabel = rowLabel(temperature_);
    form->addRow(temperatureRowLabel, row);
    translate([=, this] {
        box->setTitle(tr("Scaling"));
        scaling_->setText(tr("Divide the scores by √d_k"));
        scaling_->setToolTip(tr("Step 2 of the chapter: scaled = QKᵀ / √d_k. Without scaling, for a large d_k the dot "
                                "products grow large and push the softmax into regions with extremely small "
                                "gradients; dividing by √d_k keeps the variance stable."));
        temperature_->setToolTip(tr("Temperature T: the scores are also divided by T before the softmax. T < 1 "
                                    "sharpens the weights (towards one key), T > 1 flattens them (towards equal "
                                    "weights). Log scale from 0.05 to 20; T = 1 is the chapter's formula."));
        temperatureRowLabel->setText(tr("Temperature"));
    });

    connect(scaling_, &QCheckBox::toggled, this, &ControlsPanel::emitConfigChanged);
    connect(temperature_, &QSlider::valueChanged, this, [this](int position) {
        if (updating_) return;
        temperatureValue_ = temperatureForSlider(position);
        temperatureLabel_->setText(temperatureText(temperatureValue_));
        emitConfigChanged();
    });
    return box;
}

QWidget* ControlsPanel::makeModelGroup() {
    QFormLayout* form = nullptr;
    QGroupBox* box = group(form);
    forms_.push_back(form);
    dModel_ = new WholeText<QSpinBox>;
    dModel_->setRange(1, limits::kMaxDModel);
    QLabel* dModelLabel = rowLabel(dModel_);
    form->addRow(dModelLabel, dModel_);
    heads_ = new WholeText<QSpinBox>;
    heads_->setRange(1, 64);
    QLabel* headsLabel = rowLabel(heads_);
    form->addRow(headsLabel, heads_);
    dK_ = new QLabel;
    dK_->setWordWrap(true);
    QLabel* dKLabel = rowLabel(dK_);
    form->addRow(dKLabel, dK_);
    seed_ = new QLineEdit;
    seed_->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{0,20}")), seed_));
    QLabel* seedLabel = rowLabel(seed_);
    form->addRow(seedLabel, seed_);
    positions_ = new QCheckBox;
    form->addRow(positions_);
    preset_ = choiceBox();
    preset_->addItem(QString(), static_cast<int>(ProjectionPreset::Random));
    preset_->addItem(QString(), static_cast<int>(ProjectionPreset::Identity));
    preset_->addItem(QString(), static_cast<int>(ProjectionPreset::Teaching));
    preset_->addItem(QString(), kTeachingHeadsChoice);
    QLabel* presetLabel = rowLabel(preset_);
    form->addRow(presetLabel, preset_);
    translate([=, this] {
        box->setTitle(tr("Model"));
        dModel_->setToolTip(tr("d_model: each token is a vector of d_model numbers (X ∈ ℝ^{n×d_model})."));
        dModelLabel->setText(tr("d_model"));
        heads_->setToolTip(tr("Number of heads h: W_Q, W_K, W_V are cut into h slices of d_k = d_model / h "
                              "columns; each head computes its own attention (multi-head attention, next chapter)."));
        headsLabel->setText(tr("Heads h"));
        dK_->setToolTip(tr("d_k: the length of each query and key vector, the √d_k of the scaling."));
        dKLabel->setText(tr("d_k = d_model / h"));
        seed_->setToolTip(tr("Seed of the random embeddings and projections: the same seed gives the same numbers, "
                             "on every computer."));
        seedLabel->setText(tr("Seed"));
        positions_->setText(tr("Positional encoding"));
        positions_->setToolTip(tr("Adds sin/cos positional encodings to the embeddings, so X depends on where a "
                                  "word is: without it, the same word at two places gets the same row of X."));
        preset_->setItemText(preset_->findData(static_cast<int>(ProjectionPreset::Random)), tr("Random (seeded)"));
        preset_->setItemText(preset_->findData(static_cast<int>(ProjectionPreset::Identity)), tr("Identity"));
        const int teaching = preset_->findData(static_cast<int>(ProjectionPreset::Teaching));
        preset_->setItemText(teaching, tr("Teaching model"));
        preset_->setItemData(teaching,
                             tr("Interpretable: every dimension of X, Q, K, V has a name (pronoun, living being, …) "
                                "and W_Q, W_K, W_V, W_O are written by named rules. Sets d_model to the model's "
                                "dimensions."),
                             Qt::ToolTipRole);
        const int teachingHeads = preset_->findData(kTeachingHeadsChoice);
        preset_->setItemText(teachingHeads, tr("Teaching model, 4 heads"));
        preset_->setItemData(teachingHeads,
                             tr("The teaching model in four heads with one role each: coreference, previous token, "
                                "determiner → noun, negation → verb. Their contexts are concatenated and mixed by "
                                "W_O. Sets d_model to 24 and the heads to 4."),
                             Qt::ToolTipRole);
        preset_->setToolTip(tr("Projections W_Q, W_K, W_V, W_O. Random: seeded values, as an untrained model. "
                               "Identity: Q = K = V = X, so the score of (i, j) is the dot product of the "
                               "two tokens' vectors."));
        presetLabel->setText(tr("Projections"));
    });

    // configChanged before the list of heads may change the head: the window then computes once,
    // with the new head, instead of making the old trace's sources for it first.
    connect(dModel_, &QSpinBox::valueChanged, this, [this](int d) {
        presets_ = withDModel(presets_, d);
        updateDerivedLabels();
        emitConfigChanged();
        rebuildHeadChoices();
    });
    connect(heads_, &QSpinBox::valueChanged, this, [this] {
        updateDerivedLabels();
        emitConfigChanged();
        rebuildHeadChoices();
    });
    connect(seed_, &QLineEdit::textChanged, this, &ControlsPanel::emitConfigChanged);
    connect(positions_, &QCheckBox::toggled, this, &ControlsPanel::emitConfigChanged);
    connect(preset_, &QComboBox::currentIndexChanged, this, [this] {
        const int choice = preset_->currentData().toInt();
        const bool fourHeads = choice == kTeachingHeadsChoice;
        const auto chosen = fourHeads ? ProjectionPreset::Teaching : static_cast<ProjectionPreset>(choice);
        // The two built-in teaching models share the preset: the choice says which one, and its heads.
        const bool hadFourHeads = base_.teachingModel == TeachingModel::builtInHeads();
        if (fourHeads) base_.teachingModel = TeachingModel::builtInHeads();
        else if (chosen == ProjectionPreset::Teaching && hadFourHeads) base_.teachingModel = nullptr;
        presets_ = choosePreset(presets_, chosen, teachingModelOf(base_).dimensions());
        {
            const QSignalBlocker blockers[] = {QSignalBlocker(dModel_), QSignalBlocker(heads_)};
            dModel_->setValue(presets_.dModel);
            if (chosen == ProjectionPreset::Teaching && fourHeads != hadFourHeads)
                heads_->setValue(teachingModelOf(base_).defaultHeads());
        }
        updateDerivedLabels();
        emitConfigChanged();
        rebuildHeadChoices();
    });
    return box;
}

QWidget* ControlsPanel::makeTrainedModelGroup() {
    QFormLayout* form = nullptr;
    auto* box = group(form);
    forms_.push_back(form);
    modelName_ = new QLabel;
    modelName_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(modelName_);
    modelSizes_ = new QLabel;
    modelSizes_->setWordWrap(true);
    form->addRow(modelSizes_);
    layer_ = choiceBox();
    QLabel* layerLabel = rowLabel(layer_);
    form->addRow(layerLabel, layer_);
    closeModel_ = new QPushButton;
    form->addRow(closeModel_);
    modelForm_ = form;
    translate([=, this] {
        box->setTitle(tr("Trained model"));
        layerLabel->setText(tr("Layer"));
        layer_->setToolTip(tr("Which of the model's layers the views show: each layer has its own heads, "
                              "its own X (ln_1 of the residual stream), W_Q, W_K, W_V and W_O."));
        closeModel_->setText(tr("Close model"));
        closeModel_->setToolTip(tr("Back to the teaching model; the sentence stays."));
        for (int i = 0; i < layer_->count(); ++i)
            layer_->setItemText(i, tr("Layer %1 of %2").arg(i + 1).arg(layer_->count()));
        if (model_) {
            modelSizes_->setText(tr("%1 layers · %2 heads · d_model %3 · %4 tokens in its vocabulary · up to %5 "
                                    "tokens a sentence")
                                     .arg(model_->layers)
                                     .arg(model_->heads)
                                     .arg(model_->dModel)
                                     .arg(model_->vocabulary)
                                     .arg(model_->positions));
        }
    });
    connect(layer_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_) emit layerChanged();
    });
    connect(closeModel_, &QPushButton::clicked, this, &ControlsPanel::closeModelRequested);
    modelGroup_ = box;
    box->hide();
    return box;
}

void ControlsPanel::showModel(const std::optional<ModelSummary>& model) {
    updating_ = true;
    model_ = model;
    layer_->clear();
    {
        // The projections list names the model's own while it is open (and only then).
        const QSignalBlocker blocker(preset_);
        const int own = preset_->findData(static_cast<int>(ProjectionPreset::Model));
        if (model_ && own < 0) preset_->addItem(QString(), static_cast<int>(ProjectionPreset::Model));
        if (!model_ && own >= 0) preset_->removeItem(own);
        if (model_) preset_->setCurrentIndex(preset_->findData(static_cast<int>(ProjectionPreset::Model)));
    }
    if (model_) {
        modelName_->setText(QStringLiteral("<b>%1</b>").arg(model_->name.toHtmlEscaped()));
        for (int i = 0; i < model_->layers; ++i) layer_->addItem(QString(), i);
        layer_->setCurrentIndex(0);
    }
    moveHeadRow();
    retranslateUi();
    applyModelState();
    updating_ = false;
}

void ControlsPanel::moveHeadRow() {
    // With a model the head is chosen beside its layer; without, it is a view setting.
    QFormLayout* to = model_ ? modelForm_ : viewForm_;
    QFormLayout* from = model_ ? viewForm_ : modelForm_;
    int row = -1;
    QFormLayout::ItemRole role;
    from->getWidgetPosition(head_, &row, &role);
    if (row < 0) return;  // already there
    const QFormLayout::TakeRowResult taken = from->takeRow(row);
    delete taken.labelItem;  // the items only: the widgets go on to the other form
    delete taken.fieldItem;
    if (model_) {
        int layerRow = -1;
        to->getWidgetPosition(layer_, &layerRow, &role);
        to->insertRow(layerRow + 1, headLabel_, head_);
    } else {
        to->insertRow(0, headLabel_, head_);
    }
}

void ControlsPanel::applyModelState() {
    const bool open = model_.has_value();
    modelGroup_->setVisible(open);
    // The views show what the model computes: its causal mask, its √d_k, its weights and sizes.
    const std::initializer_list<QWidget*> controls = {causal_, window_,  globals_, maskEdit_, clearMask_, scaling_,
                                                      temperature_, dModel_, heads_, seed_, positions_, preset_};
    for (QWidget* control : controls) {
        control->setEnabled(!open);
        if (open)
            control->setToolTip(tr("Set by the model %1: it computes with its own weights, sizes, causal mask "
                                   "and √d_k. Close the model to change this.")
                                    .arg(model_->name));
    }
    if (!open) retranslateUi();  // the controls' own tooltips again
}

int ControlsPanel::layer() const { return model_ ? std::max(0, layer_->currentIndex()) : 0; }

void ControlsPanel::setLayer(int layer) {
    if (!model_ || layer < 0 || layer >= layer_->count() || layer == layer_->currentIndex()) return;
    layer_->setCurrentIndex(layer);  // emits layerChanged
}

QWidget* ControlsPanel::makeViewGroup() {
    QFormLayout* form = nullptr;
    QGroupBox* box = group(form);
    forms_.push_back(form);
    head_ = choiceBox();
    QLabel* headLabel = rowLabel(head_);
    form->addRow(headLabel, head_);
    headLabel_ = headLabel;
    viewForm_ = form;
    colorMap_ = choiceBox();
    colorMap_->addItems(ColorMap::sequentialNames());
    QLabel* colorMapLabel = rowLabel(colorMap_);
    form->addRow(colorMapLabel, colorMap_);
    weightsRange_ = choiceBox();
    weightsRange_->addItem(QString(), static_cast<int>(WeightsRange::Fixed));
    weightsRange_->addItem(QString(), static_cast<int>(WeightsRange::Data));
    weightsRange_->addItem(QString(), static_cast<int>(WeightsRange::PerRow));
    // Its width follows its texts in every language (French ones are longer), not the first shown.
    weightsRange_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    QLabel* weightsRangeLabel = rowLabel(weightsRange_);
    form->addRow(weightsRangeLabel, weightsRange_);
    translate([=, this] {
        box->setTitle(tr("View"));
        head_->setToolTip(tr("Which head the views show: one head, or the mean of the heads' weights."));
        headLabel->setText(tr("Head"));
        colorMap_->setToolTip(tr("Colours of the weights (0 → 1). Blues is the chapter's heatmap; viridis and "
                                 "cividis are easier to read for colour-blind viewers. Signed matrices use "
                                 "blue–red."));
        colorMapLabel->setText(tr("Colours"));
        weightsRange_->setItemText(0, tr("0 to 1"));
        weightsRange_->setItemText(1, tr("smallest to largest"));
        weightsRange_->setItemText(2, tr("each row: 0 to its largest"));
        weightsRange_->setToolTip(
            tr("What the weights' colours span. 0 to 1: every figure reads the same. Smallest to largest weight: as "
               "the chapter's seaborn heatmap; with a long sentence, whose weights are all small, the differences "
               "stay visible (rows that see a single key, always 1, are left out). Each row against its largest "
               "weight: every row shows where it looks most, even in a long causal heatmap; the numbers stay the "
               "weights."));
        weightsRangeLabel->setText(tr("Colour range"));
    });

    connect(head_, &QComboBox::currentIndexChanged, this, &ControlsPanel::emitViewChanged);
    connect(colorMap_, &QComboBox::currentTextChanged, this, &ControlsPanel::emitViewChanged);
    connect(weightsRange_, &QComboBox::currentIndexChanged, this, &ControlsPanel::emitViewChanged);
    return box;
}

ViewSettings ControlsPanel::viewSettings() const {
    ViewSettings view;
    view.head = head_->currentIndex() >= 0 ? head_->currentData().toInt() : 0;
    view.colorMap = colorMap_->currentText();
    view.weightsRange = weightsRange();
    return view;
}

void ControlsPanel::setViewSettings(const ViewSettings& view) {
    // One viewChanged for the three, after all of them are shown.
    {
        const QSignalBlocker blockers[] = {QSignalBlocker(head_), QSignalBlocker(colorMap_),
                                           QSignalBlocker(weightsRange_)};
        const ViewSettings before = viewSettings();
        if (const int head = head_->findData(view.head); head >= 0) head_->setCurrentIndex(head);
        if (const int map = colorMap_->findText(view.colorMap); map >= 0) colorMap_->setCurrentIndex(map);
        weightsRange_->setCurrentIndex(weightsRange_->findData(static_cast<int>(view.weightsRange)));
        if (viewSettings() == before) return;
    }
    emitViewChanged();
}

WeightsRange ControlsPanel::weightsRange() const {
    return static_cast<WeightsRange>(weightsRange_->currentData().toInt());
}

void ControlsPanel::setWeightsRange(WeightsRange range) {
    ViewSettings view = viewSettings();
    view.weightsRange = range;
    setViewSettings(view);
}

double ControlsPanel::temperatureForSlider(int position) {
    const double u = static_cast<double>(std::clamp(position, 0, kSliderSteps)) / kSliderSteps;
    const double t = kMinTemperature * std::pow(kMaxTemperature / kMinTemperature, u);
    return QString::number(t, 'g', 3).toDouble();  // 3 significant digits: T = 1 at the middle
}

int ControlsPanel::sliderForTemperature(double temperature) {
    const double t = std::clamp(temperature, kMinTemperature, kMaxTemperature);
    return static_cast<int>(
        std::lround(kSliderSteps * std::log(t / kMinTemperature) / std::log(kMaxTemperature / kMinTemperature)));
}

std::optional<std::vector<int>> ControlsPanel::globalTokens() const {
    return parseTokenPositions(globals_->text().toStdString());
}

std::optional<std::uint64_t> ControlsPanel::seed() const { return parseSeed(seed_->text().toStdString()); }

AttentionConfig ControlsPanel::config() const {
    if (model_) return base_;  // every setting is the model's (applyModelState)
    AttentionConfig c = base_;
    c.mask.causal = causal_->isChecked();
    c.mask.window = window_->value();
    // Positions that cannot be read leave none (inputProblem says why).
    c.mask.globalTokens = c.mask.window > 0 ? globalTokens().value_or(std::vector<int>{}) : std::vector<int>{};
    c.scaleBySqrtDk = scaling_->isChecked();
    c.temperature = temperatureValue_;
    c.dModel = dModel_->value();
    c.heads = heads_->value();
    if (const std::optional<std::uint64_t> typed = seed()) c.seed = *typed;
    c.positionalEncoding = positions_->isChecked();
    c.preset = presets_.preset;
    c.supplied = presets_.matrices();
    return c;
}

void ControlsPanel::setConfig(const AttentionConfig& config) {
    updating_ = true;
    const QSignalBlocker blockers[] = {QSignalBlocker(causal_),  QSignalBlocker(window_),    QSignalBlocker(globals_),
                                       QSignalBlocker(scaling_), QSignalBlocker(temperature_), QSignalBlocker(dModel_),
                                       QSignalBlocker(heads_),   QSignalBlocker(seed_),      QSignalBlocker(positions_),
                                       QSignalBlocker(preset_)};
    base_ = config;
    presets_ = presetStateFor(presets_, config);
    causal_->setChecked(config.mask.causal);
    window_->setValue(config.mask.window);
    QStringList globals;
    for (int g : config.mask.globalTokens) globals << QString::number(g);
    globals_->setText(globals.join(QStringLiteral(",")));
    globals_->setPalette(QPalette());
    globals_->setEnabled(config.mask.window > 0);
    scaling_->setChecked(config.scaleBySqrtDk);
    temperatureValue_ = config.temperature;
    temperature_->setValue(sliderForTemperature(config.temperature));
    temperatureLabel_->setText(temperatureText(config.temperature));
    dModel_->setValue(presets_.dModel);
    heads_->setValue(config.heads);
    seed_->setText(QString::number(config.seed));
    positions_->setChecked(config.positionalEncoding);
    const int supplied = preset_->findData(static_cast<int>(ProjectionPreset::Supplied));
    if (presets_.suppliedOffered && supplied < 0)
        preset_->addItem(tr("Supplied (edited or from a file)"), static_cast<int>(ProjectionPreset::Supplied));
    else if (!presets_.suppliedOffered && supplied >= 0)
        preset_->removeItem(supplied);
    preset_->setCurrentIndex(usesTeachingHeads(config) ? preset_->findData(kTeachingHeadsChoice)
                                                        : preset_->findData(static_cast<int>(presets_.preset)));
    updateDerivedLabels();
    rebuildHeadChoices();
    updating_ = false;
}

QString ControlsPanel::inputProblem() const {
    if (window_->value() > 0 && !globalTokens())
        return tr("Global tokens: “%1” is not a list of positions (write numbers separated by commas, e.g. 0,5).")
            .arg(globals_->text());
    if (!seed()) return tr("Seed: write a whole number from 0 to 18446744073709551615.");
    return {};
}

bool ControlsPanel::maskEditMode() const { return maskEdit_->isChecked(); }

void ControlsPanel::setMaskEditMode(bool on) { maskEdit_->setChecked(on); }

void ControlsPanel::toggleCustomCell(int query, int key) {
    auto& cells = base_.mask.customMasked;
    const std::pair<int, int> cell{query, key};
    if (!cells.erase(cell)) cells.insert(cell);
    updateDerivedLabels();
    emitConfigChanged();
}

void ControlsPanel::updateDerivedLabels() {
    dModel_->setEnabled(presets_.dModelEditable());
    const int d = dModel_->value(), h = heads_->value();
    if (d % h == 0) {
        dK_->setText(tr("%1 / %2 = %3").arg(d).arg(h).arg(d / h));
        dK_->setPalette(QPalette());
        dK_->setFont(QFont());
    } else {
        QStringList divisors;
        for (int k = 1; k <= std::min(d, heads_->maximum()); ++k)
            if (d % k == 0) divisors << QString::number(k);
        dK_->setText(tr("%1 / %2 is not a whole number: the number of heads must divide d_model (try %3)")
                         .arg(d)
                         .arg(h)
                         .arg(divisors.join(QStringLiteral(", "))));
        QPalette red;
        red.setColor(QPalette::WindowText, warningTextColor(palette()));
        dK_->setPalette(red);
        QFont bold;
        bold.setBold(true);
        dK_->setFont(bold);
    }
    const auto count = static_cast<int>(base_.mask.customMasked.size());
    customCount_->setText(count == 0 ? tr("No cell masked by hand") : tr("%n cell(s) masked by hand", nullptr, count));
    clearMask_->setEnabled(count > 0);
}

std::vector<std::string> ControlsPanel::headRoles() const {
    return teachingHeadRoles(config(), currentLanguage().toStdString());
}

void ControlsPanel::rebuildHeadChoices() {
    const int h = heads_->value();
    if (dModel_->value() % h != 0) return;  // keep the choices of the last valid setting
    const int previous = viewSettings().head;
    {
        const QSignalBlocker blocker(head_);
        head_->clear();
        const std::vector<std::string> roles = headRoles();
        for (int i = 0; i < h; ++i) head_->addItem(headChoiceText(i, h, roles), i);
        if (h > 1) head_->addItem(headChoiceText(kAllHeads, h, roles), kAllHeads);
        const int index = head_->findData(previous);
        head_->setCurrentIndex(index >= 0 ? index : 0);
    }
    if (viewSettings().head != previous) emitViewChanged();
}

void ControlsPanel::emitConfigChanged() {
    if (!updating_) emit configChanged();
}

void ControlsPanel::emitViewChanged() {
    if (!updating_) emit viewChanged();
}

}  // namespace attnviz::ui
