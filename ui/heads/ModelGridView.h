#pragma once
// The "All heads" tab: the grid of every layer × head (ModelGridCanvas) in a scroll area, with
// above it the measure to show, sort and highlight by ("find the previous-token heads") and a
// table of the five summaries on demand.
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QScrollArea;
class QTableWidget;

namespace attnviz::ui {

class ModelGridCanvas;

class ModelGridView : public QWidget {
    Q_OBJECT
public:
    explicit ModelGridView(QWidget* parent = nullptr);

    /// Shows a sentence's heads and their summaries (the stack's, made on the worker if not yet).
    void setStack(std::shared_ptr<const AttentionStack> stack);
    /// The weights' colour map, as the main heatmap's.
    void setColorMap(const QString& name);
    /// The measure shown under each head, its top heads outlined; nothing: none.
    void setMeasure(std::optional<HeadMeasure> measure);
    [[nodiscard]] std::optional<HeadMeasure> measure() const;
    /// Heads in the measure's order, highest first.
    void setSorted(bool sorted);
    /// The table of every head's five summaries, beside the grid.
    void setSummaryTableShown(bool shown);

    [[nodiscard]] ModelGridCanvas* canvas() const { return canvas_; }
    [[nodiscard]] QTableWidget* summaryTable() const { return table_; }
    [[nodiscard]] QComboBox* measureBox() const { return measureBox_; }
    [[nodiscard]] QCheckBox* sortBox() const { return sortBox_; }
    [[nodiscard]] QCheckBox* tableBox() const { return tableBox_; }

signals:
    /// A head was clicked or chosen with Enter, in the grid or the table (0-based).
    void headActivated(int layer, int head);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void applyMeasure();
    void fillTable();
    void fitCanvas();

    QLabel* measureLabel_ = nullptr;
    QComboBox* measureBox_ = nullptr;
    QCheckBox* sortBox_ = nullptr;
    QCheckBox* tableBox_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    ModelGridCanvas* canvas_ = nullptr;
    QTableWidget* table_ = nullptr;
};

}  // namespace attnviz::ui
