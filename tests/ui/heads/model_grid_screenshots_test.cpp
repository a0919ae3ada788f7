// Not a check: screenshots of the model view ("All heads") for people to look at. Runs only when
// ATTNVIZ_SCREENSHOT_DIR names a folder (scripts/screenshots_heads.sh sets it, writes a generated
// 12 × 12 checkpoint into ATTNVIZ_SCREENSHOT_GRID_MODEL, and runs this under xvfb-run).
#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heads/ModelGridCanvas.h"
#include "ui/heads/ModelGridView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/ModelActions.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

bool thumbnailsShown(const MainWindow& window) {
    const ModelGridCanvas* canvas = window.modelGrid()->canvas();
    return !window.isBusy() && !canvas->hasPendingThumbnails() && canvas->stack() == window.currentStack();
}

TEST(ModelGridScreenshots, WritesPngsOfTheTeachingModelAndA12By12Model) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    const AttentionConfig config = withTeachingHeads(teachingConfig());  // each head has a role
    window.setConfig(config);
    ASSERT_TRUE(waitForResult(window, window.sentence(), config));
    window.tabs()->setCurrentWidget(window.modelGrid());
    ASSERT_TRUE(waitUntil([&] { return thumbnailsShown(window); }));
    saveScreenshot(window, dir, QStringLiteral("heads_01_teaching_heads_roles.png"));

    ModelGridView* grid = window.modelGrid();
    grid->setMeasure(HeadMeasure::PreviousToken);
    grid->setSorted(true);
    grid->setSummaryTableShown(true);
    saveScreenshot(window, dir, QStringLiteral("heads_02_teaching_previous_token_sorted_table.png"));
    grid->setSummaryTableShown(false);
    grid->setSorted(false);
    grid->setMeasure(std::nullopt);

    const QString model = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_GRID_MODEL");
    if (!model.isEmpty()) {
        QSignalSpy finished(window.modelActions(), &ModelActions::loadFinished);
        window.modelActions()->openModel(model);
        ASSERT_TRUE(waitUntil([&] { return finished.count() > 0; }));
        ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
        window.setSentence(QStringLiteral("The animal didn't cross the street because it was too tired."));
        window.recomputeNow();
        window.tabs()->setCurrentWidget(window.modelGrid());
        ASSERT_TRUE(waitUntil([&] {
            return thumbnailsShown(window) && window.currentStack() && window.currentStack()->layers() == 12;
        }));
        saveScreenshot(window, dir, QStringLiteral("heads_03_model_12x12.png"));

        ModelGridCanvas* canvas = grid->canvas();
        const QPoint over = canvas->thumbnailRect(4, 7).center().toPoint();
        QTest::mouseMove(canvas, over);
        ASSERT_TRUE(waitUntil([&] { return canvas->hoveredHead() == 4 * 12 + 7; }));
        saveScreenshot(window, dir, QStringLiteral("heads_04_model_12x12_hover.png"));
        QTest::mouseMove(window.tabs()->tabBar(), QPoint(2, 2));

        grid->setMeasure(HeadMeasure::PreviousToken);
        saveScreenshot(window, dir, QStringLiteral("heads_05_model_12x12_previous_token_outlined.png"));
        grid->setMeasure(std::nullopt);
    }

    window.classroom()->presentation()->enter();
    window.tabs()->setCurrentWidget(window.modelGrid());
    ASSERT_TRUE(waitUntil([&] { return thumbnailsShown(window); }));
    saveScreenshot(window, dir, QStringLiteral("heads_06_presentation.png"), 800);
    window.classroom()->presentation()->leave();
}

}  // namespace
}  // namespace attnviz::ui
