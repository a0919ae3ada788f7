// The main window driven with real events: typing, clicking controls, cells and tokens, stepping.
// Expected numbers come from the core computed independently for the same text and config.
#include <QApplication>
#include <QBarCategoryAxis>
#include <QHelpEvent>
#include <QToolTip>
#include <QBarSet>
#include <QComboBox>
#include <QPushButton>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <cmath>

#include "core/attention/Explanation.h"
#include "core/formats/ConfigJson.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MessageBar.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

const QString kChat = QStringLiteral("Le chat est assis");

class MainWindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.resize(1600, 960);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window)) << "the window is never shown";
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()))
            << "no result for the default example (the teaching model)";
        // These tests check the seeded random preset against the core.
        window.setConfig(AttentionConfig{});
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, AttentionConfig{}))
            << "no result with the random preset: " << window.message().toStdString() << " "
            << configToJson(window.config()).dump() << " trace "
            << (window.currentTrace() ? configToJson(window.currentTrace()->config()).dump() : std::string());
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
    }

    /// Types text into the sentence box and waits for its result under the window's config.
    void typeAndWait(const QString& text) {
        typeSentence(window.sentenceEdit(), text);
        ASSERT_TRUE(waitForResult(window, text, window.config())) << "no result for " << text.toStdString();
    }

    MainWindow window;
};

TEST_F(MainWindowTest, OpensOnTheChaptersExampleWithTitle) {
    EXPECT_EQ(window.windowTitle(), QStringLiteral("AttnViz"));
    EXPECT_EQ(window.sentence(), QStringLiteral("L'animal n'a pas traversé la rue parce qu'il était trop fatigué."));
    EXPECT_GE(window.font().pointSizeF(), 12.0) << "projector-sized default font";
    EXPECT_TRUE(window.message().isEmpty()) << window.message().toStdString();
    // The chapter asks what "il" refers to: the window starts on that row.
    const auto trace = window.currentTrace();
    EXPECT_EQ(trace->tokens()[static_cast<std::size_t>(window.selectedQuery())].text, "il");
}

TEST_F(MainWindowTest, TypingASentenceShowsTheCoresWeights) {
    typeAndWait(kChat);
    const auto source = window.heatmap()->source();
    ASSERT_TRUE(source) << "the heatmap has no source";
    EXPECT_EQ(source->step(), Step::Weights);
    const AttentionTrace expected = coreTrace(kChat, AttentionConfig{});
    ASSERT_EQ(source->rows(), expected.size());
    EXPECT_EIGEN_NEAR(source->block(0, 0, source->rows(), source->cols()), expected.matrix(Step::Weights, 0), 0, 0);
    EXPECT_EQ(source->rowLabels(), (QStringList{QStringLiteral("Le"), QStringLiteral("chat"), QStringLiteral("est"),
                                                QStringLiteral("assis")}));
    EXPECT_EQ(window.tokenStrip()->tokenCount(), 4);
}

TEST_F(MainWindowTest, TypingFrenchWithAccentsAndElisionsMatchesTheCore) {
    const QString text = QStringLiteral("L'élève n'a pas répondu");
    typeAndWait(text);
    const AttentionTrace expected = coreTrace(text, AttentionConfig{});
    const auto source = window.heatmap()->source();
    ASSERT_EQ(source->rows(), expected.size());
    EXPECT_EIGEN_NEAR(source->block(0, 0, source->rows(), source->cols()), expected.matrix(Step::Weights, 0), 0, 0);
}

