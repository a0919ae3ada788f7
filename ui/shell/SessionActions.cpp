#include "ui/shell/SessionActions.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

#include <sstream>

#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/model/TeachingConfig.h"
#include "ui/export/ExportDialog.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FigureRenderer.h"
#include "ui/export/FilePath.h"
#include "ui/heads/ModelGridView.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/i18n/Language.h"
#include "ui/jobs/JobIndicator.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/AttentionActions.h"
#include "ui/shell/DropRouter.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/ModelActions.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/RecentList.h"

namespace attnviz::ui {
namespace {

QString sessionFilter() { return SessionActions::tr("AttnViz sessions (*.attnviz)"); }

/// The first local .attnviz file a drag carries, or an empty string.
QString droppedSession(const QMimeData* mime) {
    if (mime == nullptr || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(kSessionFileSuffix), Qt::CaseInsensitive))
            return url.toLocalFile();
    }
    return {};
}

}  // namespace

SessionActions::SessionActions(MainWindow* window) : QObject(window), window_(window) {
    QMenu* file = window_->fileMenu();
    QAction* quit = file->actions().isEmpty() ? nullptr : file->actions().constLast();

    loading_ = new LatestJob<SessionLoad>(this);
    connect(loading_, &JobRunner::cancelled, this, [this] {
        window_->statusBar()->showMessage(tr("Opening the session was cancelled; the window is as it was."), 8000);
        emit loadFinished(false);
    });
    open_ = new QAction(this);
    open_->setShortcut(QKeySequence::Open);
    connect(open_, &QAction::triggered, this, &SessionActions::openWithDialog);
    recent_ = new RecentList(RecentList::Kind::Files, kMaxRecent,
                             {[] { return AppSettings().recentSessions(); },
                              [](const QStringList& paths) { AppSettings().setRecentSessions(paths); }},
                             new QMenu(window_), this);
    connect(recent_, &RecentList::chosen, this, [this](const QString& path) { openSession(path); });
    connect(recent_, &RecentList::missing, this, [this](const QString& path) {
        const QString message = tr("The session %1 no longer exists; it was removed from the recent sessions.").arg(path);
        window_->messageBar()->showMessage(message);
        emit failed(message);
    });
    save_ = new QAction(this);
    save_->setShortcut(QKeySequence::Save);
    connect(save_, &QAction::triggered, this, &SessionActions::save);
    saveAs_ = new QAction(this);
    saveAs_->setShortcut(QKeySequence::SaveAs);
    connect(saveAs_, &QAction::triggered, this, &SessionActions::saveAsWithDialog);
    export_ = new QAction(this);
    export_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(export_, &QAction::triggered, this, &SessionActions::showExportDialog);
    copyImage_ = new QAction(this);
    copyImage_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copyImage_, &QAction::triggered, this, [this] { copyImage(); });
    copyCsv_ = new QAction(this);
    connect(copyCsv_, &QAction::triggered, this, [this] { copyCsv(); });

    file->insertAction(quit, open_);
    file->insertMenu(quit, recent_->menu());
    file->insertAction(quit, save_);
    file->insertAction(quit, saveAs_);
    file->insertSeparator(quit);
    file->insertAction(quit, export_);
    file->insertAction(quit, copyImage_);
    file->insertAction(quit, copyCsv_);
    if (quit != nullptr) file->insertSeparator(quit);
    retranslateUi();

    window_->dropRouter()->addRoute(droppedSession, [this](const QString& path) { openSession(path); });
    connect(window_->sentenceEdit(), &QPlainTextEdit::textChanged, this, &SessionActions::markModified);
    connect(window_->controls(), &ControlsPanel::configChanged, this, &SessionActions::markModified);
    connect(window_->controls(), &ControlsPanel::viewChanged, this, &SessionActions::markModified);
    connect(window_->predictActions(), &PredictActions::changed, this, &SessionActions::markModified);
}

