// HeatmapView driven with real events on the offscreen platform, on the chapter's
// "Le chat est assis" with the causal mask.
#include <QAccessible>
#include <QApplication>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QScrollBar>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "tests/support/PixelColours.h"
#include "ui/heatmap/HeatmapView.h"

namespace attnviz::ui {
namespace {

std::shared_ptr<const AttentionTrace> trace(const char* sentence, bool causal) {
    AttentionConfig config;
    config.mask.causal = causal;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(sentence, config));
}

using attnviz::testing::channelDistance;
using attnviz::testing::isGrey;

// Processes events until done() or the timeout; QTRY_* need QTest's own runner.
template <typename Done>
bool waitUntil(Done done, int timeoutMs = 5000) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs) return false;
        QTest::qWait(10);
    }
    return true;
}

double numberAfter(const QString& text, const QString& prefix) {
    const qsizetype at = text.indexOf(prefix);
    if (at < 0) return std::nan("");
    QString number = text.mid(at + prefix.size()).section(QLatin1Char('\n'), 0, 0).trimmed();
    number.replace(QChar(0x2212), QLatin1Char('-'));
    return number.toDouble();
}

class HeatmapViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        chat = trace("Le chat est assis", true);
        ASSERT_EQ(chat->size(), 4) << "Le / chat / est / assis";
        view = std::make_unique<HeatmapView>();
        view->setAsyncRendering(false);
        view->resize(900, 700);
        view->setSource(std::make_shared<const MatrixSource>(chat, Step::Weights, 0));
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get())) << "offscreen window shown";
    }
    QImage grabViewport() { return view->viewport()->grab().toImage(); }
    QPoint centreOf(int row, int col) { return view->cellRect(row, col).center(); }

    std::shared_ptr<const AttentionTrace> chat;
    std::unique_ptr<HeatmapView> view;
};

TEST_F(HeatmapViewTest, CellsShowTheMapColourOfTheCoreWeight) {
    view->setShowValues(false);
    const QImage image = grabViewport();
    const ColorMap blues(QStringLiteral("Blues"));
    const QRgb zero = blues.colorAt(0).rgb();
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            const QPoint centre = centreOf(i, j);
            ASSERT_TRUE(image.rect().contains(centre)) << "cell (" << i << ", " << j << ") is on screen";
            const QRgb pixel = image.pixel(centre);
            if (j <= i) {
                const QRgb expected = blues.colorAt(chat->weight(0, i, j)).rgb();
                EXPECT_LE(channelDistance(pixel, expected), 2)
                    << "cell (" << i << ", " << j << ") weight " << chat->weight(0, i, j) << ": got "
                    << QColor(pixel).name().toStdString() << ", expected " << QColor(expected).name().toStdString();
            } else {
                EXPECT_TRUE(isGrey(pixel)) << "masked cell (" << i << ", " << j << ") is hatch grey, got "
                                           << QColor(pixel).name().toStdString();
                EXPECT_GE(qRed(pixel), HeatmapPainter::hatchLine().red() - 2)
                    << "masked cell (" << i << ", " << j << ") between the hatch colours";
                EXPECT_LE(qRed(pixel), HeatmapPainter::hatchBackground().red() + 2)
                    << "masked cell (" << i << ", " << j << ") between the hatch colours";
                EXPECT_GT(channelDistance(pixel, zero), 40)
                    << "masked cell (" << i << ", " << j << ") must not look like a weight of 0";
            }
        }
    }
}

TEST_F(HeatmapViewTest, ValuesAreDrawnInCellsByDefault) {
    EXPECT_TRUE(view->showValues()) << "values on by default";
    EXPECT_GE(view->cellSize().width(), 40) << "default cells are large";
    const QImage image = grabViewport();
    // Cell (0, 0) holds weight 1: darkest blue with white "1.00".
    const QRect cell = view->cellRect(0, 0).adjusted(2, 2, -2, -2);
    int white = 0;
    for (int y = cell.top(); y <= cell.bottom(); ++y)
        for (int x = cell.left(); x <= cell.right(); ++x)
            if (qRed(image.pixel(x, y)) > 200 && qBlue(image.pixel(x, y)) > 200) ++white;
    EXPECT_GT(white, 20) << "white text pixels in the dark cell (0, 0)";
}

