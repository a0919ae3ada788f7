#pragma once
#include <QMainWindow>
#include <QString>
#include <QTimer>

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "core/model/AttentionConfig.h"
#include "core/sources/SourceCapabilities.h"
#include "ui/compute/ComputeController.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/heatmap/ViewSettings.h"

class QAction;
class QDockWidget;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace attnviz::gpt2 {
class Gpt2Model;
}

namespace attnviz::ui {

class AttentionActions;
class CellExplainer;
class ClassroomActions;
class ControlsPanel;
class CostLabPanel;
class FirstRunHint;
class HeadLinesView;
class HeatmapView;
class ImportedBar;
class JobIndicator;
class MessageBar;
class ModelGridView;
class ModelActions;
class PredictActions;
class PredictBanner;
class RowChart;
class Selection;
class SessionActions;
class StepperView;
class TokenStrip;
class UntrainedBanner;
class WeightEditor;
class WeightsActions;
class DropRouter;

/// The AttnViz window: the sentence, its tokens, the heatmap of the weights (main area), the
/// step-by-step view, the controls (left dock), the row chart and the cell explainer (right
/// docks). Every edit recomputes after a short pause, on a worker thread; a bad input shows a
/// message and the last good result stays. A change of view (head, colours) only makes the
/// views' sources again from the trace on screen. The window makes and owns its action objects
/// (sessions, weights, classroom).
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Shows or hides the sentence box and its label (presentation mode gives their height to the
    /// steps; the token strip still shows the sentence).
    void setSentenceBoxVisible(bool visible);
    /// Replaces the sentence (recomputed after the debounce delay).
    void setSentence(const QString& sentence);
    [[nodiscard]] QString sentence() const;
    /// Shows config in the controls (recomputed after the debounce delay).
    void setConfig(const AttentionConfig& config);
    [[nodiscard]] AttentionConfig config() const;
    /// The trained model the views show; null for AttnViz's own models (teaching, random, …).
    [[nodiscard]] std::shared_ptr<const gpt2::Gpt2Model> model() const { return model_; }
    /// Shows a trained model (computed at once), on layer (0-based) and head (0-based or
    /// kAllHeads; nullopt: the first); null: back to the teaching model. The sentence stays.
    void setModel(std::shared_ptr<const gpt2::Gpt2Model> model, int layer = 0, std::optional<int> head = std::nullopt);
    /// Shows weights computed elsewhere (File → Open Attention…, `attnviz --attention`) instead
    /// of a computed trace, under name (the file's): the heatmap and the row chart show the
    /// chosen layer and head (the bar above the heatmap), the steps and the explainer say why
    /// they cannot, the sentence and the settings wait. null: back to what was shown before.
    void showImported(std::shared_ptr<const AttentionStack> stack, const QString& name = {});
    /// The imported weights on screen; null when the views show a computed trace.
    [[nodiscard]] std::shared_ptr<const AttentionStack> importedStack() const { return imported_; }
    /// The bar of the imported weights: their layer and head.
    [[nodiscard]] ImportedBar* importedBar() const { return importedBar_; }
    /// File → Open Attention…, Close Attention, and .npy/.json files dropped on the window.
    [[nodiscard]] AttentionActions* attentionActions() const { return attentionActions_; }
    /// Why the steps and the explainer are empty for imported weights (translated).
    [[nodiscard]] static QString importedUnavailableText();

    /// The model's layer the controls ask for (0-based); 0 without a model.
    [[nodiscard]] int currentLayer() const;
    /// The model's forward pass behind the trace on screen; null for AttnViz's own models.
    [[nodiscard]] std::shared_ptr<const ModelRun> currentRun() const { return run_; }
    /// What the source on screen can show (imported weights, a trained model, or the settings'
    /// own): the views' and actions' branches ask this, not which source it is.
    [[nodiscard]] SourceCapabilities capabilities() const;
    /// The trace on screen (the last good result); null before the first one.
    [[nodiscard]] std::shared_ptr<const AttentionTrace> currentTrace() const { return trace_; }
    /// The sentence the trace on screen was computed from.
    [[nodiscard]] QString currentTraceSentence() const { return traceSentence_; }
    /// The matrix of a step on screen, for the head shown; null before the first result.
    [[nodiscard]] std::shared_ptr<const MatrixSource> currentSource(Step step = Step::Weights) const;

    /// The view the controls ask for: head, colour map and colour range of the weights.
    [[nodiscard]] ViewSettings viewSettings() const;
    /// Shows view in the controls; the views follow without computing the attention again.
    void setViewSettings(const ViewSettings& view);
    /// The head the views show (0 … h−1 or kAllHeads).
    [[nodiscard]] int currentHead() const;
    /// The colour map of the weights ("Blues", "viridis", "cividis").
    [[nodiscard]] QString colorMapName() const;
    /// What the views' sources are made with: the interface's language, the weights' colour range.
    [[nodiscard]] SourceOptions sourceOptions() const;

    /// The File menu; others add their actions (Quit is the last action).
    [[nodiscard]] QMenu* fileMenu() const { return fileMenu_; }
    /// The View menu; others add their actions at its end.
    [[nodiscard]] QMenu* viewMenu() const { return viewMenu_; }
    /// Presentation mode, language, theme, the "Why √d_k?" tab and the remembered settings.
    [[nodiscard]] ClassroomActions* classroom() const { return classroom_; }
    /// File → Open/Save Session, Open Recent, Export…, Copy Image, Copy as CSV, and dropped sessions.
    [[nodiscard]] SessionActions* sessionActions() const { return sessionActions_; }
    /// File → Load/Save Weights.
    [[nodiscard]] WeightsActions* weightsActions() const { return weightsActions_; }
    /// Where the actions add what may be dropped on the window (a session, a model, weights).
    [[nodiscard]] DropRouter* dropRouter() const { return dropRouter_; }
    /// Predict, then reveal: the round, its actions and keys.
    [[nodiscard]] PredictActions* predictActions() const { return predict_; }
    /// File → Open Model…, Recent Models, Close Model, and model folders dropped on the window.
    [[nodiscard]] ModelActions* modelActions() const { return modelActions_; }
    /// Default text size, and back to it with every dock shown where it starts and the window's
    /// starting size (View → Reset to Defaults).
    static constexpr double kDefaultPointSize = 13.0;
    void resetLayout();

    /// Selects cell (query, key) in every view; -1 clears the selection.
    void selectCell(int query, int key);
    [[nodiscard]] int selectedQuery() const;
    [[nodiscard]] int selectedKey() const;
    /// The head and cell the views point at.
    [[nodiscard]] const Selection* selection() const { return selection_; }

    /// The text of the message bar, empty when it is hidden.
    [[nodiscard]] QString message() const;
    /// True while a computation runs or waits for the debounce delay.
    [[nodiscard]] bool isBusy() const;
    /// Starts the pending computation now instead of after the debounce delay.
    void recomputeNow();

    /// The parts, for tests and for the exporters.
    [[nodiscard]] QPlainTextEdit* sentenceEdit() const { return sentenceEdit_; }
    [[nodiscard]] TokenStrip* tokenStrip() const { return tokenStrip_; }
    [[nodiscard]] HeatmapView* heatmap() const { return heatmap_; }
    [[nodiscard]] ControlsPanel* controls() const { return controls_; }
    [[nodiscard]] StepperView* stepper() const { return stepper_; }
    /// The "Head view" tab: every head's lines from queries to keys.
    [[nodiscard]] HeadLinesView* headView() const { return headView_; }
    [[nodiscard]] CellExplainer* explainer() const { return explainer_; }
    [[nodiscard]] RowChart* rowChart() const { return rowChart_; }
    [[nodiscard]] QTabWidget* tabs() const { return tabs_; }
    /// The "All heads" tab: every layer × head of the sentence as small heatmaps.
    [[nodiscard]] ModelGridView* modelGrid() const { return modelGrid_; }
    /// The "Cost lab" tab: the quadratic wall measured live, and what each technique keeps.
    [[nodiscard]] CostLabPanel* costLab() const { return costLab_; }
    /// Every layer and head of the result on screen (with their summaries once made).
    [[nodiscard]] std::shared_ptr<const AttentionStack> currentStack() const { return stack_; }
    /// Shows layer (a trained model's; 0-based) and head in the heatmap, the steps and the
    /// explainer, and the controls follow (the model view's click).
    void openHead(int layer, int head);
    [[nodiscard]] QPushButton* cancelButton() const { return cancelButton_; }
    /// W_Q … W_O as editable tables (the "Weights" dock).
    [[nodiscard]] WeightEditor* weightEditor() const { return weightEditor_; }
    [[nodiscard]] QDockWidget* weightsDock() const { return weightsDock_; }
    /// Shown above the heatmap while the weights are the random preset's: they mean nothing.
    [[nodiscard]] UntrainedBanner* untrainedBanner() const { return untrainedBanner_; }
    [[nodiscard]] MessageBar* messageBar() const { return messageBar_; }
    /// The status bar's line for a file being read off the GUI thread (session, weights).
    [[nodiscard]] JobIndicator* fileJobs() const { return fileJobs_; }
    /// Under the tokens, for a trained model: the five most likely next tokens.
    [[nodiscard]] QLabel* nextTokensLabel() const { return nextTokens_; }
    /// Above the heatmap during a predict round: the question, then the outcome.
    [[nodiscard]] PredictBanner* predictBanner() const { return predictBanner_; }
    /// Beside the sentence's label until dismissed: three things to try.
    [[nodiscard]] FirstRunHint* firstRunHint() const { return firstRunHint_; }
    /// The worker the computations run on (tests hold it at a known point with its start hook).
    [[nodiscard]] ComputeController* computeController() const { return compute_; }

    /// Pause between the last edit and the computation.
    static constexpr int kDebounceMs = 150;

signals:
    /// A new result is on screen (new trace, or the same trace shown for another head).
    void traceChanged();
    void busyChanged(bool busy);
    /// A trained model was opened or closed.
    void modelChanged();
    /// Imported weights were opened or closed.
    void importedChanged();

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
    /// The dock of the editable W matrices, after the other docks in the View menu.
    void buildWeightsDock();
    /// Sets every text of the window in the current language (QEvent::LanguageChange).
    void retranslateUi();
    void updateStatusText();
    /// Banner for the random preset, unknown words marked in the token strip (teaching model).
    void showTeachingState();
    /// The next-token line of a trained model's trace (hidden for the other models).
    void showNextTokens();

    void scheduleCompute();
    void startCompute();
    /// A request for sentence under config, with the view the controls ask for.
    [[nodiscard]] ComputeRequest requestFor(const QString& sentence, const AttentionConfig& config) const;
    /// Sends request to the worker; viewOnly: it only makes the sources again for another view.
    void send(ComputeRequest request, bool viewOnly);
    /// The view changed (controls, language): new colours at once, new sources from the same
    /// trace for the head, the colour range or the language of the dimension names.
    void applyView();
    void onResult(const std::shared_ptr<const ComputeResult>& result);
    /// The imported weights' layer and head (the bar's) in the heatmap, the tokens and the chart.
    void showImportedHead();
    /// The views of the trace on screen again, after imported weights (or before the first).
    void restoreTraceViews();
    void applyResult(const ComputeResult& result);

    /// Selects (query, key) of the trace on screen; out of range clears the selection.
    void applySelection(int query, int key);
    /// Puts the selection in every view.
    void showSelection();
    [[nodiscard]] int strongestKey(int query, int head) const;
    /// The key a selection of query's row starts on: the strongest, except on a row a predict
    /// round hides, where it would give the answer away (the guess, or none).
    [[nodiscard]] int keyToSelect(int query, int head) const;
    [[nodiscard]] int defaultQuery() const;

    void onBusyChanged(bool busy);
    void changeTextSize(double factor);
    /// The sentence box two lines high in its font.
    void fitSentenceHeight();
    void sizeDocks();
    void sizeControlsDock();

    ComputeController* compute_ = nullptr;
    QTimer debounce_;
    QTimer busyDelay_;
    ComputeRequest lastRequest_;  ///< the last request sent, to send again with another view
    bool lastRequestViewOnly_ = false;
    quint64 viewOnlyRequest_ = 0;  ///< id of the last request that only remade the sources

    std::shared_ptr<const gpt2::Gpt2Model> model_;
    std::shared_ptr<const AttentionStack> imported_;        ///< imported weights shown instead of trace_
    std::shared_ptr<const MatrixSource> importedSource_;    ///< their layer and head in the heatmap
    std::shared_ptr<const AttentionTrace> trace_;
    std::shared_ptr<const ModelRun> run_;  ///< the forward pass trace_ is a layer of
    int traceLayer_ = 0;
    QString traceSentence_;
    SourceOptions sourceOptions_;  ///< what sources_ were made with
    std::array<std::shared_ptr<const MatrixSource>, kStepCount> sources_;
    std::shared_ptr<const AttentionStack> stack_;  ///< every layer and head of trace_ (or run_)
    Selection* selection_ = nullptr;
    bool showingSelection_ = false;  ///< the views' echoes of showSelection are not the user's picks
    bool docksSized_ = false;        ///< dock sizes are set once, at the first show, unless restored
    qint64 lastMilliseconds_ = 0;

    MessageBar* messageBar_ = nullptr;
    QLabel* sentenceLabel_ = nullptr;
    QPlainTextEdit* sentenceEdit_ = nullptr;
    TokenStrip* tokenStrip_ = nullptr;
    QLabel* nextTokens_ = nullptr;
    UntrainedBanner* untrainedBanner_ = nullptr;
    ImportedBar* importedBar_ = nullptr;
    FirstRunHint* firstRunHint_ = nullptr;
    PredictBanner* predictBanner_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    StepperView* stepper_ = nullptr;
    HeadLinesView* headView_ = nullptr;
    ModelGridView* modelGrid_ = nullptr;
    CostLabPanel* costLab_ = nullptr;
    ControlsPanel* controls_ = nullptr;
    RowChart* rowChart_ = nullptr;
    CellExplainer* explainer_ = nullptr;
    WeightEditor* weightEditor_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QDockWidget* chartDock_ = nullptr;
    QDockWidget* explainerDock_ = nullptr;
    QDockWidget* weightsDock_ = nullptr;
    QLabel* statusText_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    JobIndicator* fileJobs_ = nullptr;

    QMenu* fileMenu_ = nullptr;
    QMenu* examplesMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* weightsAction_ = nullptr;
    QAction* stepsAction_ = nullptr;
    QAction* largerAction_ = nullptr;
    QAction* smallerAction_ = nullptr;

    WeightsActions* weightsActions_ = nullptr;
    DropRouter* dropRouter_ = nullptr;
    ClassroomActions* classroom_ = nullptr;
    SessionActions* sessionActions_ = nullptr;
    PredictActions* predict_ = nullptr;
    ModelActions* modelActions_ = nullptr;
    AttentionActions* attentionActions_ = nullptr;
};

}  // namespace attnviz::ui
