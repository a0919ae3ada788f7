#include "ui/labs/WhyScaleChart.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>
#include <iterator>
#include <utility>
#include <optional>

#include "core/base/Errors.h"
#include "core/io/AtomicFile.h"
#include "ui/export/ExportFormat.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FigureRenderer.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/style/ChartTitle.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {


/// The powers of 2 a log axis's labels may step by: 1, 2, 4 … ; 1, 4, 16 … ; 1, 32, 1024; 1, 1024.
constexpr double kTickBases[] = {2, 4, 32, 1024};
/// log2 of each axis's range: d_k from 1 to 1024, the variance from 0.5 to 2048.
constexpr double kDkLog2Range = 10;
constexpr double kVarianceLog2Range = 12;

QChartView* makeScalingChartView(QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();  // a wrapping QLabel under the chart instead (updateLegends)
    chart->setMargins(QMargins(8, 8, 28, 8));
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    // Room for the axes' titles whole ("variance (échelle log)" up the side), two charts side by
    // side in the central area of a 1280-pixel-wide window.
    view->setMinimumSize(280, 340);
    view->setFocusPolicy(Qt::NoFocus);  // nothing to do with the keyboard in a chart
    return view;
}

QLogValueAxis* makeDkAxis() {
    auto* axis = new QLogValueAxis;
    axis->setBase(2);
    axis->setRange(1, WhyScaleChart::kMaxDk);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setMinorTickCount(0);
    axis->setTruncateLabels(false);  // "1024" whole, in the chart's right margin
    return axis;
}

void styleSeries(QLineSeries* series, const QColor& color, Qt::PenStyle pen, bool markers) {
    series->setPen(QPen(color, 3, pen, Qt::RoundCap, Qt::RoundJoin));
    series->setPointsVisible(markers);
    series->setMarkerSize(9);
}

/// One legend entry: a sample of the series' line in its colour, then its name. The entry never
/// breaks inside (no-break spaces); the line breaks between entries.
QString legendEntry(const QLineSeries* series) {
    const QPen pen = series->pen();
    const QString sample = pen.style() == Qt::SolidLine ? QStringLiteral("━━●━━") : QStringLiteral("╍╍╍╍");
    QString name = series->name().toHtmlEscaped();
    name.replace(QLatin1Char(' '), QChar(0x00a0));
    return QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>\u00a0%3")
        .arg(pen.color().name(), sample, name);
}

QLabel* makeLegend() {
    auto* legend = new QLabel;
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    legend->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    return legend;
}

/// A chart view with its legend under it.
QWidget* withLegend(QChartView* view, QLabel* legend) {
    auto* column = new QWidget;
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view, 1);
    layout->addWidget(legend);
    return column;
}

}  // namespace

