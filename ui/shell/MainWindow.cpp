#include "ui/shell/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>

#include "core/base/Errors.h"
#include "core/formats/WeightsFile.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/heads/AttentionStack.h"
#include "core/model/TeachingConfig.h"
#include "core/sources/AttentionSource.h"
#include "ui/costlab/CostLabPanel.h"
#include "ui/costlab/TechniqueComparisonView.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/heads/ModelGridView.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/i18n/Language.h"
#include "ui/jobs/JobIndicator.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/panels/WeightEditor.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/AttentionActions.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/DropRouter.h"
#include "ui/shell/Examples.h"
#include "ui/shell/FirstRunHint.h"
#include "ui/shell/ImportedBar.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/ModelActions.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/PredictBanner.h"
#include "ui/shell/PresentationMode.h"
#include "ui/shell/Selection.h"
#include "ui/shell/SessionActions.h"
#include "ui/shell/UntrainedBanner.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui {
namespace {

constexpr int kBusyIndicatorDelayMs = 200;  // short computations never flash the indicator

bool sameSourceOptions(const SourceOptions& a, const SourceOptions& b) {
    return a.language == b.language && a.weightsRange == b.weightsRange;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    // The remembered (or the system's) language and theme, before the window is built in them.
    ClassroomActions::applySavedLanguageAndTheme();
    setWindowTitle(tr("AttnViz"));
    setObjectName(QStringLiteral("MainWindow"));
    QFont big = font();
    big.setPointSizeF(std::max(big.pointSizeF(), kDefaultPointSize));
    setFont(big);
    QToolTip::setFont(big);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    compute_ = new ComputeController(this);
    selection_ = new Selection(this);
    debounce_.setSingleShot(true);
    debounce_.setInterval(kDebounceMs);
    busyDelay_.setSingleShot(true);
    busyDelay_.setInterval(kBusyIndicatorDelayMs);

    const QSize screen = this->screen() ? this->screen()->availableSize() : QSize(1600, 960);
    resize(screen.width() * 95 / 100, screen.height() * 95 / 100);
    buildCentralArea();
    buildDocks();
    buildMenus();
    buildStatusBar();
    buildWeightsDock();
    dropRouter_ = new DropRouter(this);  // before the actions, which add their drops to it
    weightsActions_ = new WeightsActions(this);

    connect(&debounce_, &QTimer::timeout, this, &MainWindow::startCompute);
    connect(compute_, &ComputeController::finished, this, &MainWindow::onResult);
    connect(compute_, &ComputeController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(compute_, &ComputeController::progress, this, [this](int done, int total) {
        progress_->setRange(0, total);
        progress_->setValue(done);
    });
    connect(&busyDelay_, &QTimer::timeout, this, [this] {
        progress_->setVisible(compute_->isBusy());
        cancelButton_->setVisible(compute_->isBusy());
    });
    connect(selection_, &Selection::changed, this, &MainWindow::showSelection);
    connect(this, &MainWindow::traceChanged, this, &MainWindow::showTeachingState);

    const AppSettings settings;
    restoreGeometry(settings.windowGeometry());
    docksSized_ = restoreState(settings.windowState());
    const double pointSize = settings.pointSize(big.pointSizeF());
    if (pointSize != big.pointSizeF()) changeTextSize(pointSize / big.pointSizeF());

    controls_->setConfig(teachingConfig());  // the default: attention that means something
    weightEditor_->showConfig(config());
    setSentence(examples().constFirst().sentence);
    predict_ = new PredictActions(this);
    connect(predict_, &PredictActions::changed, this, &MainWindow::showSelection);
    classroom_ = new ClassroomActions(this);  // restores the remembered sentence and settings
    connect(classroom_->presentation(), &PresentationMode::activeChanged, firstRunHint_, &FirstRunHint::setPresenting);
    sessionActions_ = new SessionActions(this);
    modelActions_ = new ModelActions(this);
    attentionActions_ = new AttentionActions(this);
    connect(controls_, &ControlsPanel::layerChanged, this, &MainWindow::recomputeNow);
    connect(controls_, &ControlsPanel::closeModelRequested, this, [this] { setModel(nullptr); });
    retranslateUi();
    recomputeNow();
}

MainWindow::~MainWindow() {
    // The worker goes first, while every slot it is connected to still exists.
    compute_->disconnect(this);
    delete compute_;
}

void MainWindow::buildCentralArea() {
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    messageBar_ = new MessageBar;
    layout->addWidget(messageBar_);

    sentenceLabel_ = new QLabel;
    sentenceEdit_ = new QPlainTextEdit;
    sentenceEdit_->setTabChangesFocus(true);
    sentenceEdit_->installEventFilter(this);  // two lines high in whatever font it gets
    fitSentenceHeight();
    sentenceLabel_->setBuddy(sentenceEdit_);
    connect(sentenceEdit_, &QPlainTextEdit::textChanged, this, &MainWindow::scheduleCompute);
    // The hint shares the label's line, which has room to spare: the views keep their height.
    firstRunHint_ = new FirstRunHint;
    auto* labelLine = new QHBoxLayout;
    labelLine->addWidget(sentenceLabel_);
    labelLine->addStretch(1);
    labelLine->addWidget(firstRunHint_);
    layout->addLayout(labelLine);
    layout->addWidget(sentenceEdit_);

    tokenStrip_ = new TokenStrip;
    connect(tokenStrip_, &TokenStrip::tokenClicked, this, [this](int index) {
        selection_->setKeyChosenByUser(false);
        applySelection(index, keyToSelect(index, selection_->head()));
    });
    layout->addWidget(tokenStrip_);
    nextTokens_ = new QLabel;
    nextTokens_->setWordWrap(true);
    nextTokens_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nextTokens_->hide();
    layout->addWidget(nextTokens_);

    // Above the heatmap: random weights are said to be untrained, in plain words.
    untrainedBanner_ = new UntrainedBanner;
    connect(untrainedBanner_, &UntrainedBanner::useTeachingModel, this, [this] {
        AttentionConfig teaching = withTeachingModel(config());
        if (teaching.dModel % teaching.heads != 0) teaching.heads = teachingModelOf(teaching).defaultHeads();
        setConfig(teaching);
    });
    layout->addWidget(untrainedBanner_);
    importedBar_ = new ImportedBar;
    connect(importedBar_, &ImportedBar::viewChanged, this, &MainWindow::showImportedHead);
    connect(importedBar_, &ImportedBar::closeRequested, this, [this] { showImported(nullptr); });
    layout->addWidget(importedBar_);
    predictBanner_ = new PredictBanner;
    layout->addWidget(predictBanner_);

    tabs_ = new QTabWidget;
    heatmap_ = new HeatmapView;
    heatmap_->setToolTip(QString());
    heatmap_->setFitPolicy(FitPolicy::NumbersOrOverview);
    stepper_ = new StepperView;
    tabs_->addTab(heatmap_, QString());
    tabs_->addTab(stepper_, QString());
    headView_ = new HeadLinesView;
    tabs_->addTab(headView_, QString());
    modelGrid_ = new ModelGridView;
    tabs_->addTab(modelGrid_, QString());
    connect(modelGrid_, &ModelGridView::headActivated, this, &MainWindow::openHead);
    costLab_ = new CostLabPanel;
    tabs_->addTab(costLab_, QString());
    layout->addWidget(tabs_, 1);
    connect(heatmap_, &HeatmapView::cellSelected, this, [this](int row, int col) {
        if (showingSelection_) return;
        selection_->setKeyChosenByUser(true);
        applySelection(row, col);
    });
    connect(heatmap_, &HeatmapView::selectionCleared, this, [this] { applySelection(-1, -1); });
    // A click on a tab leaves the keyboard focus on the tab bar or on the page that went away:
    // the page shown takes it, so that its keys (→, Page Down in the steps) work at once.
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        const QWidget* focus = QApplication::focusWidget();
        if (focus == nullptr || !focus->isVisible() || focus == tabs_->tabBar())
            if (QWidget* page = tabs_->currentWidget()) page->setFocus(Qt::TabFocusReason);
    });
    setCentralWidget(central);
}

