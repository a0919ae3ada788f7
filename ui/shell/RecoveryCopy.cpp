#include "ui/shell/RecoveryCopy.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QPlainTextEdit>
#include <QStandardPaths>

#include <algorithm>
#include <exception>

#include "core/formats/SessionFile.h"
#include "core/io/AtomicFile.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/i18n/Language.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/RecoveryBar.h"
#include "ui/shell/SessionActions.h"

namespace attnviz::ui {
namespace {

/// A name no other process uses: the pid alone could be a dead window's, reused.
QString copyFileName() {
    return QStringLiteral("recovery-%1-%2%3")
        .arg(QCoreApplication::applicationPid())
        .arg(QDateTime::currentMSecsSinceEpoch())
        .arg(QLatin1String(kSessionFileSuffix));
}

QString lockPathOf(const QString& copy) { return copy + QStringLiteral(".lock"); }

/// The lock of a copy, stale only when its process is gone (never by age: a window may run for days).
std::unique_ptr<QLockFile> lockOf(const QString& copy) {
    auto lock = std::make_unique<QLockFile>(lockPathOf(copy));
    lock->setStaleLockTime(0);
    return lock;
}

/// The central layout holds the message bar; the recovery bar goes right under it.
void placeUnderMessageBar(MainWindow* window, RecoveryBar* bar) {
    QWidget* messageBar = window->messageBar();
    auto* layout = qobject_cast<QBoxLayout*>(messageBar->parentWidget()->layout());
    if (layout == nullptr) return;
    layout->insertWidget(layout->indexOf(messageBar) + 1, bar);
}

}  // namespace

RecoveryCopy::RecoveryCopy(MainWindow* window, const QString& folder)
    : QObject(window),
      window_(window),
      folder_(folder),
      copyPath_(QDir(folder).filePath(copyFileName())),
      lock_(lockPathOf(copyPath_)) {
    QDir().mkpath(folder_);
    lock_.setStaleLockTime(0);
    // Locked before the copy can exist, so that another window never takes it for a crashed one's.
    if (!lock_.tryLock(0)) copyPath_.clear();  // a folder that cannot be written: no copy, no offer of ours
    lastWritten_ = window_->sessionActions()->currentSession();

    bar_ = new RecoveryBar;
    placeUnderMessageBar(window_, bar_);
    connect(bar_, &RecoveryBar::restoreRequested, this, &RecoveryCopy::restore);
    connect(bar_, &RecoveryBar::discardRequested, this, &RecoveryCopy::discard);

    delay_.setSingleShot(true);
    delay_.setInterval(kDelayMs);
    connect(&delay_, &QTimer::timeout, this, &RecoveryCopy::write);
    // Every change of the session shows as one of these: a new result (sentence, settings, weights,
    // model, head), a view setting, the predict round, or a sentence that cannot be computed.
    connect(window_, &MainWindow::traceChanged, this, &RecoveryCopy::scheduleWrite);
    connect(window_, &MainWindow::modelChanged, this, &RecoveryCopy::scheduleWrite);
    connect(window_->sentenceEdit(), &QPlainTextEdit::textChanged, this, &RecoveryCopy::scheduleWrite);
    connect(window_->controls(), &ControlsPanel::viewChanged, this, &RecoveryCopy::scheduleWrite);
    connect(window_->predictActions(), &PredictActions::changed, this, &RecoveryCopy::scheduleWrite);
}

RecoveryCopy::~RecoveryCopy() {
    delay_.stop();
    writing_.cancelAndWait();  // a write under way ends before its file is removed
    if (!copyPath_.isEmpty()) QFile::remove(copyPath_);
    lock_.unlock();
}

QString RecoveryCopy::defaultFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

void RecoveryCopy::waitForWrites() {
    while (writing_.pendingJobs() > 0) writing_.waitForFinished();  // a waiting write starts when one ends
}

void RecoveryCopy::scheduleWrite() {
    if (!copyPath_.isEmpty()) delay_.start();  // restarted by each change: written once they pause
}

void RecoveryCopy::write() {
    Session session = window_->sessionActions()->currentSession();
    if (session == lastWritten_) return;
    if (writing_.isRunning()) {
        writeWaiting_ = true;  // one write at a time: two renames racing could leave the older copy
        return;
    }
    lastWritten_ = session;
    // JSON with edited weights can be megabytes: made and written off the GUI thread.
    writing_.start(
        [session = std::move(session), path = toPath(copyPath_)](const JobControl&) {
            try {
                writeFileAtomically(path, sessionToJson(session));
                return QString();
            } catch (const std::exception& failure) {
                return translatedFailure(failure);
            }
        },
        [this](const QString& failure) { written(failure); });
}

void RecoveryCopy::written(const QString& failure) {
    if (!failure.isEmpty() && !writeFailureShown_) {  // said once: the next change would only repeat it
        writeFailureShown_ = true;
        window_->messageBar()->showMessage(tr("The recovery copy cannot be written: %1").arg(failure));
    }
    if (writeWaiting_) {
        writeWaiting_ = false;
        write();
    }
}

bool RecoveryCopy::offerRestore() {
    removeLeftovers();
    const QFileInfoList copies = QDir(folder_).entryInfoList(
        {QStringLiteral("recovery-*") + QLatin1String(kSessionFileSuffix)}, QDir::Files, QDir::Time);
    for (const QFileInfo& copy : copies) {  // newest first
        if (copy.absoluteFilePath() == QFileInfo(copyPath_).absoluteFilePath()) continue;
        std::unique_ptr<QLockFile> lock = lockOf(copy.absoluteFilePath());
        // Taken: its window is gone (the lock was stale) or never locked it. Held: a running window's.
        if (lock->tryLock(0)) orphans_.push_back({copy.absoluteFilePath(), std::move(lock)});
    }
    offerNext();
    return !orphans_.empty();
}

void RecoveryCopy::removeLeftovers() {
    const QDir folder(folder_);
    // The lock of a window killed before it wrote a copy: taken (stale), then removed by unlock.
    for (const QString& name : folder.entryList({QStringLiteral("recovery-*.lock")}, QDir::Files)) {
        const QString copy = folder.filePath(name.chopped(5));
        if (QFile::exists(copy)) continue;
        if (std::unique_ptr<QLockFile> lock = lockOf(copy); lock->tryLock(0)) lock->unlock();
    }
    // A copy's temporary left by a kill during its writing (AtomicFile names it ".<copy>.tmp-…"),
    // once its window is gone.
    for (const QString& name : folder.entryList({QStringLiteral(".recovery-*.tmp-*")}, QDir::Files | QDir::Hidden)) {
        const QString copy = folder.filePath(name.mid(1, name.indexOf(QStringLiteral(".tmp-")) - 1));
        if (copy == copyPath_) continue;
        const std::unique_ptr<QLockFile> lock = lockOf(copy);
        if (!QFile::exists(lockPathOf(copy)) || lock->tryLock(0)) QFile::remove(folder.filePath(name));
    }
}

void RecoveryCopy::offerNext() {
    if (orphans_.empty()) {
        bar_->hide();
        return;
    }
    const QDateTime savedAt = QFileInfo(orphans_.front().path).lastModified();
    bar_->offer(numberLocale().toString(savedAt, QLocale::ShortFormat));  // the window's language, not the system's
}

void RecoveryCopy::restore() {
    if (orphans_.empty()) return;
    try {
        window_->sessionActions()->showSession(loadSession(toPath(orphans_.front().path)));
    } catch (const std::exception& failure) {
        window_->messageBar()->showMessage(tr("The kept work cannot be restored: %1").arg(translatedFailure(failure)));
    }
    // Restored: this window's own copy now holds it (the change schedules it).
    forgetOffered();
}

void RecoveryCopy::discard() { forgetOffered(); }

void RecoveryCopy::forgetOffered() {
    if (orphans_.empty()) return;
    QFile::remove(orphans_.front().path);
    orphans_.front().lock->unlock();
    orphans_.erase(orphans_.begin());
    offerNext();
}

}  // namespace attnviz::ui
