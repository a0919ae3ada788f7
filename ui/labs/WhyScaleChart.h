#pragma once
#include <QFutureWatcher>
#include <QWidget>

#include <vector>

#include "core/labs/ScalingStudy.h"

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QPushButton;
class QValueAxis;

namespace attnviz::ui {

/// "Why √d_k?": the chapter's argument for the scaling, measured. For d_k = 1, 2, 4 … 1024 (a
/// base-2 log axis), the left chart plots the variance of q·k with and without the division by
/// √d_k, the right one the largest softmax weight of a row of n = 16 scores, with and without
/// it; a caption says what to read. The numbers are attnviz::scalingStudy()'s, computed on a
/// worker thread the first time the panel is shown (or start() is called); the charts only draw
/// them. exportImage() writes both charts as PNG, SVG or PDF.
class WhyScaleChart : public QWidget {
    Q_OBJECT
public:
    /// The study's parameters (scalingStudy's arguments).
    static constexpr int kMaxDk = 1024;
    static constexpr int kSamples = 4000;
    static constexpr int kRowLength = 16;
    static constexpr unsigned kSeed = 42;

    enum class Curve { VarianceUnscaled, VarianceScaled, MaxWeightUnscaled, MaxWeightScaled };

    explicit WhyScaleChart(QWidget* parent = nullptr);
    ~WhyScaleChart() override;

    /// Starts the computation if it has not started yet.
    void start();
    /// True once the points are drawn.
    [[nodiscard]] bool isReady() const { return !points_.empty(); }
    /// The study's points as drawn (empty before isReady()).
    [[nodiscard]] const std::vector<ScalingPoint>& points() const { return points_; }

    [[nodiscard]] QLineSeries* series(Curve curve) const;
    [[nodiscard]] QChart* varianceChart() const;
    [[nodiscard]] QChart* weightChart() const;
    [[nodiscard]] QLogValueAxis* dKAxis(Curve curve) const;
    [[nodiscard]] QLabel* caption() const { return caption_; }

    /// Writes both charts, as on screen, to path: PNG (at twice the screen size), SVG or PDF
    /// (vector), chosen by the suffix; atomically (an existing file is left as it was on
    /// failure). Throws IoError.
    void exportImage(const QString& path) const;

signals:
    void ready();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void applyTheme();
    void applyFonts();
    void showPoints(std::vector<ScalingPoint> points);
    void exportWithDialog();

    QFutureWatcher<std::vector<ScalingPoint>> watcher_;
    std::vector<ScalingPoint> points_;
    bool started_ = false;

    QLabel* caption_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* export_ = nullptr;
    QWidget* charts_ = nullptr;
    QChartView* varianceView_ = nullptr;
    QChartView* weightView_ = nullptr;
    QLineSeries* varianceUnscaled_ = nullptr;
    QLineSeries* varianceScaled_ = nullptr;
    QLineSeries* weightUnscaled_ = nullptr;
    QLineSeries* weightScaled_ = nullptr;
    QLineSeries* uniformWeight_ = nullptr;
    QLogValueAxis* varianceX_ = nullptr;
    QLogValueAxis* varianceY_ = nullptr;
    QLogValueAxis* weightX_ = nullptr;
    QValueAxis* weightY_ = nullptr;
};

}  // namespace attnviz::ui
