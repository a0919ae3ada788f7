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

using namespace attnviz::ui::testing;

void save(QWidget& widget, const QDir& dir, const QString& name) {
    QTest::qWait(300);  // let tiles, charts and labels settle
    const QString path = dir.filePath(name);
    ASSERT_TRUE(widget.grab().save(path)) << "cannot write " << path.toStdString();
    std::printf("wrote %s (%dx%d)\n", qPrintable(path), widget.width(), widget.height());
}

struct Size {
    int width, height;
};

TEST(PanelScreenshots, WritesThePanelsInBothLanguagesThemesAndThreeScreenSizes) {
    const QString folder = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
    if (folder.isEmpty()) GTEST_SKIP() << "set ATTNVIZ_SCREENSHOT_DIR to write screenshots";
    QDir dir(folder);
    ASSERT_TRUE(dir.mkpath(QStringLiteral(".")));
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
                save(window, dir, name + QStringLiteral("window.png"));
                save(*window.rowChart(), dir, name + QStringLiteral("row_chart.png"));
                save(*window.explainer(), dir, name + QStringLiteral("explainer.png"));
                save(*window.controls()->parentWidget()->parentWidget(), dir, name + QStringLiteral("controls.png"));

                window.setConfig(causal);
                ASSERT_TRUE(waitForResult(window, chapter, causal));
                window.selectCell(3, 1);  // keys 4 … 14 masked
                save(*window.rowChart(), dir, name + QStringLiteral("row_chart_causal.png"));

                window.tabs()->setCurrentWidget(window.stepper());
                window.stepper()->setStep(Step::Context);
                save(window, dir, name + QStringLiteral("steps.png"));

                WhyScaleChart* why = window.classroom()->whyScaleChart();
                window.tabs()->setCurrentWidget(window.classroom()->whyScaleTab());
                ASSERT_TRUE(waitUntil([&] { return why->isReady(); }, 120000));
                save(*why, dir, name + QStringLiteral("why_scale.png"));

                if (size.width == 1920) {
                    window.classroom()->presentationAction()->trigger();
                    ASSERT_TRUE(window.classroom()->presentation()->isActive());
                    // Xvfb has no window manager to apply the full-screen state: do what one would.
                    if (!waitUntil([&] { return window.width() >= 1900; }, 2000))
                        window.setGeometry(window.screen()->geometry());
                    save(window, dir, name + QStringLiteral("presentation_why_scale.png"));
                    window.tabs()->setCurrentWidget(window.heatmap());
                    window.selectCell(10, 1);
                    save(window, dir, name + QStringLiteral("presentation.png"));
                    window.classroom()->presentation()->leave();
                }
            }
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
