#pragma once
#include <QChartView>

#include <memory>
#include <vector>

#include "core/attention/AttentionTrace.h"

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace attnviz::ui {

/// Bar chart of one query's weights over the keys (one bar per key, labelled with its token).
/// Past kMaxBars keys, only the kMaxBars largest weights are drawn, in key order.
class RowChart : public QChartView {
    Q_OBJECT
public:
    explicit RowChart(QWidget* parent = nullptr);

    /// head may be kAllHeads (mean over heads).
    void setRow(std::shared_ptr<const AttentionTrace> trace, int head, int query);
    void clearRow();
    /// No bars: the row of token (a predict round's query) stays hidden until revealed.
    void hideRow(const QString& token);
    [[nodiscard]] bool isRowHidden() const { return !hiddenToken_.isEmpty(); }

    [[nodiscard]] int query() const { return query_; }
    /// The keys of the bars, in order, and the bar set (for tests).
    [[nodiscard]] const std::vector<int>& keys() const { return keys_; }
    [[nodiscard]] QBarSet* barSet() const { return set_; }
    [[nodiscard]] QBarCategoryAxis* categoryAxis() const { return categories_; }

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
    [[nodiscard]] int maxBars() const;
    [[nodiscard]] QFont labelFont() const;

    QBarSeries* series_ = nullptr;
    QBarSet* set_ = nullptr;
    QBarCategoryAxis* categories_ = nullptr;
    QValueAxis* values_ = nullptr;
    std::shared_ptr<const AttentionTrace> trace_;
    int head_ = 0;
    std::vector<int> keys_;
    int query_ = -1;
    QString hiddenToken_;  ///< the query whose row is hidden; empty when none is
};

}  // namespace attnviz::ui
