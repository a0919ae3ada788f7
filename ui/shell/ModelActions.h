#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

#include "core/base/Errors.h"
#include "ui/jobs/LatestJob.h"

class QAction;
class QMenu;

namespace attnviz::gpt2 {
class Gpt2Model;
}

namespace attnviz::ui {

class RecentList;

class MainWindow;

/// A model folder opened off the GUI thread: the model, or why it cannot be used.
struct ModelLoad {
    QString folder;
    std::shared_ptr<const gpt2::Gpt2Model> model;
    QString error;  ///< one line, translated, when model is null
};

/// The window's trained models: File → Open Model… (a folder dialog), File → Recent Models (the
/// last kMaxRecent folders), a model folder dropped on the window, and Close Model (back to the
/// teaching model). A folder is opened on a worker thread, so a slow disk never freezes the
/// window; a folder that cannot be used leaves the window as it was and says why in its message
/// bar. The newest open wins: an older one that finishes later is dropped.
class ModelActions : public QObject {
    Q_OBJECT
public:
    /// Adds the actions to window->fileMenu() (before Quit) and accepts folders dropped on the window.
    explicit ModelActions(MainWindow* window);

    /// Starts opening folder; the window shows the model once it is read, with layer (0-based)
    /// and head (0-based or kAllHeads) chosen when given. Returns at once.
    void openModel(const QString& folder, std::optional<int> layer = std::nullopt,
                   std::optional<int> head = std::nullopt);
    /// True while a folder is being read.
    [[nodiscard]] bool isLoading() const { return loading_->isRunning(); }
    /// The read of the newest open (its progress, Cancel).
    [[nodiscard]] JobRunner* loadJob() const { return loading_; }
    /// Back to the teaching model (the sentence and the mask stay).
    void closeModel();

    /// Most recent first, at most kMaxRecent, kept in the settings (AppSettings::recentModels).
    [[nodiscard]] QStringList recentModels() const;
    static constexpr int kMaxRecent = 5;

    [[nodiscard]] QAction* openAction() const { return open_; }
    [[nodiscard]] QAction* closeAction() const { return close_; }
    [[nodiscard]] QMenu* recentMenu() const;

    /// The one place a folder is read (on whatever thread calls it): never throws.
    [[nodiscard]] static ModelLoad load(const QString& folder);

signals:
    /// The model of folder is on screen.
    void modelOpened(const QString& folder);
    /// One line naming the problem (also shown in the window's message bar).
    void failed(const QString& message);
    /// An open finished, well or not (tests wait for it).
    void loadFinished();

protected:
    bool event(QEvent* event) override;

private:
    void openWithDialog();
    void onLoaded(ModelLoad result);
    /// folder first in the recent list; its parent where the next dialog opens.
    void rememberRecent(const QString& folder);
    void retranslateUi();

    MainWindow* window_;
    std::optional<int> pendingLayer_;
    std::optional<int> pendingHead_;
    QAction* open_ = nullptr;
    QAction* close_ = nullptr;
    RecentList* recent_ = nullptr;
    /// A child: destroyed with the actions, it drops a read still running after waiting for it.
    LatestJob<ModelLoad>* loading_ = nullptr;
};

}  // namespace attnviz::ui