TEST_F(MainWindowTest, CausalToggleMasksTheUpperTriangleInTheSourceAndInThePaintedImage) {
    typeAndWait(kChat);
    clickCheckBox(window.controls()->causalBox());
    AttentionConfig causal;
    causal.mask.causal = true;
    ASSERT_TRUE(waitForResult(window, kChat, causal)) << "no causal result";

    const auto source = window.heatmap()->source();
    const AttentionTrace expected = coreTrace(kChat, causal);
    EXPECT_EIGEN_NEAR(source->block(0, 0, 4, 4), expected.matrix(Step::Weights, 0), 0, 0);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_EQ(source->isMasked(i, j), j > i) << "cell " << i << ", " << j;

    // The picture: values hidden so that cell centres are free of text.
    HeatmapView* view = window.heatmap();
    view->setShowValues(false);
    const QImage image = view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const qreal ratio = image.devicePixelRatio();
    const ColorMap blues(view->sequentialMap());
    const QColor zero = blues.colorFor(0.0, 0, 1);
    const auto pixel = [&](QPoint p) { return QColor(image.pixel(QPoint(qRound(p.x() * ratio), qRound(p.y() * ratio)))); };
    const auto isGrey = [](const QColor& c) {
        return std::abs(c.red() - c.green()) <= 6 && std::abs(c.green() - c.blue()) <= 6 && c.red() >= 95 &&
               c.red() <= 210;
    };
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const QRect cell = view->cellRect(i, j);
            ASSERT_TRUE(view->viewport()->rect().contains(cell)) << "cell " << i << ", " << j << " is off screen";
            if (j > i) {
                bool sawBackground = false;
                for (int dy = -4; dy <= 4; ++dy)
                    for (int dx = -4; dx <= 4; ++dx) {
                        const QColor c = pixel(cell.center() + QPoint(dx, dy));
                        EXPECT_TRUE(isGrey(c)) << "masked cell " << i << ", " << j << " has " << c.name().toStdString();
                        sawBackground = sawBackground || c == HeatmapPainter::hatchBackground();
                        EXPECT_GT(std::abs(c.red() - zero.red()) + std::abs(c.blue() - zero.blue()), 60)
                            << "masked cell " << i << ", " << j << " looks like a 0";
                    }
                EXPECT_TRUE(sawBackground) << "masked cell " << i << ", " << j << " lacks the hatch background";
            } else {
                const QColor expectedColor = blues.colorFor(expected.weight(0, i, j), 0, 1);
                const QColor c = pixel(cell.center());
                EXPECT_LE(std::abs(c.red() - expectedColor.red()) + std::abs(c.green() - expectedColor.green()) +
                              std::abs(c.blue() - expectedColor.blue()),
                          6)
                    << "cell " << i << ", " << j << " is " << c.name().toStdString() << ", expected "
                    << expectedColor.name().toStdString();
            }
        }

    clickCheckBox(window.controls()->causalBox());
    ASSERT_TRUE(waitForResult(window, kChat, AttentionConfig{})) << "causal mask not turned off";
    EXPECT_FALSE(window.heatmap()->source()->isMasked(0, 3));
}

TEST_F(MainWindowTest, SelectingACellUpdatesTheExplainerAndTheChart) {
    typeAndWait(kChat);
    HeatmapView* view = window.heatmap();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->cellRect(2, 1).center());
    ASSERT_TRUE(waitUntil([&] { return window.selectedQuery() == 2 && window.selectedKey() == 1; }))
        << "the click did not select (2, 1)";

    const AttentionTrace trace = coreTrace(kChat, AttentionConfig{});
    const CellExplanation cell = explainCell(trace, 0, 2, 1);
    const QString text = window.explainer()->toPlainText();
    for (double number : {cell.q[0], cell.k[0], cell.products[0], cell.dot, cell.divisor, cell.scaled, cell.rowMax,
                          cell.expShifted, cell.rowSum, cell.weight})
        EXPECT_TRUE(text.contains(formatValue(number, 4)))
            << formatValue(number, 4).toStdString() << " missing from:\n" << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("÷ √d_k = ÷ √8"))) << text.toStdString();
    const ContextExplanation context = explainContext(trace, 0, 2);
    EXPECT_TRUE(text.contains(formatValue(context.context[0], 4))) << "context_2[0] missing";

    RowChart* chart = window.rowChart();
    ASSERT_EQ(chart->barSet()->count(), 4);
    for (int j = 0; j < 4; ++j) EXPECT_EQ(chart->barSet()->at(j), trace.weight(0, 2, j)) << "bar " << j;
    EXPECT_EQ(chart->categoryAxis()->categories().at(1), QStringLiteral("1 · chat")) << "the key's position, then its token";

    // A token click selects its row: the chart follows, the key is the row's strongest.
    TokenStrip* strip = window.tokenStrip();
    QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, strip->chipRect(3).center());
    ASSERT_TRUE(waitUntil([&] { return window.selectedQuery() == 3; })) << "token click did not select row 3";
    Eigen::Index strongest = 0;
    trace.matrix(Step::Weights, 0).row(3).maxCoeff(&strongest);
    EXPECT_EQ(window.selectedKey(), static_cast<int>(strongest));
    EXPECT_EQ(view->selectedCell(), (CellIndex{3, static_cast<int>(strongest)}));
    for (int j = 0; j < 4; ++j) EXPECT_EQ(chart->barSet()->at(j), trace.weight(0, 3, j)) << "bar " << j << " of row 3";
    // Hovering a chip shows its index and byte span.
    const QPoint chip = strip->chipRect(1).center();
    QTest::mouseMove(strip->viewport(), chip);
    QHelpEvent hover(QEvent::ToolTip, chip, strip->viewport()->mapToGlobal(chip));
    QApplication::sendEvent(strip->viewport(), &hover);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Token 1"))) << QToolTip::text().toStdString();
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("bytes 3–7"))) << QToolTip::text().toStdString();
}

