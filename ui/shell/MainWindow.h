#pragma once
#include <QFrame>
#include <QMainWindow>
#include <QString>
#include <QTimer>

#include <array>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "core/model/AttentionConfig.h"
#include "ui/heatmap/MatrixSource.h"

class QAction;
class QDockWidget;
class QLabel;
class QPlainTextEdit;
class QToolButton;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace attnviz::ui {

class CellExplainer;
class ClassroomActions;
class WeightEditor;
class WeightsActions;
class ComputeController;
class ControlsPanel;
class HeatmapView;
class RowChart;
class StepperView;
class TokenStrip;
struct ComputeResult;

/// The AttnViz window: the sentence, its tokens, the heatmap of the weights (main area), the
/// step-by-step view, the controls (left dock), the row chart and the cell explainer (right
/// docks). Every edit recomputes after a short pause, on a worker thread; a bad input shows a
/// message and the last good result stays.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Replaces the sentence (recomputed after the debounce delay).
    void setSentence(const QString& sentence);
    [[nodiscard]] QString sentence() const;
    /// Shows config in the controls (recomputed after the debounce delay).
    void setConfig(const AttentionConfig& config);
    [[nodiscard]] AttentionConfig config() const;
    /// The trace on screen (the last good result); null before the first one.
    [[nodiscard]] std::shared_ptr<const AttentionTrace> currentTrace() const { return trace_; }
    /// The sentence the trace on screen was computed from.
    [[nodiscard]] QString currentTraceSentence() const { return traceSentence_; }
    /// The matrix of a step on screen, for the head shown; null before the first result.
    [[nodiscard]] std::shared_ptr<const MatrixSource> currentSource(Step step = Step::Weights) const;
    /// The head the views show (0 … h−1 or kAllHeads), and the control that selects it.
    [[nodiscard]] int currentHead() const { return head_; }
    void setHead(int head);
    /// The colour map of the weights ("Blues", "viridis", "cividis").
    [[nodiscard]] QString colorMapName() const;
    /// What the views' sources are made with: the interface's language, the weights' colour range.
    [[nodiscard]] SourceOptions sourceOptions() const;
    void setColorMapName(const QString& name);
    /// The File menu; others add their actions (Quit is the last action).
    [[nodiscard]] QMenu* fileMenu() const { return fileMenu_; }
    /// The View menu; others add their actions at its end.
    [[nodiscard]] QMenu* viewMenu() const { return viewMenu_; }
    /// Presentation mode, language, theme, the "Why √d_k?" tab and the remembered settings.
    [[nodiscard]] ClassroomActions* classroom() const { return classroom_; }
    /// Default text size, and back to it with every dock shown where it starts and the window's
    /// starting size (View → Reset to Defaults).
    static constexpr double kDefaultPointSize = 13.0;
    void resetLayout();
    /// Fits the heatmap to its view again (after a change of fonts or layout) unless the user zoomed.
    void refitHeatmap();

    /// Selects cell (query, key) in every view; -1 clears the selection.
    void selectCell(int query, int key);
    [[nodiscard]] int selectedQuery() const { return selectedQuery_; }
    [[nodiscard]] int selectedKey() const { return selectedKey_; }

    /// The text of the message bar, empty when it is hidden.
    [[nodiscard]] QString message() const;
    /// True while a computation runs.
    [[nodiscard]] bool isBusy() const;
    /// Starts the pending computation now instead of after the debounce delay.
    void recomputeNow();