void MainWindow::buildDocks() {
    controls_ = new ControlsPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(controls_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    controlsDock_ = new QDockWidget(this);
    controlsDock_->setObjectName(QStringLiteral("controlsDock"));
    controlsDock_->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);
    sizeControlsDock();

    rowChart_ = new RowChart;
    chartDock_ = new QDockWidget(this);
    chartDock_->setObjectName(QStringLiteral("rowChartDock"));
    chartDock_->setWidget(rowChart_);
    addDockWidget(Qt::RightDockWidgetArea, chartDock_);

    explainer_ = new CellExplainer;
    explainerDock_ = new QDockWidget(this);
    explainerDock_->setObjectName(QStringLiteral("explainerDock"));
    explainerDock_->setWidget(explainer_);
    addDockWidget(Qt::RightDockWidgetArea, explainerDock_);
    connect(controls_, &ControlsPanel::configChanged, this, &MainWindow::scheduleCompute);
    connect(controls_, &ControlsPanel::viewChanged, this, &MainWindow::applyView);
    connect(controls_, &ControlsPanel::maskEditModeChanged, this, [this](bool on) {
        heatmap_->setMaskEditMode(on);
        if (on) {
            tabs_->setCurrentWidget(heatmap_);
            statusBar()->showMessage(tr("Mask editing: click a cell to hide that key from that query, click again "
                                        "to show it."),
                                     8000);
        }
    });
    connect(heatmap_, &HeatmapView::cellMaskToggled, controls_, &ControlsPanel::toggleCustomCell);
}

void MainWindow::sizeControlsDock() {
    if (auto* scroll = qobject_cast<QScrollArea*>(controlsDock_->widget()))
        scroll->setMinimumWidth(std::max(controls_->sizeHint().width(), fontMetrics().averageCharWidth() * 36) +
                                scroll->verticalScrollBar()->sizeHint().width());
}

