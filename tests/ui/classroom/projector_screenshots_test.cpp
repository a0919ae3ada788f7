// Not a check: writes screenshots of the chapter's sentence as a projector shows it, for people
// to look at. Runs only when ATTNVIZ_SCREENSHOT_DIR names a folder (scripts/screenshots_projector.sh
// sets it and runs this under xvfb-run once per screen size: 1920 × 1080, 1366 × 768, 1280 × 720);
// skipped otherwise.
#include <QDir>
#include <QScreen>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

/// Height taken by a window manager's title bar and a desktop panel around a maximized window.
constexpr int kDesktopChrome = 40;

TEST(ProjectorScreenshots, WritesTheChaptersSentenceInBothLanguagesThemesAndModes) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    ClassroomReset reset;

    const QString chapter = examples().constFirst().sentence;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("fr")}) {
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            MainWindow window;
            const QRect screen = window.screen()->geometry();
            const QString prefix = QStringLiteral("projector_%1x%2_%3_%4")
                                       .arg(screen.width())
                                       .arg(screen.height())
                                       .arg(language, theme == Theme::Light ? QStringLiteral("light")
                                                                           : QStringLiteral("dark"));
            window.classroom()->themeAction(theme)->trigger();
            window.classroom()->languageAction(language)->trigger();
            deliverLanguageChange();
            window.setGeometry(0, 0, screen.width(), screen.height() - kDesktopChrome);
            window.show();
            ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
            ASSERT_TRUE(waitForResult(window, chapter, teachingConfig()));
            window.heatmap()->setAsyncRendering(false);
            window.stepper()->heatmap()->setAsyncRendering(false);
            const auto shoot = [&](const QString& mode) {
                window.tabs()->setCurrentWidget(window.heatmap());
                saveScreenshot(window, dir, QStringLiteral("%1_%2_weights.png").arg(prefix, mode));
                window.tabs()->setCurrentWidget(window.stepper());
                window.stepper()->setStep(Step::Weights);
                saveScreenshot(window, dir, QStringLiteral("%1_%2_softmax.png").arg(prefix, mode));
                window.stepper()->setStep(Step::Q);  // 15 × 20, columns named by the teaching model
                saveScreenshot(window, dir, QStringLiteral("%1_%2_q.png").arg(prefix, mode));
            };
            shoot(QStringLiteral("window"));

            window.classroom()->presentationAction()->trigger();
            ASSERT_TRUE(window.classroom()->presentation()->isActive());
            // Xvfb has no window manager to apply the full-screen state: do what one would.
            if (!waitUntil([&] { return window.height() >= screen.height(); }, 2000)) window.setGeometry(screen);
            ASSERT_TRUE(waitUntil([&] { return window.height() >= screen.height(); })) << "not full screen";
            shoot(QStringLiteral("presentation"));
            window.classroom()->presentation()->leave();
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
