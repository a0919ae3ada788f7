#include "ui/export/ExportDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <sstream>

#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "core/io/AtomicFile.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FilePath.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/i18n/Language.h"

namespace attnviz::ui {
namespace {

constexpr QSize kPreviewArea(640, 480);
constexpr int kPreviewDelayMs = 120;
constexpr double kCsvPreviewCells = 1e5;
constexpr int kCsvPreviewLines = 40;

/// Shows a wait cursor while alive.
struct WaitCursor {
    WaitCursor() { QApplication::setOverrideCursor(Qt::WaitCursor); }
    ~WaitCursor() { QApplication::restoreOverrideCursor(); }
    WaitCursor(const WaitCursor&) = delete;
    WaitCursor& operator=(const WaitCursor&) = delete;
};

QString stepLabel(Step step) {
    switch (step) {
        case Step::X: return ExportDialog::tr("X — embeddings + positions");
        case Step::Q: return ExportDialog::tr("Q — queries");
        case Step::K: return ExportDialog::tr("K — keys");
        case Step::V: return ExportDialog::tr("V — values");
        case Step::Scores: return ExportDialog::tr("Scores QKᵀ");
        case Step::Scaled: return ExportDialog::tr("Scaled scores");
        case Step::Masked: return ExportDialog::tr("Masked scores");
        case Step::Weights: return ExportDialog::tr("Attention weights (softmax)");
        case Step::Context: return ExportDialog::tr("Context — weights · V");
        case Step::Output: return ExportDialog::tr("Output — context · W_O");
    }
    return {};
}

std::string csvText(const AttentionTrace& trace, Step step, int head) {
    std::ostringstream out;
    writeStepCsv(out, trace, step, head);
    return out.str();
}

}  // namespace

ExportDialog::ExportDialog(std::shared_ptr<const AttentionTrace> trace, QWidget* parent)
    : QDialog(parent), trace_(std::move(trace)) {
    setWindowTitle(tr("Export"));

    format_ = new QComboBox;
    format_->addItem(tr("PNG image"), static_cast<int>(Format::Png));
    format_->addItem(tr("SVG vector image"), static_cast<int>(Format::Svg));
    format_->addItem(tr("PDF document (one page)"), static_cast<int>(Format::Pdf));
    format_->addItem(tr("CSV — this matrix"), static_cast<int>(Format::Csv));
    format_->addItem(tr("JSON — the whole trace"), static_cast<int>(Format::Json));

    step_ = new QComboBox;
    for (int s = 0; s < kStepCount; ++s) step_->addItem(stepLabel(static_cast<Step>(s)), s);
    head_ = new QComboBox;
    for (int h = 0; h < trace_->heads(); ++h) head_->addItem(tr("Head %1").arg(h), h);
    if (trace_->heads() > 1) head_->addItem(tr("All heads (mean for n × n steps)"), kAllHeads);

    title_ = new QLineEdit;
    title_->setClearButtonEnabled(true);
    colorMap_ = new QComboBox;
    colorMap_->addItem(tr("Automatic (as in the window for weights, RdBu_r for signed values)"), QString());
    for (const QString& name : ColorMap::names()) colorMap_->addItem(name, name);
    values_ = new QCheckBox(tr("Values in cells (where they fit)"));
    values_->setChecked(true);
    caption_ = new QCheckBox(tr("Caption with the settings"));
    caption_->setChecked(true);
    dpi_ = new QSpinBox;
    dpi_->setRange(48, 1200);
    dpi_->setSingleStep(24);
    dpi_->setValue(static_cast<int>(kDefaultPngScale * kFigureUnitsPerInch));
    dpi_->setSuffix(tr(" dpi"));
    dpi_->setToolTip(tr("96 dpi is the size on screen; 300 dpi is sharp in print."));
    sizeText_ = new QLabel;

    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("&Step:"), step_);
    form->addRow(tr("&Head:"), head_);
    form->addRow(tr("&Title:"), title_);
    form->addRow(tr("&Colour map:"), colorMap_);
    form->addRow(QString(), values_);
    form->addRow(QString(), caption_);
    form->addRow(tr("&Resolution:"), dpi_);
    form->addRow(tr("Size:"), sizeText_);