void MainWindow::buildMenus() {
    fileMenu_ = menuBar()->addMenu(QString());
    quitAction_ = fileMenu_->addAction(QString(), this, &QWidget::close);
    quitAction_->setShortcut(QKeySequence::Quit);

    examplesMenu_ = menuBar()->addMenu(QString());
    for (const Example& example : examples()) {
        QAction* action = examplesMenu_->addAction(QString());
        const QString sentence = example.sentence;
        connect(action, &QAction::triggered, this, [this, sentence] { setSentence(sentence); });
    }

    viewMenu_ = menuBar()->addMenu(QString());
    weightsAction_ = viewMenu_->addAction(QString(), this, [this] { tabs_->setCurrentIndex(0); });
    weightsAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    stepsAction_ = viewMenu_->addAction(QString(), this, [this] { tabs_->setCurrentIndex(1); });
    stepsAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    // On the window too: their shortcuts must work while the menu bar is hidden (presentation mode).
    addAction(weightsAction_);
    addAction(stepsAction_);
    viewMenu_->addSeparator();
    largerAction_ = viewMenu_->addAction(QString(), this, [this] { changeTextSize(1.15); });
    largerAction_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    smallerAction_ = viewMenu_->addAction(QString(), this, [this] { changeTextSize(1 / 1.15); });
    smallerAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    viewMenu_->addSeparator();
    for (QDockWidget* dock : {controlsDock_, chartDock_, explainerDock_}) viewMenu_->addAction(dock->toggleViewAction());
}

void MainWindow::buildStatusBar() {
    statusText_ = new QLabel;
    progress_ = new QProgressBar;
    progress_->setRange(0, 0);
    progress_->setMaximumWidth(220);
    cancelButton_ = new QPushButton;
    connect(cancelButton_, &QPushButton::clicked, compute_, &ComputeController::cancel);
    progress_->hide();
    cancelButton_->hide();
    fileJobs_ = new JobIndicator;
    statusBar()->addPermanentWidget(statusText_);
    statusBar()->addPermanentWidget(fileJobs_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);
}

void MainWindow::buildWeightsDock() {
    // The W matrices, editable, in a dock beside the explanation.
    weightEditor_ = new WeightEditor;
    // Its tables scroll: the right column may be narrower than its tab bar and button (on a
    // 1280-pixel screen every panel side by side only fits so).
    weightEditor_->setMinimumWidth(fontMetrics().averageCharWidth() * 12);
    weightsDock_ = new QDockWidget(this);
    weightsDock_->setObjectName(QStringLiteral("weightsDock"));
    weightsDock_->setWidget(weightEditor_);
    addDockWidget(Qt::RightDockWidgetArea, weightsDock_);
    tabifyDockWidget(explainerDock_, weightsDock_);
    explainerDock_->raise();  // the weights are a tab behind the explanation (View → Weights, Ctrl+Shift+W)
    QAction* showWeights = weightsDock_->toggleViewAction();
    showWeights->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    viewMenu_->addAction(showWeights);
    connect(showWeights, &QAction::triggered, this, [this](bool shown) {
        if (shown) weightsDock_->raise();
    });
    connect(controls_, &ControlsPanel::configChanged, this, [this] { weightEditor_->showConfig(config()); });
    connect(weightEditor_, &WeightEditor::weightsEdited, this, [this](const Weights& weights) {
        try {
            setConfig(replaceWeights(config(), weights));
        } catch (const Error& error) {
            messageBar_->showMessage(
                tr("These weights cannot be used: %1.").arg(translatedFailure(error)));
        }
    });
    connect(weightEditor_, &WeightEditor::resetRequested, this,
            [this] { setConfig(weightEditor_->resetConfig(config())); });
}

void MainWindow::setSentenceBoxVisible(bool visible) {
    sentenceLabel_->setVisible(visible);
    sentenceEdit_->setVisible(visible);
}

void MainWindow::setSentence(const QString& sentence) {
    if (sentence != sentenceEdit_->toPlainText()) sentenceEdit_->setPlainText(sentence);
}

QString MainWindow::sentence() const { return sentenceEdit_->toPlainText(); }

void MainWindow::setConfig(const AttentionConfig& config) {
    controls_->setConfig(config);
    if (capabilities().hasEditableWeights) weightEditor_->showConfig(controls_->config());
    scheduleCompute();
}

AttentionConfig MainWindow::config() const { return controls_->config(); }

std::shared_ptr<const MatrixSource> MainWindow::currentSource(Step step) const {
    return sources_[static_cast<std::size_t>(step)];
}

