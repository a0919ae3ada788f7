#include "ui/costlab/CostWallPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

#include "core/base/Errors.h"
#include "core/costlab/CostCsv.h"
#include "core/costlab/CostMemory.h"
#include "ui/costlab/CostWallCharts.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/style/ScrollableRow.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

constexpr int kSmallestN = 64;
constexpr int kLargestN = 65536;
constexpr int kDefaultTo = 4096;
constexpr int kDValues[] = {16, 32, 64, 128, 256};

QComboBox* sizeBox(int selected) {
    auto* box = new QComboBox;
    for (int n = kSmallestN; n <= kLargestN; n *= 2) {
        box->addItem(QLocale().toString(n), n);
        if (n == selected) box->setCurrentIndex(box->count() - 1);
    }
    return box;
}

void selectData(QComboBox* box, int value) {
    const int index = box->findData(value);
    if (index >= 0) box->setCurrentIndex(index);
}

}  // namespace

CostWallPanel::CostWallPanel(QWidget* parent) : QWidget(parent) {
    auto* kernelRow = new QHBoxLayout;
    kernelsTitle_ = new QLabel;
    kernelRow->addWidget(kernelsTitle_);
    for (const CostKernel kernel : kAllCostKernels) {
        auto* box = new QCheckBox(QString::fromLatin1(costKernelName(kernel)));
        // The box's text in its curve's colour: the check boxes are the charts' legend too.
        QPalette coloured = box->palette();
        coloured.setColor(QPalette::WindowText, CostWallCharts::kernelColour(kernel));
        box->setPalette(coloured);
        box->setChecked(kernel == CostKernel::Naive || kernel == CostKernel::Flash || kernel == CostKernel::Linear);
        kernelBoxes_[kernel] = box;
        kernelRow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &CostWallPanel::controlsChanged);
    }
    kernelRow->addStretch(1);

    auto* sizeRow = new QHBoxLayout;
    fromLabel_ = new QLabel;
    toLabel_ = new QLabel;
    dLabel_ = new QLabel;
    repeatsLabel_ = new QLabel;
    maskLabel_ = new QLabel;
    windowLabel_ = new QLabel;
    from_ = sizeBox(kSmallestN);
    to_ = sizeBox(kDefaultTo);
    d_ = new QComboBox;
    for (const int d : kDValues) d_->addItem(QString::number(d), d);
    selectData(d_, 64);
    repeats_ = new QSpinBox;
    repeats_->setRange(1, 15);
    repeats_->setValue(3);
    mask_ = new QComboBox;
    mask_->addItem(QString(), static_cast<int>(CostMask::Full));
    mask_->addItem(QString(), static_cast<int>(CostMask::Causal));
    window_ = new QSpinBox;
    window_->setRange(1, kLargestN);
    window_->setValue(CostOptions{}.window);
    run_ = new QPushButton;
    cancel_ = new QPushButton;
    for (auto [label, control] : {std::pair<QLabel*, QWidget*>{fromLabel_, from_}, {toLabel_, to_}, {dLabel_, d_},
                                  {repeatsLabel_, repeats_}, {maskLabel_, mask_}, {windowLabel_, window_}}) {
        label->setBuddy(control);
        sizeRow->addWidget(label);
        sizeRow->addWidget(control);
        sizeRow->addSpacing(8);
    }
    sizeRow->addWidget(run_);
    sizeRow->addWidget(cancel_);
    sizeRow->addStretch(1);
    for (QComboBox* box : {from_, to_, d_, mask_})
        connect(box, &QComboBox::currentIndexChanged, this, &CostWallPanel::controlsChanged);
    for (QSpinBox* box : {repeats_, window_}) connect(box, &QSpinBox::valueChanged, this, &CostWallPanel::controlsChanged);

    progress_ = new QProgressBar;
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setTextVisible(true);
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    exportCharts_ = new QPushButton;
    exportCsv_ = new QPushButton;
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(progress_, 1);
    bottom->addWidget(status_, 3);
    bottom->addWidget(exportCharts_);
    bottom->addWidget(exportCsv_);

    charts_ = new CostWallCharts;
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scrollableRow(kernelRow));
    layout->addWidget(scrollableRow(sizeRow));
    layout->addWidget(charts_, 1);
    layout->addLayout(bottom);

    connect(run_, &QPushButton::clicked, this, &CostWallPanel::run);
    connect(cancel_, &QPushButton::clicked, this, &CostWallPanel::cancel);
    connect(exportCharts_, &QPushButton::clicked, this, &CostWallPanel::exportChartsWithDialog);
    connect(exportCsv_, &QPushButton::clicked, this, &CostWallPanel::exportCsvWithDialog);

    retranslateUi();
    controlsChanged();
}

