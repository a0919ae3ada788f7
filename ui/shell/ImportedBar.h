#pragma once
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attnviz {
class AttentionStack;
}

namespace attnviz::ui {

/// Above the heatmap while imported weights are shown: what they are (the file, layers × heads,
/// n), the layer and the head to show (counted from 1; the head may be the mean of the layer's),
/// and a button back to the teaching model.
class ImportedBar : public QWidget {
    Q_OBJECT
public:
    explicit ImportedBar(QWidget* parent = nullptr);

    /// Shows the stack's sizes under name, on layer 1, head 1. Emits nothing.
    void showStack(const AttentionStack& stack, const QString& name);
    /// The layer (0-based) and head (0-based or kAllHeads) chosen.
    [[nodiscard]] int layer() const;
    [[nodiscard]] int head() const;
    /// Chooses them (0-based; kAllHeads for the mean); emits viewChanged when they change.
    void setView(int layer, int head);

    [[nodiscard]] QSpinBox* layerBox() const { return layer_; }
    [[nodiscard]] QComboBox* headBox() const { return head_; }
    [[nodiscard]] QLabel* summary() const { return summary_; }

signals:
    /// The layer or the head changed.
    void viewChanged();
    void closeRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void fillHeads();

    QLabel* summary_ = nullptr;
    QLabel* layerLabel_ = nullptr;
    QSpinBox* layer_ = nullptr;
    QLabel* headLabel_ = nullptr;
    QComboBox* head_ = nullptr;
    QPushButton* close_ = nullptr;
    QString name_;
    int layers_ = 0;
    int heads_ = 0;
    int tokens_ = 0;
};

}  // namespace attnviz::ui
