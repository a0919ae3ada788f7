#include "ui/costlab/CostLabPanel.h"

#include <QEvent>

#include "ui/costlab/CostWallPanel.h"

namespace attnviz::ui {

CostLabPanel::CostLabPanel(QWidget* parent) : QTabWidget(parent) {
    wall_ = new CostWallPanel;
    addTab(wall_, QString());
    setDocumentMode(true);
    retranslateUi();
}

void CostLabPanel::changeEvent(QEvent* event) {
    QTabWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void CostLabPanel::retranslateUi() {
    const int wallTab = indexOf(wall_);
    setTabText(wallTab, tr("The quadratic wall"));
    setTabToolTip(wallTab, tr("Time and memory of each attention kernel against n, measured live on log–log charts"));
}

}  // namespace attnviz::ui
