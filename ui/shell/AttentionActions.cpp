#include "ui/shell/AttentionActions.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QStatusBar>
#include <QUrl>

#include <new>
#include <optional>

#include "core/heads/AttentionStack.h"
#include "ui/export/ExportRequest.h"
#include "ui/export/FilePath.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/i18n/Language.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/jobs/JobIndicator.h"
#include "ui/shell/DropRouter.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/MessageBar.h"

namespace attnviz::ui {
namespace {

/// The first local .npy or .json file a drag carries, or an empty string.
QString droppedAttention(const QMimeData* mime) {
    if (mime == nullptr || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        const QString suffix = QFileInfo(url.toLocalFile()).suffix().toLower();
        if (url.isLocalFile() && (suffix == QLatin1String("npy") || suffix == QLatin1String("json")))
            return url.toLocalFile();
    }
    return {};
}

}  // namespace

AttentionActions::AttentionActions(MainWindow* window) : QObject(window), window_(window) {
    loading_ = new LatestJob<AttentionLoad>(this);
    connect(loading_, &JobRunner::cancelled, this, [this] {
        window_->statusBar()->showMessage(tr("Opening the attention weights was cancelled; the window keeps what it had."), 8000);
        emit loadFinished();
    });
    QMenu* file = window_->fileMenu();
    QAction* quit = file->actions().isEmpty() ? nullptr : file->actions().constLast();
    open_ = new QAction(this);
    connect(open_, &QAction::triggered, this, &AttentionActions::openWithDialog);
    close_ = new QAction(this);
    close_->setEnabled(false);
    connect(close_, &QAction::triggered, this, &AttentionActions::closeAttention);
    file->insertAction(quit, open_);
    file->insertAction(quit, close_);
    file->insertSeparator(quit);
    connect(window_, &MainWindow::importedChanged, this,
            [this] { close_->setEnabled(window_->importedStack() != nullptr); });
    retranslateUi();
    window_->dropRouter()->addRoute(droppedAttention, [this](const QString& path) { openAttention(path); });
}

void AttentionActions::retranslateUi() {
    open_->setText(tr("Open &Attention…"));
    open_->setToolTip(tr("Open attention weights computed elsewhere: a .npy (layers, heads, n, n) with its tokens, "
                         "or a JSON file"));
    close_->setText(tr("Close A&ttention"));
    close_->setToolTip(tr("Back to the teaching model"));
}

bool AttentionActions::event(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    return QObject::event(event);
}

AttentionLoad AttentionActions::load(const QString& file, const ImportOptions& options) {
    AttentionLoad result;
    result.path = file;
    try {
        result.stack = std::make_shared<const AttentionStack>(AttentionStack::fromImported(
            std::make_shared<const ImportedWeights>(readImportedAttention(toPath(file), options))));
    } catch (const std::bad_alloc&) {
        result.error = tr("not enough memory to open these weights");
    } catch (const std::exception& error) {
        result.error = translatedFailure(error);
    }
    return result;
}

void AttentionActions::openAttention(const QString& file, const ImportOptions& options) {
    loading_->start([file, options](const JobControl&) { return load(file, options); },
                    [this](AttentionLoad result) { onLoaded(std::move(result)); });
    window_->fileJobs()->watch(loading_, tr("Opening %1…").arg(QFileInfo(file).fileName()));
}

void AttentionActions::onLoaded(AttentionLoad result) {
    if (!result.stack) {
        const QString message =
            tr("These attention weights cannot be opened: %1. The window keeps what it had.").arg(result.error);
        window_->messageBar()->showMessage(message);
        emit failed(message);
        emit loadFinished();
        return;
    }
    window_->showImported(result.stack, QFileInfo(result.path).fileName());
    emit loadFinished();
}

void AttentionActions::closeAttention() { window_->showImported(nullptr); }

bool AttentionActions::exportShownHead(const QString& path) {
    const std::shared_ptr<const MatrixSource> source = window_->heatmap()->source();
    if (!window_->importedStack() || !source || !source->stack()) return false;
    const std::optional<ExportFormat> format = exportFormatFromName(QFileInfo(path).suffix());
    if (!format) {
        window_->messageBar()->showMessage(
            tr("Cannot tell the format of %1: end its name with .png, .svg, .pdf, .csv or .json.").arg(path));
        return false;
    }
    ExportRequest request;
    request.stack = window_->importedStack();
    request.layer = source->layer();
    request.head = source->head();
    request.format = *format;
    request.path = toPath(path);
    request.colormap = window_->colorMapName();
    request.numberLocale = numberLocale();
    try {
        exportFile(request);
    } catch (const std::exception& error) {
        window_->messageBar()->showMessage(tr("The export failed: %1").arg(translatedFailure(error)));
        return false;
    }
    return true;
}

void AttentionActions::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        window_, tr("Export Imported Weights"), QStringLiteral("attention.png"),
        tr("Images (*.png *.svg *.pdf);;Data (*.csv *.json)"));
    if (!path.isEmpty()) (void)exportShownHead(path);
}

void AttentionActions::openWithDialog() {
    const QString file = QFileDialog::getOpenFileName(
        window_, tr("Open Attention Weights"), QString(),
        tr("Attention weights (*.npy *.json);;NumPy arrays (*.npy);;JSON (*.json)"));
    if (!file.isEmpty()) openAttention(file);
}

}  // namespace attnviz::ui