void SessionActions::retranslateUi() {
    open_->setText(tr("&Open Session…"));
    recent_->menu()->setTitle(tr("Open &Recent"));
    save_->setText(tr("&Save Session"));
    saveAs_->setText(tr("Save Session &As…"));
    export_->setText(tr("&Export…"));
    export_->setToolTip(tr("Save a figure (PNG, SVG, PDF) or the numbers (CSV, JSON)"));
    copyImage_->setText(tr("Copy &Image"));
    copyCsv_->setText(tr("Copy Weights as &CSV"));
    recent_->rebuildMenu();
}

bool SessionActions::event(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    return QObject::event(event);
}

void SessionActions::markModified() {
    if (!showing_ && !currentPath_.isEmpty()) window_->setWindowModified(true);
}

Session SessionActions::currentSession() const {
    Session session;
    session.sentence = window_->sentence().toStdString();
    session.config = window_->config();
    session.view.step = Step::Weights;
    session.view.head = window_->currentHead();
    if (session.view.head != kAllHeads && session.view.head >= session.config.heads) session.view.head = 0;
    session.view.colormap = window_->colorMapName().toStdString();
    session.view.weightsRange = window_->viewSettings().weightsRange;
    session.predict = window_->predictActions()->round();
    if (const auto model = window_->model()) {
        // Without the model (closed, or its folder gone) the window shows the teaching model.
        session.model = SessionModel{std::filesystem::absolute(model->checkpoint().folder()).string(),
                                     window_->currentLayer(), window_->currentHead()};
        session.config = teachingConfig();
        session.view.head = 0;
    }
    return session;
}

void SessionActions::openSession(const QString& path) {
    loading_->start(
        [file = toPath(path)](const JobControl&) {
            SessionLoad load;
            try {
                load.session = loadSession(file);
            } catch (const std::bad_alloc&) {
                load.error = tr("not enough memory to read this session");
            } catch (const std::exception& error) {
                load.error = translatedFailure(error);
            }
            return load;
        },
        [this, path](SessionLoad load) { onLoaded(path, load); });
    window_->fileJobs()->watch(loading_, tr("Opening %1…").arg(QFileInfo(path).fileName()));
}

void SessionActions::onLoaded(const QString& path, const SessionLoad& load) {
    if (!load.error.isEmpty()) {
        report(tr("Cannot open the session"), load.error);
        emit loadFinished(false);
        return;
    }
    // Read and checked in full before anything changes: a refused file leaves the window alone.
    showSession(load.session);
    currentPath_ = path;
    rememberRecent(path);
    updateTitle();
    emit sessionOpened(path);
    emit loadFinished(true);
}

void SessionActions::showSession(const Session& session) {
    showing_ = true;
    if (window_->model()) window_->setModel(nullptr);
    window_->setConfig(session.config);
    window_->setSentence(QString::fromStdString(session.sentence));
    ViewSettings view = window_->viewSettings();
    view.head = session.view.head;
    if (!session.view.colormap.empty()) view.colorMap = QString::fromStdString(session.view.colormap);
    view.weightsRange = session.view.weightsRange;
    window_->setViewSettings(view);
    window_->recomputeNow();
    // Shown once the session's sentence is on screen (PredictActions waits for its result).
    window_->predictActions()->setRound(session.predict, QString::fromStdString(session.sentence));
    if (session.model) openSessionModel(*session.model);
    showing_ = false;
}

void SessionActions::openSessionModel(const SessionModel& model) {
    const QString folder = QString::fromStdString(model.folder);
    if (QFileInfo(folder).isDir()) {
        window_->modelActions()->openModel(folder, model.layer, model.head);
        return;
    }
    // The teaching model stays; the message waits for its result, which would hide it.
    const QString message =
        tr("The session's model folder %1 is gone: it opens on the teaching model instead.").arg(folder);
    connect(window_, &MainWindow::traceChanged, window_->messageBar(),
            [bar = window_->messageBar(), message] { bar->showMessage(message); }, Qt::SingleShotConnection);
    emit failed(message);
}

