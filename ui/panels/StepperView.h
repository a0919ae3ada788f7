#pragma once
#include <QWidget>

#include <array>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "ui/heatmap/MatrixSource.h"

class QLabel;
class QScrollArea;

namespace attnviz::ui {

class HeatmapView;
class StepStrip;

/// The computation step by step: X, Q, K, V, scores, scaled, masked, weights, context, output.
/// Each step shows its formula, the role of its matrix, the shapes and the matrix itself (a
/// HeatmapView of that step's MatrixSource, its cells filling the view, scrolling only when its
/// numbers would not fit: FitPolicy::NumbersFirst). The selected query's row (and its cell in
/// the n × n steps) is marked and kept in view. →/← or PageDown/PageUp move one step, Home/End
/// go to the first/last.
class StepperView : public QWidget {
    Q_OBJECT
public:
    using Sources = std::array<std::shared_ptr<const MatrixSource>, kStepCount>;

    explicit StepperView(QWidget* parent = nullptr);

    /// One source per step (indexed by Step), all of the same trace and head. Keeps the step.
    void setSources(const Sources& sources);
    /// No steps to show, and why (imported weights have no Q and K): said where the step's
    /// texts are, until the next setSources.
    void showUnavailable(const QString& why);
    /// The reason showUnavailable gave; empty when the steps are shown.
    [[nodiscard]] const QString& unavailableReason() const { return unavailable_; }
    [[nodiscard]] const Sources& sources() const { return sources_; }

    /// The window's selection: query row, key column (-1: none).
    void setSelection(int query, int key);

    void setStep(Step step);
    [[nodiscard]] Step step() const { return step_; }
    void next();
    void previous();

    [[nodiscard]] HeatmapView* heatmap() const { return heatmap_; }
    /// The texts of the current step (plain text), for tests and exports.
    [[nodiscard]] QString titleText() const;
    [[nodiscard]] QString formulaText() const;
    /// The step's role sentence as plain text (what the step is for; the heads' roles when named).
    [[nodiscard]] QString roleText() const;
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
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    /// The selection on the step's matrix: the cell in the n × n steps, the row in the others.
    void showSelection();
    void applyFonts();
    /// The texts' area as high as its wrapped texts, up to its share of the height (it scrolls then).
    void fitTexts();
    void retranslateUi();

    Sources sources_;
    QString unavailable_;
    Step step_ = Step::X;
    StepStrip* steps_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* role_ = nullptr;
    QLabel* formula_ = nullptr;
    QLabel* shape_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    QWidget* texts_ = nullptr;
    QScrollArea* textScroll_ = nullptr;
    int query_ = -1;
    int key_ = -1;
};

}  // namespace attnviz::ui
