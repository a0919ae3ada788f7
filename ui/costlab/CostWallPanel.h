#pragma once
#include <QString>
#include <QWidget>

#include <map>
#include <vector>

#include "core/costlab/CostSweep.h"
#include "ui/jobs/LatestJob.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace attnviz::ui {

class CostWallCharts;

/// "The quadratic wall": choose kernels, n from … to (powers of 2, 64 … 65,536), d, repeats and
/// the mask, press Run, and watch time and peak memory grow point by point on log–log charts
/// (CostWallCharts). The sweep (core/costlab/CostSweep.h) runs on a worker thread; Cancel stops
/// it between blocks of rows. A plan that would not fit in memory is refused before it starts,
/// with the number ("naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)"), and
/// said as soon as the controls ask for it. Both charts export as PNG, SVG or PDF, the
/// measurements as CSV.
class CostWallPanel : public QWidget {
    Q_OBJECT
public:
    explicit CostWallPanel(QWidget* parent = nullptr);
    ~CostWallPanel() override;

    /// The plan the controls describe.
    [[nodiscard]] CostPlan plan() const;
    /// Sets the controls (tests, and the command line's defaults).
    void setKernels(const std::vector<CostKernel>& kernels);
    /// from and to: powers of 2 from 64 to 65,536.
    void setSizeRange(int from, int to);
    void setD(int d);
    void setRepeats(int repeats);
    void setCausal(bool causal);

    /// Starts the sweep on a worker thread. False, with the refusal in the status line and nothing
    /// started, when the plan cannot run (or one is running already).
    bool run();
    /// Asks a running sweep to stop; finished() follows.
    void cancel();
    [[nodiscard]] bool isRunning() const { return running_; }

    [[nodiscard]] CostWallCharts* charts() const { return charts_; }
    [[nodiscard]] QLabel* status() const { return status_; }
    [[nodiscard]] QProgressBar* progress() const { return progress_; }
    [[nodiscard]] QPushButton* runButton() const { return run_; }
    [[nodiscard]] QPushButton* cancelButton() const { return cancel_; }

    /// The charts as PNG, SVG or PDF (by the suffix), the measurements as CSV. Throw IoError.
    void exportCharts(const QString& path) const;
    void exportCsv(const QString& path) const;

signals:
    /// A sweep ended: all measured, cancelled, or failed (the status line says which).
    void finished();

protected:
    void changeEvent(QEvent* event) override;

private:
    /// What the worker thread hands back.
    struct Outcome {
        bool cancelled = false;
        QString failure;  ///< translated; empty when none
    };
    void retranslateUi();
    /// The refusal of the current plan, or "" when it can run; shown in the status line.
    QString checkPlan() const;
    void controlsChanged();
    void pointMeasured(const CostPoint& point);
    void sweepEnded(const Outcome& outcome);
    void updateButtons();
    void showStatus(const QString& text, bool warning);
    void exportChartsWithDialog();
    void exportCsvWithDialog();

    std::map<CostKernel, QCheckBox*> kernelBoxes_;
    QComboBox* from_ = nullptr;
    QComboBox* to_ = nullptr;
    QComboBox* d_ = nullptr;
    QSpinBox* repeats_ = nullptr;
    QComboBox* mask_ = nullptr;
    QSpinBox* window_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* exportCharts_ = nullptr;
    QPushButton* exportCsv_ = nullptr;
    QLabel* kernelsTitle_ = nullptr;
    QLabel* fromLabel_ = nullptr;
    QLabel* toLabel_ = nullptr;
    QLabel* dLabel_ = nullptr;
    QLabel* repeatsLabel_ = nullptr;
    QLabel* maskLabel_ = nullptr;
    QLabel* windowLabel_ = nullptr;
    CostWallCharts* charts_ = nullptr;

    bool cancelRequested_ = false;  ///< Cancel was pressed; the sweep ends after its current block
    bool running_ = false;
    bool statusIsWarning_ = false;  ///< the status line says a refusal or a failure (in red)
    int planned_ = 0;  ///< points of the running sweep
    /// Last, so that it is destroyed first: its destructor stops the sweep and waits for it. Cancel
    /// uses stop(), not cancel(): the sweep's end says how many points it measured, and a new
    /// sweep starts only once the old one has left the cores it measures on.
    LatestJob<Outcome> sweep_{this};
};

}  // namespace attnviz::ui