TEST_F(MainWindowTest, ControlsChangeTheComputation) {
    typeAndWait(kChat);
    ControlsPanel* controls = window.controls();
    // Two heads, then the mean of both.
    QSpinBox* heads = controls->headsBox();
    heads->setFocus();
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("2"));
    AttentionConfig twoHeads;
    twoHeads.heads = 2;
    ASSERT_TRUE(waitForResult(window, kChat, twoHeads)) << "no 2-head result";
    EXPECT_EQ(controls->dKLabel()->text(), QStringLiteral("8 / 2 = 4"));
    QComboBox* head = controls->headBox();
    ASSERT_EQ(head->count(), 3) << "head 1, head 2, mean";
    head->setFocus();
    QTest::keyClick(head, Qt::Key_End);
    ASSERT_TRUE(waitUntil([&] { return window.currentHead() == kAllHeads && !window.isBusy(); })) << "no mean view";
    const AttentionTrace expected = coreTrace(kChat, twoHeads);
    EXPECT_EIGEN_NEAR(window.heatmap()->source()->block(0, 0, 4, 4), expected.matrix(Step::Weights, kAllHeads), 0, 0);

    // Scaling off, through the keyboard.
    controls->scalingBox()->setFocus();
    QTest::keyClick(controls->scalingBox(), Qt::Key_Space);
    twoHeads.scaleBySqrtDk = false;
    ASSERT_TRUE(waitForResult(window, kChat, twoHeads)) << "scaling not turned off";

    // Temperature: the slider is logarithmic, 1 in the middle.
    EXPECT_EQ(ControlsPanel::temperatureForSlider(ControlsPanel::kSliderSteps / 2), 1.0);
    EXPECT_EQ(ControlsPanel::temperatureForSlider(0), 0.05);
    EXPECT_EQ(ControlsPanel::temperatureForSlider(ControlsPanel::kSliderSteps), 20.0);
    QSlider* slider = controls->temperatureSlider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_End);
    twoHeads.temperature = 20.0;
    ASSERT_TRUE(waitForResult(window, kChat, twoHeads)) << "temperature not applied";
}

TEST_F(MainWindowTest, MaskEditModeTogglesCustomCells) {
    typeAndWait(kChat);
    QTest::mouseClick(window.controls()->maskEditButton(), Qt::LeftButton);
    ASSERT_TRUE(window.heatmap()->maskEditMode());
    QTest::mouseClick(window.heatmap()->viewport(), Qt::LeftButton, {}, window.heatmap()->cellRect(0, 2).center());
    AttentionConfig custom;
    custom.mask.customMasked = {{0, 2}};
    ASSERT_TRUE(waitForResult(window, kChat, custom)) << "the click did not mask (0, 2)";
    EXPECT_TRUE(window.heatmap()->source()->isMasked(0, 2));
    EXPECT_EQ(window.heatmap()->source()->value(0, 2), 0.0);
    EXPECT_EIGEN_NEAR(window.heatmap()->source()->block(0, 0, 4, 4), coreTrace(kChat, custom).matrix(Step::Weights, 0),
                      0, 0);
    // With the causal mask too: both compose.
    clickCheckBox(window.controls()->causalBox());
    custom.mask.causal = true;
    ASSERT_TRUE(waitForResult(window, kChat, custom));
    EXPECT_TRUE(window.heatmap()->source()->isMasked(3, 3) == false && window.heatmap()->source()->isMasked(1, 2));
    QTest::mouseClick(window.heatmap()->viewport(), Qt::LeftButton, {}, window.heatmap()->cellRect(0, 2).center());
    custom.mask.customMasked.clear();
    ASSERT_TRUE(waitForResult(window, kChat, custom)) << "the second click did not unmask (0, 2)";
}