TEST_F(HeatmapViewTest, ClickSelectsTheCellUnderTheMouse) {
    int selections = 0;
    CellIndex last{-1, -1};
    QObject::connect(view.get(), &HeatmapView::cellSelected, view.get(), [&](int row, int col) {
        ++selections;
        last = {row, col};
    });
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, centreOf(2, 1));
    EXPECT_EQ(selections, 1) << "one cellSelected per click";
    EXPECT_EQ(last, (CellIndex{2, 1})) << "row 2 (est), column 1 (chat)";
    EXPECT_EQ(view->selectedCell(), (CellIndex{2, 1})) << "selectedCell() follows";
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));
    EXPECT_EQ(selections, 1) << "a click outside the grid selects nothing";
    EXPECT_EQ(view->selectedCell(), (CellIndex{2, 1})) << "and keeps the selection";
}

TEST_F(HeatmapViewTest, ArrowKeysMoveTheSelection) {
    int selections = 0;
    QObject::connect(view.get(), &HeatmapView::cellSelected, view.get(), [&](int, int) { ++selections; });
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Down);
    EXPECT_EQ(view->selectedCell(), (CellIndex{0, 0})) << "the first key selects the first cell";
    QTest::keyClick(view.get(), Qt::Key_Down);
    QTest::keyClick(view.get(), Qt::Key_Right);
    EXPECT_EQ(view->selectedCell(), (CellIndex{1, 1})) << "down then right";
    for (int i = 0; i < 6; ++i) QTest::keyClick(view.get(), Qt::Key_Right);
    EXPECT_EQ(view->selectedCell(), (CellIndex{1, 3})) << "stops at the last column";
    QTest::keyClick(view.get(), Qt::Key_Home);
    EXPECT_EQ(view->selectedCell(), (CellIndex{1, 0})) << "Home: first column";
    QTest::keyClick(view.get(), Qt::Key_End, Qt::ControlModifier);
    EXPECT_EQ(view->selectedCell(), (CellIndex{3, 3})) << "Ctrl+End: last cell";
    // (0,0) (1,0) (1,1) (1,2) (1,3) (1,0) (3,3): seven changes; the four stuck Rights emit nothing.
    EXPECT_EQ(selections, 7) << "one signal per change, none when stuck at the edge";
    int cleared = 0;
    QObject::connect(view.get(), &HeatmapView::selectionCleared, view.get(), [&] { ++cleared; });
    QTest::keyClick(view.get(), Qt::Key_Escape);
    EXPECT_FALSE(view->selectedCell().has_value()) << "Escape clears";
    EXPECT_EQ(cleared, 1) << "selectionCleared emitted";
}

TEST_F(HeatmapViewTest, SetSelectedCellAndAccessibility) {
    view->setSelectedCell(1, 0);
    EXPECT_EQ(view->selectedCell(), (CellIndex{1, 0})) << "programmatic selection";
    EXPECT_TRUE(view->accessibleName().contains(QStringLiteral("chat"))) << view->accessibleName().toStdString();
    EXPECT_TRUE(view->accessibleName().contains(QStringLiteral("Le"))) << view->accessibleName().toStdString();
    const double weight = numberAfter(view->accessibleDescription(), QStringLiteral("Weight:"));
    EXPECT_EQ(weight, chat->weight(0, 1, 0)) << "description gives the exact weight: "
                                             << view->accessibleDescription().toStdString();
    view->setSelectedCell(7, 0);
    EXPECT_FALSE(view->selectedCell().has_value()) << "out of range clears";
    view->setSelectedCell(3, 3);
    view->setSource(std::make_shared<const MatrixSource>(trace("Le chat", true), Step::Weights, 0));
    EXPECT_FALSE(view->selectedCell().has_value()) << "a smaller source drops a selection outside it";
    view->setSource(nullptr);
    EXPECT_EQ(view->cellRect(0, 0), QRect()) << "empty view has no cells";
    EXPECT_FALSE(view->grab().isNull()) << "an empty view paints";
}

