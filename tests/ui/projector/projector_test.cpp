// The projector test: the chapter's sentence, "L'animal n'a pas traversé la rue parce qu'il était
// trop fatigué." (15 tokens, teaching model), as a class sees it on a 1920 × 1080, 1366 × 768 or
// 1280 × 720 projector, in the window and in presentation mode. The offscreen platform has one
// screen of each size (projector_screens.json); what is measured is what HeatmapPainter draws:
// the cells it writes a number in, the font it writes them in, where it puts the axis labels.
#include <QAbstractScrollArea>
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "core/model/TeachingConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/support/CaseNames.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

const QSize kFullHd(1920, 1080);
const QSize kWxga(1366, 768);
const QSize kHd(1280, 720);
/// A maximized window leaves this much of the screen's height to a title bar and a panel.
constexpr int kDesktopChrome = 40;
/// The chapter's question: what does « il » (token 10) refer to? The window starts on its row.
constexpr int kIl = 10;

QScreen* screenOfSize(QSize size) {
    for (QScreen* screen : QGuiApplication::screens())
        if (screen->geometry().size() == size) return screen;
    return nullptr;
}

/// Lets resizes, fits and layouts settle.
void settle() {
    for (int round = 0; round < 3; ++round) {
        QApplication::processEvents();
        QTest::qWait(10);
    }
}

/// How many cells of view's whole matrix HeatmapPainter writes a number in, in the cells and
/// style the view has now.
int cellsWithNumbers(const HeatmapView& view) {
    const HeatmapPainter painter(*view.source(), view.heatmapStyle());
    QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);  // cells off the image are still written
    QPainter canvas(&image);
    return painter.paintCells(canvas, CellRange{0, view.source()->rows(), 0, view.source()->cols()}, QPointF(0, 0),
                              QSizeF(view.cellSize()));
}

/// The digit height of the font HeatmapPainter writes view's numbers in; 0 when it writes none.
double numberDigitHeight(const HeatmapView& view) {
    const std::optional<QFont> font =
        HeatmapPainter(*view.source(), view.heatmapStyle()).valueFontFor(QSizeF(view.cellSize()));
    return font ? PresentationMode::digitHeight(*font) : 0.0;
}

/// Whether cell (row, col) is wholly inside the part of the grid on screen.
bool inView(const HeatmapView& view, int row, int col) {
    const QRectF cell = QRectF(view.cellRect(row, col)).adjusted(0, 0, -1, -1);
    return view.currentLayout().grid.contains(cell) && QRectF(view.viewport()->rect()).contains(cell);
}

/// Whether row is wholly inside the part of the grid on screen (whichever columns are).
::testing::AssertionResult rowInView(const HeatmapView& view, int row) {
    const QRectF cell(view.cellRect(row, 0));
    const QRectF grid = view.currentLayout().grid;
    if (cell.top() >= grid.top() && cell.bottom() - 1 <= grid.bottom() && grid.bottom() <= view.viewport()->height())
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "row " << row << " spans " << cell.top() << " … " << cell.bottom()
                                         << ", the grid on screen " << grid.top() << " … " << grid.bottom()
                                         << " in a viewport " << view.viewport()->height() << " high";
}

::testing::AssertionResult wholeMatrixWithNumbers(const HeatmapView& view) {
    const int rows = view.source()->rows(), cols = view.source()->cols();
    if (!inView(view, 0, 0) || !inView(view, rows - 1, cols - 1))
        return ::testing::AssertionFailure() << "the matrix is cut: cells of " << view.cellSize().width() << " × "
                                             << view.cellSize().height() << " in a viewport of "
                                             << view.viewport()->width() << " × " << view.viewport()->height()
                                             << " (readable figure: " << view.readableFigureSize().width() << " × "
                                             << view.readableFigureSize().height() << ")";
    const int written = cellsWithNumbers(view);
    if (written != rows * cols)
        return ::testing::AssertionFailure() << written << " of " << rows * cols << " cells get their number, cells of "
                                             << view.cellSize().width() << " × " << view.cellSize().height();
    return ::testing::AssertionSuccess();
}

/// Whether two labels' boxes are apart (touching counts as overlapping).
bool apart(const PlacedLabel& a, const PlacedLabel& b) { return !a.outline().intersects(b.outline()); }