TEST_F(MainWindowTest, StepperShowsEachStepsMatrix) {
    typeAndWait(kChat);
    QTabBar* bar = window.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
    ASSERT_EQ(window.tabs()->currentWidget(), window.stepper());
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window)) << "shortcuts need an active window";
    StepperView* stepper = window.stepper();
    stepper->setFocus();
    QTest::keyClick(stepper, Qt::Key_Home);
    ASSERT_EQ(stepper->step(), Step::X);

    const AttentionTrace expected = coreTrace(kChat, AttentionConfig{});
    for (int s = 0; s < kStepCount; ++s) {
        const auto step = static_cast<Step>(s);
        const auto source = stepper->heatmap()->source();
        ASSERT_TRUE(source) << "no matrix at step " << s;
        EXPECT_EQ(source->step(), step) << "step " << s;
        // The float64 path is bit-reproducible, so the window shows exactly the core's numbers.
        EXPECT_EIGEN_NEAR(source->block(0, 0, source->rows(), source->cols()), expected.matrix(step, 0), 0, 0)
            << "step " << stepName(step);
        EXPECT_TRUE(stepper->titleText().startsWith(QStringLiteral("Step %1 of 10").arg(s + 1)))
            << stepper->titleText().toStdString();
        EXPECT_FALSE(stepper->formulaText().isEmpty()) << "step " << s << " has no formula";
        EXPECT_FALSE(stepper->shapeText().isEmpty()) << "step " << s << " has no shape";
        QTest::keyClick(stepper, s % 2 == 0 ? Qt::Key_Right : Qt::Key_PageDown);
    }
    EXPECT_EQ(stepper->step(), Step::Output);
    EXPECT_TRUE(stepper->shapeText().contains(QStringLiteral("4 × 8"))) << stepper->shapeText().toStdString();
    QTest::keyClick(stepper, Qt::Key_PageUp);
    EXPECT_EQ(stepper->step(), Step::Context);
    QTest::keyClick(stepper, Qt::Key_Left);
    EXPECT_EQ(stepper->step(), Step::Weights);
    QTest::keyClick(stepper, Qt::Key_Home);
    EXPECT_EQ(stepper->step(), Step::X);
    QTest::keyClick(stepper, Qt::Key_End);
    EXPECT_EQ(stepper->step(), Step::Output);

    // The formulas name the chapter's roles and the divisor.
    stepper->setStep(Step::Q);
    EXPECT_TRUE(stepper->formulaText().contains(QStringLiteral("Q = X · W"))) << stepper->formulaText().toStdString();
    stepper->setStep(Step::Scaled);
    EXPECT_TRUE(stepper->formulaText().contains(QStringLiteral("√8"))) << stepper->formulaText().toStdString();
}

