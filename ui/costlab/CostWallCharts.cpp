#include "ui/costlab/CostWallCharts.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/base/Errors.h"
#include "core/costlab/CostFit.h"
#include "core/costlab/CostMemory.h"
#include "core/io/AtomicFile.h"
#include "ui/export/ExportFormat.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FigureRenderer.h"
#include "ui/export/FilePath.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

constexpr double kBytesPerMiB = 1024.0 * 1024.0;

QChartView* makeCostChartView(QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();  // the formulas beside the charts name the curves
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 300);
    view->setFocusPolicy(Qt::NoFocus);
    return view;
}

QLogValueAxis* makeAxis(double base, const QString& format) {
    auto* axis = new QLogValueAxis;
    axis->setBase(base);
    axis->setLabelFormat(format);
    axis->setMinorTickCount(0);
    axis->setTruncateLabels(false);
    return axis;
}

/// The powers of base just around [low, high] (one power each way when they are equal).
std::pair<double, double> powerRange(double low, double high, double base) {
    const double lowPower = std::pow(base, std::floor(std::log(low) / std::log(base) + 1e-9));
    double highPower = std::pow(base, std::ceil(std::log(high) / std::log(base) - 1e-9));
    if (highPower <= lowPower) highPower = lowPower * base;
    return {lowPower, highPower};
}

/// font at factor times its size, whether the size was set in points or in pixels.
QFont scaledFont(QFont font, double factor) {
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * factor))));
    return font;
}

QString slopeText(const std::optional<double>& slope, int decimals) {
    return slope ? QStringLiteral("≈ ") + QLocale().toString(*slope, 'f', decimals) : QStringLiteral("–");
}

}  // namespace

