#pragma once
#include <QWidget>

#include <optional>
#include <vector>

#include "core/costlab/CostKernel.h"
#include "core/costlab/CostSweep.h"

class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QLabel;
class QLineSeries;
class QLogValueAxis;

namespace attnviz::ui {

/// The quadratic wall's two charts, log–log: median time (ms) and peak extra memory (MiB)
/// against n, one curve in its own colour per kernel, points added as they are measured. Each
/// curve carries its fitted slope at its end ("≈ 2.0": costSlopes over the large n); under the
/// charts, what was measured, each kernel's name, the chapter's formulas and both slopes. The window's tab and
/// `attnviz cost` draw and export these same charts (exportImage). Fonts and line widths follow
/// the widget's font, so presentation mode's larger font also thickens the lines.
class CostWallCharts : public QWidget {
    Q_OBJECT
public:
    explicit CostWallCharts(QWidget* parent = nullptr);

    /// What the points were measured with (d, element type, mask, repeats, window), said above
    /// the formulas so that an exported figure stands on its own.
    void setPlan(const CostPlan& plan);
    /// Removes every point and starts one empty curve per kernel, in this order.
    void setKernels(const std::vector<CostKernel>& kernels);
    /// Adds a measured point to its kernel's curves (memory only when measured and above 0).
    void addPoint(const CostPoint& point);
    /// setKernels(the points' kernels in order of appearance), then every point.
    void setPoints(const std::vector<CostPoint>& points);

    [[nodiscard]] const std::vector<CostPoint>& points() const { return points_; }
    [[nodiscard]] const std::vector<CostKernel>& kernels() const { return kernels_; }
    /// The kernel's time or memory curve; nullptr when it has none.
    [[nodiscard]] QLineSeries* timeSeries(CostKernel kernel) const;
    [[nodiscard]] QLineSeries* memorySeries(CostKernel kernel) const;
    /// The slope text drawn at the end of the kernel's time or memory curve ("" before two sizes).
    [[nodiscard]] QString timeSlopeLabel(CostKernel kernel) const;
    [[nodiscard]] QString memorySlopeLabel(CostKernel kernel) const;
    [[nodiscard]] QChart* timeChart() const;
    [[nodiscard]] QChart* memoryChart() const;
    [[nodiscard]] QLabel* formulas() const { return formulas_; }

    /// The kernel's colour in both charts (the same in the light and dark themes).
    [[nodiscard]] static QColor kernelColour(CostKernel kernel);

    /// Writes both charts and the formulas, as on screen, to path: PNG (at twice the screen size),
    /// SVG or PDF (vector), by the suffix; atomically. Throws IoError.
    void exportImage(const QString& path) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Curve {
        CostKernel kernel;
        QLineSeries* time = nullptr;
        QLineSeries* memory = nullptr;
        QGraphicsSimpleTextItem* timeLabel = nullptr;
        QGraphicsSimpleTextItem* memoryLabel = nullptr;
    };
    [[nodiscard]] const Curve* curve(CostKernel kernel) const;
    void retranslateUi();
    void applyTheme();
    void applyFonts();
    /// The axes' ranges: whole powers around the points.
    void fitAxes();
    /// The slopes, on the curves and beside the charts.
    void updateSlopes();
    /// The n axes' label step for their widths (fitTicks is called by placeLabels).
    void fitTicks();
    /// The slope texts at their curves' last points, moved apart where they would overlap.
    void placeLabels();
    [[nodiscard]] double lineWidth() const;

    std::vector<CostKernel> kernels_;
    std::optional<CostPlan> plan_;
    std::vector<CostPoint> points_;
    std::vector<Curve> curves_;
    QWidget* content_ = nullptr;  ///< what exportImage draws: the charts and the formulas
    QChartView* timeView_ = nullptr;
    QChartView* memoryView_ = nullptr;
    QLogValueAxis* timeX_ = nullptr;
    QLogValueAxis* timeY_ = nullptr;
    QLogValueAxis* memoryX_ = nullptr;
    QLogValueAxis* memoryY_ = nullptr;
    QLabel* formulas_ = nullptr;
};

}  // namespace attnviz::ui