WhyScaleChart::WhyScaleChart(QWidget* parent) : QWidget(parent) {
    // On a short screen the page scrolls rather than squeezing its charts under their legends.
    auto* content = new QWidget;
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    caption_ = new QLabel;
    caption_->setWordWrap(true);
    caption_->setTextFormat(Qt::RichText);
    caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(caption_);

    auto* varianceChart = new QChart;
    varianceUnscaled_ = new QLineSeries;
    varianceScaled_ = new QLineSeries;
    varianceChart->addSeries(varianceUnscaled_);
    varianceChart->addSeries(varianceScaled_);
    varianceX_ = makeDkAxis();
    varianceY_ = new QLogValueAxis;
    varianceY_->setBase(2);
    varianceY_->setRange(0.5, 2 * kMaxDk);
    varianceY_->setLabelFormat(QStringLiteral("%g"));
    varianceY_->setMinorTickCount(0);
    varianceChart->addAxis(varianceX_, Qt::AlignBottom);
    varianceChart->addAxis(varianceY_, Qt::AlignLeft);
    for (QLineSeries* s : {varianceUnscaled_, varianceScaled_}) {
        s->attachAxis(varianceX_);
        s->attachAxis(varianceY_);
    }

    auto* weightChart = new QChart;
    weightUnscaled_ = new QLineSeries;
    weightScaled_ = new QLineSeries;
    uniformWeight_ = new QLineSeries;
    uniformWeight_->append(1, 1.0 / kRowLength);
    uniformWeight_->append(kMaxDk, 1.0 / kRowLength);
    weightChart->addSeries(weightUnscaled_);
    weightChart->addSeries(weightScaled_);
    weightChart->addSeries(uniformWeight_);
    weightX_ = makeDkAxis();
    weightY_ = new QValueAxis;
    weightY_->setRange(0, 1);
    weightY_->setTickCount(6);
    weightY_->setLabelFormat(QStringLiteral("%.1f"));
    weightChart->addAxis(weightX_, Qt::AlignBottom);
    weightChart->addAxis(weightY_, Qt::AlignLeft);
    for (QLineSeries* s : {weightUnscaled_, weightScaled_, uniformWeight_}) {
        s->attachAxis(weightX_);
        s->attachAxis(weightY_);
    }

    charts_ = new QWidget;
    chartsLayout_ = new QBoxLayout(QBoxLayout::LeftToRight, charts_);
    chartsLayout_->setContentsMargins(0, 0, 0, 0);
    varianceView_ = makeScalingChartView(varianceChart);
    weightView_ = makeScalingChartView(weightChart);
    varianceLegend_ = makeLegend();
    weightLegend_ = makeLegend();
    chartsLayout_->addWidget(withLegend(varianceView_, varianceLegend_));
    chartsLayout_->addWidget(withLegend(weightView_, weightLegend_));
    layout->addWidget(charts_, 1);
    for (QChart* chart : {varianceChart, weightChart}) {
        connect(chart, &QChart::plotAreaChanged, this, &WhyScaleChart::fitTickLabels);
        connect(chart, &QGraphicsWidget::geometryChanged, this, &WhyScaleChart::showTitles);
    }

    auto* bottom = new QHBoxLayout;
    status_ = new QLabel;
    status_->setWordWrap(true);  // else its one long line would set the window's minimum width
    export_ = new QPushButton;
    export_->setEnabled(false);
    bottom->addWidget(status_, 1);
    bottom->addWidget(export_);
    layout->addLayout(bottom);

    connect(export_, &QPushButton::clicked, this, &WhyScaleChart::exportWithDialog);

    applyTheme();
    applyFonts();
    retranslateUi();
}

WhyScaleChart::~WhyScaleChart() = default;

void WhyScaleChart::start() {
    if (started_) return;
    started_ = true;
    retranslateUi();
    study_.start(
        [](const JobControl& control) {
            return scalingStudy(kMaxDk, kSamples, kRowLength, kSeed, &control.cancelFlag());
        },
        [this](std::vector<ScalingPoint> points) { showPoints(std::move(points)); });
}

void WhyScaleChart::showPoints(std::vector<ScalingPoint> points) {
    points_ = std::move(points);
    QList<QPointF> varianceUnscaled, varianceScaled, weightUnscaled, weightScaled;
    for (const ScalingPoint& p : points_) {
        const auto dK = static_cast<double>(p.dK);
        varianceUnscaled << QPointF(dK, p.varianceUnscaled);
        varianceScaled << QPointF(dK, p.varianceScaled);
        weightUnscaled << QPointF(dK, p.maxWeightUnscaled);
        weightScaled << QPointF(dK, p.maxWeightScaled);
    }
    varianceUnscaled_->replace(varianceUnscaled);
    varianceScaled_->replace(varianceScaled);
    weightUnscaled_->replace(weightUnscaled);
    weightScaled_->replace(weightScaled);
    export_->setEnabled(true);
    retranslateUi();
    emit ready();
}

QLineSeries* WhyScaleChart::series(Curve curve) const {
    switch (curve) {
        case Curve::VarianceUnscaled: return varianceUnscaled_;
        case Curve::VarianceScaled: return varianceScaled_;
        case Curve::MaxWeightUnscaled: return weightUnscaled_;
        case Curve::MaxWeightScaled: return weightScaled_;
    }
    return nullptr;
}

QChart* WhyScaleChart::varianceChart() const { return varianceView_->chart(); }
QChart* WhyScaleChart::weightChart() const { return weightView_->chart(); }