TEST_F(MainWindowTest, BadInputShowsItsMessageAndKeepsThePreviousResult) {
    typeAndWait(kChat);
    const auto good = window.currentTrace();
    const auto goodSource = window.heatmap()->source();

    // Heads that do not divide d_model.
    QSpinBox* heads = window.controls()->headsBox();
    heads->setFocus();
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("3"));
    ASSERT_TRUE(waitUntil([&] { return !window.message().isEmpty() && !window.isBusy(); })) << "no message for 3 heads";
    EXPECT_TRUE(window.message().contains(QStringLiteral("divide"))) << window.message().toStdString();
    EXPECT_TRUE(window.messageBar()->isVisible());
    EXPECT_TRUE(window.controls()->dKLabel()->text().contains(QStringLiteral("not a whole number")));
    EXPECT_EQ(window.currentTrace(), good) << "the last good result must stay";
    EXPECT_EQ(window.heatmap()->source(), goodSource);
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("1"));
    ASSERT_TRUE(waitUntil([&] { return window.message().isEmpty() && !window.isBusy(); })) << "message stays";

    // An empty sentence.
    typeSentence(window.sentenceEdit(), QString());
    ASSERT_TRUE(waitUntil([&] { return !window.message().isEmpty() && !window.isBusy(); })) << "no message for empty";
    EXPECT_TRUE(window.message().contains(QStringLiteral("empty"))) << window.message().toStdString();
    EXPECT_EQ(window.currentTrace(), good);

    // Past the token limit.
    QStringList words;
    for (int i = 0; i < 4100; ++i) words << QStringLiteral("w%1").arg(i % 50);
    window.sentenceEdit()->setFocus();
    window.sentenceEdit()->insertPlainText(words.join(QLatin1Char(' ')));
    ASSERT_TRUE(waitUntil([&] { return window.message().contains(QStringLiteral("4096")) && !window.isBusy(); }))
        << "no message for 4,100 tokens: " << window.message().toStdString();
    EXPECT_EQ(window.currentTrace(), good);

    // A global-token list that is not one.
    typeAndWait(kChat);
    QSpinBox* windowBox = window.controls()->windowBox();
    windowBox->setFocus();
    windowBox->selectAll();
    QTest::keyClicks(windowBox, QStringLiteral("2"));
    QLineEdit* globals = window.controls()->globalTokensEdit();
    globals->setFocus();
    QTest::keyClicks(globals, QStringLiteral("0,x"));
    ASSERT_TRUE(waitUntil([&] { return window.message().contains(QStringLiteral("Global tokens")); }))
        << window.message().toStdString();
    QTest::keyClick(globals, Qt::Key_Backspace);
    QTest::keyClick(globals, Qt::Key_Backspace);
    AttentionConfig windowed;
    windowed.mask.window = 2;
    windowed.mask.globalTokens = {0};
    ASSERT_TRUE(waitForResult(window, kChat, windowed)) << window.message().toStdString();
    EXPECT_TRUE(window.message().isEmpty());

    // Nothing on screen is NaN.
    const QString explained = window.explainer()->toPlainText();
    EXPECT_FALSE(explained.contains(QStringLiteral("nan"), Qt::CaseInsensitive)) << explained.toStdString();
}

TEST_F(MainWindowTest, AFullyMaskedRowShowsZerosNotNaN) {
    typeAndWait(kChat);
    QTest::mouseClick(window.controls()->maskEditButton(), Qt::LeftButton);
    for (int j = 0; j < 4; ++j)
        QTest::mouseClick(window.heatmap()->viewport(), Qt::LeftButton, {}, window.heatmap()->cellRect(1, j).center());
    AttentionConfig custom;
    custom.mask.customMasked = {{1, 0}, {1, 1}, {1, 2}, {1, 3}};
    ASSERT_TRUE(waitForResult(window, kChat, custom));
    window.selectCell(1, 2);
    const QString text = window.explainer()->toPlainText();
    // "NaN" appears once, in the sentence saying why the chapter's code would give it; no number is NaN.
    EXPECT_EQ(text.count(QStringLiteral("NaN")), 1) << text.toStdString();
    EXPECT_EQ(text.count(QStringLiteral("nan"), Qt::CaseInsensitive), 1) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("every key of row 1 is masked"))) << text.toStdString();
    for (int j = 0; j < 4; ++j) EXPECT_EQ(window.rowChart()->barSet()->at(j), 0.0);
}