void MainWindow::setModel(std::shared_ptr<const gpt2::Gpt2Model> model, int layer, std::optional<int> head) {
    model_ = std::move(model);
    run_.reset();
    if (model_) {
        const gpt2::Gpt2Config& c = model_->config();
        controls_->setConfig(model_->attentionConfig());
        controls_->showModel(ModelSummary{QString::fromStdString(model_->name()), c.layers, c.heads, c.embedding,
                                          c.vocabulary, c.positions});
        controls_->setLayer(layer);
        ViewSettings view = viewSettings();
        view.head = head.value_or(0);
        setViewSettings(view);
    } else {
        controls_->showModel(std::nullopt);
        controls_->setConfig(teachingConfig());
    }
    // A checkpoint's weights are not AttnViz's to edit (the editor keeps the teaching model's).
    const bool editable = capabilities().hasEditableWeights;
    weightEditor_->setEnabled(editable);
    weightEditor_->setToolTip(!editable && model_ ? tr("The weights of %1 come from its checkpoint and are not edited here. "
                                          "Close the model to edit AttnViz's own.")
                                           .arg(QString::fromStdString(model_->name()))
                                     : QString());
    if (editable) weightEditor_->showConfig(config());
    weightsActions_->loadAction()->setEnabled(editable);
    weightsActions_->saveAction()->setEnabled(editable);
    emit modelChanged();
    recomputeNow();
}

int MainWindow::currentLayer() const { return controls_->layer(); }

SourceCapabilities MainWindow::capabilities() const {
    if (imported_) return importedCapabilities(*imported_);
    if (model_) return modelCapabilities();
    return computedCapabilities(config());
}

ViewSettings MainWindow::viewSettings() const { return controls_->viewSettings(); }

void MainWindow::setViewSettings(const ViewSettings& view) { controls_->setViewSettings(view); }

int MainWindow::currentHead() const { return selection_->head(); }

QString MainWindow::colorMapName() const { return viewSettings().colorMap; }

SourceOptions MainWindow::sourceOptions() const {
    SourceOptions options;
    options.language = currentLanguage().toStdString();
    options.weightsRange = viewSettings().weightsRange;
    return options;
}

int MainWindow::selectedQuery() const { return selection_->query(); }

int MainWindow::selectedKey() const { return selection_->key(); }

QString MainWindow::message() const { return messageBar_->message(); }

bool MainWindow::isBusy() const { return compute_->isBusy() || debounce_.isActive(); }

void MainWindow::recomputeNow() { startCompute(); }

void MainWindow::scheduleCompute() { debounce_.start(); }

void MainWindow::startCompute() {
    debounce_.stop();
    const QString problem = controls_->inputProblem();
    if (!problem.isEmpty()) {
        compute_->cancel();
        messageBar_->showMessage(problem + QLatin1Char(' ') + tr("The last result stays shown."));
        return;
    }
    send(requestFor(sentence(), config()), false);
}

ComputeRequest MainWindow::requestFor(const QString& sentence, const AttentionConfig& config) const {
    ComputeRequest request;
    request.sentence = sentence;
    request.config = config;
    request.head = viewSettings().head;
    request.labelFont = HeatmapPainter::measuredLabelFont(heatmap_->readableFont());
    request.sourceOptions = sourceOptions();
    request.model = model_;
    request.layer = currentLayer();
    const bool sameRun = run_ && run_->model == model_ && run_->sentence == sentence.toStdString();
    if (model_ && sameRun) request.reuseRun = run_;  // another layer or head: no new forward pass
    const bool sameModel = model_ ? sameRun && traceLayer_ == request.layer : !run_;
    if (trace_ && sameModel && request.sentence == traceSentence_ && trace_->config() == request.config)
        request.reuse = trace_;
    // Every layer and head stays the same for another layer of the same forward pass, or the same trace.
    // (Not for another language: the teaching model's roles are written in it.)
    if (stack_ && (request.reuseRun || (!model_ && request.reuse)) &&
        sourceOptions_.language == request.sourceOptions.language) {
        request.reuseStack = stack_;
    }
    return request;
}

void MainWindow::send(ComputeRequest request, bool viewOnly) {
    lastRequest_ = request;
    lastRequestViewOnly_ = viewOnly;
    const quint64 id = compute_->request(std::move(request));
    if (viewOnly) viewOnlyRequest_ = id;
}

void MainWindow::applyView() {
    const ViewSettings view = viewSettings();
    heatmap_->setSequentialMap(view.colorMap);
    stepper_->heatmap()->setSequentialMap(view.colorMap);
    modelGrid_->setColorMap(view.colorMap);
    // The head, the colour range and the language of the names make the sources again; the
    // attention is never computed again for them.
    if (debounce_.isActive()) return;  // the computation about to start reads the view then
    const SourceOptions options = sourceOptions();
    if (compute_->isBusy()) {  // the running request again, with the new view
        if (lastRequest_.head == view.head && sameSourceOptions(lastRequest_.sourceOptions, options)) return;
        ComputeRequest again = lastRequest_;
        again.head = view.head;
        again.sourceOptions = options;
        send(std::move(again), lastRequestViewOnly_);
        return;
    }
    if (!trace_) return;
    const bool sameHead = ComputeController::shownHead(view.head, trace_->heads()) == selection_->head();
    if (sameHead && sameSourceOptions(sourceOptions_, options)) return;  // the colour map at most
    send(requestFor(traceSentence_, trace_->config()), true);
}