// The sweep stops between blocks of rows (a moment, never a whole point) when sweep_ goes.
CostWallPanel::~CostWallPanel() = default;

CostPlan CostWallPanel::plan() const {
    CostPlan plan;
    for (const CostKernel kernel : kAllCostKernels)
        if (kernelBoxes_.at(kernel)->isChecked()) plan.kernels.push_back(kernel);
    plan.sizes = costSizes(from_->currentData().toInt(), to_->currentData().toInt());
    plan.d = d_->currentData().toInt();
    plan.repeats = repeats_->value();
    plan.options.mask = static_cast<CostMask>(mask_->currentData().toInt());
    plan.options.window = window_->value();
    return plan;
}

void CostWallPanel::setKernels(const std::vector<CostKernel>& kernels) {
    for (auto& [kernel, box] : kernelBoxes_)
        box->setChecked(std::find(kernels.begin(), kernels.end(), kernel) != kernels.end());
}

void CostWallPanel::setSizeRange(int from, int to) {
    selectData(from_, from);
    selectData(to_, to);
}

void CostWallPanel::setD(int d) { selectData(d_, d); }
void CostWallPanel::setRepeats(int repeats) { repeats_->setValue(repeats); }
void CostWallPanel::setCausal(bool causal) {
    selectData(mask_, static_cast<int>(causal ? CostMask::Causal : CostMask::Full));
}

QString CostWallPanel::checkPlan() const {
    const CostPlan wanted = plan();
    if (wanted.sizes.empty()) return tr("n from must not be larger than n to");
    try {
        checkCostPlan(wanted);
    } catch (const Error& error) {
        return translatedCoreMessage(error);
    }
    return {};
}

void CostWallPanel::controlsChanged() {
    if (running_) return;
    const QString refusal = checkPlan();
    if (!refusal.isEmpty())
        showStatus(tr("Cannot run: %1").arg(refusal), true);
    else
        showStatus(charts_->points().empty() ? tr("Choose the kernels and sizes, then press Run.") : QString(), false);
    updateButtons();
}

bool CostWallPanel::run() {
    if (running_) return false;
    const QString refusal = checkPlan();
    if (!refusal.isEmpty()) {
        showStatus(tr("Cannot run: %1").arg(refusal), true);
        return false;
    }
    const CostPlan sweep = plan();
    charts_->setKernels(sweep.kernels);
    charts_->setPlan(sweep);
    planned_ = static_cast<int>(sweep.kernels.size() * sweep.sizes.size());
    progress_->setRange(0, planned_);
    progress_->setValue(0);
    cancelRequested_ = false;
    running_ = true;
    showStatus(tr("Measuring %1 points…").arg(planned_), false);
    updateButtons();
    sweep_.start(
        [this, sweep](const JobControl& control) {
            Outcome outcome;
            try {
                (void)runCostSweep(
                    sweep,
                    [this](const CostPoint& point) {
                        QMetaObject::invokeMethod(this, [this, point] { pointMeasured(point); },
                                                  Qt::QueuedConnection);
                    },
                    &control.cancelFlag());
            } catch (const Cancelled&) {
                outcome.cancelled = true;
            } catch (const std::exception& error) {
                outcome.failure = translatedFailure(error);
            }
            return outcome;
        },
        [this](const Outcome& outcome) { sweepEnded(outcome); });
    return true;
}

void CostWallPanel::cancel() {
    if (!running_) return;
    cancelRequested_ = true;
    sweep_.stop();
    showStatus(tr("Cancelling…"), false);
    cancel_->setEnabled(false);
}

void CostWallPanel::pointMeasured(const CostPoint& point) {
    charts_->addPoint(point);
    progress_->setValue(static_cast<int>(charts_->points().size()));
    if (!cancelRequested_)
        showStatus(tr("%1 at n = %2: %3 ms, %4 (%5 of %6 points)")
                       .arg(QString::fromLatin1(costKernelName(point.kernel)), QLocale().toString(point.n),
                            QLocale().toString(point.medianMs, 'g', 3),
                            point.peakExtraBytes >= 0
                                ? QString::fromStdString(binaryBytes(static_cast<double>(point.peakExtraBytes)))
                                : tr("memory not measured"))
                       .arg(charts_->points().size())
                       .arg(planned_),
                   false);
}

