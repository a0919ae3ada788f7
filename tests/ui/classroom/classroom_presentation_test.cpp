// Presentation mode: F11 (and the toolbar button) goes full screen with only the sentence, the
// heatmap, the stepper and the explainer; cell values are at least 24 px high for a 1920 × 1080
// screen; →/←/PageDown/PageUp step through the computation wherever the focus is; Esc restores.
#include <QDockWidget>
#include <QFontMetricsF>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

const QString kChat = QStringLiteral("Le chat est assis");

QDockWidget* dockOf(const MainWindow& window, const QWidget* content) {
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        if (dock->widget() == content || dock->widget()->isAncestorOf(content)) return dock;
    return nullptr;
}

/// Height in pixels of the digits of a cell value ("0.25") in font: what a student reads.
double cellDigitHeight(const QFont& font) { return QFontMetricsF(font).tightBoundingRect(QStringLiteral("0.25")).height(); }

class ClassroomPresentationTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.resize(780, 560);  // within the offscreen platform's 800 × 600 screen
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        window.setSentence(kChat);
        ASSERT_TRUE(waitForResult(window, kChat, teachingConfig()));
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
    }

    [[nodiscard]] PresentationMode& presentation() const { return *window.classroom()->presentation(); }

    ClassroomReset reset;
    MainWindow window;
};

TEST(ClassroomPresentationFont, ValueDigitsAreAtLeast24PixelsOnA1080pScreen) {
    const QSize fullHd(1920, 1080);
    EXPECT_EQ(PresentationMode::scaledForScreen(PresentationMode::kValueDigitPixels, fullHd), 24.0);
    EXPECT_EQ(PresentationMode::scaledForScreen(24, QSize(1024, 768)), 24.0) << "never smaller on a small screen";
    EXPECT_EQ(PresentationMode::scaledForScreen(24, QSize(3840, 2160)), 48.0) << "twice as high on a 2160-line screen";
    QFont base;
    base.setPointSizeF(13);
    const QFont big = PresentationMode::fontWithDigitHeight(base, 24);
    EXPECT_GE(cellDigitHeight(big), 24.0) << big.pointSizeF() << " pt";
    QFont smaller = big;
    smaller.setPointSizeF(big.pointSizeF() - 0.5);
    EXPECT_LT(PresentationMode::digitHeight(smaller), 24.0) << "the smallest such font, not any large one";
}

TEST_F(ClassroomPresentationTest, F11ShowsOnlyTheLessonWithLargeCellTextAndEscRestoresTheLayout) {
    QDockWidget* controls = dockOf(window, window.controls());
    QDockWidget* chart = dockOf(window, window.rowChart());
    QDockWidget* explainer = dockOf(window, window.explainer());
    ASSERT_TRUE(controls && chart && explainer) << "docks not found";
    const QFont fontBefore = window.font();
    const QRect geometryBefore = window.geometry();
    const QSize cellBefore = window.heatmap()->cellSize();
    const int defaultCellBefore = window.heatmap()->defaultCell().width();
    ASSERT_TRUE(controls->isVisible() && chart->isVisible() && window.menuBar()->isVisible());

    QTest::keyClick(&window, Qt::Key_F11);
    ASSERT_TRUE(presentation().isActive()) << "F11 did not start presentation mode";
    EXPECT_TRUE(window.isFullScreen());
    EXPECT_TRUE(window.classroom()->presentationAction()->isChecked());
    EXPECT_FALSE(controls->isVisible()) << "the controls dock must be hidden";
    EXPECT_FALSE(chart->isVisible()) << "the chart dock must be hidden";
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock != explainer) {
            EXPECT_FALSE(dock->isVisible()) << dock->windowTitle().toStdString() << " is still shown";
        }
    }
    EXPECT_FALSE(window.menuBar()->isVisible());
    EXPECT_FALSE(window.statusBar()->isVisible());
    EXPECT_FALSE(window.classroom()->toolBar()->isVisible());
    EXPECT_TRUE(explainer->isVisible() && window.explainer()->isVisible());
    EXPECT_TRUE(window.sentenceEdit()->isVisible());
    EXPECT_TRUE(window.heatmap()->isVisible());
    EXPECT_NE(window.tabs()->indexOf(window.stepper()), -1);

    // The font HeatmapPainter draws the numbers in, in the cells the heatmap has now (a 4-token
    // sentence gets them even on this test's screen, the offscreen platform's 800 × 600).
    const HeatmapView* map = window.heatmap();
    const HeatmapPainter painter(*map->source(), map->heatmapStyle());
    const std::optional<QFont> valueFont = painter.valueFontFor(QSizeF(map->cellSize()));
    ASSERT_TRUE(valueFont.has_value()) << "numbers in the cells";
    EXPECT_GE(cellDigitHeight(*valueFont), 24.0) << valueFont->pointSizeF() << " pt";
    // The smallest the step view may draw its numbers in: 16 px digits.
    const HeatmapView* steps = window.stepper()->heatmap();
    HeatmapStyle smallest = steps->heatmapStyle();
    smallest.valueFont.setPointSizeF(smallest.valueFont.pointSizeF() * smallest.smallestValueScale);
    EXPECT_GE(cellDigitHeight(smallest.valueFont), 16.0) << smallest.valueFont.pointSizeF() << " pt";
    EXPECT_GT(window.font().pointSizeF(), fontBefore.pointSizeF()) << "the other text grows too";
    EXPECT_GT(map->defaultCell().width(), defaultCellBefore) << "cells grow with their text";

    QTest::keyClick(window.heatmap(), Qt::Key_Escape);
    EXPECT_FALSE(presentation().isActive()) << "Esc did not leave presentation mode";
    EXPECT_FALSE(window.isFullScreen());
    EXPECT_FALSE(window.classroom()->presentationAction()->isChecked());
    EXPECT_TRUE(controls->isVisible() && chart->isVisible() && explainer->isVisible());
    EXPECT_TRUE(window.menuBar()->isVisible() && window.statusBar()->isVisible());
    EXPECT_TRUE(window.classroom()->toolBar()->isVisible());
    EXPECT_EQ(window.font(), fontBefore);
    EXPECT_EQ(window.heatmap()->font(), fontBefore) << "the heatmap follows the window's font again";
    EXPECT_EQ(window.geometry(), geometryBefore);
    EXPECT_EQ(window.heatmap()->cellSize(), cellBefore);
}