QLogValueAxis* WhyScaleChart::dKAxis(Curve curve) const {
    return curve == Curve::VarianceUnscaled || curve == Curve::VarianceScaled ? varianceX_ : weightX_;
}

void WhyScaleChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeCharts();
}

void WhyScaleChart::arrangeCharts() {
    // Side by side when each chart gets kChartChars average characters, else one above the other
    // (the page scrolls): a narrow chart cuts its titles ("Largest softmax wei…").
    const int comfortable = 2 * kChartChars * fontMetrics().averageCharWidth();
    const auto direction = width() >= comfortable ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (chartsLayout_->direction() != direction) chartsLayout_->setDirection(direction);
}

void WhyScaleChart::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    start();
}

void WhyScaleChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    switch (event->type()) {
        case QEvent::LanguageChange: retranslateUi(); break;
        case QEvent::PaletteChange: applyTheme(); break;
        case QEvent::FontChange:
            applyFonts();
            arrangeCharts();  // the charts' comfortable width follows the font
            break;
        default: break;
    }
}

void WhyScaleChart::retranslateUi() {
    caption_->setText(
        tr("<p><b>Why scale by √d<sub>k</sub>?</b> Take a query q and a key k whose d<sub>k</sub> entries are "
           "independent, of mean 0 and variance 1. Their dot product q·k = Σ<sub>m</sub> q<sub>m</sub>k<sub>m</sub> "
           "then has variance d<sub>k</sub>: the larger d<sub>k</sub>, the larger the scores in magnitude "
           "(left). Without scaling, the softmax of a row of %1 scores then puts almost all the weight on one "
           "key — its largest weight goes to 1 (right) — and softmax is pushed into regions with extremely small "
           "gradients. Dividing by √d<sub>k</sub> brings the variance back to 1: the scaling by √d<sub>k</sub> "
           "keeps the variance stable, and the weights stay spread out.</p>")
            .arg(kRowLength));
    varianceTitle_ = tr("Variance of the scores q·k");
    varianceUnscaled_->setName(tr("without scaling (≈ d_k)"));
    varianceScaled_->setName(tr("with ÷√d_k (≈ 1)"));
    varianceX_->setTitleText(tr("d_k (log)"));
    varianceY_->setTitleText(tr("variance (log)"));
    weightTitle_ = tr("Largest softmax weight (n = %1)").arg(kRowLength);
    weightUnscaled_->setName(tr("without scaling"));
    weightScaled_->setName(tr("with ÷√d_k"));
    uniformWeight_->setName(tr("equal weights 1/n"));
    weightX_->setTitleText(tr("d_k (log)"));
    weightY_->setTitleText(tr("largest weight"));
    export_->setText(tr("Export Image…"));
    export_->setToolTip(tr("Save both charts as PNG, SVG or PDF"));
    showTitles();
    updateLegends();
    if (isReady())
        status_->setText(tr("Measured on %1 random queries and keys (entries uniform, mean 0, variance 1; seed %2) "
                            "for each d_k.")
                             .arg(kSamples)
                             .arg(kSeed));
    else
        status_->setText(started_ ? tr("Measuring…") : QString());
}

void WhyScaleChart::applyTheme() {
    const bool dark = isDark(palette());
    for (QChart* chart : {varianceChart(), weightChart()}) {
        chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        chart->setBackgroundBrush(palette().color(QPalette::Base));
        chart->setTitleBrush(palette().color(QPalette::Text));
    }
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{varianceX_, varianceY_, weightX_, weightY_}) {
        axis->setLabelsColor(palette().color(QPalette::Text));
        axis->setTitleBrush(palette().color(QPalette::Text));
    }
    // Red without, blue with the scaling, in both charts; lighter tints on a dark background.
    const QColor unscaled = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
    const QColor scaled = dark ? QColor(0x6c, 0xb4, 0xff) : QColor(0x15, 0x65, 0xc0);
    const QColor reference = palette().color(QPalette::PlaceholderText);
    styleSeries(varianceUnscaled_, unscaled, Qt::SolidLine, true);
    styleSeries(weightUnscaled_, unscaled, Qt::SolidLine, true);
    styleSeries(varianceScaled_, scaled, Qt::SolidLine, true);
    styleSeries(weightScaled_, scaled, Qt::SolidLine, true);
    styleSeries(uniformWeight_, reference, Qt::DashLine, false);
    applyFonts();  // a chart theme resets the fonts
    updateLegends();
}

