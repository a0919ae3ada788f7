// The window on the four-head teaching model: chosen in the Projections list, it brings its d_model
// and heads, the head list names each head's role, the step view's Context with every head is the
// concatenation naming the roles and its Output the chapter's MultiHead formula; the one-head
// model comes back with its own sizes.
#include <QComboBox>
#include <QDir>
#include <QSpinBox>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/Examples.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(TeachingHeadsWindow, TheProjectionsListOffersTheFourHeadModelWithItsRoles) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const QString sentence = examples().constFirst().sentence;
    ControlsPanel* controls = window.controls();
    QComboBox* preset = controls->presetBox();
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_End);  // the last entry: the teaching model in four heads
    ASSERT_EQ(preset->currentData().toInt(), ControlsPanel::kTeachingHeadsChoice);
    const AttentionConfig fourHeads = withTeachingHeads(teachingConfig());
    ASSERT_TRUE(waitForResult(window, sentence, fourHeads)) << window.message().toStdString();
    EXPECT_EQ(controls->dModelBox()->value(), 24);
    EXPECT_FALSE(controls->dModelBox()->isEnabled()) << "the model fixes d_model";
    EXPECT_EQ(controls->headsBox()->value(), 4);

    QComboBox* head = controls->headBox();
    ASSERT_EQ(head->count(), 5) << "four heads and their mean";
    EXPECT_EQ(head->itemText(0), QStringLiteral("Head 1 — coreference"));
    EXPECT_EQ(head->itemText(1), QStringLiteral("Head 2 — previous token"));
    EXPECT_EQ(head->itemText(2), QStringLiteral("Head 3 — determiner → noun"));
    EXPECT_EQ(head->itemText(3), QStringLiteral("Head 4 — negation → verb"));

    // Every head at once: the context is the concatenation, the output the chapter's last formula.
    head->setFocus();
    QTest::keyClick(head, Qt::Key_End);
    ASSERT_TRUE(waitIdle(window));
    StepperView* stepper = window.stepper();
    stepper->setStep(Step::Context);
    EXPECT_TRUE(stepper->titleText().endsWith(QStringLiteral("Context = Concat(head_1, …, head_4)")))
        << stepper->titleText().toStdString();
    EXPECT_TRUE(stepper->formulaText().contains(QStringLiteral("Concat(head1, …, head4)")))
        << stepper->formulaText().toStdString();
    EXPECT_TRUE(stepper->roleText().contains(QStringLiteral("head 2: previous token"))) << stepper->roleText().toStdString();
    stepper->setStep(Step::Output);
    EXPECT_EQ(stepper->formulaText(), QStringLiteral("MultiHead(Q, K, V) = Concat(head1, …, head4) · WO"));

    // Back to the one-head model: its 20 dimensions and its single head.
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Up);
    ASSERT_TRUE(waitForResult(window, sentence, teachingConfig())) << window.message().toStdString();
    EXPECT_EQ(controls->dModelBox()->value(), 20);
    EXPECT_EQ(controls->headsBox()->value(), 1);

    // A config given whole (a session, Reset) shows the four-head model's entry again.
    window.setConfig(fourHeads);
    ASSERT_TRUE(waitForResult(window, sentence, fourHeads));
    EXPECT_EQ(preset->currentData().toInt(), ControlsPanel::kTeachingHeadsChoice);
}

TEST(TeachingHeadsWindow, AFiguresCaptionNamesTheModelAndTheShownHeadsRole) {
    const AttentionTrace trace =
        coreTrace(examples().constFirst().sentence, withTeachingHeads(teachingConfig()));
    const QString caption = FigureRenderer::settingsCaption(trace, Step::Weights, 2, QLocale::c());
    EXPECT_TRUE(caption.contains(QStringLiteral("4 heads (head 3 shown: determiner → noun)"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("four-head teaching model"))) << caption.toStdString();
    const QString single = FigureRenderer::settingsCaption(coreTrace(examples().constFirst().sentence, teachingConfig()),
                                                           Step::Weights, 0, QLocale::c());
    EXPECT_TRUE(single.contains(QStringLiteral("· teaching model ·"))) << single.toStdString();
}

// Not a check: the heatmap of each head on the chapter's sentence, and the step view's
// concatenation, for people to look at. Runs only when ATTNVIZ_SCREENSHOT_DIR names a folder
// (ATTNVIZ_SCREENSHOTS=TeachingHeadsScreenshots scripts/screenshots.sh OUT).
TEST(TeachingHeadsScreenshots, WritesEachHeadOnTheChaptersSentence) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const QString sentence = examples().constFirst().sentence;
    ASSERT_TRUE(waitForResult(window, sentence, teachingConfig()));
    window.heatmap()->setAsyncRendering(false);
    window.stepper()->heatmap()->setAsyncRendering(false);
    const AttentionConfig fourHeads = withTeachingHeads(teachingConfig());
    window.setConfig(fourHeads);
    ASSERT_TRUE(waitForResult(window, sentence, fourHeads));
    QComboBox* head = window.controls()->headBox();
    for (int h = 0; h < 4; ++h) {
        head->setCurrentIndex(h);
        ASSERT_TRUE(waitIdle(window));
        saveScreenshot(window, dir, QStringLiteral("teaching_heads_%1.png").arg(h + 1));
    }
    head->setCurrentIndex(4);  // every head: the concatenation
    ASSERT_TRUE(waitIdle(window));
    window.tabs()->setCurrentWidget(window.stepper());
    window.stepper()->setStep(Step::Context);
    saveScreenshot(window, dir, QStringLiteral("teaching_heads_context_concat.png"));
    window.stepper()->setStep(Step::Output);
    saveScreenshot(window, dir, QStringLiteral("teaching_heads_output.png"));
}

}  // namespace
}  // namespace attnviz::ui
