#pragma once
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

#include "core/formats/SessionFile.h"
#include "ui/jobs/LatestJob.h"

namespace attnviz::ui {

class MainWindow;
class RecoveryBar;

/// Keeps a recovery copy of a window's session (sentence, settings, edited weights, view,
/// predict round, model: what a .attnviz file holds) so that a crash loses nothing.
///
/// The copy is "recovery-<pid>-<start ms>.attnviz" in folder, written atomically (AtomicFile)
/// kDelayMs after the last change, off the GUI thread (with edited weights it can be large), one
/// write at a time so that an older copy never lands after a newer one.
/// Beside it "<copy>.lock" is a QLockFile held while this object lives: a copy whose lock can be
/// taken belongs to a process that is gone (QLockFile sees that its pid no longer runs), one
/// whose lock is held belongs to a running window and is left alone. So two windows never write
/// or offer the same copy: each writes its own file, and a crashed copy is offered by the one
/// window that took its lock. Destroying this object (a clean exit) removes the copy.
class RecoveryCopy : public QObject {
    Q_OBJECT
public:
    /// Pause between the last change and the writing of the copy.
    static constexpr int kDelayMs = 2000;

    /// Watches window's changes and keeps its copy in folder (made if missing; the program uses
    /// defaultFolder()). Nothing is written until the session differs from the window's now. A
    /// child of window: it goes with the window if not destroyed before.
    RecoveryCopy(MainWindow* window, const QString& folder);
    /// A clean exit: waits for a write under way, then removes the copy and its lock. The copies
    /// of crashed windows not restored nor discarded stay, to be offered at the next start.
    ~RecoveryCopy() override;
    RecoveryCopy(const RecoveryCopy&) = delete;
    RecoveryCopy& operator=(const RecoveryCopy&) = delete;

    /// QStandardPaths::AppLocalDataLocation + "/recovery" (~/.local/share/AttnViz/AttnViz/recovery;
    /// tests move it with XDG_DATA_HOME).
    [[nodiscard]] static QString defaultFolder();

    /// Offers, in a bar inside the window, the newest copy left by a window that did not close
    /// normally; the next one once it is restored or discarded. False when there is none.
    bool offerRestore();
    /// The bar that offers a crashed window's copy (hidden when there is none).
    [[nodiscard]] RecoveryBar* bar() const { return bar_; }
    /// This window's copy (it exists once a change was written).
    [[nodiscard]] QString copyPath() const { return copyPath_; }
    /// Blocks until the copies asked for are written.
    void waitForWrites();

private:
    void scheduleWrite();
    void write();
    /// A copy was written, or failed to be (failure says why).
    void written(const QString& failure);
    void restore();
    void discard();
    /// The offered copy is done with: its file and its lock go, and the next one is offered.
    void forgetOffered();
    void offerNext();
    /// Removes what crashed windows left besides their copies: locks, temporaries of a write.
    void removeLeftovers();

    MainWindow* window_;
    QString folder_;
    QString copyPath_;
    QLockFile lock_;
    QTimer delay_;
    Session lastWritten_;          ///< the session last sent to writing_ (at the start: the window's)
    bool writeWaiting_ = false;    ///< a change came while a copy was being written: write again after
    bool writeFailureShown_ = false;
    RecoveryBar* bar_ = nullptr;
    /// Copies of crashed windows, newest first, each with its lock held by this process.
    struct Orphan {
        QString path;
        std::unique_ptr<QLockFile> lock;
    };
    std::vector<Orphan> orphans_;
    /// Writes one copy; its result is the write's failure, translated (empty when written).
    LatestJob<QString> writing_{this};
};

}  // namespace attnviz::ui