QString MainWindow::importedUnavailableText() {
    return tr("Imported weights have no Q and K: only the weights can be shown (heatmap and row chart).");
}

void MainWindow::showImported(std::shared_ptr<const AttentionStack> stack, const QString& name) {
    imported_ = std::move(stack);
    const bool on = imported_ != nullptr;
    // Nothing is computed while imported weights are shown: the sentence and the settings wait.
    sentenceEdit_->setEnabled(!on);
    controlsDock_->setEnabled(!on);
    importedBar_->setVisible(on);
    if (on) {
        debounce_.stop();
        compute_->cancel();
        importedBar_->showStack(*imported_, name);
        messageBar_->hideMessage();
        selection_->select(0, -1, -1);
        // Every layer and head of the file in the model view and the head view too.
        modelGrid_->setStack(imported_);
        headView_->setStack(imported_);
        showImportedHead();
    } else {
        importedSource_.reset();
        modelGrid_->setStack(stack_);
        headView_->setStack(stack_);
        if (trace_) headView_->setLayer(traceLayer_);
        restoreTraceViews();
        scheduleCompute();  // a sentence or settings given meanwhile (a session opened) are computed now
    }
    emit importedChanged();
}

void MainWindow::showImportedHead() {
    if (!imported_) return;
    importedSource_ = std::make_shared<const MatrixSource>(imported_, importedBar_->layer(), importedBar_->head(),
                                                           sourceOptions());
    heatmap_->setSource(importedSource_);
    headView_->setLayer(importedBar_->layer());
    stepper_->showUnavailable(importedUnavailableText());
    std::vector<Token> tokens;
    for (const std::string& text : imported_->tokens()) tokens.push_back(Token{text, 0, 0, -1});
    tokenStrip_->setTokens(tokens, static_cast<int>(tokens.size()));
    const int n = imported_->size();
    int query = selection_->query(), key = selection_->key();
    if (query < 0 || query >= n) query = defaultQuery();
    if (key < 0 || key >= n || !selection_->keyChosenByUser()) key = strongestKey(query, importedBar_->head());
    if (!selection_->select(importedBar_->head(), query, key)) showSelection();
    statusText_->setText(tr("imported weights · ") + tr("%n token(s)", nullptr, n) +
                         tr(" · layers × heads: %1 × %2").arg(imported_->layers()).arg(imported_->heads()));
    emit traceChanged();
}

void MainWindow::restoreTraceViews() {
    if (!trace_) {
        heatmap_->setSource(nullptr);
        stepper_->setSources({});
        selection_->select(0, -1, -1);
        return;
    }
    heatmap_->setSource(sources_[static_cast<std::size_t>(Step::Weights)]);
    stepper_->setSources(sources_);
    tokenStrip_->setTokens(trace_->tokens(), trace_->realTokenCount());
    const int head = ComputeController::shownHead(viewSettings().head, trace_->heads());
    const int query = defaultQuery();
    if (!selection_->select(head, query, strongestKey(query, head))) showSelection();
    updateStatusText();
    emit traceChanged();
}

void MainWindow::onResult(const std::shared_ptr<const ComputeResult>& result) {
    if (imported_) return;  // imported weights stay on screen until closed
    using Outcome = ComputeResult::Outcome;
    const QString kept = tr("The last result stays shown.");
    const QString why = result->refusal ? translatedCoreMessage(*result->refusal) : result->error;
    switch (result->outcome) {
        case Outcome::Cancelled:
            statusBar()->showMessage(tr("Computation cancelled. %1").arg(kept), 8000);
            return;
        case Outcome::InputError:
            messageBar_->showMessage(tr("This text cannot be used: %1. %2").arg(why, kept));
            return;
        case Outcome::ConfigError:
            messageBar_->showMessage(tr("These settings cannot be used: %1. %2").arg(why, kept));
            return;
        case Outcome::OtherError:
            messageBar_->showMessage(tr("The computation failed: %1. %2").arg(why, kept));
            return;
        case Outcome::Done: break;
    }
    // New sources for another view say nothing about the inputs the message is about.
    if (result->id != viewOnlyRequest_) messageBar_->hideMessage();
    applyResult(*result);
}