bool SessionActions::saveSession(const QString& path) {
    try {
        attnviz::saveSession(toPath(path), currentSession());
    } catch (const Error& error) {
        report(tr("Cannot save the session"), translatedFailure(error));
        return false;
    }
    currentPath_ = path;
    rememberRecent(path);
    updateTitle();
    return true;
}

bool SessionActions::copyImage() {
    const std::shared_ptr<const MatrixSource> source = window_->currentSource(Step::Weights);
    if (!source) return false;
    try {
        FigureOptions options;
        options.colormap = window_->colorMapName();
        options.locale = numberLocale();
        options.pixelAlignment = kDefaultPngScale;
        const FigureRenderer figure(*source, options);
        QApplication::clipboard()->setImage(renderFigureImage(figure, kDefaultPngScale));
    } catch (const std::exception& error) {
        report(tr("Cannot copy the image"), translatedFailure(error));
        return false;
    }
    return true;
}

bool SessionActions::copyCsv() {
    const std::shared_ptr<const AttentionTrace> trace = window_->currentTrace();
    if (!trace) return false;
    try {
        std::ostringstream out;
        writeStepCsv(out, *trace, Step::Weights, window_->currentHead());
        QApplication::clipboard()->setText(QString::fromStdString(out.str()));
    } catch (const std::exception& error) {
        report(tr("Cannot copy the numbers"), translatedFailure(error));
        return false;
    }
    return true;
}

QMenu* SessionActions::recentMenu() const { return recent_->menu(); }

QStringList SessionActions::recentFiles() const { return recent_->entries(); }

void SessionActions::clearRecentFiles() { recent_->clear(); }

void SessionActions::rememberRecent(const QString& path) {
    recent_->remember(path);
    AppSettings().setSessionFolder(QFileInfo(path).absolutePath());
}

void SessionActions::openWithDialog() {
    const QString folder = AppSettings().sessionFolder();
    const QString path = QFileDialog::getOpenFileName(window_, tr("Open Session"), folder, sessionFilter());
    if (!path.isEmpty()) openSession(path);
}

void SessionActions::save() {
    if (currentPath_.isEmpty()) {
        saveAsWithDialog();
    } else {
        saveSession(currentPath_);
    }
}

void SessionActions::saveAsWithDialog() {
    const QString folder = AppSettings().sessionFolder();
    const QString suggested = currentPath_.isEmpty() ? folder + QStringLiteral("/attention.attnviz") : currentPath_;
    QString path = QFileDialog::getSaveFileName(window_, tr("Save Session"), suggested, sessionFilter());
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1String(kSessionFileSuffix);
    saveSession(path);
}

void SessionActions::showExportDialog() {
    if (window_->importedStack()) {  // imported weights: their layer and head on screen
        window_->attentionActions()->exportWithDialog();
        return;
    }
    const std::shared_ptr<const AttentionTrace> trace = window_->currentTrace();
    if (!trace) {
        report(tr("Nothing to export"), tr("There is no result yet: type a sentence first."));
        return;
    }
    ExportDialog dialog(trace, window_);
    dialog.setHead(window_->currentHead());
    dialog.setStack(window_->currentStack());
    if (window_->tabs()->currentWidget() == window_->modelGrid()) dialog.setView(ExportView::Model);
    dialog.setAutomaticWeightsColorMap(window_->colorMapName());
    dialog.setWeightsRange(window_->sourceOptions().weightsRange);
    dialog.exec();
}

void SessionActions::report(const QString& title, const QString& message) {
    emit failed(message);
    if (interactive_) QMessageBox::warning(window_, title, message);
}

void SessionActions::updateTitle() {
    window_->setWindowFilePath(currentPath_);
    if (currentPath_.isEmpty()) {
        window_->setWindowModified(false);
        window_->setWindowTitle(QStringLiteral("AttnViz"));
        return;
    }
    window_->setWindowTitle(tr("%1[*] — AttnViz").arg(QFileInfo(currentPath_).fileName()));
    window_->setWindowModified(false);
}

}  // namespace attnviz::ui
