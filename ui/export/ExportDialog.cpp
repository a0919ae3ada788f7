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
#include <QPainter>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <cmath>
#include <sstream>

#include "ui/export/FigureExporter.h"
#include "ui/export/FilePath.h"
#include "ui/export/ModelExport.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/i18n/CoreMessages.h"
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

/// What the file of request would hold, as bytes.
std::string exportedBytes(const ExportRequest& request) {
    std::ostringstream out;
    writeExport(request, out);
    return out.str();
}

}  // namespace

void ExportDialog::previewModel(const ExportRequest& chosen, PreviewResult& result) {
    if (!isFigureFormat(chosen.format)) {
        result.text = QString::fromStdString(exportedBytes(chosen));  // one line or object per head
        return;
    }
    const std::vector<HeadSummary>& summaries = chosen.stack->summaries();
    const ModelGridFigure figure(*chosen.stack, summaries, modelFigureOptions(chosen, 1));
    result.figureSize = figure.size();
    const QSizeF size = figure.size();
    const double scale = std::min({2.0, kPreviewArea.width() / size.width(), kPreviewArea.height() / size.height()});
    QImage image(static_cast<int>(std::ceil(size.width() * scale)), static_cast<int>(std::ceil(size.height() * scale)),
                 QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.scale(scale, scale);
    figure.paint(painter);
    painter.end();
    result.image = image;
}

ExportDialog::ExportDialog(std::shared_ptr<const AttentionTrace> trace, QWidget* parent)
    : QDialog(parent), trace_(std::move(trace)) {
    setWindowTitle(tr("Export"));

    format_ = new QComboBox;
    format_->addItem(tr("PNG image"), static_cast<int>(ExportFormat::Png));
    format_->addItem(tr("SVG vector image"), static_cast<int>(ExportFormat::Svg));
    format_->addItem(tr("PDF document (one page)"), static_cast<int>(ExportFormat::Pdf));
    format_->addItem(tr("CSV — this matrix"), static_cast<int>(ExportFormat::Csv));
    format_->addItem(tr("JSON — the whole trace"), static_cast<int>(ExportFormat::Json));

    view_ = new QComboBox;
    view_->addItem(tr("Heatmap of one head"), static_cast<int>(ExportView::Heatmap));
    view_->addItem(tr("All heads (every layer × head; CSV, JSON: their summaries)"), static_cast<int>(ExportView::Model));
    viewLabel_ = new QLabel(tr("&Picture:"));
    viewLabel_->setBuddy(view_);
    step_ = new QComboBox;
    for (int s = 0; s < kStepCount; ++s) step_->addItem(stepLabel(static_cast<Step>(s)), s);
    head_ = new QComboBox;
    for (int h = 0; h < trace_->heads(); ++h) head_->addItem(tr("Head %1").arg(h + 1), h);
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
    form->addRow(viewLabel_, view_);
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
    // Qt's own word for it is English unless Qt's catalogues are installed: say it ourselves.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
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

    const auto changed = [this] {
        updateEnabledState();
        schedulePreview();
    };
    connect(format_, &QComboBox::currentIndexChanged, this, changed);
    connect(view_, &QComboBox::currentIndexChanged, this, changed);
    connect(step_, &QComboBox::currentIndexChanged, this, changed);
    connect(head_, &QComboBox::currentIndexChanged, this, changed);
    connect(colorMap_, &QComboBox::currentIndexChanged, this, changed);
    connect(title_, &QLineEdit::textChanged, this, changed);
    connect(values_, &QCheckBox::toggled, this, changed);
    connect(caption_, &QCheckBox::toggled, this, changed);
    connect(dpi_, &QSpinBox::valueChanged, this, [this] { updateSizeText(); });

    setStep(Step::Weights);
    setStack(nullptr);
    lastFolder_ = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    updateEnabledState();
    startPreview();
}

ExportDialog::~ExportDialog() { previewDelay_.stop(); }

void ExportDialog::setStep(Step step) { step_->setCurrentIndex(step_->findData(static_cast<int>(step))); }

void ExportDialog::setHead(int head) {
    const int index = head_->findData(head);
    if (index >= 0) head_->setCurrentIndex(index);
}

void ExportDialog::setAutomaticWeightsColorMap(const QString& name) {
    weightsColorMap_ = ColorMap::byName(name) ? name : QString();
    schedulePreview();
}

void ExportDialog::setWeightsRange(WeightsRange range) {
    weightsRange_ = range;
    schedulePreview();
}

void ExportDialog::setFormat(ExportFormat format) {
    format_->setCurrentIndex(format_->findData(static_cast<int>(format)));
}

void ExportDialog::setStack(std::shared_ptr<const AttentionStack> stack) {
    stack_ = std::move(stack);
    view_->setVisible(stack_ != nullptr);
    viewLabel_->setVisible(stack_ != nullptr);
    if (!stack_) setView(ExportView::Heatmap);
    schedulePreview();
}

void ExportDialog::setView(ExportView view) { view_->setCurrentIndex(view_->findData(static_cast<int>(view))); }

ExportView ExportDialog::view() const { return static_cast<ExportView>(view_->currentData().toInt()); }

Step ExportDialog::step() const { return static_cast<Step>(step_->currentData().toInt()); }

int ExportDialog::head() const { return head_->currentData().toInt(); }

ExportFormat ExportDialog::format() const { return static_cast<ExportFormat>(format_->currentData().toInt()); }

ExportRequest ExportDialog::request() const {
    ExportRequest request;
    request.trace = trace_;
    request.view = view();
    request.stack = stack_;
    if (trace_ && trace_->origin()) request.layer = trace_->origin()->layer;
    request.step = step();
    request.head = head();
    request.format = format();
    request.title = title_->text().trimmed();
    request.colormap = colorMap_->currentData().toString();
    if (request.colormap.isEmpty() && step() == Step::Weights) request.colormap = weightsColorMap_;
    request.weightsRange = weightsRange_;
    request.showValues = values_->isChecked();
    request.showCaption = caption_->isChecked();
    // A figure's dimension names in the interface's language, like its titles (CSV and JSON keep
    // the model's written names: they are data).
    request.language = currentLanguage().toStdString();
    request.numberLocale = numberLocale();  // "0,67" in French, as the window writes it
    request.pngScale = dpi_->value() / kFigureUnitsPerInch;
    return request;
}

bool ExportDialog::isPreviewPending() const { return previewPending_; }

void ExportDialog::updateEnabledState() {
    title_->setPlaceholderText(FigureRenderer::defaultTitle(step(), head(), trace_->heads()));
    const bool image = isFigureFormat(format());
    const bool oneMatrix = format() != ExportFormat::Json && view() == ExportView::Heatmap;
    step_->setEnabled(oneMatrix);
    head_->setEnabled(oneMatrix && head_->count() > 1);
    title_->setEnabled(image);
    colorMap_->setEnabled(image);
    values_->setEnabled(image);
    caption_->setEnabled(image);
    dpi_->setEnabled(format() == ExportFormat::Png);
    previewStack_->setCurrentWidget(image ? static_cast<QWidget*>(previewLabel_) : textPreview_);
    updateSizeText();
}

void ExportDialog::updateSizeText() {
    if (figureSize_.isEmpty()) {
        sizeText_->clear();
        return;
    }
    switch (format()) {
        case ExportFormat::Png: {
            const double scale = *request().pngScale;
            sizeText_->setText(tr("%1 × %2 pixels")
                                   .arg(std::ceil(figureSize_.width() * scale - 1e-9))
                                   .arg(std::ceil(figureSize_.height() * scale - 1e-9)));
            break;
        }
        case ExportFormat::Svg:
        case ExportFormat::Pdf: {
            constexpr double kCmPerUnit = 2.54 / kFigureUnitsPerInch;
            sizeText_->setText(tr("%1 × %2 cm")
                                   .arg(formatValue(figureSize_.width() * kCmPerUnit, 1, numberLocale()),
                                        formatValue(figureSize_.height() * kCmPerUnit, 1, numberLocale())));
            break;
        }
        case ExportFormat::Csv:
            if (view() == ExportView::Model && stack_) {
                sizeText_->setText(tr("%n head(s)", nullptr, stack_->layers() * stack_->heads()));
                break;
            }
            sizeText_->setText(tr("%1 rows × %2 values").arg(trace_->rows(step())).arg(trace_->cols(step(), head())));
            break;
        case ExportFormat::Json: sizeText_->setText(tr("every matrix of the %n token(s)", nullptr, trace_->size())); break;
    }
}

void ExportDialog::schedulePreview() {
    previewJob_.cancel();  // an older choice: the newer preview follows after the delay
    previewPending_ = true;
    previewDelay_.start();
}

void ExportDialog::startPreview() {
    previewDelay_.stop();
    previewPending_ = true;
    previewJob_.start([chosen = request()](const JobControl&) {
        PreviewResult result;
        try {
            if (chosen.view == ExportView::Model) {
                previewModel(chosen, result);
                return result;
            }
            const MatrixSource source = exportSource(chosen);
            const FigureRenderer figure(source, exportFigureOptions(chosen, 1));
            result.figureSize = figure.size();
            const AttentionTrace& trace = *chosen.trace;
            if (chosen.format == ExportFormat::Csv) {
                const int rows = trace.rows(chosen.step);
                const int cols = trace.cols(chosen.step, chosen.head);
                if (static_cast<double>(rows) * cols <= kCsvPreviewCells) {
                    const QString csv = QString::fromStdString(exportedBytes(chosen));
                    const QStringList lines = csv.split(QStringLiteral("\r\n"));
                    result.text = lines.mid(0, kCsvPreviewLines).join(QLatin1Char('\n'));
                    if (lines.size() > kCsvPreviewLines) result.text += QStringLiteral("\n…");
                } else {
                    result.text = tr("%1 × %2 values: too many to preview.").arg(rows).arg(cols);
                }
            } else if (chosen.format == ExportFormat::Json) {
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
            result.error = translatedFailure(error);
        }
        return result;
    }, [this](const PreviewResult& result) { showPreview(result); });
}

void ExportDialog::showPreview(const PreviewResult& result) {
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
}

void ExportDialog::fail(const QString& message) {
    lastError_ = message;
    if (interactive_) QMessageBox::warning(this, tr("Export failed"), message);
}

bool ExportDialog::exportTo(const QString& path) {
    lastError_.clear();
    const WaitCursor wait;
    ExportRequest chosen = request();
    chosen.path = toPath(path);
    try {
        exportFile(chosen);
    } catch (const std::exception& error) {
        fail(translatedFailure(error));
        return false;
    }
    return true;
}

bool ExportDialog::copyToClipboard() {
    lastError_.clear();
    const WaitCursor wait;
    const ExportRequest chosen = request();
    auto mime = std::make_unique<QMimeData>();
    try {
        if (isFigureFormat(chosen.format)) {
            // Every figure as an image, and SVG or PDF also as what the file would hold.
            if (chosen.view == ExportView::Model) {
                ExportRequest png = chosen;
                png.format = ExportFormat::Png;
                mime->setImageData(QImage::fromData(QByteArray::fromStdString(exportedBytes(png)), "PNG"));
            } else {
                const MatrixSource source = exportSource(chosen);
                const double scale = exportPngScale(chosen, source);
                mime->setImageData(renderFigureImage(FigureRenderer(source, exportFigureOptions(chosen, scale)), scale));
            }
            if (chosen.format == ExportFormat::Svg)
                mime->setData(QStringLiteral("image/svg+xml"), QByteArray::fromStdString(exportedBytes(chosen)));
            if (chosen.format == ExportFormat::Pdf)
                mime->setData(QStringLiteral("application/pdf"), QByteArray::fromStdString(exportedBytes(chosen)));
        } else {
            const std::string text = exportedBytes(chosen);
            mime->setText(QString::fromStdString(text));
            if (chosen.format == ExportFormat::Csv)
                mime->setData(QStringLiteral("text/csv"), QByteArray::fromStdString(text));
        }
    } catch (const std::exception& error) {
        fail(translatedFailure(error));
        return false;
    }
    QApplication::clipboard()->setMimeData(mime.release());
    return true;
}

void ExportDialog::chooseFileAndExport() {
    QString base = QStringLiteral("attention-%1").arg(QString::fromLatin1(stepName(step())));
    if (format() != ExportFormat::Json && step() != Step::X && step() != Step::Output) {
        base += head() == kAllHeads ? QStringLiteral("-all-heads") : QStringLiteral("-head%1").arg(head() + 1);
    }
    if (format() == ExportFormat::Json) base = QStringLiteral("attention-trace");
    if (view() == ExportView::Model) base = QStringLiteral("attention-all-heads");
    const QString ext = exportFormatSuffix(format());
    const QString filter = tr("%1 files (*.%2)").arg(ext.toUpper(), ext);
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), QDir(lastFolder_).filePath(base + QLatin1Char('.') + ext),
                                                filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + ext;
    lastFolder_ = QFileInfo(path).absolutePath();
    if (exportTo(path)) accept();
}

}  // namespace attnviz::ui