void MainWindow::applyResult(const ComputeResult& result) {
    const bool otherLayer = result.layer != traceLayer_ || !trace_;
    trace_ = result.trace;
    run_ = result.run;
    traceLayer_ = result.layer;
    traceSentence_ = result.sentence;
    sources_ = result.sources;
    sourceOptions_ = result.sourceOptions;
    if (result.stack != stack_) {
        stack_ = result.stack;
        modelGrid_->setStack(stack_);
    }
    heatmap_->setSource(sources_[static_cast<std::size_t>(Step::Weights)]);
    stepper_->setSources(sources_);
    headView_->setStack(result.stack);
    costLab_->keeps()->setTrace(result.trace, result.head);  // compared only while its page is shown
    if (otherLayer) headView_->setLayer(result.layer);  // the head view follows the controls' layer
    tokenStrip_->setTokens(trace_->tokens(), trace_->realTokenCount());
    predict_->followTrace();  // before a cell is selected: the rows it hides are this result's

    const int n = trace_->size();
    int query = selection_->query(), key = selection_->key();
    if (query < 0 || query >= n) {
        query = defaultQuery();
        key = -1;
    }
    if (key < 0 || key >= n || !selection_->keyChosenByUser()) key = keyToSelect(query, result.head);
    // Every view follows the new trace, also where the head and the cell stay the same.
    if (!selection_->select(result.head, query, key)) showSelection();

    lastMilliseconds_ = result.milliseconds;
    updateStatusText();
    showNextTokens();
    emit traceChanged();
}

void MainWindow::openHead(int layer, int head) {
    if (imported_) {  // the file's layer and head, in the imported bar's controls
        importedBar_->setView(layer, head);
        tabs_->setCurrentWidget(heatmap_);
        return;
    }
    if (capabilities().hasLayers) controls_->setLayer(layer);  // recomputes the layer from the same forward pass
    ViewSettings view = viewSettings();
    view.head = head;
    setViewSettings(view);
    tabs_->setCurrentWidget(heatmap_);
}

void MainWindow::selectCell(int query, int key) {
    selection_->setKeyChosenByUser(true);
    applySelection(query, key);
}

void MainWindow::applySelection(int query, int key) {
    if (showingSelection_) return;
    const int n = imported_ ? imported_->size() : trace_ ? trace_->size() : 0;
    if (query < 0 || key < 0 || query >= n || key >= n) query = key = -1;
    selection_->selectCell(query, key);
}

void MainWindow::showSelection() {
    showingSelection_ = true;
    const int head = selection_->head(), query = selection_->query(), key = selection_->key();
    if (!capabilities().hasQueriesAndKeys) {  // the weights only: the heatmap, the tokens and the row chart
        const bool cell = selection_->hasCell();
        if (cell) {
            heatmap_->setSelectedCell(query, key);
        } else {
            heatmap_->clearSelection();
        }
        tokenStrip_->setSelectedToken(cell ? query : -1);
        explainer_->showUnavailable(importedUnavailableText());
        if (cell) {
            rowChart_->setRow(importedSource_, query);
        } else {
            rowChart_->clearRow();
        }
        showingSelection_ = false;
        return;
    }
    if (!trace_ || !selection_->hasCell()) {
        heatmap_->clearSelection();
        stepper_->setSelection(-1, -1);
        tokenStrip_->setSelectedToken(-1);
        explainer_->clearCell();
        rowChart_->clearRow();
    } else {
        heatmap_->setSelectedCell(query, key);
        stepper_->setSelection(query, key);
        tokenStrip_->setSelectedToken(query);
        if (predict_->hidesRow(query)) {  // the class is guessing: no number of that row
            const QString token = QString::fromStdString(trace_->tokens()[static_cast<std::size_t>(query)].text);
            explainer_->hideCell(token);
            rowChart_->hideRow(token);
        } else {
            explainer_->setCell(trace_, head, query, key);
            rowChart_->setRow(trace_, head, query);
        }
    }
    showingSelection_ = false;
}

void MainWindow::fitSentenceHeight() {
    const int lineHeight = sentenceEdit_->fontMetrics().lineSpacing();
    sentenceEdit_->setFixedHeight(lineHeight * 2 + 2 * sentenceEdit_->frameWidth() +
                                  static_cast<int>(2 * sentenceEdit_->document()->documentMargin()));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == sentenceEdit_ && event->type() == QEvent::FontChange) fitSentenceHeight();
    return QMainWindow::eventFilter(watched, event);
}

int MainWindow::strongestKey(int query, int head) const {
    if (!capabilities().hasQueriesAndKeys) {  // the weights only, from the file's source
        if (!importedSource_ || query < 0 || query >= importedSource_->rows()) return -1;
        Eigen::Index best = 0;
        importedSource_->block(query, 0, 1, importedSource_->cols()).row(0).maxCoeff(&best);
        return static_cast<int>(best);
    }
    if (!trace_ || query < 0 || query >= trace_->size()) return -1;
    const Eigen::MatrixXd row = trace_->block(Step::Weights, head, query, 0, 1, trace_->size());
    Eigen::Index best = 0;
    row.row(0).maxCoeff(&best);
    return static_cast<int>(best);
}

int MainWindow::keyToSelect(int query, int head) const {
    if (predict_->hidesRow(query)) return predict_->guess(query).value_or(-1);
    return strongestKey(query, head);
}

