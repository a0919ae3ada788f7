// Not a check: writes screenshots of the panels a teacher reads beside the heatmap (the row of
// weights, the explanation, the controls, the step strip, the √d_k charts) for people to look
// at, in English and French, light and dark, at 1920 × 1080, 1366 × 768 and 1280 × 720, plus
// presentation mode at 1920 × 1080. Runs only when ATTNVIZ_SCREENSHOT_DIR names a folder
// (scripts/screenshots_panels.sh sets it and runs this under xvfb-run); skipped otherwise.
#include <QDir>
#include <QDockWidget>
#include <QScreen>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

/// How long a screenshot waits for the window to settle.
constexpr int kSettleMs = 300;

using namespace attnviz::ui::testing;

struct Size {
    int width, height;
};

TEST(PanelScreenshots, WritesThePanelsInBothLanguagesThemesAndThreeScreenSizes) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    const QString chapter = examples().constFirst().sentence;
    AttentionConfig causal = teachingConfig();
    causal.mask.causal = true;

    for (const Size size : {Size{1920, 1080}, Size{1366, 768}, Size{1280, 720}}) {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("fr")}) {
            for (const Theme theme : {Theme::Light, Theme::Dark}) {
                ClassroomReset reset;
                const QString name = QStringLiteral("%1x%2_%3_%4_")
                                         .arg(size.width)
                                         .arg(size.height)
                                         .arg(language, theme == Theme::Light ? QStringLiteral("light")
                                                                              : QStringLiteral("dark"));
                MainWindow window;
                window.classroom()->themeAction(theme)->trigger();
                window.classroom()->languageAction(language)->trigger();
                deliverLanguageChange();
                window.setGeometry(0, 0, size.width, size.height);
                window.show();
                ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
                window.setSentence(chapter);
                ASSERT_TRUE(waitForResult(window, chapter, teachingConfig()));
                window.heatmap()->setAsyncRendering(false);
                window.stepper()->heatmap()->setAsyncRendering(false);
                window.selectCell(10, 1);  // « il » → « animal »
                saveScreenshot(window, dir, name + QStringLiteral("window.png"), kSettleMs);
                saveScreenshot(*window.rowChart(), dir, name + QStringLiteral("row_chart.png"), kSettleMs);
                saveScreenshot(*window.explainer(), dir, name + QStringLiteral("explainer.png"), kSettleMs);
                saveScreenshot(*window.controls()->parentWidget()->parentWidget(), dir,
                               name + QStringLiteral("controls.png"), kSettleMs);

                window.setConfig(causal);
                ASSERT_TRUE(waitForResult(window, chapter, causal));
                window.selectCell(3, 1);  // keys 4 … 14 masked
                saveScreenshot(*window.rowChart(), dir, name + QStringLiteral("row_chart_causal.png"), kSettleMs);

                window.tabs()->setCurrentWidget(window.stepper());
                window.stepper()->setStep(Step::Context);
                saveScreenshot(window, dir, name + QStringLiteral("steps.png"), kSettleMs);

                WhyScaleChart* why = window.classroom()->whyScaleChart();
                window.tabs()->setCurrentWidget(window.classroom()->whyScaleTab());
                ASSERT_TRUE(waitUntil([&] { return why->isReady(); }, 120000));
                saveScreenshot(*why, dir, name + QStringLiteral("why_scale.png"), kSettleMs);

                if (size.width == 1920) {
                    window.classroom()->presentationAction()->trigger();
                    ASSERT_TRUE(window.classroom()->presentation()->isActive());
                    // Xvfb has no window manager to apply the full-screen state: do what one would.
                    if (!waitUntil([&] { return window.width() >= 1900; }, 2000))
                        window.setGeometry(window.screen()->geometry());
                    saveScreenshot(window, dir, name + QStringLiteral("presentation_why_scale.png"), kSettleMs);
                    window.tabs()->setCurrentWidget(window.heatmap());
                    window.selectCell(10, 1);
                    saveScreenshot(window, dir, name + QStringLiteral("presentation.png"), kSettleMs);
                    window.classroom()->presentation()->leave();
                }
            }
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
