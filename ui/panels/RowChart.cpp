#include "ui/panels/RowChart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <numeric>

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/i18n/Language.h"
#include "ui/style/ChartTitle.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

/// A masked key's column: hatched as the heatmap's masked cells, from the bottom to the top of
/// the plot, with the heatmap's word "masked" written up it when it fits. Drawn over the bar
/// series, so the bar's "0" label never shows through.
class MaskedColumn : public QGraphicsItem {
public:
    explicit MaskedColumn(QGraphicsItem* parent) : QGraphicsItem(parent) { setZValue(100); }

    void setRect(const QRectF& rect) {
        prepareGeometryChange();
        rect_ = rect;
    }
    [[nodiscard]] QRectF rect() const { return rect_; }
    void setFont(const QFont& font) {
        font_ = font;
        update();
    }
    [[nodiscard]] QRectF boundingRect() const override { return rect_; }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        HeatmapPainter::paintMaskedCell(*painter, rect_, rect_.topLeft());
        const QString text = QCoreApplication::translate("attnviz::ui::HeatmapPainter", "masked");
        const QFontMetricsF metrics(font_);
        const double length = metrics.horizontalAdvance(text) + 8;
        const double thickness = metrics.height() + 2;
        if (length > rect_.height() || thickness > rect_.width()) return;  // the hatching alone says it
        // Written upwards on a plain plate, so that the hatching does not cross the letters.
        painter->save();
        painter->translate(rect_.center());
        painter->rotate(-90);
        const QRectF plate(-length / 2, -thickness / 2, length, thickness);
        painter->fillRect(plate, HeatmapPainter::hatchBackground());
        painter->setFont(font_);
        painter->setPen(QColor(0x20, 0x20, 0x20));  // dark on the light grey plate, whatever the theme
        painter->drawText(plate, Qt::AlignCenter, text);
        painter->restore();
    }

private:
    QRectF rect_;
    QFont font_;
};

namespace {

/// Top of the weight axis: 1 when a weight is large, else a round value just above the largest
/// weight, so that a flat row of small weights is still readable (the title says the scale).
double axisTop(double largest) {
    if (largest > 0.5) return 1.0;
    for (double top : {0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5})
        if (largest <= top * 0.95) return top;
    return 1.0;
}

/// Room the chart's title leaves for its text: the chart's margins and the title's own.
constexpr double kTitleSlack = 32;

}  // namespace

QString RowChart::keyLabel(const QString& token, int index) { return QStringLiteral("%1 · %2").arg(index).arg(token); }

RowChart::RowChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    series_ = new QBarSeries;
    set_ = new QBarSet(QString());
    series_->append(set_);
    series_->setBarWidth(0.8);
    series_->setLabelsVisible(true);
    series_->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series_->setLabelsFormat(QStringLiteral("@value"));
    series_->setLabelsPrecision(2);
    chart->addSeries(series_);
    categories_ = new QBarCategoryAxis;
    categories_->setTruncateLabels(false);  // "1 · animal" whole, never "1 · an…"
    values_ = new QValueAxis;
    values_->setRange(0, 1);
    values_->setTickCount(6);
    values_->setLabelFormat(QStringLiteral("%.2g"));
    chart->addAxis(categories_, Qt::AlignBottom);
    chart->addAxis(values_, Qt::AlignLeft);
    series_->attachAxis(categories_);
    series_->attachAxis(values_);
    // QChartView starts with a chart of its own and setChart only releases it, never deletes it:
    // LeakSanitizer found it leaked with every window.
    QChart* const initialChart = this->chart();
    setChart(chart);
    delete initialChart;
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
    connect(chart, &QChart::plotAreaChanged, this, &RowChart::placeMaskedColumns);
    applyTheme();
    retranslateUi();
}

void RowChart::retranslateUi() {
    // Bar values and axis numbers in the interface's language ("0,83" in French).
    chart()->setLocalizeNumbers(true);
    chart()->setLocale(numberLocale());
    set_->setLabel(tr("weight"));
    categories_->setTitleText(tr("keys j"));
    values_->setTitleText(tr("weight"));
    setToolTip(tr("The selected query's row of weights: how much it attends to each key. The bars add up to 1 "
                  "(softmax), masked keys get 0."));
    if (trace_ || weights_)
        rebuild();
    else if (isRowHidden())
        hideRow(hiddenToken_);
    else
        clearRow();
}

