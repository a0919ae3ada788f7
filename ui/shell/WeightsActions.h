#pragma once
#include <QObject>
#include <QString>

class QAction;

namespace attnviz::ui {

class MainWindow;

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

    /// Loads weights into the window. False (failed(message) emitted, plus a message box when
    /// interactive) if they cannot be used; the window is then left as it was.
    bool loadWeights(const QString& path);
    /// Saves the window's W matrices as JSON. False (failed emitted) if the file cannot be written.
    bool saveWeights(const QString& path);

    /// False: failures are only reported through failed() (tests, scripted use).
    void setInteractive(bool interactive) { interactive_ = interactive; }

    [[nodiscard]] QAction* loadAction() const { return load_; }
    [[nodiscard]] QAction* saveAction() const { return save_; }

signals:
    void weightsLoaded(const QString& path);
    /// One line naming the problem.
    void failed(const QString& message);

protected:
    /// Follows the window's language (QEvent::LanguageChange).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void loadWithDialog();
    void saveWithDialog();
    void report(const QString& title, const QString& message);
    void retranslateUi();

    MainWindow* window_;
    bool interactive_ = true;
    QAction* load_ = nullptr;
    QAction* save_ = nullptr;
};

}  // namespace attnviz::ui