CostWallCharts::CostWallCharts(QWidget* parent) : QWidget(parent) {
    auto* timeChart = new QChart;
    auto* memoryChart = new QChart;
    timeX_ = makeAxis(2, QStringLiteral("%g"));
    timeY_ = makeAxis(10, QStringLiteral("%g"));
    memoryX_ = makeAxis(2, QStringLiteral("%g"));
    memoryY_ = makeAxis(10, QStringLiteral("%g"));
    timeChart->addAxis(timeX_, Qt::AlignBottom);
    timeChart->addAxis(timeY_, Qt::AlignLeft);
    memoryChart->addAxis(memoryX_, Qt::AlignBottom);
    memoryChart->addAxis(memoryY_, Qt::AlignLeft);
    timeView_ = makeCostChartView(timeChart);
    memoryView_ = makeCostChartView(memoryChart);
    for (QChart* chart : {timeChart, memoryChart}) connect(chart, &QChart::plotAreaChanged, this, &CostWallCharts::placeLabels);

    formulas_ = new QLabel;
    formulas_->setTextFormat(Qt::RichText);
    formulas_->setWordWrap(true);
    formulas_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    formulas_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    formulas_->setContentsMargins(8, 0, 8, 4);

    content_ = new QWidget;
    content_->setAutoFillBackground(true);
    content_->setBackgroundRole(QPalette::Base);  // one background, the charts', on screen and in the files
    auto* column = new QVBoxLayout(content_);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(timeView_, 1);
    row->addWidget(memoryView_, 1);
    column->addLayout(row, 1);
    // Under the charts, the whole width: a column per kernel keeps it a few lines high, also in
    // presentation mode's large font.
    column->addWidget(formulas_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(content_);

    fitAxes();
    applyTheme();
    retranslateUi();
}

QColor CostWallCharts::kernelColour(CostKernel kernel) {
    // Distinct hues that stay apart for the common colour-vision deficiencies (Okabe–Ito family),
    // dark enough for thin lines on white, light enough on the dark theme's base.
    switch (kernel) {
        case CostKernel::Naive: return {0xd5, 0x3e, 0x00};   // vermilion: the wall
        case CostKernel::Exact: return {0xe6, 0x9f, 0x00};   // orange
        case CostKernel::Flash: return {0x00, 0x72, 0xb2};   // blue
        case CostKernel::Window: return {0x00, 0x9e, 0x73};  // bluish green
        case CostKernel::Sparse: return {0xcc, 0x79, 0xa7};  // reddish purple
        case CostKernel::Linear: return {0x56, 0xb4, 0xe9};  // sky blue
    }
    return Qt::gray;
}

const CostWallCharts::Curve* CostWallCharts::curve(CostKernel kernel) const {
    const auto found = std::find_if(curves_.begin(), curves_.end(), [&](const Curve& c) { return c.kernel == kernel; });
    return found == curves_.end() ? nullptr : &*found;
}

QLineSeries* CostWallCharts::timeSeries(CostKernel kernel) const {
    const Curve* c = curve(kernel);
    return c ? c->time : nullptr;
}

QLineSeries* CostWallCharts::memorySeries(CostKernel kernel) const {
    const Curve* c = curve(kernel);
    return c ? c->memory : nullptr;
}

QString CostWallCharts::timeSlopeLabel(CostKernel kernel) const {
    const Curve* c = curve(kernel);
    return c && c->timeLabel->isVisible() ? c->timeLabel->text() : QString();
}

QString CostWallCharts::memorySlopeLabel(CostKernel kernel) const {
    const Curve* c = curve(kernel);
    return c && c->memoryLabel->isVisible() ? c->memoryLabel->text() : QString();
}

QChart* CostWallCharts::timeChart() const { return timeView_->chart(); }
QChart* CostWallCharts::memoryChart() const { return memoryView_->chart(); }

void CostWallCharts::setKernels(const std::vector<CostKernel>& kernels) {
    for (Curve& c : curves_) {
        timeChart()->removeSeries(c.time);
        memoryChart()->removeSeries(c.memory);
        delete c.time;
        delete c.memory;
        delete c.timeLabel;
        delete c.memoryLabel;
    }
    curves_.clear();
    points_.clear();
    kernels_ = kernels;
    for (const CostKernel kernel : kernels_) {
        Curve c{kernel};
        c.time = new QLineSeries;
        c.memory = new QLineSeries;
        for (auto [chart, series, x, y] : {std::tuple{timeChart(), c.time, timeX_, timeY_},
                                           std::tuple{memoryChart(), c.memory, memoryX_, memoryY_}}) {
            series->setName(QString::fromLatin1(costKernelName(kernel)));
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
        }
        c.timeLabel = new QGraphicsSimpleTextItem(timeChart());
        c.memoryLabel = new QGraphicsSimpleTextItem(memoryChart());
        c.timeLabel->hide();
        c.memoryLabel->hide();
        curves_.push_back(c);
    }
    applyTheme();
    fitAxes();
    updateSlopes();
}

void CostWallCharts::setPlan(const CostPlan& plan) {
    plan_ = plan;
    updateSlopes();
}

void CostWallCharts::setPoints(const std::vector<CostPoint>& points) {
    std::vector<CostKernel> kernels;
    for (const CostPoint& point : points)
        if (std::find(kernels.begin(), kernels.end(), point.kernel) == kernels.end()) kernels.push_back(point.kernel);
    setKernels(kernels);
    for (const CostPoint& point : points) addPoint(point);
}

void CostWallCharts::addPoint(const CostPoint& point) {
    const Curve* c = curve(point.kernel);
    if (c == nullptr) return;
    points_.push_back(point);
    c->time->append(point.n, std::max(point.medianMs, 1e-6));
    if (point.peakExtraBytes > 0) c->memory->append(point.n, static_cast<double>(point.peakExtraBytes) / kBytesPerMiB);
    fitAxes();
    updateSlopes();
}

void CostWallCharts::fitAxes() {
    double nLow = 64, nHigh = 4096, timeLow = 0.01, timeHigh = 1000, memoryLow = 0.01, memoryHigh = 1000;
    bool any = false, anyMemory = false;
    for (const CostPoint& p : points_) {
        const double ms = std::max(p.medianMs, 1e-6);
        if (!any) {
            nLow = nHigh = p.n;
            timeLow = timeHigh = ms;
            any = true;
        }
        nLow = std::min(nLow, double(p.n));
        nHigh = std::max(nHigh, double(p.n));
        timeLow = std::min(timeLow, ms);
        timeHigh = std::max(timeHigh, ms);
        if (p.peakExtraBytes > 0) {
            const double mib = static_cast<double>(p.peakExtraBytes) / kBytesPerMiB;
            if (!anyMemory) memoryLow = memoryHigh = mib;
            anyMemory = true;
            memoryLow = std::min(memoryLow, mib);
            memoryHigh = std::max(memoryHigh, mib);
        }
    }
    const auto [nMin, nMax] = powerRange(nLow, nHigh, 2);
    for (QLogValueAxis* axis : {timeX_, memoryX_}) axis->setRange(nMin, nMax);
    const auto [tMin, tMax] = powerRange(timeLow, timeHigh, 10);
    timeY_->setRange(tMin, tMax);
    const auto [mMin, mMax] = powerRange(memoryLow, memoryHigh, 10);
    memoryY_->setRange(mMin, mMax);
    placeLabels();
}

void CostWallCharts::updateSlopes() {
    QStringList facts;
    if (plan_) {
        facts << QStringLiteral("d = %1").arg(plan_->d)
              << (plan_->element == CostElement::Float32 ? QStringLiteral("float32") : QStringLiteral("float64"))
              << (plan_->options.mask == CostMask::Causal ? tr("causal mask") : tr("no mask"))
              << tr("repeats = %1 (median)").arg(plan_->repeats);
        if (std::find(plan_->kernels.begin(), plan_->kernels.end(), CostKernel::Window) != plan_->kernels.end())
            facts << QStringLiteral("w = %1").arg(plan_->options.window);
    }
    QString names, times, memories;
    int fromN = 0;
    const QString cell = QStringLiteral("<td style=\"padding: 0 12px 0 0\">%1</td>");
    for (Curve& c : curves_) {
        const CostSlopes slopes = costSlopes(points_, c.kernel);
        if (slopes.fromN > 0) fromN = fromN == 0 ? slopes.fromN : std::min(fromN, slopes.fromN);
        c.timeLabel->setText(tr("slope %1").arg(slopeText(slopes.time, 1)));
        c.memoryLabel->setText(tr("slope %1").arg(slopeText(slopes.memory, 1)));
        c.timeLabel->setVisible(slopes.time.has_value());
        c.memoryLabel->setVisible(slopes.memory.has_value());
        names += cell.arg(QStringLiteral("<span style=\"color:%1; font-weight:bold\">━━●━━&nbsp;%2</span>")
                              .arg(kernelColour(c.kernel).name(), QString::fromLatin1(costKernelName(c.kernel))));
        times += cell.arg(QString::fromUtf8(costTimeFormula(c.kernel)) + QStringLiteral("&nbsp;&nbsp;") +
                          slopeText(slopes.time, 2));
        memories += cell.arg(QString::fromUtf8(costMemoryFormula(c.kernel)) + QStringLiteral("&nbsp;&nbsp;") +
                             slopeText(slopes.memory, 2));
    }
    QString html = QStringLiteral("<p>");
    if (!facts.isEmpty()) html += QStringLiteral("<b>") + facts.join(QStringLiteral(" · ")) + QStringLiteral("</b>. ");
    html += tr("Log–log axes: a line of slope 2 grows like n² (×4 when n doubles), of slope 1 like n (×2).");
    if (fromN > 0)
        html += QLatin1Char(' ') + tr("Slopes: least squares over n ≥ %1, where fixed costs no longer hide the growth.")
                                       .arg(QLocale().toString(fromN));
    html += QStringLiteral("</p>");
    if (!curves_.empty()) {
        const QString header = QStringLiteral("<td style=\"padding: 0 12px 0 0\"><i>%1</i></td>");
        html += QStringLiteral("<table><tr>") + header.arg(QString()) + names + QStringLiteral("</tr><tr>") +
                header.arg(tr("time")) + times + QStringLiteral("</tr><tr>") + header.arg(tr("memory")) + memories +
                QStringLiteral("</tr></table>");
    }
    formulas_->setText(html);
    placeLabels();
}

void CostWallCharts::fitTicks() {
    // Every power of 2 labelled when there is room for the widest label and two digits between,
    // else every 2nd, 4th or 8th: "64128256512" never runs together.
    const QFontMetricsF metrics(timeX_->labelsFont());
    const double pitch =
        metrics.horizontalAdvance(QLocale::c().toString(static_cast<int>(timeX_->max()))) + 2 * metrics.horizontalAdvance(QLatin1Char('0'));
    const double powers = std::max(1.0, std::log2(timeX_->max() / timeX_->min()));
    for (auto [chart, axis] : {std::pair{timeChart(), timeX_}, std::pair{memoryChart(), memoryX_}}) {
        double base = 256;
        for (const double candidate : {2.0, 4.0, 16.0}) {
            if (chart->plotArea().width() * std::log2(candidate) / powers >= pitch) {
                base = candidate;
                break;
            }
        }
        if (axis->base() != base) axis->setBase(base);
    }
}

void CostWallCharts::placeLabels() {
    fitTicks();
    for (const bool time : {true, false}) {
        QChart* chart = time ? timeChart() : memoryChart();
        const QRectF plot = chart->plotArea();
        struct Placed {
            QGraphicsSimpleTextItem* item;
            double y;
        };
        std::vector<Placed> placed;
        for (const Curve& c : curves_) {
            QLineSeries* series = time ? c.time : c.memory;
            QGraphicsSimpleTextItem* label = time ? c.timeLabel : c.memoryLabel;
            if (series->count() == 0 || !label->isVisible()) continue;
            const QPointF end = chart->mapToPosition(series->at(series->count() - 1), series);
            label->setPos(std::min(end.x() + 6, plot.right() + 4), 0);
            placed.push_back({label, end.y() - label->boundingRect().height() / 2});
        }
        // From the top down, each label at least a line below the one above: ends that meet
        // (Flash and exact) keep both their texts readable.
        std::sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) { return a.y < b.y; });
        for (std::size_t i = 0; i < placed.size(); ++i) {
            const double height = placed[i].item->boundingRect().height();
            if (i > 0) placed[i].y = std::max(placed[i].y, placed[i - 1].y + height);
            placed[i].item->setY(placed[i].y);
        }
    }
}

