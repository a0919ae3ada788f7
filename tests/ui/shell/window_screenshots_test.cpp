// Not a check: writes screenshots of the window for people to look at. Runs only when
// ATTNVIZ_SCREENSHOT_DIR names a folder (scripts/screenshots.sh sets it and runs this under
// xvfb-run with the xcb platform); skipped otherwise.
#include <QDir>
#include <QDockWidget>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MainWindow.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(WindowScreenshots, WritesPngsOfTheWindowEveryStepAndALongSentence) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()))
        << "the window opens on the teaching model";
    window.heatmap()->setAsyncRendering(false);
    window.stepper()->heatmap()->setAsyncRendering(false);
    EXPECT_LE(window.frameGeometry().width(), 1920) << "the window must fit a 1920 × 1080 projector";
    saveScreenshot(window, dir, QStringLiteral("01_main_window.png"));

    window.tabs()->setCurrentWidget(window.stepper());
    for (int s = 0; s < kStepCount; ++s) {
        const auto step = static_cast<Step>(s);
        window.stepper()->setStep(step);
        saveScreenshot(window, dir, QStringLiteral("02_step_%1_%2.png").arg(s + 1, 2, 10, QLatin1Char('0')).arg(QLatin1String(stepName(step))));
    }

    window.tabs()->setCurrentWidget(window.heatmap());
    AttentionConfig causal;
    causal.mask.causal = true;
    window.setConfig(causal);
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, causal));
    saveScreenshot(window, dir, QStringLiteral("03_causal.png"));
    window.setConfig(AttentionConfig{});

    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, AttentionConfig{}));
    saveScreenshot(window, dir, QStringLiteral("06_random_untrained.png"));

    const AttentionConfig teaching = teachingConfig();
    window.setConfig(teaching);
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teaching)) << window.message().toStdString();
    window.tabs()->setCurrentWidget(window.stepper());
    window.stepper()->setStep(Step::Q);
    saveScreenshot(window, dir, QStringLiteral("07_teaching_model_q.png"));
    window.tabs()->setCurrentWidget(window.heatmap());
    window.weightsDock()->show();
    window.weightsDock()->raise();
    saveScreenshot(window, dir, QStringLiteral("08_weight_editor.png"));
    window.setConfig(AttentionConfig{});

    const QString long300 = sentenceOfTokens(300);
    window.setSentence(long300);
    ASSERT_TRUE(waitForResult(window, long300, AttentionConfig{}));
    ASSERT_EQ(window.currentTrace()->size(), 300);
    saveScreenshot(window, dir, QStringLiteral("04_300_tokens.png"));

    window.setSentence(QString());
    ASSERT_TRUE(waitUntil([&] { return !window.message().isEmpty() && !window.isBusy(); }));
    saveScreenshot(window, dir, QStringLiteral("05_bad_input_message.png"));
}

}  // namespace
}  // namespace attnviz::ui