/// Every pair of neighbouring axis labels the view draws now is apart; the selected row and
/// column have their labels; with everyLabel, every row and column (of the first 15) has one.
::testing::AssertionResult labelsApart(const HeatmapView& view, bool everyLabel = true) {
    const HeatmapLayout& layout = view.currentLayout();
    const MatrixSource& source = *view.source();
    const QPointF origin = view.cellRect(0, 0).topLeft();
    const QFont font = view.labelFont();
    const std::vector<PlacedLabel> rows =
        HeatmapPainter::placeRowLabels(font, source.rowLabels(), 0, source.rows(), layout.rowLabelStep,
                                       layout.rowLabels, origin.y(), view.cellSize().height(), view.selectedRow());
    const std::vector<PlacedLabel> cols = HeatmapPainter::placeColumnLabels(
        font, source.colLabels(), 0, source.cols(), layout.columnLabelStep, layout.columnLabelAngle,
        layout.columnLabels, origin.x(), view.cellSize().width(),
        view.selectedCell() ? view.selectedCell()->col : -1);
    for (const auto* labels : {&rows, &cols})
        for (std::size_t i = 1; i < labels->size(); ++i)
            if (!apart((*labels)[i - 1], (*labels)[i]))
                return ::testing::AssertionFailure()
                       << (labels == &rows ? "row" : "column") << " labels " << (*labels)[i - 1].index << " « "
                       << (*labels)[i - 1].text.toStdString() << " » and " << (*labels)[i].index << " « "
                       << (*labels)[i].text.toStdString() << " » overlap (angle " << layout.columnLabelAngle
                       << ", cells " << view.cellSize().width() << " × " << view.cellSize().height() << ")";
    const auto labelled = [](const std::vector<PlacedLabel>& labels, int index) {
        return std::any_of(labels.begin(), labels.end(), [index](const PlacedLabel& l) { return l.index == index; });
    };
    if (view.selectedRow() >= 0 && !labelled(rows, view.selectedRow()))
        return ::testing::AssertionFailure() << "the selected row " << view.selectedRow() << " has no label";
    if (view.selectedCell() && !labelled(cols, view.selectedCell()->col))
        return ::testing::AssertionFailure() << "the selected column " << view.selectedCell()->col << " has no label";
    if (everyLabel && (rows.size() < static_cast<std::size_t>(std::min(source.rows(), 15)) ||
                       cols.size() < static_cast<std::size_t>(std::min(source.cols(), 15))))
        return ::testing::AssertionFailure() << "labels left out: " << rows.size() << " rows, " << cols.size()
                                             << " columns";
    return ::testing::AssertionSuccess();
}

/// A window maximized on a projector of size screen, showing the chapter's sentence.
class Projector {
public:
    explicit Projector(QSize screen) : screen_(screenOfSize(screen)) {}

    ::testing::AssertionResult open() {
        if (screen_ == nullptr) return ::testing::AssertionFailure() << "no offscreen screen of that size";
        const QRect area = screen_->geometry();
        window.setScreen(screen_);
        window.setGeometry(area.x(), area.y(), area.width(), area.height() - kDesktopChrome);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window)) return ::testing::AssertionFailure() << "never shown";
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window)) return ::testing::AssertionFailure() << "never active";
        if (!waitForResult(window, examples().constFirst().sentence, teachingConfig()))
            return ::testing::AssertionFailure() << "no result: " << window.message().toStdString();
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
        settle();
        return ::testing::AssertionSuccess();
    }

    ::testing::AssertionResult present() {
        window.classroom()->presentationAction()->trigger();
        if (!window.classroom()->presentation()->isActive()) return ::testing::AssertionFailure() << "not presenting";
        if (!waitUntil([&] { return window.geometry() == screen_->geometry(); }, 5000))
            return ::testing::AssertionFailure() << "not full screen";
        settle();
        return ::testing::AssertionSuccess();
    }

    /// Shows step on the step-by-step tab.
    void showStep(Step step) {
        window.tabs()->setCurrentWidget(window.stepper());
        window.stepper()->setStep(step);
        settle();
    }

    ClassroomReset reset;
    MainWindow window;

private:
    QScreen* screen_;
};

std::string nameOf(Step step) { return stepName(step); }

TEST(ProjectorFullHd, PresentationModeWritesEveryWeightWithDigitsAtLeast24PixelsHigh) {
    Projector projector(kFullHd);
    ASSERT_TRUE(projector.open());
    ASSERT_TRUE(projector.present());
    const HeatmapView& map = *projector.window.heatmap();
    ASSERT_EQ(map.source()->rows(), 15);
    EXPECT_TRUE(wholeMatrixWithNumbers(map)) << "all 15 × 15 weights, each with its number";
    EXPECT_GE(numberDigitHeight(map), 24.0) << "digits readable from the back of the room";
    EXPECT_TRUE(labelsApart(map));
    // The explanation beside it: a fifth of the screen at least, nothing running past its edge.
    const CellExplainer& explainer = *projector.window.explainer();
    EXPECT_GE(explainer.width(), kFullHd.width() / 5) << "a readable column, not one word wide";
    EXPECT_EQ(explainer.horizontalScrollBar()->maximum(), 0) << "the explanation fits its column";
}