void CostWallPanel::sweepEnded(const Outcome& outcome) {
    running_ = false;
    const auto measured = static_cast<int>(charts_->points().size());
    if (outcome.cancelled)
        showStatus(tr("Cancelled after %1 of %2 points.").arg(measured).arg(planned_), false);
    else if (!outcome.failure.isEmpty())
        showStatus(tr("The measurement stopped: %1").arg(outcome.failure), true);
    else
        showStatus(tr("Done: %1 points measured (time: the median of the repeats; memory: the peak of one more run).")
                       .arg(measured),
                   false);
    updateButtons();
    emit finished();
}

void CostWallPanel::updateButtons() {
    run_->setEnabled(!running_ && checkPlan().isEmpty());
    cancel_->setEnabled(running_ && !cancelRequested_);
    const bool hasPoints = !charts_->points().empty();
    exportCharts_->setEnabled(!running_ && hasPoints);
    exportCsv_->setEnabled(!running_ && hasPoints);
    for (QWidget* control : std::initializer_list<QWidget*>{from_, to_, d_, repeats_, mask_, window_})
        control->setEnabled(!running_);
    for (auto& [kernel, box] : kernelBoxes_) box->setEnabled(!running_);
}

void CostWallPanel::showStatus(const QString& text, bool warning) {
    statusIsWarning_ = warning;
    QPalette palette = status_->palette();
    palette.setColor(QPalette::WindowText, warning ? warningTextColor(this->palette()) : this->palette().color(QPalette::WindowText));
    status_->setPalette(palette);
    status_->setText(text);
}

void CostWallPanel::exportCharts(const QString& path) const { charts_->exportImage(path); }

void CostWallPanel::exportCsv(const QString& path) const { writeCostCsv(toPath(path), charts_->points()); }

void CostWallPanel::exportChartsWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the Cost Charts"), QStringLiteral("cost.png"),
                                                      tr("Images (*.png *.svg *.pdf)"));
    if (path.isEmpty()) return;
    try {
        exportCharts(path);
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Cannot export the charts"), translatedFailure(error));
    }
}

void CostWallPanel::exportCsvWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the Measurements"), QStringLiteral("cost.csv"),
                                                      tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    try {
        exportCsv(path);
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Cannot export the measurements"), translatedFailure(error));
    }
}

void CostWallPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    // A refusal stays readable when the theme changes: the warning red of the new palette.
    if (event->type() == QEvent::PaletteChange) showStatus(status_->text(), statusIsWarning_);
}

void CostWallPanel::retranslateUi() {
    kernelsTitle_->setText(tr("Kernels:"));
    const std::pair<CostKernel, QString> tips[] = {
        {CostKernel::Naive, tr("The chapter's code: the whole n × n score matrix, masked, softmaxed, then times V")},
        {CostKernel::Exact, tr("The program's exact kernel: a block of rows at a time")},
        {CostKernel::Flash, tr("Flash attention: tiles of keys with the online softmax; exact, memory O(n·d)")},
        {CostKernel::Window, tr("Sliding window + global tokens (Longformer): each query sees 2w − 1 keys")},
        {CostKernel::Sparse, tr("Block-sparse (BigBird): local, global and random blocks only")},
        {CostKernel::Linear, tr("Linear attention: φ(x) = elu(x) + 1 replaces the softmax; an approximation, O(n·d²)")}};
    for (const auto& [kernel, tip] : tips) kernelBoxes_.at(kernel)->setToolTip(tip);
    fromLabel_->setText(tr("n from"));
    toLabel_->setText(tr("to"));
    dLabel_->setText(tr("d"));
    repeatsLabel_->setText(tr("repeats"));
    repeats_->setToolTip(tr("Timed runs per point; the chart shows their median"));
    maskLabel_->setText(tr("mask"));
    mask_->setItemText(0, tr("none"));
    mask_->setItemText(1, tr("causal"));
    windowLabel_->setText(tr("window w"));
    window_->setToolTip(tr("The sliding window's half-width: query i sees keys j with |i − j| < w"));
    run_->setText(tr("Run"));
    cancel_->setText(tr("Cancel"));
    exportCharts_->setText(tr("Export Charts…"));
    exportCharts_->setToolTip(tr("Save both charts and the formulas as PNG, SVG or PDF"));
    exportCsv_->setText(tr("Export CSV…"));
    exportCsv_->setToolTip(tr("Save the measurements: kernel, n, d, median_ms, peak_extra_bytes"));
    if (!running_) controlsChanged();
}

}  // namespace attnviz::ui
