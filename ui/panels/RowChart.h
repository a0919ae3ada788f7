#pragma once
#include <QChartView>

#include <memory>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "ui/heatmap/MatrixSource.h"

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace attnviz::ui {

class MaskedColumn;

/// Bar chart of one query's weights over the keys: one bar per key, labelled "position · token"
/// ("3 · chat"). A key the mask hides is a hatched column marked "masked", as in the heatmap,
/// never a missing bar. Past maxBars() keys, only the largest weights are drawn, in key order.
/// The title wraps onto as many lines as the chart's width needs.
class RowChart : public QChartView {
    Q_OBJECT
public:
    explicit RowChart(QWidget* parent = nullptr);

    /// head may be kAllHeads (mean over heads).
    void setRow(std::shared_ptr<const AttentionTrace> trace, int head, int query);
    /// The row of a weights source without a trace (imported weights: a stack's layer and head).
    void setRow(std::shared_ptr<const MatrixSource> weights, int query);
    void clearRow();
    /// No bars: the row of token (a predict round's query) stays hidden until revealed.
    void hideRow(const QString& token);
    [[nodiscard]] bool isRowHidden() const { return !hiddenToken_.isEmpty(); }

    [[nodiscard]] int query() const { return query_; }
    /// The keys of the bars, in order, and the bar set (for tests).
    [[nodiscard]] const std::vector<int>& keys() const { return keys_; }
    [[nodiscard]] QBarSet* barSet() const { return set_; }
    [[nodiscard]] QBarCategoryAxis* categoryAxis() const { return categories_; }
    /// The masked keys among keys(), and their hatched columns in the chart's coordinates.
    [[nodiscard]] std::vector<int> maskedKeys() const;
    [[nodiscard]] std::vector<QRectF> maskedColumnRects() const;
    /// The title as one line of plain text (the chart's title holds it wrapped, as HTML).
    [[nodiscard]] const QString& titleText() const { return title_; }

    /// "3 · chat": the key's position, then its token. Never a subscript or a bare number next to
    /// the token (".₁₄" read as the number .14); unique even when a word repeats, which
    /// QBarCategoryAxis needs.
    [[nodiscard]] static QString keyLabel(const QString& token, int index);

    /// Bars drawn at most (fewer when the chart is too narrow for their labels).
    static constexpr int kMaxBars = 30;
    static constexpr int kMinBars = 5;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyFonts();
    void applyTheme();
    void retranslateUi();
    void rebuild();
    /// Sets title_ on the chart, wrapped to its width.
    void showTitle();
    /// Key labels across or upwards, and the weights over the bars or not, as the bars' width allows.
    void fitLabels();
    /// Puts the masked columns over their categories, from the bottom to the top of the plot.
    void placeMaskedColumns();
    [[nodiscard]] int maxBars() const;
    [[nodiscard]] QFont labelFont() const;

    QBarSeries* series_ = nullptr;
    QBarSet* set_ = nullptr;
    QBarCategoryAxis* categories_ = nullptr;
    QValueAxis* values_ = nullptr;
    std::shared_ptr<const AttentionTrace> trace_;
    std::shared_ptr<const MatrixSource> weights_;  ///< instead of trace_, for a stack's head
    int head_ = 0;
    std::vector<int> keys_;
    std::vector<MaskedColumn*> maskedColumns_;  ///< owned by the chart (its child items)
    QString title_;
    int query_ = -1;
    QString hiddenToken_;  ///< the query whose row is hidden; empty when none is
};

}  // namespace attnviz::ui
