#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

#include "core/formats/SessionFile.h"
#include "ui/jobs/LatestJob.h"

class QAction;
class QMenu;

namespace attnviz::ui {

class RecentList;

class MainWindow;

/// A session read on a worker thread: the session, or the message saying why it cannot be.
struct SessionLoad {
    Session session;
    QString error;  ///< empty when read
};

/// The File menu's session and export actions of a MainWindow: Open/Save/Save As a `.attnviz`
/// session, Open Recent, Export…, Copy Image, Copy as CSV; and opening a session dropped on the
/// window. A session that cannot be opened (missing, damaged, newer version) is refused with a
/// message and the window's session is left unchanged.
class SessionActions : public QObject {
    Q_OBJECT
public:
    /// Adds the actions to window->fileMenu() (before Quit) and accepts drops on the window; the
    /// window makes its own (MainWindow::sessionActions).
    explicit SessionActions(MainWindow* window);

    /// Reads a session off the GUI thread (the status bar shows it, with Cancel) and then shows
    /// it: sessionOpened(path), or failed(message) plus a message box when interactive if it
    /// cannot be read, the window then left as it was; loadFinished(ok) either way. The newest
    /// open wins; a cancelled one leaves the window alone and emits loadFinished(false).
    void openSession(const QString& path);
    /// Fills the window with session (a recovery copy): the window's file, title and recent
    /// sessions stay as they are.
    void showSession(const Session& session);
    /// Saves the window's session. False (failed emitted) if it cannot be written; an existing
    /// file is then left byte-identical.
    bool saveSession(const QString& path);
    /// The window's sentence, settings, view and predict round as a session.
    [[nodiscard]] Session currentSession() const;
    /// The file the session was last opened from or saved to; empty for a new session.
    [[nodiscard]] QString currentPath() const { return currentPath_; }

    /// Copies the weights figure (as on screen: head, colour map) as an image, or the matrix as
    /// CSV text, to the clipboard. False when there is no result yet.
    bool copyImage();
    bool copyCsv();

    /// Most recent first, at most kMaxRecent, kept in the settings (AppSettings::recentSessions).
    [[nodiscard]] QStringList recentFiles() const;
    void clearRecentFiles();
    static constexpr int kMaxRecent = 8;

    /// The read of the newest open (its progress, Cancel; running while a file is read).
    [[nodiscard]] JobRunner* loadJob() const { return loading_; }
    /// False: failures are only reported through failed() (tests, scripted use).
    void setInteractive(bool interactive) { interactive_ = interactive; }

    [[nodiscard]] QAction* openAction() const { return open_; }
    [[nodiscard]] QAction* saveAction() const { return save_; }
    [[nodiscard]] QAction* saveAsAction() const { return saveAs_; }
    [[nodiscard]] QAction* exportAction() const { return export_; }
    [[nodiscard]] QAction* copyImageAction() const { return copyImage_; }
    [[nodiscard]] QAction* copyCsvAction() const { return copyCsv_; }
    [[nodiscard]] QMenu* recentMenu() const;

signals:
    void sessionOpened(const QString& path);
    /// An open finished: shown (true), refused or cancelled (false). Tests wait for it.
    void loadFinished(bool ok);
    /// One line naming the problem.
    void failed(const QString& message);

protected:
    bool event(QEvent* event) override;

private:
    void openWithDialog();
    void onLoaded(const QString& path, const SessionLoad& load);
    /// Opens the session's model (on a worker thread), or says its folder is gone.
    void openSessionModel(const SessionModel& model);
    void save();
    void saveAsWithDialog();
    void showExportDialog();
    /// path first in the recent list; its folder where the next dialog opens.
    void rememberRecent(const QString& path);
    void report(const QString& title, const QString& message);
    /// "lesson.attnviz[*] — AttnViz" for a session opened or saved (the mark once the sentence or a
    /// setting changes), "AttnViz" for a new one.
    void updateTitle();
    void markModified();
    void retranslateUi();

    MainWindow* window_;
    QString currentPath_;
    bool interactive_ = true;
    bool showing_ = false;  ///< showSession is filling the window: not a modification
    QAction* open_ = nullptr;
    QAction* save_ = nullptr;
    QAction* saveAs_ = nullptr;
    QAction* export_ = nullptr;
    QAction* copyImage_ = nullptr;
    QAction* copyCsv_ = nullptr;
    RecentList* recent_ = nullptr;
    /// A child: destroyed with the actions, it drops a read still running after waiting for it.
    LatestJob<SessionLoad>* loading_ = nullptr;
};

}  // namespace attnviz::ui