double CostWallCharts::lineWidth() const {
    // 3 pixels at a 16-pixel font; thicker with presentation mode's larger font.
    return std::max(2.0, QFontInfo(font()).pixelSize() / 5.0);
}

void CostWallCharts::applyTheme() {
    const bool dark = isDark(palette());
    const QColor text = palette().color(QPalette::Text);
    content_->setPalette(palette());
    for (QChart* chart : {timeChart(), memoryChart()}) {
        chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        chart->setBackgroundBrush(palette().color(QPalette::Base));
        chart->setTitleBrush(text);
    }
    // Around the charts too: one background under the charts and the table, no grey bands.
    for (QChartView* view : {timeView_, memoryView_}) view->setBackgroundBrush(palette().color(QPalette::Base));
    for (QLogValueAxis* axis : {timeX_, timeY_, memoryX_, memoryY_}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
    }
    applyFonts();  // a chart theme resets fonts and pens
}

void CostWallCharts::applyFonts() {
    QFont title = font();
    title.setBold(true);
    const QFont ticks = scaledFont(font(), 0.85);
    for (QChart* chart : {timeChart(), memoryChart()}) {
        chart->setTitleFont(title);
        // Room on the right for the slope texts at the curves' ends.
        const double room = QFontMetricsF(font()).horizontalAdvance(tr("slope %1").arg(QStringLiteral("≈ 0.0"))) + 16;
        chart->setMargins(QMargins(6, 6, static_cast<int>(room), 6));
    }
    for (QLogValueAxis* axis : {timeX_, timeY_, memoryX_, memoryY_}) {
        axis->setLabelsFont(ticks);
        axis->setTitleFont(font());
    }
    const double width = lineWidth();
    QFont labelFont = font();
    labelFont.setBold(true);
    for (Curve& c : curves_) {
        const QColor colour = kernelColour(c.kernel);
        for (QLineSeries* series : {c.time, c.memory}) {
            series->setPen(QPen(colour, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            series->setPointsVisible(true);
            series->setMarkerSize(3 * width);
        }
        for (QGraphicsSimpleTextItem* label : {c.timeLabel, c.memoryLabel}) {
            label->setFont(labelFont);
            label->setBrush(colour);
        }
    }
    placeLabels();
}

void CostWallCharts::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    switch (event->type()) {
        case QEvent::LanguageChange: retranslateUi(); break;
        case QEvent::PaletteChange: applyTheme(); break;
        case QEvent::FontChange: applyFonts(); break;
        default: break;
    }
}

void CostWallCharts::retranslateUi() {
    timeChart()->setTitle(tr("Time (median)"));
    memoryChart()->setTitle(tr("Peak extra memory"));
    timeX_->setTitleText(tr("n (log)"));
    memoryX_->setTitleText(tr("n (log)"));
    timeY_->setTitleText(tr("milliseconds (log)"));
    memoryY_->setTitleText(tr("MiB (log)"));
    updateSlopes();
    applyFonts();
}

void CostWallCharts::exportImage(const QString& path) const {
    const PaintedFigure figure(content_->size(), tr("The quadratic wall: time and peak extra memory against n"),
                               [this](QPainter& painter) { content_->render(&painter); });
    // PNG for any other name.
    ExportFormat format = exportFormatFromName(QFileInfo(path).suffix()).value_or(ExportFormat::Png);
    if (!isFigureFormat(format)) format = ExportFormat::Png;
    const QByteArray bytes = encodeFigure(figure, format);
    writeFileAtomically(toPath(path), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

}  // namespace attnviz::ui