int MainWindow::defaultQuery() const {
    // The chapter's question: what does "il" / "it" refer to? Start on that row when there is one.
    std::vector<std::string> tokens;
    if (imported_) {
        tokens = imported_->tokens();
    } else {
        for (const Token& token : trace_->tokens()) tokens.push_back(token.text);
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        QString text = QString::fromStdString(tokens[i]).toLower().trimmed();
        if (text.startsWith(QChar(0x0120))) text.remove(0, 1);  // a GPT-2 vocabulary's "Ġit"
        if (text.startsWith(QChar(0x2423))) text.remove(0, 1);  // a trained model's token: "␣it"
        if (text == QStringLiteral("il") || text == QStringLiteral("it")) return static_cast<int>(i);
    }
    return 0;
}

void MainWindow::onBusyChanged(bool busy) {
    if (busy) {
        progress_->setRange(0, 0);  // until a forward pass says how many layers it has done
        busyDelay_.start();
    } else {
        busyDelay_.stop();
        progress_->hide();
        cancelButton_->hide();
    }
    emit busyChanged(busy);
}

void MainWindow::changeTextSize(double factor) {
    QFont f = font();
    f.setPointSizeF(std::clamp(f.pointSizeF() * factor, 8.0, 40.0));
    setFont(f);
    QToolTip::setFont(f);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!docksSized_) {
        docksSized_ = true;
        sizeDocks();
    }
}

void MainWindow::sizeDocks() {
    // Controls, heatmap and chart side by side: the controls as narrow as their texts allow, the
    // chart wide enough for a label per key, the rest for the matrices (a 15 × 20 step keeps its
    // numbers on a 1920-pixel screen); chart and explanation share the right column.
    const int charWidth = fontMetrics().averageCharWidth();
    resizeDocks({controlsDock_, chartDock_},
                {controlsDock_->widget()->minimumWidth(), std::max(charWidth * 28, width() / 5)},
                Qt::Horizontal);
    resizeDocks({chartDock_, explainerDock_}, {height() / 2, height() / 2}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    classroom_->saveSettings();  // first: it leaves presentation mode, so the normal layout is kept
    AppSettings().setWindow(saveGeometry(), saveState(), font().pointSizeF());
    compute_->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent* event) {
    QMainWindow::changeEvent(event);
    if (event->type() != QEvent::LanguageChange) return;
    retranslateUi();
    // The steps' columns carry the teaching model's names in the language of their sources: made
    // again from the same trace, as for another view (or asked again of a running computation).
    if (!trace_ || trace_->config().preset == ProjectionPreset::Teaching) applyView();
}

void MainWindow::retranslateUi() {
    weightsDock_->setWindowTitle(tr("Weights"));
    showTeachingState();
    sentenceLabel_->setText(tr("&Sentence"));
    sentenceEdit_->setPlaceholderText(tr("Type a sentence: the attention is recomputed as you type."));
    sentenceEdit_->setToolTip(tr("The input: n tokens, each becomes a row of X ∈ ℝ^(n × d_model). Up to %1 tokens.")
                                  .arg(kDefaultMaxTokens));
    const int weightsTab = tabs_->indexOf(heatmap_), stepsTab = tabs_->indexOf(stepper_);
    tabs_->setTabText(weightsTab, tr("Attention weights"));
    tabs_->setTabToolTip(weightsTab,
                         tr("softmax(QKᵀ/√d_k + mask): row i = query i, column j = key j; each row sums to 1."));
    tabs_->setTabText(stepsTab, tr("Step by step"));
    tabs_->setTabToolTip(stepsTab,
                         tr("Every matrix of the computation, from X to the output, with its formula and shape."));
    const int headTab = tabs_->indexOf(headView_);
    tabs_->setTabText(headTab, tr("Head view"));
    tabs_->setTabToolTip(headTab, tr("Every head at once: a line from each query to each key, its opacity the "
                                     "weight, its colour the head."));
    const int headsTab = tabs_->indexOf(modelGrid_);
    tabs_->setTabText(headsTab, tr("All heads"));
    tabs_->setTabToolTip(headsTab, tr("Every layer and head of the model as a small heatmap: hover to enlarge, "
                                      "click to open one in the other views."));
    const int costTab = tabs_->indexOf(costLab_);
    tabs_->setTabText(costTab, tr("Cost lab"));
    tabs_->setTabToolTip(costTab, tr("What attention costs: time and memory against n for the chapter's code, Flash, "
                                     "sliding window, sparse and linear attention, measured live."));
    controlsDock_->setWindowTitle(tr("Controls"));
    chartDock_->setWindowTitle(tr("Row of weights"));
    explainerDock_->setWindowTitle(tr("How the weight is computed"));

    fileMenu_->setTitle(tr("&File"));
    quitAction_->setText(tr("&Quit"));
    examplesMenu_->setTitle(tr("&Examples"));
    const QList<QAction*> exampleActions = examplesMenu_->actions();
    for (qsizetype i = 0; i < exampleActions.size() && i < examples().size(); ++i) {
        const Example& example = examples()[i];
        const QString language = example.language == QStringLiteral("fr") ? tr("French") : tr("English");
        QString text = tr("%1: %2").arg(language, example.sentence);
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        exampleActions[i]->setText(text);
    }
    viewMenu_->setTitle(tr("&View"));
    weightsAction_->setText(tr("Attention &weights"));
    stepsAction_->setText(tr("&Step by step"));
    largerAction_->setText(tr("&Larger text"));
    smallerAction_->setText(tr("S&maller text"));

    progress_->setToolTip(tr("Computing on a worker thread: the window stays usable."));
    cancelButton_->setText(tr("Cancel"));
    cancelButton_->setToolTip(tr("Stop this computation; the last result stays shown."));
    updateStatusText();
    // The controls' texts change length with the language; once they are set (the panel
    // retranslates after this window), their dock is made wide enough for them.
    QTimer::singleShot(0, this, &MainWindow::sizeControlsDock);
}

void MainWindow::updateStatusText() {
    if (!trace_) {
        statusText_->clear();
        return;
    }
    const AttentionConfig& c = trace_->config();
    const int tokens = trace_->realTokenCount();
    const ModelOrigin* origin = trace_->origin();
    const QString model = origin == nullptr ? QString()
                                            : tr("%1 · layer %2 of %3 · ")
                                                  .arg(QString::fromStdString(origin->model))
                                                  .arg(origin->layer + 1)
                                                  .arg(origin->layers);
    statusText_->setText(model + tr("%n token(s)", nullptr, tokens) +
                         tr(" · d_model %1 · %n head(s)", nullptr, c.heads).arg(c.dModel) +
                         tr(" · d_k %1 · computed in %2").arg(trace_->dK())
                             .arg(lastMilliseconds_ < 1 ? tr("under 1 ms") : tr("%1 ms").arg(lastMilliseconds_)));
}

void MainWindow::resetLayout() {
    QFont f = QApplication::font();
    f.setPointSizeF(std::max(f.pointSizeF(), kDefaultPointSize));
    setFont(f);
    QToolTip::setFont(f);
    showNormal();
    const QSize screen = this->screen() ? this->screen()->availableSize() : QSize(1600, 960);
    resize(screen.width() * 95 / 100, screen.height() * 95 / 100);
    for (QToolBar* bar : findChildren<QToolBar*>()) {
        addToolBar(Qt::TopToolBarArea, bar);
        bar->show();
    }
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);
    addDockWidget(Qt::RightDockWidgetArea, chartDock_);
    addDockWidget(Qt::RightDockWidgetArea, explainerDock_);
    addDockWidget(Qt::RightDockWidgetArea, weightsDock_);
    tabifyDockWidget(explainerDock_, weightsDock_);  // as at first start: a tab behind the explainer
    for (QDockWidget* dock : {controlsDock_, chartDock_, explainerDock_, weightsDock_}) {
        dock->setFloating(false);
        dock->show();
    }
    explainerDock_->raise();
    menuBar()->show();
    statusBar()->show();
    sizeDocks();
    heatmap_->resetZoom();
    stepper_->heatmap()->resetZoom();
}

