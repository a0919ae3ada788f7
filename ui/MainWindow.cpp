#include "ui/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include "ui/CellExplainer.h"
#include "ui/ComputeController.h"
#include "ui/ControlsPanel.h"
#include "ui/Examples.h"
#include "ui/HeatmapView.h"
#include "ui/RowChart.h"
#include "ui/StepperView.h"
#include "ui/TokenStrip.h"

namespace attnviz::ui {
namespace {

constexpr double kDefaultPointSize = 13.0;
constexpr int kBusyIndicatorDelayMs = 200;  // short computations never flash the indicator

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("AttnViz"));
    setObjectName(QStringLiteral("MainWindow"));
    QFont big = font();
    big.setPointSizeF(std::max(big.pointSizeF(), kDefaultPointSize));
    setFont(big);
    QToolTip::setFont(big);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    compute_ = new ComputeController(this);
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

    connect(&debounce_, &QTimer::timeout, this, &MainWindow::startCompute);
    connect(compute_, &ComputeController::finished, this, &MainWindow::onResult);
    connect(compute_, &ComputeController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(&busyDelay_, &QTimer::timeout, this, [this] {
        progress_->setVisible(compute_->isBusy());
        cancelButton_->setVisible(compute_->isBusy());
    });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    docksSized_ = restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    const double pointSize = settings.value(QStringLiteral("window/pointSize"), big.pointSizeF()).toDouble();
    if (pointSize != big.pointSizeF()) changeTextSize(pointSize / big.pointSizeF());

    setSentence(examples().constFirst().sentence);
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

    auto* bar = new QFrame;
    bar->setFrameStyle(QFrame::Box | QFrame::Plain);
    bar->setLineWidth(2);
    QPalette warning = bar->palette();
    warning.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xcd));
    warning.setColor(QPalette::WindowText, QColor(0x3d, 0x2c, 0x00));
    bar->setPalette(warning);
    bar->setAutoFillBackground(true);
    messageBar_ = bar;
    auto* messageLayout = new QHBoxLayout(messageBar_);
    auto* icon = new QLabel;
    const int iconSize = fontMetrics().height() * 3 / 2;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    messageText_ = new QLabel;
    messageText_->setWordWrap(true);
    QFont bold = messageText_->font();
    bold.setBold(true);
    messageText_->setFont(bold);
    messageText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton;
    close->setText(tr("✕"));
    close->setToolTip(tr("Hide this message"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &MainWindow::hideMessage);
    messageLayout->addWidget(icon);
    messageLayout->addWidget(messageText_, 1);
    messageLayout->addWidget(close, 0, Qt::AlignTop);
    messageBar_->hide();
    layout->addWidget(messageBar_);

    auto* sentenceLabel = new QLabel(tr("&Sentence"));
    sentenceEdit_ = new QPlainTextEdit;
    sentenceEdit_->setPlaceholderText(tr("Type a sentence: the attention is recomputed as you type."));
    sentenceEdit_->setToolTip(tr("The input: n tokens, each becomes a row of X ∈ ℝ^(n × d_model). Up to %1 tokens.")
                                  .arg(kDefaultMaxTokens));
    sentenceEdit_->setTabChangesFocus(true);
    const int lineHeight = sentenceEdit_->fontMetrics().lineSpacing();
    sentenceEdit_->setFixedHeight(lineHeight * 2 + 2 * sentenceEdit_->frameWidth() +
                                  static_cast<int>(2 * sentenceEdit_->document()->documentMargin()));
    sentenceLabel->setBuddy(sentenceEdit_);
    connect(sentenceEdit_, &QPlainTextEdit::textChanged, this, &MainWindow::scheduleCompute);
    layout->addWidget(sentenceLabel);
    layout->addWidget(sentenceEdit_);

    tokenStrip_ = new TokenStrip;
    connect(tokenStrip_, &TokenStrip::tokenClicked, this, [this](int index) {
        keyChosenByUser_ = false;
        applySelection(index, strongestKey(index));
    });
    layout->addWidget(tokenStrip_);

    tabs_ = new QTabWidget;
    heatmap_ = new HeatmapView;
    heatmap_->setToolTip(QString());
    stepper_ = new StepperView;
    tabs_->addTab(heatmap_, tr("Attention weights"));
    tabs_->setTabToolTip(0, tr("softmax(QKᵀ/√d_k + mask): row i = query i, column j = key j; each row sums to 1."));
    tabs_->addTab(stepper_, tr("Step by step"));
    tabs_->setTabToolTip(1, tr("Every matrix of the computation, from X to the output, with its formula and shape."));
    layout->addWidget(tabs_, 1);
    connect(heatmap_, &HeatmapView::cellSelected, this, [this](int row, int col) {
        if (!selecting_) keyChosenByUser_ = true;
        applySelection(row, col);
    });
    connect(heatmap_, &HeatmapView::selectionCleared, this, [this] { applySelection(-1, -1); });
    connect(heatmap_, &HeatmapView::cellSizeChanged, this, [this] {
        if (!fittingHeatmap_) autoFitHeatmap_ = false;  // the user zoomed: leave the zoom alone
    });
    heatmap_->viewport()->installEventFilter(this);
    setCentralWidget(central);
}