void WhyScaleChart::updateLegends() {
    const auto entries = [](std::initializer_list<const QLineSeries*> series) {
        QStringList items;
        for (const QLineSeries* s : series) items << legendEntry(s);
        return items.join(QStringLiteral("\u2003 "));  // an em space, then where the line may break
    };
    varianceLegend_->setText(entries({varianceUnscaled_, varianceScaled_}));
    weightLegend_->setText(entries({weightUnscaled_, weightScaled_, uniformWeight_}));
}

void WhyScaleChart::showTitles() {
    QFont title = font();
    title.setBold(true);
    for (auto [chart, text] : {std::pair{varianceChart(), &varianceTitle_}, std::pair{weightChart(), &weightTitle_}}) {
        // The chart's margins, and about 32 pixels more that Qt Charts keeps around its title.
        const double width = chart->size().width() - chart->margins().left() - chart->margins().right() - 32;
        const QString wrapped = wrappedChartTitle(*text, title, std::max(80.0, width));
        if (chart->title() != wrapped) chart->setTitle(wrapped);
    }
}

double WhyScaleChart::tickBase(double axisLength, double labelPitch, double log2Range) {
    for (const double base : kTickBases)
        if (axisLength * std::log2(base) / log2Range >= labelPitch) return base;
    return kTickBases[std::size(kTickBases) - 1];
}

void WhyScaleChart::fitTickLabels() {
    QFont ticks = font();
    ticks.setPointSizeF(font().pointSizeF() * 0.8);
    const QFontMetricsF metrics(ticks);
    // Across: the widest label and a gap of two digits; up the variance axis: a line and a half.
    const double across = metrics.horizontalAdvance(QStringLiteral("1024")) + 2 * metrics.horizontalAdvance(QLatin1Char('0'));
    const double up = 1.5 * metrics.height();
    const auto setBase = [](QLogValueAxis* axis, double base) {
        if (axis->base() != base) axis->setBase(base);
    };
    setBase(varianceX_, tickBase(varianceChart()->plotArea().width(), across, kDkLog2Range));
    setBase(weightX_, tickBase(weightChart()->plotArea().width(), across, kDkLog2Range));
    setBase(varianceY_, tickBase(varianceChart()->plotArea().height(), up, kVarianceLog2Range));
}

void WhyScaleChart::applyFonts() {
    QFont title = font();
    title.setBold(true);
    for (QChart* chart : {varianceChart(), weightChart()}) chart->setTitleFont(title);
    // Eleven powers of 2 side by side: the tick labels a little smaller than the titles.
    QFont ticks = font();
    ticks.setPointSizeF(font().pointSizeF() * 0.8);
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{varianceX_, varianceY_, weightX_, weightY_}) {
        axis->setLabelsFont(ticks);
        axis->setTitleFont(font());
    }
    showTitles();  // wrapped for the new font
    fitTickLabels();
}

void WhyScaleChart::exportImage(const QString& path) const {
    // The charts as on screen, on the page's colour; a PNG at twice their size.
    const PaintedFigure figure(charts_->size(), varianceTitle_ + QStringLiteral(" · ") + weightTitle_,
                               [this](QPainter& painter) { charts_->render(&painter); },
                               palette().color(QPalette::Base));
    ExportFormat format = exportFormatFromName(QFileInfo(path).suffix()).value_or(ExportFormat::Png);
    if (!isFigureFormat(format)) format = ExportFormat::Png;  // PNG for any other name
    const QByteArray bytes = encodeFigure(figure, format);
    writeFileAtomically(toPath(path), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

void WhyScaleChart::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the √d_k Charts"),
                                                      QStringLiteral("why_scale.png"),
                                                      tr("Images (*.png *.svg *.pdf)"));
    if (path.isEmpty()) return;
    try {
        exportImage(path);
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Cannot export the charts"), translatedFailure(error));
    }
}

}  // namespace attnviz::ui