void MainWindow::showNextTokens() {
    const ModelOrigin* origin = trace_ ? trace_->origin() : nullptr;
    if (origin == nullptr || origin->nextTokens.empty()) {
        nextTokens_->hide();
        return;
    }
    QStringList guesses;
    const QLocale locale = numberLocale();
    for (const NextTokenGuess& guess : origin->nextTokens) {
        guesses << tr("<b>%1</b>&nbsp;%2&nbsp;%")
                       .arg(QString::fromStdString(guess.text).toHtmlEscaped(),
                            locale.toString(guess.probability * 100, 'f', 1));
    }
    nextTokens_->setText(tr("Next token, as %1 predicts it: %2")
                             .arg(QString::fromStdString(origin->model).toHtmlEscaped(),
                                  guesses.join(QStringLiteral(" · "))));
    nextTokens_->setToolTip(tr("The five tokens the model finds most likely after the sentence, with their "
                               "probabilities (softmax of the last position's logits, after every layer)."));
    nextTokens_->show();
}

void MainWindow::showTeachingState() {
    if (!trace_) return;
    const AttentionConfig& c = trace_->config();
    untrainedBanner_->setVisible(c.preset == ProjectionPreset::Random);
    if (c.preset != ProjectionPreset::Teaching) {
        tokenStrip_->setUnknownTokens({}, QString());
        return;
    }
    const TeachingInput input = teachingModelOf(c).embed(trace_->tokens(), c.positionalEncoding);
    std::vector<bool> unknown(input.known.size());
    for (std::size_t i = 0; i < unknown.size(); ++i)
        unknown[i] = !input.known[i] && static_cast<int>(i) < trace_->realTokenCount();
    const QString language = input.language == "fr"   ? tr("French")
                             : input.language == "en" ? tr("English")
                                                      : QString::fromStdString(input.language);
    tokenStrip_->setUnknownTokens(unknown, language);
}

}  // namespace attnviz::ui
