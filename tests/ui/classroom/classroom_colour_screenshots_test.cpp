// Not a check: writes screenshots of the colour ranges, the dark theme and French numbers for
// people to look at. Runs only when ATTNVIZ_SCREENSHOT_DIR names a folder
// (scripts/screenshots_colour.sh sets it and runs this under xvfb-run at 1920 × 1080); skipped
// otherwise.
#include <QDir>
#include <QScreen>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/ExportDialog.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

/// How long a screenshot waits for the window to settle.
constexpr int kSettleMs = 500;

using namespace attnviz::ui::testing;

void exportFigure(MainWindow& window, const QDir& dir, const QString& name) {
    ExportDialog dialog(window.currentTrace(), &window);
    dialog.setInteractive(false);
    dialog.setHead(window.currentHead());
    dialog.setAutomaticWeightsColorMap(window.colorMapName());
    dialog.setWeightsRange(window.sourceOptions().weightsRange);
    dialog.setFormat(ExportFormat::Png);
    ASSERT_TRUE(dialog.exportTo(dir.filePath(name))) << dialog.lastError().toStdString();
    std::printf("wrote %s\n", qPrintable(dir.filePath(name)));
}

void useRange(MainWindow& window, WeightsRange range) {
    window.controls()->setWeightsRange(range);
    ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.heatmap()->source()->weightsRange() == range; }));
}

TEST(ColourScreenshots, WritesTheColourRangesTheDarkThemeAndFrenchNumbers) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    ClassroomReset reset;

    const QString chapter = examples().constFirst().sentence;
    const QString long295 = sentenceOfTokens(295);
    AttentionConfig causal = teachingConfig();
    causal.mask.causal = true;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        const QString suffix = theme == Theme::Light ? QStringLiteral("light") : QStringLiteral("dark");
        MainWindow window;
        window.classroom()->themeAction(theme)->trigger();
        window.setGeometry(0, 0, 1920, 1080);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(waitForResult(window, chapter, teachingConfig()));
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
        window.selectCell(10, 1);  // il → animal
        saveScreenshot(window, dir, QStringLiteral("colour_chapter_%1.png").arg(suffix), kSettleMs);
        window.tabs()->setCurrentWidget(window.stepper());
        window.stepper()->setStep(Step::Scaled);
        saveScreenshot(window, dir, QStringLiteral("colour_chapter_scaled_%1.png").arg(suffix), kSettleMs);
        window.tabs()->setCurrentWidget(window.heatmap());

        // A long causal heatmap in each colour range.
        window.setConfig(causal);
        window.setSentence(long295);
        ASSERT_TRUE(waitForResult(window, long295, causal)) << window.message().toStdString();
        window.selectCell(200, 150);
        for (const auto& [range, name] : {std::pair{WeightsRange::Fixed, "0to1"}, std::pair{WeightsRange::Data, "data"},
                                          std::pair{WeightsRange::PerRow, "row"}}) {
            useRange(window, range);
            saveScreenshot(window, dir, QStringLiteral("colour_causal295_%1_%2.png").arg(QLatin1String(name), suffix),
                           kSettleMs);
            if (theme == Theme::Light)
                exportFigure(window, dir, QStringLiteral("colour_causal295_%1_figure.png").arg(QLatin1String(name)));
        }
        useRange(window, WeightsRange::Fixed);

        // In French: the chapter's sentence, causal, with commas; then presentation mode.
        window.classroom()->languageAction(QStringLiteral("fr"))->trigger();
        deliverLanguageChange();
        window.setSentence(chapter);
        ASSERT_TRUE(waitForResult(window, chapter, causal));
        window.selectCell(10, 1);
        saveScreenshot(window, dir, QStringLiteral("colour_chapter_causal_fr_%1.png").arg(suffix), kSettleMs);
        exportFigure(window, dir, QStringLiteral("colour_chapter_causal_fr_%1_figure.png").arg(suffix));
        useRange(window, WeightsRange::Data);
        saveScreenshot(window, dir, QStringLiteral("colour_chapter_causal_fr_data_%1.png").arg(suffix), kSettleMs);
        useRange(window, WeightsRange::Fixed);
        window.classroom()->presentationAction()->trigger();
        if (!waitUntil([&] { return window.width() >= 1900; }, 2000)) window.setGeometry(window.screen()->geometry());
        ASSERT_TRUE(waitUntil([&] { return window.width() >= 1900; }));
        window.selectCell(10, 1);
        saveScreenshot(window, dir, QStringLiteral("colour_presentation_fr_%1.png").arg(suffix), kSettleMs);
        window.classroom()->presentation()->leave();
        window.classroom()->languageAction(QStringLiteral("en"))->trigger();
        deliverLanguageChange();
    }
}

}  // namespace
}  // namespace attnviz::ui