TEST(ProjectorFullHd, TheWindowShowsTheWeightsAndEveryStepWholeWithTheirNumbers) {
    Projector projector(kFullHd);
    ASSERT_TRUE(projector.open());
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("fr")}) {
        // French names the teaching model's dimensions, and its controls take more room.
        projector.window.classroom()->languageAction(language)->trigger();
        deliverLanguageChange();
        ASSERT_TRUE(waitIdle(projector.window));
        projector.window.tabs()->setCurrentWidget(projector.window.heatmap());
        settle();
        const HeatmapView& map = *projector.window.heatmap();
        EXPECT_TRUE(wholeMatrixWithNumbers(map)) << "the weights' tab, " << language.toStdString();
        EXPECT_TRUE(labelsApart(map)) << "the weights' tab, " << language.toStdString();
        const HeatmapView& steps = *projector.window.stepper()->heatmap();
        for (int s = 0; s < kStepCount; ++s) {
            projector.showStep(static_cast<Step>(s));
            EXPECT_TRUE(wholeMatrixWithNumbers(steps)) << "step " << nameOf(static_cast<Step>(s)) << ", "
                                                       << language.toStdString();
            EXPECT_TRUE(labelsApart(steps)) << "step " << nameOf(static_cast<Step>(s)) << ", " << language.toStdString();
        }
    }
}

TEST(ProjectorFullHd, PresentationModeShowsEveryStepWholeWithDigitsAtLeast16PixelsHigh) {
    Projector projector(kFullHd);
    ASSERT_TRUE(projector.open());
    ASSERT_TRUE(projector.present());
    const HeatmapView& steps = *projector.window.stepper()->heatmap();
    for (int s = 0; s < kStepCount; ++s) {
        projector.showStep(static_cast<Step>(s));
        EXPECT_TRUE(wholeMatrixWithNumbers(steps)) << "step " << nameOf(static_cast<Step>(s));
        EXPECT_GE(numberDigitHeight(steps), 16.0) << "step " << nameOf(static_cast<Step>(s));
        EXPECT_TRUE(labelsApart(steps)) << "step " << nameOf(static_cast<Step>(s));
    }
}

TEST(ProjectorFullHd, NoTwoAxisLabelsOverlapForALongSentence) {
    Projector projector(kFullHd);
    ASSERT_TRUE(projector.open());
    const QString long295 = sentenceOfTokens(295);
    projector.window.setSentence(long295);
    ASSERT_TRUE(waitForResult(projector.window, long295, teachingConfig()));
    ASSERT_EQ(projector.window.currentTrace()->size(), 295);
    settle();
    EXPECT_TRUE(labelsApart(*projector.window.heatmap())) << "the window";
    projector.showStep(Step::Q);
    EXPECT_TRUE(labelsApart(*projector.window.stepper()->heatmap())) << "the window's Q step";
    projector.window.tabs()->setCurrentWidget(projector.window.heatmap());
    ASSERT_TRUE(projector.present());
    EXPECT_TRUE(labelsApart(*projector.window.heatmap())) << "presentation mode";
    projector.showStep(Step::Weights);
    EXPECT_TRUE(labelsApart(*projector.window.stepper()->heatmap())) << "presentation mode's softmax step";
}

/// Clicks the "Step by step" tab as a teacher does, then sends key to whatever has the focus.
void keyAfterClickingTheStepTab(MainWindow& window, int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QWidget* focus = QApplication::focusWidget();
    QTest::keyClick(focus != nullptr ? focus : &window, static_cast<Qt::Key>(key), modifiers);
}

