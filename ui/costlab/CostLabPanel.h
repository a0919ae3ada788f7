#pragma once
#include <QTabWidget>

namespace attnviz::ui {

class CostWallPanel;
class TechniqueComparisonView;

/// The cost lab's tab: the chapter's "Complexité de l'attention" and "Techniques d'optimisation"
/// as pages. The first, "The quadratic wall", measures time and memory against n (CostWallPanel);
/// the second, "What each technique keeps", compares each technique's weights with exact
/// attention on the sentence or a long text (TechniqueComparisonView).
class CostLabPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit CostLabPanel(QWidget* parent = nullptr);

    [[nodiscard]] CostWallPanel* wall() const { return wall_; }
    [[nodiscard]] TechniqueComparisonView* keeps() const { return keeps_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    CostWallPanel* wall_ = nullptr;
    TechniqueComparisonView* keeps_ = nullptr;
};

}  // namespace attnviz::ui
