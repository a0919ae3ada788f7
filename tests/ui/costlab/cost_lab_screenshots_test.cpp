// Not a check: screenshots of the cost lab after a live run (light, presentation mode, a refused
// plan, dark), for people to look at. Runs only
// when ATTNVIZ_SCREENSHOT_DIR names a folder (ATTNVIZ_SCREENSHOTS=CostLabScreenshots
// scripts/screenshots.sh OUT).
#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/costlab/CostLabPanel.h"
#include "ui/costlab/CostWallPanel.h"
#include "ui/costlab/TechniqueComparisonView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PresentationMode.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(CostLabScreenshots, TheWallAfterALiveRun) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.costLab());
    CostWallPanel* wall = window.costLab()->wall();
    wall->setKernels({CostKernel::Naive, CostKernel::Exact, CostKernel::Flash, CostKernel::Window, CostKernel::Linear});
    wall->setSizeRange(64, 8192);
    QSignalSpy finished(wall, &CostWallPanel::finished);
    ASSERT_TRUE(wall->run());
    ASSERT_TRUE(finished.wait(600000));
    saveScreenshot(window, dir, QStringLiteral("costlab_01_wall_64_8192.png"));
    window.classroom()->presentation()->enter();
    saveScreenshot(window, dir, QStringLiteral("costlab_02_wall_presentation.png"), 800);
    window.classroom()->presentation()->leave();
    wall->setKernels({CostKernel::Naive, CostKernel::Flash});
    wall->setSizeRange(64, 65536);
    saveScreenshot(window, dir, QStringLiteral("costlab_03_refused.png"));
    applyTheme(Theme::Dark);
    saveScreenshot(window, dir, QStringLiteral("costlab_04_dark.png"));
    applyTheme(Theme::System);
}

// The second page inside the window, on the window's own sentence (the chapter's) and on the long
// text, in presentation mode too: what a class sees.
TEST(CostLabScreenshots, WhatEachTechniqueKeepsInTheWindow) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);

    MainWindow window;
    window.move(0, 0);
    ASSERT_TRUE(opensOnTheDefaultExample(window, {1920, 1080}));
    window.tabs()->setCurrentWidget(window.costLab());
    TechniqueComparisonView* keeps = window.costLab()->keeps();
    QSignalSpy shown(keeps, &TechniqueComparisonView::comparisonShown);
    window.costLab()->setCurrentWidget(keeps);
    keeps->setTechnique(CostKernel::Window);
    ASSERT_TRUE(shown.count() > 0 || shown.wait(60000));
    saveScreenshot(window, dir, QStringLiteral("costlab_05_keeps_sentence_window.png"));
    shown.clear();
    keeps->setText(TechniqueComparisonView::Text::LongText);
    keeps->setTechnique(CostKernel::Sparse);
    ASSERT_TRUE(shown.wait(60000));
    saveScreenshot(window, dir, QStringLiteral("costlab_06_keeps_long_text_sparse.png"));
    window.classroom()->presentation()->enter();
    saveScreenshot(window, dir, QStringLiteral("costlab_07_keeps_presentation.png"), 800);
    window.classroom()->presentation()->leave();
}

}  // namespace
}  // namespace attnviz::ui
