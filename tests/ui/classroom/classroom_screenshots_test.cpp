// Not a check: writes screenshots of presentation mode and of a predict round for people to look at. Runs only when
// ATTNVIZ_SCREENSHOT_DIR names a folder (scripts/screenshots_classroom.sh sets it and runs this
// under xvfb-run at 1920 × 1080 with the xcb platform); skipped otherwise.
#include <QDir>
#include <QScreen>
#include <QScrollArea>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/attention/PredictRound.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

/// How long a screenshot waits for the window to settle.
constexpr int kSettleMs = 500;

using namespace attnviz::ui::testing;

TEST(ClassroomScreenshots, WritesPresentationModeInFrenchLightAndDark) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    ClassroomReset reset;

    const QString chat = QStringLiteral("Le chat est assis");
    const QString chapter = examples().constFirst().sentence;
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        const QString suffix = theme == Theme::Light ? QStringLiteral("light") : QStringLiteral("dark");
        MainWindow window;
        window.classroom()->themeAction(theme)->trigger();
        window.classroom()->languageAction(QStringLiteral("fr"))->trigger();
        deliverLanguageChange();
        window.setGeometry(0, 0, 1600, 900);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.setSentence(chat);
        ASSERT_TRUE(waitForResult(window, chat, teachingConfig()));
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
        saveScreenshot(window, dir, QStringLiteral("classroom_normal_fr_%1.png").arg(suffix), kSettleMs);

        window.classroom()->presentationAction()->trigger();
        ASSERT_TRUE(window.classroom()->presentation()->isActive());
        // Xvfb has no window manager to apply the full-screen state: do what one would.
        if (!waitUntil([&] { return window.width() >= 1900; }, 2000)) window.setGeometry(window.screen()->geometry());
        ASSERT_TRUE(waitUntil([&] { return window.width() >= 1900; })) << "not full screen: " << window.width();
        window.selectCell(2, 1);
        saveScreenshot(window, dir, QStringLiteral("classroom_presentation_fr_%1_chat.png").arg(suffix), kSettleMs);
        window.tabs()->setCurrentWidget(window.stepper());
        window.stepper()->setStep(Step::Scaled);
        saveScreenshot(window, dir, QStringLiteral("classroom_presentation_fr_%1_step6.png").arg(suffix), kSettleMs);
        window.tabs()->setCurrentWidget(window.heatmap());

        window.setSentence(chapter);
        ASSERT_TRUE(waitForResult(window, chapter, teachingConfig()));
        saveScreenshot(window, dir, QStringLiteral("classroom_presentation_fr_%1_chapter.png").arg(suffix), kSettleMs);

        window.tabs()->setCurrentWidget(window.classroom()->whyScaleTab());
        ASSERT_TRUE(waitUntil([&] { return window.classroom()->whyScaleChart()->isReady(); }, 120000));
        saveScreenshot(window, dir, QStringLiteral("classroom_presentation_fr_%1_why_scale.png").arg(suffix),
                       kSettleMs);
        window.classroom()->presentation()->leave();
    }
}

/// Plays rows until the round reaches row: each revealed, guessed right on even rows and on key 0
/// on odd ones, so that the count has something to say.
void playUntil(MainWindow& window, int row) {
    PredictActions& predict = *window.predictActions();
    while (predict.round().current() >= 0 && predict.round().current() < row) {
        const int current = predict.round().current();
        const auto trace = window.currentTrace();
        const int best = judgeGuess(*trace, window.currentHead(), current, std::nullopt).bestKey;
        const int target = current % 2 == 0 ? best : 0;
        while (predict.guess(current) != target) predict.moveGuess(+1);
        predict.advance();  // reveal
        predict.advance();  // next row
    }
}

TEST(ClassroomScreenshots, WritesAPredictRoundInTheWindowAndInPresentationModeInBothLanguages) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    constexpr int kAnimal = 1, kLa = 6, kRue = 7, kIl = 10;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("fr")}) {
        ClassroomReset reset;
        MainWindow window;
        window.classroom()->languageAction(language)->trigger();
        deliverLanguageChange();
        window.setGeometry(0, 0, 1600, 900);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
        PredictActions& predict = *window.predictActions();

        predict.everyRowAction()->trigger();
        playUntil(window, kLa);
        while (predict.guess(kLa) != kAnimal) predict.moveGuess(+1);
        saveScreenshot(window, dir, QStringLiteral("predict_%1_window_guess.png").arg(language), kSettleMs);
        predict.advance();
        saveScreenshot(window, dir, QStringLiteral("predict_%1_window_reveal.png").arg(language), kSettleMs);
        predict.advance();  // the next row

        window.classroom()->presentationAction()->trigger();
        ASSERT_TRUE(window.classroom()->presentation()->isActive());
        if (!waitUntil([&] { return window.width() >= 1900; }, 2000)) window.setGeometry(window.screen()->geometry());
        ASSERT_TRUE(waitUntil([&] { return window.width() >= 1900; })) << "not full screen: " << window.width();
        playUntil(window, kIl);  // the chapter's question
        while (predict.guess(kIl) != kRue) predict.moveGuess(+1);
        saveScreenshot(window, dir, QStringLiteral("predict_%1_presentation_guess.png").arg(language), kSettleMs);
        predict.advance();
        saveScreenshot(window, dir, QStringLiteral("predict_%1_presentation_reveal.png").arg(language), kSettleMs);
        window.classroom()->presentation()->leave();
    }
}

}  // namespace
}  // namespace attnviz::ui
