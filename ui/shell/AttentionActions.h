#pragma once
#include <QObject>
#include <QString>

#include <memory>

#include "core/formats/ImportedAttention.h"
#include "ui/jobs/LatestJob.h"

class QAction;

namespace attnviz {
class AttentionStack;
}

namespace attnviz::ui {

class MainWindow;

/// An attention file read off the GUI thread: its weights, or why they cannot be used.
struct AttentionLoad {
    QString path;
    std::shared_ptr<const AttentionStack> stack;
    QString error;  ///< one line, translated, naming the file and the place, when stack is null
};

/// Attention weights computed elsewhere in the window: File → Open Attention… (a .npy or .json
/// file, core/formats/ImportedAttention.h), a .npy or .json file dropped on the window, and
/// Close Attention (back to the teaching model). A file is read on a worker thread; one that is
/// refused leaves the window as it was and says why in its message bar. The newest open wins.
class AttentionActions : public QObject {
    Q_OBJECT
public:
    /// Adds the actions to window->fileMenu() (before Quit) and accepts dropped files.
    explicit AttentionActions(MainWindow* window);

    /// Starts reading file (with its options: --tokens, --causal); returns at once.
    void openAttention(const QString& file, const ImportOptions& options = {});
    [[nodiscard]] bool isLoading() const { return loading_->isRunning(); }
    /// The read of the newest open (its progress, Cancel).
    [[nodiscard]] JobRunner* loadJob() const { return loading_; }
    /// Back to the teaching model.
    void closeAttention();
    /// Writes the layer and head on screen (the heatmap's) to path, in the format its suffix
    /// names (png, svg, pdf, csv, json); false, and the reason in the message bar, when it cannot.
    bool exportShownHead(const QString& path);
    /// Asks where, then exportShownHead (File → Export… while imported weights are shown).
    void exportWithDialog();

    [[nodiscard]] QAction* openAction() const { return open_; }
    [[nodiscard]] QAction* closeAction() const { return close_; }

    /// The one place a file is read (on whatever thread calls it): never throws.
    [[nodiscard]] static AttentionLoad load(const QString& file, const ImportOptions& options);

signals:
    /// One line naming the problem (also shown in the window's message bar).
    void failed(const QString& message);
    /// An open finished, well or not (tests wait for it).
    void loadFinished();

protected:
    bool event(QEvent* event) override;

private:
    void openWithDialog();
    void onLoaded(AttentionLoad result);
    void retranslateUi();

    MainWindow* window_;
    QAction* open_ = nullptr;
    QAction* close_ = nullptr;
    /// A child: destroyed with the actions, it drops a read still running after waiting for it.
    LatestJob<AttentionLoad>* loading_ = nullptr;
};

}  // namespace attnviz::ui
