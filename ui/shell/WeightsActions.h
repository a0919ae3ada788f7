#pragma once
#include <QObject>
#include <QString>

#include "core/model/AttentionConfig.h"
#include "ui/jobs/LatestJob.h"

class QAction;

namespace attnviz::ui {

class MainWindow;

/// Weights read on a worker thread, already in the window's settings of when the load began;
/// or the message saying why they cannot be used.
struct WeightsLoad {
    AttentionConfig config;
    QString error;  ///< empty when usable
};

/// File → Load Weights… and Save Weights… of a MainWindow. Loading reads a weights JSON file, a
/// folder of W_Q.npy … W_O.npy, or one of those .npy files (the others beside it), and replaces
/// the window's W matrices (attnviz::replaceWeights: the teaching model keeps its X when the
/// sizes match). A file that cannot be used is refused with one message naming the matrix and
/// the problem, and the window's weights stay as they were. Saving writes the matrices the window
/// uses as a weights JSON file.
class WeightsActions : public QObject {
    Q_OBJECT
public:
    /// Adds the actions to window->fileMenu() (before its last group, Quit).
    explicit WeightsActions(MainWindow* window);

    /// Reads weights off the GUI thread (the status bar shows it, with Cancel), then puts them in
    /// the window with the settings it had when the load began: weightsLoaded(path), or
    /// failed(message) plus a message box when interactive if they cannot be used, the window
    /// then left as it was; loadFinished(ok) either way. The newest load wins.
    void loadWeights(const QString& path);
    /// Saves the window's W matrices as JSON. False (failed emitted) if the file cannot be written.
    bool saveWeights(const QString& path);

    /// The read of the newest open (its progress, Cancel; running while a file is read).
    [[nodiscard]] JobRunner* loadJob() const { return loading_; }
    /// False: failures are only reported through failed() (tests, scripted use).
    void setInteractive(bool interactive) { interactive_ = interactive; }

    [[nodiscard]] QAction* loadAction() const { return load_; }
    [[nodiscard]] QAction* saveAction() const { return save_; }

signals:
    void weightsLoaded(const QString& path);
    /// A load finished: in use (true), refused or cancelled (false). Tests wait for it.
    void loadFinished(bool ok);
    /// One line naming the problem.
    void failed(const QString& message);

protected:
    /// Follows the window's language (QEvent::LanguageChange).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void loadWithDialog();
    void onLoaded(const QString& path, const WeightsLoad& load);
    void saveWithDialog();
    void report(const QString& title, const QString& message);
    void retranslateUi();

    MainWindow* window_;
    bool interactive_ = true;
    QAction* load_ = nullptr;
    QAction* save_ = nullptr;
    /// A child: destroyed with the actions, it drops a read still running after waiting for it.
    LatestJob<WeightsLoad>* loading_ = nullptr;
};

}  // namespace attnviz::ui