    /// The parts, for tests and for the exporters.
    [[nodiscard]] QPlainTextEdit* sentenceEdit() const { return sentenceEdit_; }
    [[nodiscard]] TokenStrip* tokenStrip() const { return tokenStrip_; }
    [[nodiscard]] HeatmapView* heatmap() const { return heatmap_; }
    [[nodiscard]] ControlsPanel* controls() const { return controls_; }
    [[nodiscard]] StepperView* stepper() const { return stepper_; }
    [[nodiscard]] CellExplainer* explainer() const { return explainer_; }
    [[nodiscard]] RowChart* rowChart() const { return rowChart_; }
    [[nodiscard]] QTabWidget* tabs() const { return tabs_; }
    [[nodiscard]] QPushButton* cancelButton() const { return cancelButton_; }
    /// W_Q … W_O as editable tables (the "Weights" dock), and File → Load/Save Weights.
    [[nodiscard]] WeightEditor* weightEditor() const { return weightEditor_; }
    [[nodiscard]] QDockWidget* weightsDock() const { return weightsDock_; }
    [[nodiscard]] WeightsActions* weightsActions() const { return weightsActions_; }
    /// Shown above the heatmap while the weights are the random preset's: they mean nothing.
    [[nodiscard]] QWidget* untrainedBanner() const { return untrainedBanner_; }
    [[nodiscard]] QPushButton* useTeachingButton() const { return useTeachingButton_; }
    [[nodiscard]] QWidget* messageBar() const { return messageBar_; }

    /// Pause between the last edit and the computation.
    static constexpr int kDebounceMs = 150;

signals:
    /// A new result is on screen (new trace, or the same trace shown for another head).
    void traceChanged();
    void busyChanged(bool busy);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildCentralArea();
    void buildDocks();
    void buildMenus();
    void buildStatusBar();
    /// The untrained-weights banner, the weight editor dock and the weights file actions.
    void buildTeachingParts();
    void retranslateTeachingParts();
    /// Banner for the random preset, unknown words marked in the token strip (teaching model).
    void showTeachingState();
    /// Sets every text of the window in the current language (QEvent::LanguageChange).
    void retranslateUi();
    void updateStatusText();
    void scheduleCompute();
    void startCompute();
    void onResult(const std::shared_ptr<const ComputeResult>& result);
    void applyResult(const ComputeResult& result);
    void applySelection(int query, int key);
    void onBusyChanged(bool busy);
    void showMessage(const QString& text);
    void hideMessage();
    void changeTextSize(double factor);
    void fitHeatmap();
    void sizeDocks();
    [[nodiscard]] int strongestKey(int query) const;
    [[nodiscard]] int defaultQuery() const;

    ComputeController* compute_ = nullptr;
    QTimer debounce_;
    QTimer busyDelay_;

    std::shared_ptr<const AttentionTrace> trace_;
    QString traceSentence_;
    SourceOptions sourceOptions_;  ///< what sources_ were made with
    std::array<std::shared_ptr<const MatrixSource>, kStepCount> sources_;
    int head_ = 0;
    int selectedQuery_ = -1;
    int selectedKey_ = -1;
    bool selecting_ = false;
    bool keyChosenByUser_ = false;
    bool docksSized_ = false;
    bool autoFitHeatmap_ = true;   ///< the heatmap's zoom follows the view's size until the user zooms
    bool fittingHeatmap_ = false;  ///< dock sizes are set once, at the first show, unless restored  ///< else the key follows the selected row's strongest weight

    QMenu* fileMenu_ = nullptr;
    QWidget* messageBar_ = nullptr;
    QLabel* messageText_ = nullptr;
    QPlainTextEdit* sentenceEdit_ = nullptr;
    TokenStrip* tokenStrip_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    StepperView* stepper_ = nullptr;
    ControlsPanel* controls_ = nullptr;
    RowChart* rowChart_ = nullptr;
    CellExplainer* explainer_ = nullptr;
    QLabel* statusText_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancelButton_ = nullptr;

    // Widgets and actions whose texts retranslateUi sets.
    QLabel* sentenceLabel_ = nullptr;
    QToolButton* hideMessageButton_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QDockWidget* chartDock_ = nullptr;
    QDockWidget* explainerDock_ = nullptr;
    QMenu* examplesMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* weightsAction_ = nullptr;
    QAction* stepsAction_ = nullptr;
    QAction* largerAction_ = nullptr;
    QAction* smallerAction_ = nullptr;
    qint64 lastMilliseconds_ = 0;
    ClassroomActions* classroom_ = nullptr;

    QFrame* untrainedBanner_ = nullptr;
    QLabel* untrainedText_ = nullptr;
    QPushButton* useTeachingButton_ = nullptr;
    WeightEditor* weightEditor_ = nullptr;
    QDockWidget* weightsDock_ = nullptr;
    WeightsActions* weightsActions_ = nullptr;
};

}  // namespace attnviz::ui
