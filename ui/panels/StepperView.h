#pragma once
#include <QWidget>

#include <array>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "ui/heatmap/MatrixSource.h"

class QLabel;

namespace attnviz::ui {

class HeatmapView;
class StepStrip;

/// The computation step by step: X, Q, K, V, scores, scaled, masked, weights, context, output.
/// Each step shows its formula, the role of its matrix, the shapes and the matrix itself (a
/// HeatmapView of that step's MatrixSource). →/← or PageDown/PageUp move one step, Home/End
/// go to the first/last.
class StepperView : public QWidget {
    Q_OBJECT
public:
    using Sources = std::array<std::shared_ptr<const MatrixSource>, kStepCount>;

    explicit StepperView(QWidget* parent = nullptr);

    /// One source per step (indexed by Step), all of the same trace and head. Keeps the step.
    void setSources(const Sources& sources);
    [[nodiscard]] const Sources& sources() const { return sources_; }

    void setStep(Step step);
    [[nodiscard]] Step step() const { return step_; }
    void next();
    void previous();

    [[nodiscard]] HeatmapView* heatmap() const { return heatmap_; }
    /// The texts of the current step (plain text), for tests and exports.
    [[nodiscard]] QString titleText() const;
    [[nodiscard]] QString formulaText() const;
    [[nodiscard]] QString shapeText() const;
    /// The strip of steps between Previous and Next.
    [[nodiscard]] StepStrip* stepStrip() const { return steps_; }

    /// Short name of a step for its button: "1 X", "2 Q", … (translated).
    [[nodiscard]] static QString stepButtonText(Step step);

    /// Values in the step view may be drawn down to this share of the text size, so that a
    /// sentence's whole matrix fits with its numbers (HeatmapView::setSmallestValueScale).
    static constexpr double kStepValueScale = 0.7;

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    /// The step's matrix whole in the view when its numbers still show (FitPolicy::NumbersFirst),
    /// until the user zooms.
    void fitHeatmap();
    void applyFonts();
    void retranslateUi();

    Sources sources_;
    Step step_ = Step::X;
    StepStrip* steps_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* role_ = nullptr;
    QLabel* formula_ = nullptr;
    QLabel* shape_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    bool autoFit_ = true;   ///< the zoom follows the view and the step until the user zooms
    bool fitting_ = false;  ///< the zoom being changed is fitHeatmap's
};

}  // namespace attnviz::ui
