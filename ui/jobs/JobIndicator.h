#pragma once
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace attnviz::ui {

class JobRunner;

/// A line for the status bar while a job runs: what it does ("Opening lecture.attnviz…"), its
/// progress (a moving bar until the job says how far it is) and Cancel. It appears only when
/// the job lasts longer than kShowDelayMs, so that quick work never flashes it.
class JobIndicator : public QWidget {
    Q_OBJECT
public:
    explicit JobIndicator(QWidget* parent = nullptr);

    /// Shows job's progress under `what` until it ends; Cancel cancels it. A later call watches
    /// another job instead.
    void watch(JobRunner* job, const QString& what);

    [[nodiscard]] QLabel* label() const { return label_; }
    [[nodiscard]] QProgressBar* bar() const { return bar_; }
    [[nodiscard]] QPushButton* cancelButton() const { return cancel_; }

    static constexpr int kShowDelayMs = 200;
    static constexpr int kMaxLabelPixels = 360;

protected:
    void changeEvent(QEvent* event) override;

private:
    void onRunningChanged(bool running);
    void retranslateUi();

    QPointer<JobRunner> job_;
    QLabel* label_ = nullptr;
    QProgressBar* bar_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QTimer showDelay_;
};

}  // namespace attnviz::ui
