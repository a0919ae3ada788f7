#include "ui/panels/RowChart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <numeric>

#include "ui/heatmap/ColorMap.h"
#include "ui/i18n/Language.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

/// "animal₁": the token and its index as subscript digits, so repeated words stay distinct
/// categories (QBarCategoryAxis drops duplicates) while the label stays short.
QString keyLabel(const QString& token, int index) {
    static constexpr char16_t kSubscripts[] = u"₀₁₂₃₄₅₆₇₈₉";
    QString digits;
    for (const QChar c : QString::number(index)) digits += QChar(kSubscripts[c.digitValue()]);
    return token + digits;
}

/// Top of the weight axis: 1 when a weight is large, else a round value just above the largest
/// weight, so that a flat row of small weights is still readable (the title says the scale).
double axisTop(double largest) {
    if (largest > 0.5) return 1.0;
    for (double top : {0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5})
        if (largest <= top * 0.95) return top;
    return 1.0;
}

}  // namespace

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
    values_ = new QValueAxis;
    values_->setRange(0, 1);
    values_->setTickCount(6);
    values_->setLabelFormat(QStringLiteral("%.2g"));
    chart->addAxis(categories_, Qt::AlignBottom);
    chart->addAxis(values_, Qt::AlignLeft);
    series_->attachAxis(categories_);
    series_->attachAxis(values_);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
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
    if (trace_)
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
    query_ = -1;
    keys_.clear();
    set_->remove(0, set_->count());
    categories_->clear();
    hiddenToken_.clear();
    chart()->setTitle(tr("Click a cell or a token to chart its row of weights"));
}

void RowChart::hideRow(const QString& token) {
    clearRow();
    hiddenToken_ = token;
    chart()->setTitle(tr("“%1”: hidden until the guess is revealed").arg(token));
}

void RowChart::setRow(std::shared_ptr<const AttentionTrace> trace, int head, int query) {
    if (!trace || query < 0 || query >= trace->size()) return clearRow();
    trace_ = std::move(trace);
    head_ = head;
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

void RowChart::rebuild() {
    const AttentionTrace& trace = *trace_;
    const int n = trace.size();
    const Eigen::MatrixXd row = trace.block(Step::Weights, head_, query_, 0, 1, n);
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
        labels << keyLabel(QString::fromStdString(trace.tokens()[static_cast<std::size_t>(key)].text), key);
        values << row(0, key);
    }
    set_->remove(0, set_->count());
    categories_->clear();
    categories_->append(labels);
    set_->append(values);
    const auto bars = static_cast<int>(keys_.size());
    series_->setLabelsVisible(bars <= 10);
    categories_->setLabelsAngle(bars <= 5 ? 0 : -90);
    categories_->setLabelsFont(labelFont());
    values_->setRange(0, axisTop(row.maxCoeff()));
    const QString token = QString::fromStdString(trace.tokens()[static_cast<std::size_t>(query_)].text);
    const QString headText = head_ == kAllHeads ? tr("mean of %1 heads").arg(trace.heads())
                                                : tr("head %1").arg(head_ + 1);
    chart()->setTitle(n > bars ? tr("Query %1 «\u00a0%2\u00a0», %3: top %4 of %5 keys")
                                     .arg(query_)
                                     .arg(token, headText)
                                     .arg(bars)
                                     .arg(n)
                               : tr("Query %1 «\u00a0%2\u00a0», %3: its weights over the keys")
                                     .arg(query_)
                                     .arg(token, headText));
}

void RowChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    if (trace_ && static_cast<int>(keys_.size()) != std::min(trace_->size(), maxBars())) rebuild();
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
}

}  // namespace attnviz::ui