void RowChart::applyTheme() {
    // A chart theme resets colours and fonts: the bars, the background and the fonts are set again.
    const bool dark = isDark(palette());
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().color(QPalette::Base));
    chart()->setTitleBrush(palette().color(QPalette::Text));
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{categories_, values_}) {
        axis->setLabelsColor(palette().color(QPalette::Text));
        axis->setTitleBrush(palette().color(QPalette::Text));
    }
    set_->setColor(ColorMap(QStringLiteral("Blues")).colorAt(dark ? 0.45 : 0.75));
    set_->setBorderColor(set_->color());
    set_->setLabelColor(palette().color(QPalette::Text));
    applyFonts();
}

void RowChart::clearRow() {
    trace_.reset();
    weights_.reset();
    query_ = -1;
    keys_.clear();
    set_->remove(0, set_->count());
    categories_->clear();
    hiddenToken_.clear();
    title_ = tr("Click a cell or a token to chart its row of weights");
    showTitle();
    placeMaskedColumns();
}

void RowChart::hideRow(const QString& token) {
    clearRow();
    hiddenToken_ = token;
    title_ = tr("“%1”: hidden until the guess is revealed").arg(token);
    showTitle();  // kept, wrapped again, when the chart is resized
}

void RowChart::setRow(std::shared_ptr<const AttentionTrace> trace, int head, int query) {
    if (!trace || query < 0 || query >= trace->size()) return clearRow();
    trace_ = std::move(trace);
    weights_.reset();
    head_ = head;
    query_ = query;
    hiddenToken_.clear();
    rebuild();
}

void RowChart::setRow(std::shared_ptr<const MatrixSource> weights, int query) {
    if (!weights || query < 0 || query >= weights->rows()) return clearRow();
    trace_.reset();
    weights_ = std::move(weights);
    head_ = weights_->head();
    query_ = query;
    hiddenToken_.clear();
    rebuild();
}

int RowChart::maxBars() const {
    // A vertical label needs its line height plus Qt Charts' text margins and padding.
    const double plotWidth = std::max(100, width() - 90);
    const double perBar = QFontMetricsF(labelFont()).height() + 10;
    return std::clamp(static_cast<int>(plotWidth / perBar), kMinBars, kMaxBars);
}

QFont RowChart::labelFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(8.0, font().pointSizeF() * 0.8));
    return small;
}

std::vector<int> RowChart::maskedKeys() const {
    std::vector<int> masked;
    if (!trace_ && !weights_) return masked;
    for (int key : keys_)
        if (trace_ ? trace_->mask().isMasked(query_, key) : weights_->isMasked(query_, key)) masked.push_back(key);
    return masked;
}

std::vector<QRectF> RowChart::maskedColumnRects() const {
    std::vector<QRectF> rects;
    for (const MaskedColumn* column : maskedColumns_)
        if (column->isVisible()) rects.push_back(column->rect());
    return rects;
}

void RowChart::rebuild() {
    // A trace's row, or a stack's (imported weights): the same bars.
    const int n = trace_ ? trace_->size() : weights_->cols();
    const Eigen::MatrixXd row = trace_ ? trace_->block(Step::Weights, head_, query_, 0, 1, n) : weights_->block(query_, 0, 1, n);
    const auto tokenText = [this](int index) {
        return trace_ ? QString::fromStdString(trace_->tokens()[static_cast<std::size_t>(index)].text)
                      : weights_->rowLabels()[index];
    };
    const int heads = trace_ ? trace_->heads() : weights_->stack()->heads();
    const int limit = maxBars();
    keys_.resize(static_cast<std::size_t>(n));
    std::iota(keys_.begin(), keys_.end(), 0);
    if (n > limit) {
        std::partial_sort(keys_.begin(), keys_.begin() + limit, keys_.end(),
                          [&](int a, int b) { return row(0, a) > row(0, b) || (row(0, a) == row(0, b) && a < b); });
        keys_.resize(static_cast<std::size_t>(limit));
        std::sort(keys_.begin(), keys_.end());
    }
    QStringList labels;
    QList<qreal> values;
    for (int key : keys_) {
        labels << keyLabel(tokenText(key), key);
        values << row(0, key);
    }
    set_->remove(0, set_->count());
    categories_->clear();
    categories_->append(labels);
    set_->append(values);
    const auto bars = static_cast<int>(keys_.size());
    categories_->setLabelsFont(labelFont());
    fitLabels();
    values_->setRange(0, axisTop(row.maxCoeff()));
    const QString token = quoted(tokenText(query_));
    const QString headText = head_ == kAllHeads ? tr("mean of %1 heads").arg(heads)
                                                : tr("head %1").arg(head_ + 1);
    title_ = n > bars ? tr("Query %1 %2, %3: top %4 of %5 keys").arg(query_).arg(token, headText).arg(bars).arg(n)
                      : tr("Query %1 %2, %3: its weights over the keys").arg(query_).arg(token, headText);
    showTitle();
    placeMaskedColumns();
}