    previewLabel_ = new QLabel;
    previewLabel_->setAlignment(Qt::AlignCenter);
    previewLabel_->setMinimumSize(kPreviewArea);
    previewLabel_->setStyleSheet(QStringLiteral("QLabel { background: #e8e8e8; }"));
    textPreview_ = new QPlainTextEdit;
    textPreview_->setReadOnly(true);
    textPreview_->setLineWrapMode(QPlainTextEdit::NoWrap);
    textPreview_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    previewStack_ = new QStackedWidget;
    previewStack_->addWidget(previewLabel_);
    previewStack_->addWidget(textPreview_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    exportButton_ = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    copyButton_ = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    exportButton_->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton_, &QPushButton::clicked, this, &ExportDialog::chooseFileAndExport);
    connect(copyButton_, &QPushButton::clicked, this, [this] { copyToClipboard(); });

    auto* top = new QHBoxLayout;
    top->addLayout(form);
    top->addWidget(previewStack_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(buttons);

    previewDelay_.setSingleShot(true);
    previewDelay_.setInterval(kPreviewDelayMs);
    connect(&previewDelay_, &QTimer::timeout, this, &ExportDialog::startPreview);
    connect(&watcher_, &QFutureWatcher<PreviewResult>::finished, this, &ExportDialog::showPreview);

    const auto changed = [this] {
        updateEnabledState();
        schedulePreview();
    };
    connect(format_, &QComboBox::currentIndexChanged, this, changed);
    connect(step_, &QComboBox::currentIndexChanged, this, changed);
    connect(head_, &QComboBox::currentIndexChanged, this, changed);
    connect(colorMap_, &QComboBox::currentIndexChanged, this, changed);
    connect(title_, &QLineEdit::textChanged, this, changed);
    connect(values_, &QCheckBox::toggled, this, changed);
    connect(caption_, &QCheckBox::toggled, this, changed);
    connect(dpi_, &QSpinBox::valueChanged, this, [this] { updateSizeText(); });

    setStep(Step::Weights);
    lastFolder_ = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    updateEnabledState();
    startPreview();
}

ExportDialog::~ExportDialog() {
    previewDelay_.stop();
    watcher_.disconnect(this);
    watcher_.waitForFinished();
}

void ExportDialog::setStep(Step step) { step_->setCurrentIndex(step_->findData(static_cast<int>(step))); }

void ExportDialog::setHead(int head) {
    const int index = head_->findData(head);
    if (index >= 0) head_->setCurrentIndex(index);
}

void ExportDialog::setColorMapName(const QString& name) {
    const int index = colorMap_->findData(name);
    colorMap_->setCurrentIndex(index >= 0 ? index : 0);
}

void ExportDialog::setAutomaticWeightsColorMap(const QString& name) {
    weightsColorMap_ = ColorMap::byName(name) ? name : QString();
    schedulePreview();
}

void ExportDialog::setWeightsRange(WeightsRange range) {
    weightsRange_ = range;
    schedulePreview();
}

SourceOptions ExportDialog::sourceOptions() const {
    // A figure's dimension names in the interface's language, like its titles (CSV and JSON keep
    // the model's written names: they are data).
    return {currentLanguage().toStdString(), weightsRange_};
}

void ExportDialog::setFormat(Format format) { format_->setCurrentIndex(format_->findData(static_cast<int>(format))); }

Step ExportDialog::step() const { return static_cast<Step>(step_->currentData().toInt()); }

int ExportDialog::head() const { return head_->currentData().toInt(); }

ExportDialog::Format ExportDialog::format() const { return static_cast<Format>(format_->currentData().toInt()); }

FigureOptions ExportDialog::figureOptions() const {
    FigureOptions options;
    options.title = title_->text().trimmed();
    options.colormap = colorMap_->currentData().toString();
    if (options.colormap.isEmpty() && step() == Step::Weights) options.colormap = weightsColorMap_;
    options.showValues = values_->isChecked();
    options.showCaption = caption_->isChecked();
    options.pixelAlignment = format() == Format::Png ? pngScale() : 1.0;
    return options;
}

double ExportDialog::pngScale() const { return dpi_->value() / kFigureUnitsPerInch; }

bool ExportDialog::isPreviewPending() const { return previewPending_; }

QString ExportDialog::suffix() const {
    switch (format()) {
        case Format::Png: return QStringLiteral("png");
        case Format::Svg: return QStringLiteral("svg");
        case Format::Pdf: return QStringLiteral("pdf");
        case Format::Csv: return QStringLiteral("csv");
        case Format::Json: return QStringLiteral("json");
    }
    return {};
}

void ExportDialog::updateEnabledState() {
    title_->setPlaceholderText(FigureRenderer::defaultTitle(step(), head(), trace_->heads()));
    const bool image = format() == Format::Png || format() == Format::Svg || format() == Format::Pdf;
    const bool oneMatrix = format() != Format::Json;
    step_->setEnabled(oneMatrix);
    head_->setEnabled(oneMatrix && head_->count() > 1);
    title_->setEnabled(image);
    colorMap_->setEnabled(image);
    values_->setEnabled(image);
    caption_->setEnabled(image);
    dpi_->setEnabled(format() == Format::Png);
    previewStack_->setCurrentWidget(image ? static_cast<QWidget*>(previewLabel_) : textPreview_);
    updateSizeText();
}

void ExportDialog::updateSizeText() {
    if (figureSize_.isEmpty()) {
        sizeText_->clear();
        return;
    }
    switch (format()) {
        case Format::Png: {
            const double scale = pngScale();
            sizeText_->setText(tr("%1 × %2 pixels")
                                   .arg(std::ceil(figureSize_.width() * scale - 1e-9))
                                   .arg(std::ceil(figureSize_.height() * scale - 1e-9)));
            break;
        }
        case Format::Svg:
        case Format::Pdf: {
            constexpr double kCmPerUnit = 2.54 / kFigureUnitsPerInch;
            sizeText_->setText(tr("%1 × %2 cm")
                                   .arg(figureSize_.width() * kCmPerUnit, 0, 'f', 1)
                                   .arg(figureSize_.height() * kCmPerUnit, 0, 'f', 1));
            break;
        }
        case Format::Csv:
            sizeText_->setText(tr("%1 rows × %2 values").arg(trace_->rows(step())).arg(trace_->cols(step(), head())));
            break;
        case Format::Json: sizeText_->setText(tr("every matrix of the %n token(s)", nullptr, trace_->size())); break;
    }
}

void ExportDialog::schedulePreview() {
    ++generation_;
    previewPending_ = true;
    previewDelay_.start();
}

void ExportDialog::startPreview() {
    previewDelay_.stop();
    previewPending_ = true;
    const int generation = ++generation_;
    const Format chosen = format();
    const Step chosenStep = step();
    const int chosenHead = head();
    FigureOptions options = figureOptions();
    options.pixelAlignment = 1;
    const SourceOptions sources = sourceOptions();
    watcher_.setFuture(QtConcurrent::run([trace = trace_, generation, chosen, chosenStep, chosenHead, options, sources] {
        PreviewResult result;
        result.generation = generation;
        try {
            const MatrixSource source(trace, chosenStep, chosenHead, sources);
            const FigureRenderer figure(source, options);
            result.figureSize = figure.size();
            if (chosen == Format::Csv) {
                const double cells = static_cast<double>(trace->rows(chosenStep)) * trace->cols(chosenStep, chosenHead);
                if (cells <= kCsvPreviewCells) {
                    const QStringList lines =
                        QString::fromStdString(csvText(*trace, chosenStep, chosenHead)).split(QStringLiteral("\r\n"));
                    result.text = lines.mid(0, kCsvPreviewLines).join(QLatin1Char('\n'));
                    if (lines.size() > kCsvPreviewLines) result.text += QStringLiteral("\n…");
                } else {
                    result.text = tr("%1 × %2 values: too many to preview.")
                                              .arg(trace->rows(chosenStep))
                                              .arg(trace->cols(chosenStep, chosenHead));
                }
            } else if (chosen == Format::Json) {
                result.text =
                    tr("The whole trace as JSON: the tokens, every setting, X, W_Q, W_K, W_V, W_O, and for each "
                       "head Q, K, V, the scores, scaled scores, masked scores, weights, context, row maxima and "
                       "sums; the mean weights and the output. Read back exactly (every double round-trips).");
            } else {
                const QSizeF size = figure.size();
                const double scale =
                    std::min({2.0, kPreviewArea.width() / size.width(), kPreviewArea.height() / size.height()});
                result.image = renderFigureImage(figure, scale);
            }
        } catch (const std::exception& error) {
            result.error = QString::fromStdString(error.what());
        }
        return result;
    }));
}

void ExportDialog::showPreview() {
    const PreviewResult result = watcher_.result();
    if (result.generation != generation_) return;  // an older choice: a newer preview follows
    previewPending_ = false;
    figureSize_ = result.figureSize;
    if (!result.error.isEmpty()) {
        previewLabel_->setText(result.error);
        textPreview_->setPlainText(result.error);
    } else if (!result.image.isNull()) {
        preview_ = result.image;
        QPixmap pixmap = QPixmap::fromImage(preview_);
        previewLabel_->setPixmap(pixmap);
    } else {
        textPreview_->setPlainText(result.text);
    }
    updateSizeText();
    emit previewReady();
}

void ExportDialog::fail(const QString& message) {
    lastError_ = message;
    if (interactive_) QMessageBox::warning(this, tr("Export failed"), message);
}

bool ExportDialog::exportTo(const QString& path) {
    lastError_.clear();
    const WaitCursor wait;
    try {
        const std::filesystem::path target = toPath(path);
        switch (format()) {
            case Format::Png:
            case Format::Svg:
            case Format::Pdf: {
                const MatrixSource source(trace_, step(), head(), sourceOptions());
                const FigureRenderer figure(source, figureOptions());
                ImageExportOptions image;
                image.format = format() == Format::Png ? ImageFormat::Png
                               : format() == Format::Svg ? ImageFormat::Svg
                                                         : ImageFormat::Pdf;
                image.scale = pngScale();
                exportFigure(figure, target, image);
                break;
            }
            case Format::Csv:
                writeFileAtomically(target, [&](std::ostream& out) { writeStepCsv(out, *trace_, step(), head()); });
                break;
            case Format::Json: saveTraceJson(target, *trace_); break;
        }
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
        return false;
    }
    emit exported(path);
    return true;
}

bool ExportDialog::copyToClipboard() {
    lastError_.clear();
    const WaitCursor wait;
    auto* mime = new QMimeData;
    try {
        switch (format()) {
            case Format::Png:
            case Format::Svg:
            case Format::Pdf: {
                const MatrixSource source(trace_, step(), head(), sourceOptions());
                FigureOptions options = figureOptions();
                options.pixelAlignment = pngScale();
                const FigureRenderer figure(source, options);
                mime->setImageData(renderFigureImage(figure, pngScale()));
                if (format() == Format::Svg) mime->setData(QStringLiteral("image/svg+xml"), renderSvg(figure));
                if (format() == Format::Pdf) mime->setData(QStringLiteral("application/pdf"), renderPdf(figure));
                break;
            }
            case Format::Csv: {
                const std::string text = csvText(*trace_, step(), head());
                mime->setText(QString::fromStdString(text));
                mime->setData(QStringLiteral("text/csv"), QByteArray::fromStdString(text));
                break;
            }
            case Format::Json: {
                std::ostringstream out;
                writeTraceJson(out, *trace_);
                mime->setText(QString::fromStdString(out.str()));
                break;
            }
        }
    } catch (const std::exception& error) {
        delete mime;
        fail(QString::fromStdString(error.what()));
        return false;
    }
    QApplication::clipboard()->setMimeData(mime);
    return true;
}

void ExportDialog::chooseFileAndExport() {
    QString base = QStringLiteral("attention-%1").arg(QString::fromLatin1(stepName(step())));
    if (format() != Format::Json && step() != Step::X && step() != Step::Output) {
        base += head() == kAllHeads ? QStringLiteral("-all-heads") : QStringLiteral("-head%1").arg(head());
    }
    if (format() == Format::Json) base = QStringLiteral("attention-trace");
    const QString ext = suffix();
    const QString filter = tr("%1 files (*.%2)").arg(ext.toUpper(), ext);
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), QDir(lastFolder_).filePath(base + QLatin1Char('.') + ext),
                                                filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + ext;
    lastFolder_ = QFileInfo(path).absolutePath();
    if (exportTo(path)) accept();
}

}  // namespace attnviz::ui
