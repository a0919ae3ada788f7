#include "ui/shell/ModelActions.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QStatusBar>
#include <QUrl>

#include <new>

#include "core/gpt2/Gpt2Model.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/jobs/JobIndicator.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/DropRouter.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/RecentList.h"

namespace attnviz::ui {
namespace {

/// The first local folder a drag carries, or an empty string (files are the sessions' business).
QString droppedFolder(const QMimeData* mime) {
    if (mime == nullptr || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isDir()) return url.toLocalFile();
    }
    return {};
}

}  // namespace

ModelActions::ModelActions(MainWindow* window) : QObject(window), window_(window) {
    loading_ = new LatestJob<ModelLoad>(this);
    connect(loading_, &JobRunner::cancelled, this, [this] {
        window_->statusBar()->showMessage(tr("Opening the model was cancelled; the window keeps what it had."), 8000);
        emit loadFinished();
    });
    QMenu* file = window_->fileMenu();
    QAction* quit = file->actions().isEmpty() ? nullptr : file->actions().constLast();
    open_ = new QAction(this);
    open_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(open_, &QAction::triggered, this, &ModelActions::openWithDialog);
    recent_ = new RecentList(RecentList::Kind::Folders, kMaxRecent,
                             {[] { return AppSettings().recentModels(); },
                              [](const QStringList& folders) { AppSettings().setRecentModels(folders); }},
                             new QMenu(window_), this);
    connect(recent_, &RecentList::chosen, this, [this](const QString& folder) { openModel(folder); });
    connect(recent_, &RecentList::missing, this, [this](const QString& folder) {
        const QString message =
            tr("The model folder %1 no longer exists; it was removed from the recent models.").arg(folder);
        window_->messageBar()->showMessage(message);
        emit failed(message);
    });
    close_ = new QAction(this);
    close_->setEnabled(false);
    connect(close_, &QAction::triggered, this, &ModelActions::closeModel);
    file->insertAction(quit, open_);
    file->insertMenu(quit, recent_->menu());
    file->insertAction(quit, close_);
    file->insertSeparator(quit);
    connect(window_, &MainWindow::modelChanged, this,
            [this] { close_->setEnabled(window_->model() != nullptr); });
    retranslateUi();
    window_->dropRouter()->addRoute(droppedFolder, [this](const QString& folder) { openModel(folder); });
}

void ModelActions::retranslateUi() {
    open_->setText(tr("Open &Model…"));
    open_->setToolTip(tr("Open a GPT-2-family model folder (config.json, model.safetensors and its tokenizer files)"));
    recent_->menu()->setTitle(tr("Recent Mo&dels"));
    close_->setText(tr("Close Mode&l"));
    close_->setToolTip(tr("Back to the teaching model"));
    recent_->rebuildMenu();
}

bool ModelActions::event(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    return QObject::event(event);
}

ModelLoad ModelActions::load(const QString& folder) {
    ModelLoad result;
    result.folder = folder;
    try {
        result.model = std::make_shared<const gpt2::Gpt2Model>(gpt2::Gpt2Model::open(toPath(folder)));
    } catch (const std::bad_alloc&) {
        result.error = tr("not enough memory to open this model");
    } catch (const std::exception& error) {
        result.error = translatedFailure(error);
    }
    return result;
}

void ModelActions::openModel(const QString& folder, std::optional<int> layer, std::optional<int> head) {
    pendingLayer_ = layer;
    pendingHead_ = head;
    loading_->start([folder](const JobControl&) { return load(folder); },
                    [this](ModelLoad result) { onLoaded(std::move(result)); });
    window_->fileJobs()->watch(loading_, tr("Opening the model %1…").arg(QDir(folder).dirName()));
}

void ModelActions::onLoaded(ModelLoad result) {
    if (!result.model) {
        const QString message =
            tr("This model cannot be opened: %1. The window keeps what it had.").arg(result.error);
        window_->messageBar()->showMessage(message);
        emit failed(message);
        emit loadFinished();
        return;
    }
    window_->setModel(result.model, pendingLayer_.value_or(0), pendingHead_);
    rememberRecent(result.folder);
    emit modelOpened(result.folder);
    emit loadFinished();
}

void ModelActions::closeModel() { window_->setModel(nullptr); }

QMenu* ModelActions::recentMenu() const { return recent_->menu(); }

QStringList ModelActions::recentModels() const { return recent_->entries(); }

void ModelActions::rememberRecent(const QString& folder) {
    recent_->remember(folder);
    QDir parent(QDir(folder).absolutePath());
    if (parent.cdUp()) AppSettings().setModelFolder(parent.absolutePath());
}

void ModelActions::openWithDialog() {
    const QString folder =
        QFileDialog::getExistingDirectory(window_, tr("Open Model Folder"), AppSettings().modelFolder());
    if (!folder.isEmpty()) openModel(folder);
}

}  // namespace attnviz::ui