TEST_F(HeatmapViewTest, CtrlWheelZoomsAboutTheMouse) {
    view->resize(300, 300);  // small enough to scroll
    QApplication::processEvents();
    int changes = 0;
    QObject::connect(view.get(), &HeatmapView::cellSizeChanged, view.get(), [&](QSize) { ++changes; });
    const int before = view->cellSize().width();
    const QPoint mouse = centreOf(1, 1);
    QWheelEvent wheel(QPointF(mouse), QPointF(view->viewport()->mapToGlobal(mouse)), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    EXPECT_GT(view->cellSize().width(), before) << "Ctrl+wheel up zooms in";
    EXPECT_EQ(changes, 1) << "cellSizeChanged once";
    EXPECT_EQ(view->cellAt(mouse), (CellIndex{1, 1})) << "the cell under the mouse stays under it";

    QWheelEvent plain(QPointF(mouse), QPointF(view->viewport()->mapToGlobal(mouse)), QPoint(), QPoint(0, -120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    const QSize zoomed = view->cellSize();
    QApplication::sendEvent(view->viewport(), &plain);
    EXPECT_EQ(view->cellSize(), zoomed) << "a wheel without Ctrl does not zoom";
    EXPECT_GT(view->verticalScrollBar()->value(), 0) << "it scrolls instead";
}

TEST_F(HeatmapViewTest, PlusAndMinusKeysZoom) {
    const int before = view->cellSize().width();
    QTest::keyClick(view.get(), Qt::Key_Plus);
    EXPECT_GT(view->cellSize().width(), before) << "+ zooms in";
    QTest::keyClick(view.get(), Qt::Key_Minus);
    QTest::keyClick(view.get(), Qt::Key_Minus);
    EXPECT_LT(view->cellSize().width(), before) << "− zooms out";
    view->setCellSize(QSize(1, 1));
    EXPECT_EQ(view->cellSize(), QSize(kMinCellSize, kMinCellSize)) << "setCellSize clamps";
    QTest::keyClick(view.get(), Qt::Key_0, Qt::ControlModifier);
    EXPECT_EQ(view->cellSize(), view->defaultCell()) << "Ctrl+0 resets";
}

TEST_F(HeatmapViewTest, FittedCellsFillTheViewAndKeepTheSelectedRowInView) {
    // 4 × 4 in a 900 × 700 view: cells grow past the readable default, wider than tall
    // when the view is wider than high, and the whole figure stays in view.
    view->setFitPolicy(FitPolicy::NumbersOrOverview);
    QApplication::processEvents();
    const QSize filled = view->cellSize();
    EXPECT_GT(filled.height(), view->defaultCell().height()) << "cells grow to fill the view";
    EXPECT_GE(filled.width(), filled.height()) << "never taller than wide";
    EXPECT_TRUE(view->valuesFitAt(filled)) << "numbers in the grown cells";
    EXPECT_LE(view->currentLayout().size.width(), view->viewport()->width()) << "the whole figure in view";
    EXPECT_LE(view->currentLayout().size.height(), view->viewport()->height());
    view->resize(900, 300);
    QApplication::processEvents();
    EXPECT_LT(view->cellSize().height(), filled.height()) << "a lower view: lower cells";
    EXPECT_GT(view->cellSize().width(), view->cellSize().height()) << "wider than tall in a wide, low view";

    // A 1,000-token matrix cannot fit: numbers first scrolls, and the selected row stays in view.
    std::string sentence;
    for (int i = 0; i < 1000; ++i) sentence += "mot" + std::to_string(i % 50) + " ";
    view->setFitPolicy(FitPolicy::NumbersFirst);
    view->setSource(std::make_shared<const MatrixSource>(trace(sentence.c_str(), false), Step::Weights, 0));
    view->setSelectedCell(700, 3);
    QApplication::processEvents();
    EXPECT_TRUE(view->valuesFitAt(view->cellSize())) << "numbers first";
    EXPECT_GT(view->verticalScrollBar()->maximum(), 0) << "so it scrolls";
    const QRect selected = view->cellRect(700, 3);
    EXPECT_TRUE(view->currentLayout().grid.contains(QRectF(selected))) << "row 700 in view";
    view->resize(900, 500);  // a new fit, the selection still in view
    QApplication::processEvents();
    EXPECT_TRUE(view->currentLayout().grid.contains(QRectF(view->cellRect(700, 3)))) << "row 700 still in view";
    view->setSelectedRow(20);
    EXPECT_EQ(view->selectedRow(), 20);
    EXPECT_FALSE(view->selectedCell().has_value()) << "a row, not a cell";
    const QRect row20 = view->cellRect(20, 0);
    EXPECT_GE(row20.top(), view->currentLayout().grid.top()) << "row 20 scrolled into view";
    EXPECT_LE(row20.bottom(), view->currentLayout().grid.bottom()) << "row 20 scrolled into view";
}

TEST_F(HeatmapViewTest, TooltipNamesBothTokensAndTheExactValue) {
    const QString tip = view->toolTipForCell(1, 0);
    EXPECT_TRUE(tip.contains(QStringLiteral("Query: chat"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Key: Le"))) << tip.toStdString();
    EXPECT_EQ(numberAfter(tip, QStringLiteral("Weight:")), chat->weight(0, 1, 0))
        << "every digit of the weight: " << tip.toStdString();
    const QString masked = view->toolTipForCell(0, 3);
    EXPECT_TRUE(masked.contains(QStringLiteral("masked: ") + QChar(0x2212) + QChar(0x221E))) << masked.toStdString();
    EXPECT_TRUE(masked.contains(QStringLiteral("Key: assis"))) << masked.toStdString();

    const QPoint at = centreOf(2, 1);
    QHelpEvent help(QEvent::ToolTip, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &help);
    EXPECT_TRUE(waitUntil([] { return QToolTip::isVisible(); }, 2000)) << "hovering shows a tooltip";
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Query: est"))) << QToolTip::text().toStdString();
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Key: chat"))) << QToolTip::text().toStdString();
    QToolTip::hideText();
}

TEST_F(HeatmapViewTest, MaskEditModeTogglesInsteadOfSelecting) {
    int toggles = 0;
    int selections = 0;
    CellIndex toggled{-1, -1};
    QObject::connect(view.get(), &HeatmapView::cellMaskToggled, view.get(), [&](int row, int col) {
        ++toggles;
        toggled = {row, col};
    });
    QObject::connect(view.get(), &HeatmapView::cellSelected, view.get(), [&](int, int) { ++selections; });
    view->setMaskEditMode(true);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, centreOf(0, 2));
    EXPECT_EQ(toggles, 1) << "a click toggles";
    EXPECT_EQ(toggled, (CellIndex{0, 2})) << "the clicked cell";
    EXPECT_EQ(selections, 0) << "no selection in mask-edit mode";
    view->setMaskEditMode(false);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, centreOf(0, 2));
    EXPECT_EQ(toggles, 1) << "no toggle once the mode is off";
    EXPECT_EQ(selections, 1) << "selection again";
}

TEST_F(HeatmapViewTest, LabelsAndTitlesAreLaidOutAroundTheGrid) {
    const HeatmapLayout& layout = view->currentLayout();
    EXPECT_EQ(layout.grid.size(), QSizeF(4.0 * view->cellSize().width(), 4.0 * view->cellSize().height()))
        << "whole grid visible";
    EXPECT_LE(layout.rowLabels.right(), layout.grid.left()) << "queries on the left";
    EXPECT_LE(layout.columnLabels.bottom(), layout.grid.top()) << "keys on top";
    EXPECT_GE(layout.colorBar.left(), layout.grid.right()) << "colour bar on the right";
    EXPECT_EQ(view->axisTitles().rows, QStringLiteral("Queries")) << "rows' title";
    EXPECT_EQ(view->axisTitles().columns, QStringLiteral("Keys")) << "columns' title";
    QFont big = view->font();
    big.setPointSizeF(big.pointSizeF() * 2);
    const double before = layout.rowLabels.width();
    view->setFont(big);
    EXPECT_GT(view->currentLayout().rowLabels.width(), before) << "labels follow the widget font";
}

TEST_F(HeatmapViewTest, SignedMatricesUseTheDivergingMap) {
    view->setShowValues(false);
    view->setSource(std::make_shared<const MatrixSource>(chat, Step::Scores, 0));
    EXPECT_EQ(view->colorMap().name(), QStringLiteral("RdBu_r")) << "scores use the diverging map";
    const QImage image = grabViewport();
    const auto& source = *view->source();
    for (int i = 0; i < 4; ++i) {
        const QRgb expected = ColorMap(QStringLiteral("RdBu_r")).colorFor(source.value(i, 3), source.scaleMin(),
                                                                          source.scaleMax()).rgb();
        EXPECT_LE(channelDistance(image.pixel(centreOf(i, 3)), expected), 2)
            << "score cell (" << i << ", 3) is never hatched and takes its colour";
    }
    view->setSequentialMap(QStringLiteral("viridis"));
    EXPECT_EQ(view->colorMap().name(), QStringLiteral("RdBu_r")) << "the weights' map does not apply to scores";
    view->setSource(std::make_shared<const MatrixSource>(chat, Step::Weights, 0));
    EXPECT_EQ(view->colorMap().name(), QStringLiteral("viridis")) << "but applies to weights";
    const QImage viridis = grabViewport();
    EXPECT_LE(channelDistance(viridis.pixel(centreOf(0, 0)), QColor(0xfd, 0xe7, 0x25).rgb()), 2)
        << "weight 1 is viridis yellow";
}

TEST_F(HeatmapViewTest, AsyncTilesEndWithTheSameImage) {
    view->setShowValues(false);
    const QImage reference = grabViewport();
    view->setAsyncRendering(true);
    view->setSynchronousBudget(0);
    view->setSequentialMap(QStringLiteral("cividis"));
    view->setSequentialMap(QStringLiteral("Blues"));  // drops every cached tile
    const QImage first = grabViewport();
    EXPECT_NE(first.pixel(centreOf(0, 0)), reference.pixel(centreOf(0, 0))) << "placeholder before the worker";
    EXPECT_TRUE(waitUntil([this] { return !view->hasPendingTiles(); })) << "worker finishes";
    EXPECT_EQ(grabViewport(), reference) << "same picture once the tiles are in";
}

TEST(HeatmapViewLarge, ThousandTokensPaintOnlyWhatIsVisible) {
    std::string sentence;
    for (int i = 0; i < 1000; ++i) sentence += "mot" + std::to_string(i % 50) + " ";
    const auto big = trace(sentence.c_str(), true);
    ASSERT_EQ(big->size(), 1000) << "1,000 tokens";
    HeatmapView view;
    view.setAsyncRendering(false);
    view.setShowValues(false);
    view.resize(1280, 800);
    view.setSource(std::make_shared<const MatrixSource>(big, Step::Weights, 0));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view)) << "shown";
    // Speed is measured by tests/bench/window_benchmark.cpp, not asserted here.
    const QImage first = view.viewport()->grab().toImage();
    view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
    view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->maximum());
    const QImage last = view.viewport()->grab().toImage();
    const QPoint corner = view.cellRect(999, 999).center();
    EXPECT_TRUE(last.rect().contains(corner)) << "last cell visible after scrolling to the end";
    EXPECT_LE(channelDistance(last.pixel(corner),
                              ColorMap(QStringLiteral("Blues")).colorAt(big->weight(0, 999, 999)).rgb()),
              2)
        << "last cell's colour";
    view.setCellSize(QSize(kMinCellSize, kMinCellSize));
    EXPECT_GT(view.currentLayout().rowLabelStep, 1) << "every k-th label in tiny cells";
    EXPECT_EQ(view.currentLayout().columnLabelAngle, 90) << "vertical labels in tiny cells";
}

TEST(HeatmapViewLarge, WorkerTilesWhileScrollingAndDestroying) {
    std::string sentence;
    for (int i = 0; i < 1000; ++i) sentence += "mot" + std::to_string(i % 50) + " ";
    const auto big = trace(sentence.c_str(), false);
    const auto source = std::make_shared<const MatrixSource>(big, Step::Weights, 0);
    {
        HeatmapView doomed;
        doomed.setSynchronousBudget(0);
        doomed.resize(1000, 800);
        doomed.setSource(source);
        doomed.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&doomed)) << "shown";
        (void)doomed.viewport()->grab();
        EXPECT_TRUE(doomed.hasPendingTiles()) << "tiles went to the worker";
    }  // destroyed while the worker may still be rendering: must wait, not crash

    HeatmapView view;
    view.setSynchronousBudget(0);
    view.setShowValues(false);
    view.resize(1000, 800);
    view.setSource(source);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view)) << "shown";
    for (int step = 0; step < 10; ++step) {
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum() * step / 10);
        view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->maximum() * step / 10);
        QApplication::processEvents();
    }
    view.viewport()->repaint();
    EXPECT_TRUE(waitUntil([&view] {
        view.viewport()->repaint();
        return !view.hasPendingTiles();
    }, 20000))
        << "the worker catches up with the latest scroll position";
    const QImage image = view.viewport()->grab().toImage();
    const std::optional<CellIndex> cell = view.cellAt(view.currentLayout().grid.center().toPoint());
    ASSERT_TRUE(cell.has_value()) << "a cell in the middle of the grid";
    EXPECT_LE(channelDistance(image.pixel(view.cellRect(cell->row, cell->col).center()),
                              ColorMap(QStringLiteral("Blues")).colorAt(big->weight(0, cell->row, cell->col)).rgb()),
              2)
        << "cell (" << cell->row << ", " << cell->col << ") rendered by the worker";
}

}  // namespace
}  // namespace attnviz::ui