TEST_F(ClassroomPresentationTest, ArrowsAndClickerKeysStepThroughThePipelineWhereverTheFocusIs) {
    window.classroom()->presentationAction()->trigger();  // the toolbar button's action
    ASSERT_TRUE(presentation().isActive());
    StepperView* stepper = window.stepper();
    stepper->setStep(Step::X);
    ASSERT_EQ(window.tabs()->currentWidget(), window.heatmap());

    // The first press shows the step-by-step view, the next ones move in it.
    window.explainer()->setFocus();
    QTest::keyClick(window.explainer(), Qt::Key_PageDown);
    EXPECT_EQ(window.tabs()->currentWidget(), stepper);
    EXPECT_EQ(stepper->step(), Step::X);
    QTest::keyClick(window.explainer(), Qt::Key_Right);
    EXPECT_EQ(stepper->step(), Step::Q) << "→ with the focus on the explainer";
    window.tokenStrip()->setFocus();
    QTest::keyClick(window.tokenStrip(), Qt::Key_PageDown);
    EXPECT_EQ(stepper->step(), Step::K) << "PageDown (a clicker's next) with the focus on the tokens";
    QTest::keyClick(stepper->heatmap(), Qt::Key_Right);
    EXPECT_EQ(stepper->step(), Step::V) << "→ with the focus on the step's own heatmap";
    QTest::keyClick(window.tokenStrip(), Qt::Key_PageUp);
    EXPECT_EQ(stepper->step(), Step::K);
    QTest::keyClick(window.tokenStrip(), Qt::Key_Left);
    EXPECT_EQ(stepper->step(), Step::Q);

    // The steps take the sentence box's room (the tokens stay); beside the weights, in the
    // sentence box, ← and → move the cursor and the clicker's keys still step.
    EXPECT_FALSE(window.sentenceEdit()->isVisible()) << "the steps take the sentence box's height";
    EXPECT_TRUE(window.tokenStrip()->isVisible()) << "the tokens stay above the steps";
    window.tabs()->setCurrentWidget(window.heatmap());
    ASSERT_TRUE(window.sentenceEdit()->isVisible());
    window.sentenceEdit()->setFocus();
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Right);
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap()) << "→ must stay the cursor's while typing";
    QTest::keyClick(window.sentenceEdit(), Qt::Key_PageDown);
    EXPECT_EQ(window.tabs()->currentWidget(), stepper) << "Page Down shows the steps again";
    QTest::keyClick(window.tokenStrip(), Qt::Key_PageDown);
    EXPECT_EQ(stepper->step(), Step::K);

    QTest::keyClick(window.sentenceEdit(), Qt::Key_Escape);
    EXPECT_FALSE(presentation().isActive());
    window.tabs()->setCurrentWidget(window.heatmap());
    QTest::keyClick(window.tokenStrip(), Qt::Key_PageDown);
    EXPECT_EQ(stepper->step(), Step::K) << "outside presentation mode, on the weights, the keys are the widgets' own";
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap()) << "and do not switch to the steps";
}

TEST_F(ClassroomPresentationTest, ClosingInPresentationModeRemembersTheNormalLayout) {
    const QByteArray state = window.saveState();
    window.classroom()->presentationAction()->trigger();
    ASSERT_TRUE(presentation().isActive());
    window.close();
    EXPECT_FALSE(presentation().isActive());
    EXPECT_EQ(QSettings().value(QStringLiteral("window/state")).toByteArray(), state);
    EXPECT_EQ(QSettings().value(QStringLiteral("window/pointSize")).toDouble(), window.font().pointSizeF());
}

}  // namespace
}  // namespace attnviz::ui