TEST_F(MainWindowTest, TheTeachingPresetFixesDModelAndTheKeyFollowsTheStrongestWeight) {
    const QString sentence = examples().constFirst().sentence;
    TokenStrip* strip = window.tokenStrip();
    QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, strip->chipRect(10).center());
    ASSERT_EQ(window.selectedQuery(), 10);
    QComboBox* preset = window.controls()->presetBox();
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_End);  // the last preset: the teaching model in four heads
    QTest::keyClick(preset, Qt::Key_Up);   // the one before: the teaching model
    const AttentionConfig teaching = withTeachingModel(AttentionConfig{});
    ASSERT_TRUE(waitForResult(window, sentence, teaching)) << window.message().toStdString();
    EXPECT_FALSE(window.controls()->dModelBox()->isEnabled()) << "the teaching model fixes d_model";
    EXPECT_EQ(window.controls()->dModelBox()->value(), teaching.dModel);
    Eigen::Index strongest = 0;
    coreTrace(sentence, teaching).matrix(Step::Weights, 0).row(10).maxCoeff(&strongest);
    EXPECT_EQ(window.selectedQuery(), 10);
    EXPECT_EQ(window.selectedKey(), static_cast<int>(strongest)) << "a key the user did not pick follows the row's maximum";
}

TEST_F(MainWindowTest, ExamplesMenuHoldsTheChaptersSentencesInBothLanguages) {
    QStringList sentences;
    for (const Example& example : examples()) sentences << example.sentence;
    EXPECT_TRUE(sentences.contains(QStringLiteral("The animal didn't cross the street because it was too tired.")));
    EXPECT_TRUE(sentences.contains(QStringLiteral("Le chat est assis")));
    EXPECT_TRUE(sentences.contains(QStringLiteral("The cat is sitting")));
    EXPECT_EQ(sentences.size(), 8);
    for (const Example& example : examples())
        EXPECT_NO_THROW((void)coreTrace(example.sentence, AttentionConfig{})) << example.sentence.toStdString();
}

TEST(MainWindowFitTest, OnA1080pProjectorTheWholeExampleMatrixShowsWithItsNumbers) {
    // The window as it opens on a 1920 × 1080 projector (less a title bar): all 15 rows and
    // columns of the chapter's sentence in view (the last rows were cut off, behind a scroll
    // bar), and the weights still written in the cells.
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window, {1920, 1040}));
    QApplication::processEvents();
    const HeatmapView* map = window.heatmap();
    EXPECT_FALSE(map->verticalScrollBar()->isVisible()) << "rows hidden below the view";
    EXPECT_FALSE(map->horizontalScrollBar()->isVisible()) << "columns hidden right of the view";
    EXPECT_LE(map->currentLayout().size.height(), map->viewport()->height());
    EXPECT_LE(map->currentLayout().size.width(), map->viewport()->width());
    EXPECT_TRUE(map->valuesFitAt(map->cellSize())) << "cells of " << map->cellSize().width() << " × " << map->cellSize().height() << " hide the numbers";
}

TEST(MainWindowFitTest, TheStepViewShowsTheWholeMatrixOnlyWhileItsNumbersShow) {
    // Tall enough: the 15 × 15 weights in view, numbers drawn. Too short for numbers at 70 % of
    // the text: cells just large enough for them, and the view scrolls (numbers are the point),
    // keeping the selected query's row ("il", 10) in view.
    for (const int height : {1400, 720}) {
        MainWindow window;
        ASSERT_TRUE(opensOnTheDefaultExample(window, {1920, height}));
        window.tabs()->setCurrentWidget(window.stepper());
        window.stepper()->setStep(Step::Weights);
        QApplication::processEvents();
        const HeatmapView* map = window.stepper()->heatmap();
        ASSERT_EQ(map->source()->rows(), 15);
        EXPECT_TRUE(map->valuesFitAt(map->cellSize())) << "height " << height << ": numbers hidden";
        if (height == 1400) {
            EXPECT_FALSE(map->verticalScrollBar()->isVisible()) << "rows hidden at height 1400";
            EXPECT_FALSE(map->horizontalScrollBar()->isVisible()) << "columns hidden at height 1400";
        } else {
            EXPECT_TRUE(map->verticalScrollBar()->isVisible()) << "height 720: the numbers need scrolling";
            ASSERT_TRUE(map->selectedCell().has_value()) << "the window's cell is selected in the step";
            const QRectF selected = QRectF(map->cellRect(10, map->selectedCell()->col)).adjusted(0, 0, -1, -1);
            EXPECT_TRUE(map->currentLayout().grid.contains(selected)) << "the selected row stays in view";
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
