#pragma once
#include <QTabWidget>

namespace attnviz::ui {

class CostWallPanel;

/// The cost lab's tab: the chapter's "Complexité de l'attention" and "Techniques d'optimisation"
/// as pages. The first, "The quadratic wall", measures time and memory against n (CostWallPanel).
class CostLabPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit CostLabPanel(QWidget* parent = nullptr);

    [[nodiscard]] CostWallPanel* wall() const { return wall_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    CostWallPanel* wall_ = nullptr;
};

}  // namespace attnviz::ui
