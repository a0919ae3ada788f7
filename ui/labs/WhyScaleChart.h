#pragma once
#include <QWidget>

#include <vector>

#include "core/labs/ScalingStudy.h"
#include "ui/jobs/LatestJob.h"

class QBoxLayout;
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
    [[nodiscard]] QLogValueAxis* varianceAxis() const { return varianceY_; }
    [[nodiscard]] QLabel* caption() const { return caption_; }
    /// The legends under the charts: a wrapping line of coloured samples and names each (Qt
    /// Charts' own legend cuts names it has no room for).
    [[nodiscard]] QLabel* varianceLegend() const { return varianceLegend_; }
    [[nodiscard]] QLabel* weightLegend() const { return weightLegend_; }

    /// The base of a log axis's labels (2, 4, 32 or 1024: every one of them a power of 2, so the
    /// d_k points stay on ticks) whose labels are at least labelPitch apart on an axis of
    /// axisLength showing log2Range powers of 2: the smallest such base, so the most labels that
    /// do not run together ("128256 5121024"); 1024 when even that is too tight.
    [[nodiscard]] static double tickBase(double axisLength, double labelPitch, double log2Range);

    /// Writes both charts, as on screen, to path: PNG (at twice the screen size), SVG or PDF
    /// (vector), chosen by the suffix; atomically (an existing file is left as it was on
    /// failure). Throws IoError.
    void exportImage(const QString& path) const;

    /// Each chart side by side needs this many average characters of width, else they stack.
    static constexpr int kChartChars = 36;

signals:
    void ready();

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void applyTheme();
    void applyFonts();
    void showPoints(std::vector<ScalingPoint> points);
    /// The axes' label bases for the charts' current plot areas and fonts (tickBase).
    void fitTickLabels();
    /// The legends' texts in the series' colours.
    void updateLegends();
    /// The charts' titles, wrapped to their widths.
    void showTitles();
    /// The charts side by side, or one above the other when the page is too narrow for both.
    void arrangeCharts();
    void exportWithDialog();

    std::vector<ScalingPoint> points_;
    bool started_ = false;

    QLabel* caption_ = nullptr;
    QLabel* varianceLegend_ = nullptr;
    QLabel* weightLegend_ = nullptr;
    QString varianceTitle_, weightTitle_;
    QLabel* status_ = nullptr;
    QPushButton* export_ = nullptr;
    QWidget* charts_ = nullptr;
    QBoxLayout* chartsLayout_ = nullptr;  ///< the charts side by side, or one above the other
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
    /// Last, so that it is destroyed first: its destructor stops the study and waits for it.
    LatestJob<std::vector<ScalingPoint>> study_{this};
};

}  // namespace attnviz::ui