void MainWindow::buildDocks() {
    controls_ = new ControlsPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(controls_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(std::max(controls_->sizeHint().width(), fontMetrics().averageCharWidth() * 36) +
                            scroll->verticalScrollBar()->sizeHint().width());
    auto* controlsDock = new QDockWidget(tr("Controls"), this);
    controlsDock->setObjectName(QStringLiteral("controlsDock"));
    controlsDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock);

    rowChart_ = new RowChart;
    auto* chartDock = new QDockWidget(tr("Row of weights"), this);
    chartDock->setObjectName(QStringLiteral("rowChartDock"));
    chartDock->setWidget(rowChart_);
    addDockWidget(Qt::RightDockWidgetArea, chartDock);

    explainer_ = new CellExplainer;
    auto* explainerDock = new QDockWidget(tr("How the weight is computed"), this);
    explainerDock->setObjectName(QStringLiteral("explainerDock"));
    explainerDock->setWidget(explainer_);
    addDockWidget(Qt::RightDockWidgetArea, explainerDock);
    connect(controls_, &ControlsPanel::configChanged, this, &MainWindow::scheduleCompute);
    connect(controls_, &ControlsPanel::headChanged, this, &MainWindow::scheduleCompute);
    connect(controls_, &ControlsPanel::colorMapChanged, this, [this](const QString& name) {
        heatmap_->setSequentialMap(name);
        stepper_->heatmap()->setSequentialMap(name);
    });
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

void MainWindow::buildMenus() {
    fileMenu_ = menuBar()->addMenu(tr("&File"));
    QAction* quit = fileMenu_->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* examplesMenu = menuBar()->addMenu(tr("&Examples"));
    for (const Example& example : examples()) {
        const QString language = example.language == QStringLiteral("fr") ? tr("French") : tr("English");
        QString text = tr("%1: %2").arg(language, example.sentence);
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = examplesMenu->addAction(text);
        const QString sentence = example.sentence;
        connect(action, &QAction::triggered, this, [this, sentence] { setSentence(sentence); });
    }

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* weights = viewMenu->addAction(tr("Attention &weights"), this, [this] { tabs_->setCurrentIndex(0); });
    weights->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* steps = viewMenu->addAction(tr("&Step by step"), this, [this] { tabs_->setCurrentIndex(1); });
    steps->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    viewMenu->addSeparator();
    QAction* larger = viewMenu->addAction(tr("&Larger text"), this, [this] { changeTextSize(1.15); });
    larger->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    QAction* smaller = viewMenu->addAction(tr("S&maller text"), this, [this] { changeTextSize(1 / 1.15); });
    smaller->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::buildStatusBar() {
    statusText_ = new QLabel;
    progress_ = new QProgressBar;
    progress_->setRange(0, 0);
    progress_->setMaximumWidth(220);
    progress_->setToolTip(tr("Computing on a worker thread: the window stays usable."));
    cancelButton_ = new QPushButton(tr("Cancel"));
    cancelButton_->setToolTip(tr("Stop this computation; the last result stays shown."));
    connect(cancelButton_, &QPushButton::clicked, compute_, &ComputeController::cancel);
    progress_->hide();
    cancelButton_->hide();
    statusBar()->addPermanentWidget(statusText_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);
}

void MainWindow::setSentence(const QString& sentence) {
    if (sentence != sentenceEdit_->toPlainText()) sentenceEdit_->setPlainText(sentence);
}

QString MainWindow::sentence() const { return sentenceEdit_->toPlainText(); }

void MainWindow::setConfig(const AttentionConfig& config) {
    controls_->setConfig(config);
    scheduleCompute();
}

AttentionConfig MainWindow::config() const { return controls_->config(); }

std::shared_ptr<const MatrixSource> MainWindow::currentSource(Step step) const {
    return sources_[static_cast<std::size_t>(step)];
}

void MainWindow::setHead(int head) {
    controls_->setHead(head);
    scheduleCompute();
}

QString MainWindow::colorMapName() const { return controls_->colorMapName(); }

void MainWindow::setColorMapName(const QString& name) {
    const int index = controls_->colorMapBox()->findText(name);
    if (index >= 0) controls_->colorMapBox()->setCurrentIndex(index);
}

QString MainWindow::message() const { return messageBar_->isHidden() ? QString() : messageText_->text(); }

bool MainWindow::isBusy() const { return compute_->isBusy() || debounce_.isActive(); }

void MainWindow::recomputeNow() { startCompute(); }

void MainWindow::scheduleCompute() { debounce_.start(); }

void MainWindow::startCompute() {
    debounce_.stop();
    const QString problem = controls_->inputProblem();
    if (!problem.isEmpty()) {
        compute_->cancel();
        showMessage(problem + QLatin1Char(' ') + tr("The last result stays shown."));
        return;
    }
    ComputeRequest request;
    request.sentence = sentence();
    request.config = config();
    request.head = controls_->head();
    if (trace_ && request.sentence == traceSentence_ && trace_->config() == request.config) request.reuse = trace_;
    compute_->request(std::move(request));
}

void MainWindow::onResult(const std::shared_ptr<const ComputeResult>& result) {
    using Outcome = ComputeResult::Outcome;
    const QString kept = tr("The last result stays shown.");
    switch (result->outcome) {
        case Outcome::Cancelled:
            statusBar()->showMessage(tr("Computation cancelled. %1").arg(kept), 8000);
            return;
        case Outcome::InputError:
            showMessage(tr("This text cannot be used: %1. %2").arg(result->error, kept));
            return;
        case Outcome::ConfigError:
            showMessage(tr("These settings cannot be used: %1. %2").arg(result->error, kept));
            return;
        case Outcome::OtherError:
            showMessage(tr("The computation failed: %1. %2").arg(result->error, kept));
            return;
        case Outcome::Done: break;
    }
    hideMessage();
    applyResult(*result);
}

void MainWindow::applyResult(const ComputeResult& result) {
    trace_ = result.trace;
    traceSentence_ = result.sentence;
    sources_ = result.sources;
    head_ = result.head;
    const bool sizeChanged = !heatmap_->source() || heatmap_->source()->rows() != trace_->size();
    heatmap_->setSource(sources_[static_cast<std::size_t>(Step::Weights)]);
    if (sizeChanged) {
        autoFitHeatmap_ = true;
        fitHeatmap();
    }
    stepper_->setSources(sources_);
    tokenStrip_->setTokens(trace_->tokens(), trace_->realTokenCount());

    const int n = trace_->size();
    int query = selectedQuery_, key = selectedKey_;
    if (query < 0 || query >= n) {
        query = defaultQuery();
        key = -1;
    }
    if (key < 0 || key >= n || !keyChosenByUser_) key = strongestKey(query);
    selectedQuery_ = selectedKey_ = -1;  // force every view to follow the new trace
    applySelection(query, key);

    const AttentionConfig& c = trace_->config();
    const int tokens = trace_->realTokenCount();
    statusText_->setText((tokens == 1 ? tr("1 token") : tr("%1 tokens").arg(tokens)) +
                         (c.heads == 1 ? tr(" · d_model %1 · 1 head").arg(c.dModel)
                                       : tr(" · d_model %1 · %2 heads").arg(c.dModel).arg(c.heads)) +
                         tr(" · d_k %1 · computed in %2").arg(trace_->dK())
                             .arg(result.milliseconds < 1 ? tr("under 1 ms") : tr("%1 ms").arg(result.milliseconds)));
    emit traceChanged();
}

void MainWindow::selectCell(int query, int key) {
    keyChosenByUser_ = true;
    applySelection(query, key);
}

void MainWindow::applySelection(int query, int key) {
    if (selecting_) return;
    const int n = trace_ ? trace_->size() : 0;
    if (query < 0 || key < 0 || query >= n || key >= n) query = key = -1;
    if (query == selectedQuery_ && key == selectedKey_) return;
    selecting_ = true;
    selectedQuery_ = query;
    selectedKey_ = key;
    if (query < 0) {
        heatmap_->clearSelection();
        tokenStrip_->setSelectedToken(-1);
        explainer_->clearCell();
        rowChart_->clearRow();
    } else {
        heatmap_->setSelectedCell(query, key);
        tokenStrip_->setSelectedToken(query);
        explainer_->setCell(trace_, head_, query, key);
        rowChart_->setRow(trace_, head_, query);
    }
    selecting_ = false;
}

void MainWindow::fitHeatmap() {
    // The readable default size, or smaller cells when the matrix would not fit the view.
    if (!trace_) return;
    fittingHeatmap_ = true;
    heatmap_->resetZoom();
    const HeatmapLayout& layout = heatmap_->currentLayout();
    const QSize area = heatmap_->viewport()->size();
    const double bandsWidth = layout.rowTitle.width() + layout.rowLabels.width() + layout.colorBar.width() +
                              layout.colorBarLabels.width() + 48;
    const double bandsHeight = layout.columnTitle.height() + layout.columnLabels.height() + 32;
    const double room = std::min(area.width() - bandsWidth, area.height() - bandsHeight);
    const int fit = static_cast<int>(room / trace_->size());
    // Down to 3/4 of the default, the default wins: numbers in the cells matter more than a
    // little scrolling.
    if (room > 0 && fit < heatmap_->cellSize() * 3 / 4) heatmap_->setCellSize(std::max(kMinCellSize, fit));
    fittingHeatmap_ = false;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == heatmap_->viewport() && event->type() == QEvent::Resize && autoFitHeatmap_ && !fittingHeatmap_)
        fitHeatmap();
    return QMainWindow::eventFilter(watched, event);
}

int MainWindow::strongestKey(int query) const {
    if (!trace_ || query < 0 || query >= trace_->size()) return -1;
    const Eigen::MatrixXd row = trace_->block(Step::Weights, head_, query, 0, 1, trace_->size());
    Eigen::Index best = 0;
    row.row(0).maxCoeff(&best);
    return static_cast<int>(best);
}

int MainWindow::defaultQuery() const {
    // The chapter's question: what does "il" / "it" refer to? Start on that row when there is one.
    const auto& tokens = trace_->tokens();
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const QString text = QString::fromStdString(tokens[i].text).toLower();
        if (text == QStringLiteral("il") || text == QStringLiteral("it")) return static_cast<int>(i);
    }
    return 0;
}