TEST(ProjectorKeys, ClickerKeysAndCtrlDigitsActRightAfterClickingTheStepTabInAndOutOfPresentationMode) {
    Projector projector(kFullHd);
    ASSERT_TRUE(projector.open());
    MainWindow& window = projector.window;
    StepperView* stepper = window.stepper();
    for (const bool presenting : {false, true}) {
        const std::string mode = presenting ? "presentation mode" : "the window";
        if (presenting) {
            ASSERT_TRUE(projector.present());
        }
        window.tabs()->setCurrentWidget(window.heatmap());
        stepper->setStep(Step::X);
        window.heatmap()->setFocus();  // the teacher last clicked a cell
        QTabBar* tabs = window.tabs()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(window.tabs()->indexOf(stepper)).center());
        ASSERT_EQ(window.tabs()->currentWidget(), stepper) << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_Right);
        EXPECT_EQ(stepper->step(), Step::Q) << "→ right after the click, in " << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_PageDown);
        EXPECT_EQ(stepper->step(), Step::K) << "Page Down (a clicker's next), in " << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_Left);
        EXPECT_EQ(stepper->step(), Step::Q) << "←, in " << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_1, Qt::ControlModifier);
        EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap()) << "Ctrl+1, in " << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_2, Qt::ControlModifier);
        EXPECT_EQ(window.tabs()->currentWidget(), stepper) << "Ctrl+2, in " << mode;
        keyAfterClickingTheStepTab(window, Qt::Key_3, Qt::ControlModifier);
        EXPECT_EQ(window.tabs()->currentWidget(), window.classroom()->whyScaleTab()) << "Ctrl+3, in " << mode;
        // While typing (on the weights' tab, beside the sentence box), ← and → are the text cursor's.
        window.tabs()->setCurrentWidget(window.heatmap());
        window.sentenceEdit()->setFocus();
        QTest::keyClick(window.sentenceEdit(), Qt::Key_Right);
        EXPECT_EQ(stepper->step(), Step::Q) << "→ in the sentence box moves its cursor, in " << mode;
        EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap()) << "and shows no other tab, in " << mode;
    }
}

/// A common projector: its name, its size, and whether every token keeps its label there (at
/// 1280 × 720 the rows are too thin for a label each: every other one, and the selected one).
struct Screen {
    std::string name;
    QSize size;
    bool everyLabel = true;
};
void PrintTo(const Screen& screen, std::ostream* out) { *out << screen.name; }

/// At a small projector's size the numbers may go, but the selected query's row never leaves the
/// view: the weights and every step, in the window and in presentation mode.
class ProjectorSmallScreen : public ::testing::TestWithParam<Screen> {};

TEST_P(ProjectorSmallScreen, TheSelectedRowStaysInView) {
    Projector projector(GetParam().size);
    ASSERT_TRUE(projector.open());
    MainWindow& window = projector.window;
    ASSERT_EQ(window.selectedQuery(), kIl) << "the window starts on « il »";
    for (const QString& language : {QStringLiteral("fr"), QStringLiteral("en")}) {
        window.classroom()->languageAction(language)->trigger();
        deliverLanguageChange();
        for (int s = 0; s < kStepCount; ++s) projector.showStep(static_cast<Step>(s));  // the longest formulas
        EXPECT_LE(window.frameGeometry().width(), GetParam().size.width())
            << "the window fits the screen, " << language.toStdString();
    }
    for (const bool presenting : {false, true}) {
        const std::string mode = presenting ? "presentation mode" : "the window";
        if (presenting) {
            ASSERT_TRUE(projector.present());
        }
        window.tabs()->setCurrentWidget(window.heatmap());
        settle();
        EXPECT_TRUE(inView(*window.heatmap(), kIl, window.selectedKey())) << "the weights, in " << mode;
        EXPECT_TRUE(labelsApart(*window.heatmap(), GetParam().everyLabel)) << "the weights, in " << mode;
        for (int s = 0; s < kStepCount; ++s) {
            projector.showStep(static_cast<Step>(s));
            const HeatmapView& steps = *window.stepper()->heatmap();
            EXPECT_EQ(steps.selectedRow(), kIl) << "step " << nameOf(static_cast<Step>(s)) << ", in " << mode;
            if (steps.selectedCell())
                EXPECT_TRUE(inView(steps, kIl, steps.selectedCell()->col))
                    << "step " << nameOf(static_cast<Step>(s)) << ", in " << mode;
            else
                EXPECT_TRUE(rowInView(steps, kIl)) << "step " << nameOf(static_cast<Step>(s)) << ", in " << mode;
            EXPECT_TRUE(labelsApart(steps, GetParam().everyLabel))
                << "step " << nameOf(static_cast<Step>(s)) << ", in " << mode;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Projectors, ProjectorSmallScreen,
                         ::testing::Values(Screen{"1366x768", kWxga, true}, Screen{"1280x720", kHd, false}),
                         attnviz::testing::CaseNameOf());

}  // namespace
}  // namespace attnviz::ui
