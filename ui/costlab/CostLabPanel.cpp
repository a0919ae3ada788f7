#include "ui/costlab/CostLabPanel.h"

#include <QEvent>

#include "ui/costlab/CostWallPanel.h"
#include "ui/costlab/TechniqueComparisonView.h"

namespace attnviz::ui {

CostLabPanel::CostLabPanel(QWidget* parent) : QTabWidget(parent) {
    wall_ = new CostWallPanel;
    addTab(wall_, QString());
    keeps_ = new TechniqueComparisonView;
    addTab(keeps_, QString());
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
    const int keepsTab = indexOf(keeps_);
    setTabText(keepsTab, tr("What each technique keeps"));
    setTabToolTip(keepsTab, tr("Exact attention's weights beside Flash, sliding window, sparse and linear attention's, "
                               "on the sentence or a long text, with their difference and cost"));
}

}  // namespace attnviz::ui