void MainWindow::onBusyChanged(bool busy) {
    if (busy) {
        busyDelay_.start();
    } else {
        busyDelay_.stop();
        progress_->hide();
        cancelButton_->hide();
    }
    emit busyChanged(busy);
}

void MainWindow::showMessage(const QString& text) {
    messageText_->setText(text);
    messageBar_->show();
}

void MainWindow::hideMessage() {
    messageText_->clear();
    messageBar_->hide();
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
    // Controls, heatmap and chart side by side, the chart wide enough for a label per key;
    // chart and explanation share the right column.
    const auto docks = findChildren<QDockWidget*>();
    QDockWidget* controlsDock = nullptr;
    QDockWidget* chartDock = nullptr;
    QDockWidget* explainerDock = nullptr;
    for (QDockWidget* dock : docks) {
        if (dock->widget() == rowChart_) chartDock = dock;
        else if (dock->widget() == explainer_) explainerDock = dock;
        else controlsDock = dock;
    }
    const int charWidth = fontMetrics().averageCharWidth();
    resizeDocks({controlsDock, chartDock}, {charWidth * 40, std::max(charWidth * 52, width() * 27 / 100)},
                Qt::Horizontal);
    resizeDocks({chartDock, explainerDock}, {height() / 2, height() / 2}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/pointSize"), font().pointSizeF());
    compute_->cancel();
    QMainWindow::closeEvent(event);
}

}  // namespace attnviz::ui