void RowChart::showTitle() {
    QFont font = this->font();
    font.setBold(true);
    const double available = std::max(80.0, chart()->size().width() - kTitleSlack);
    chart()->setTitle(wrappedChartTitle(title_, font, available));
}

void RowChart::fitLabels() {
    // A bar's slot: the plot's width once laid out, else the chart's less its axes.
    const double plotWidth = chart()->plotArea().width() > 0 ? chart()->plotArea().width() : width() - 90.0;
    const double slot = keys_.empty() ? plotWidth : plotWidth / static_cast<double>(keys_.size());
    const QFontMetricsF labels(labelFont());
    double widest = 0;
    for (const QString& label : categories_->categories()) widest = std::max(widest, labels.horizontalAdvance(label));
    // Across when every label fits its slot (with room to spare), else upwards, never elided.
    const int angle = widest + labels.averageCharWidth() <= slot ? 0 : -90;
    // Without a row no labels: Qt Charts keeps drawing a cleared category axis's old labels, which
    // would run together across the empty chart.
    if (categories_->labelsVisible() != !keys_.empty()) categories_->setLabelsVisible(!keys_.empty());
    if (categories_->labelsAngle() != angle) categories_->setLabelsAngle(angle);
    // Upright labels already say "j · token" and need the axis title's room: a long one would
    // run into it ("5 · traversé" over "keys j").
    if (categories_->isTitleVisible() != (angle == 0)) categories_->setTitleVisible(angle == 0);
    // The weights over the bars only when "0.00" fits a slot: side by side they would run together.
    const bool values = keys_.size() <= 10 &&
                        QFontMetricsF(set_->labelFont()).horizontalAdvance(QStringLiteral("0.00")) + 4 <= slot;
    if (series_->isLabelsVisible() != values) series_->setLabelsVisible(values);
}

void RowChart::placeMaskedColumns() {
    fitLabels();
    const std::vector<int> masked = maskedKeys();  // empty without a row
    while (maskedColumns_.size() < masked.size()) maskedColumns_.push_back(new MaskedColumn(chart()));
    const QRectF plot = chart()->plotArea();
    const double slot = keys_.empty() ? 0 : plot.width() / static_cast<double>(keys_.size());
    std::size_t next = 0;
    for (std::size_t position = 0; position < keys_.size() && next < masked.size(); ++position) {
        if (keys_[position] != masked[next]) continue;
        // The category axis puts category c at the middle of slot c; a bar is 0.8 of a slot wide.
        const double centre = plot.left() + (static_cast<double>(position) + 0.5) * slot;
        MaskedColumn* column = maskedColumns_[next++];
        column->setRect(QRectF(centre - 0.4 * slot, plot.top(), 0.8 * slot, plot.height()));
        column->setFont(labelFont());
        column->setToolTip(tr("Key %1 is masked for this query: its weight is 0.").arg(keys_[position]));
        column->show();
    }
    for (; next < maskedColumns_.size(); ++next) maskedColumns_[next]->hide();
}

void RowChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    if ((trace_ || weights_) && static_cast<int>(keys_.size()) != std::min(trace_ ? trace_->size() : weights_->cols(), maxBars()))
        rebuild();
    else
        showTitle();
}

void RowChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyTheme();
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void RowChart::applyFonts() {
    QFont base = font();
    QFont title = base;
    title.setBold(true);
    chart()->setTitleFont(title);
    categories_->setLabelsFont(labelFont());
    categories_->setTitleFont(base);
    values_->setLabelsFont(base);
    values_->setTitleFont(base);
    QFont small = base;
    small.setPointSizeF(std::max(7.0, base.pointSizeF() * 0.8));
    series_->setLabelsPrecision(2);
    set_->setLabelFont(small);
    showTitle();
    for (MaskedColumn* column : maskedColumns_) column->setFont(labelFont());
}

}  // namespace attnviz::ui
