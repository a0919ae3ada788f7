// Not a check: screenshots of the window on a trained model, for people to look at. Runs only
// when ATTNVIZ_SCREENSHOT_DIR names a folder (scripts/screenshots_model.sh sets it, writes the
// generated f32 checkpoint, which has GPT-2's real vocabulary, and runs this under xvfb-run).
#include <QDir>
#include <QSignalSpy>

#include <filesystem>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/ModelActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(Gpt2WindowScreenshots, WritesPngsOfAModelsLayerHeadStepsAndNextTokens) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    QString model = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_MODEL");
    if (model.isEmpty()) model = QString::fromStdString((attnviz::testing::gpt2Checkpoints() / "f32").string());

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    window.heatmap()->setAsyncRendering(false);
    window.stepper()->heatmap()->setAsyncRendering(false);

    QSignalSpy finished(window.modelActions(), &ModelActions::loadFinished);
    window.modelActions()->openModel(model);
    ASSERT_TRUE(waitUntil([&] { return finished.count() > 0; }));
    ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
    const QString sentence = QStringLiteral("The animal didn't cross the street because it was too tired.");
    window.setSentence(sentence);
    window.controls()->setLayer(1);
    ViewSettings view = window.viewSettings();
    view.head = 2;
    window.setViewSettings(view);
    const auto shown = [&] {
        const auto trace = window.currentTrace();
        return !window.isBusy() && trace && trace->origin() && trace->origin()->layer == 1 &&
               window.currentTraceSentence() == sentence && window.currentSource()->head() == 2;
    };
    ASSERT_TRUE(waitUntil(shown)) << window.message().toStdString();
    saveScreenshot(window, dir, QStringLiteral("model_01_heatmap_layer2_head3.png"));

    window.tabs()->setCurrentWidget(window.stepper());
    for (const Step step : {Step::X, Step::Q, Step::Weights, Step::Output}) {
        window.stepper()->setStep(step);
        saveScreenshot(window, dir, QStringLiteral("model_02_step_%1.png").arg(QLatin1String(stepName(step))));
    }
    window.tabs()->setCurrentWidget(window.heatmap());
    view.head = kAllHeads;
    window.setViewSettings(view);
    ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.currentSource()->head() == kAllHeads; }));
    saveScreenshot(window, dir, QStringLiteral("model_03_mean_of_heads.png"));
}

}  // namespace
}  // namespace attnviz::ui
