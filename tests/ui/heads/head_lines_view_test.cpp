// The head view (HeadLinesView over HeadLinesPainter), checked in the painted image: a line per
// weight in its head's colour with opacity = weight, hovering a token keeps only its lines, a head
// turned off leaves no pixel of its colour, masked cells get no line; layers and long sentences.
#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <QFontMetricsF>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <functional>

#include <gtest/gtest.h>

#include "tests/support/HeadStacks.h"
#include "tests/support/PixelColours.h"
#include "ui/heads/HeadLinesView.h"

namespace attnviz::ui {
namespace {

using attnviz::testing::channelDistance;
using attnviz::testing::patternedStack;
using attnviz::testing::stackOfWeights;

// Okabe and Ito's first two colours: heads 1 and 2 (HeadsPalette's documented palette).
constexpr QRgb kHead1 = 0xE69F00;
constexpr QRgb kHead2 = 0x56B4E9;

/// Head 1 joins each token to itself (level lines), head 2 each token to its mirror (n − 1 − i).
std::shared_ptr<const AttentionStack> selfAndMirror() {
    Eigen::MatrixXf self = Eigen::MatrixXf::Identity(4, 4);
    Eigen::MatrixXf mirror = self.rowwise().reverse();
    return stackOfWeights({self, mirror});
}

class HeadLinesViewTest : public ::testing::Test {
protected:
    void show(std::shared_ptr<const AttentionStack> stack) {
        view.resize(600, 420);
        view.setStack(std::move(stack));
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        ASSERT_NE(view.linesPainter(), nullptr);
    }
    [[nodiscard]] QImage image() const {
        return view.canvas()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    [[nodiscard]] HeadLinesLayout layout() const { return view.linesPainter()->layout(view.canvas()->rect()); }
    /// The pixel on row `row`'s level line, halfway between the columns: a line of width 2 or
    /// more covers it whole.
    [[nodiscard]] QPoint middleOfRow(int row) const {
        const HeadLinesLayout l = layout();
        return {static_cast<int>((l.lineStart + l.lineEnd) / 2), static_cast<int>(std::floor(l.rowCentre(row)))};
    }
    [[nodiscard]] QPoint tokenPoint(TokenSide side, int row) const {
        const HeadLinesLayout l = layout();
        const double x = side == TokenSide::Query ? l.queryRight - 4 : l.keyLeft + 4;
        return {static_cast<int>(x), static_cast<int>(l.rowCentre(row))};
    }
    [[nodiscard]] QRgb background() const { return view.linesPainter()->style().background.rgb(); }
    /// Pixels within 12 of colour on each channel.
    [[nodiscard]] int pixelsOf(QRgb colour) const {
        const QImage painted = image();
        int count = 0;
        for (int y = 0; y < painted.height(); ++y)
            for (int x = 0; x < painted.width(); ++x) count += channelDistance(painted.pixel(x, y), colour) <= 12 ? 1 : 0;
        return count;
    }

    HeadLinesView view;
};

TEST_F(HeadLinesViewTest, DrawsEveryLineInItsHeadsColourBeforeAnyHover) {
    show(selfAndMirror());
    const QImage painted = image();
    for (int row = 0; row < 4; ++row)
        EXPECT_LE(channelDistance(painted.pixel(middleOfRow(row)), kHead1), 12)
            << "head 1's line from t" << row << " to itself is drawn in head 1's colour";
    EXPECT_GT(pixelsOf(kHead2), 100) << "head 2's crossing lines are drawn too";
}

TEST_F(HeadLinesViewTest, HoveringAQueryHidesTheLinesOfTheOtherQueries) {
    show(selfAndMirror());
    const QPoint otherQuery = middleOfRow(2);
    ASSERT_LE(channelDistance(image().pixel(otherQuery), kHead1), 12) << "t2's line shows before the hover";

    QTest::mouseMove(view.canvas(), tokenPoint(TokenSide::Query, 0));
    ASSERT_EQ(view.hoveredToken(), (TokenRef{TokenSide::Query, 0})) << "the mouse is over query t0";
    const QImage painted = image();
    EXPECT_LE(channelDistance(painted.pixel(otherQuery), background()), 3)
        << "t2's line is gone: only t0's lines are drawn while t0 is hovered";
    EXPECT_LE(channelDistance(painted.pixel(middleOfRow(0)), kHead1), 12) << "t0's own line stays";
    EXPECT_GT(pixelsOf(kHead2), 20) << "t0's line in head 2 (to t3) stays";

    QTest::mouseMove(view.canvas(), QPoint(view.canvas()->width() / 2, 2));  // away from every token
    EXPECT_FALSE(view.hoveredToken().has_value());
    EXPECT_LE(channelDistance(image().pixel(otherQuery), kHead1), 12) << "every line is back after the hover";
}

TEST_F(HeadLinesViewTest, HoveringAKeyKeepsOnlyTheLinesIntoIt) {
    show(selfAndMirror());
    QTest::mouseMove(view.canvas(), tokenPoint(TokenSide::Key, 1));
    ASSERT_EQ(view.hoveredToken(), (TokenRef{TokenSide::Key, 1}));
    const QImage painted = image();
    EXPECT_LE(channelDistance(painted.pixel(middleOfRow(1)), kHead1), 12) << "t1 → t1 in head 1 goes into key t1";
    for (int row : {0, 2, 3})
        EXPECT_LE(channelDistance(painted.pixel(middleOfRow(row)), background()), 3)
            << "t" << row << " → t" << row << " does not go into t1: hidden";
    EXPECT_GT(pixelsOf(kHead2), 20) << "t2 → t1 in head 2 goes into t1: shown";
}

TEST_F(HeadLinesViewTest, AClickPinsTheTokenUntilClickedAgain) {
    show(selfAndMirror());
    QTest::mouseClick(view.canvas(), Qt::LeftButton, Qt::NoModifier, tokenPoint(TokenSide::Query, 3));
    ASSERT_EQ(view.pinnedToken(), (TokenRef{TokenSide::Query, 3}));
    QTest::mouseMove(view.canvas(), tokenPoint(TokenSide::Query, 0));
    EXPECT_EQ(view.focusToken(), (TokenRef{TokenSide::Query, 3})) << "the pinned token wins over the hovered one";
    EXPECT_LE(channelDistance(image().pixel(middleOfRow(0)), background()), 3) << "only t3's lines while pinned";
    QTest::mouseClick(view.canvas(), Qt::LeftButton, Qt::NoModifier, tokenPoint(TokenSide::Query, 3));
    EXPECT_FALSE(view.pinnedToken().has_value()) << "a second click on the pinned token unpins it";
}

TEST_F(HeadLinesViewTest, TurningAHeadOffRemovesItsColourFromTheImage) {
    show(selfAndMirror());
    const int head1Before = pixelsOf(kHead1);
    ASSERT_GT(pixelsOf(kHead2), 100);
    QToolButton* chip = view.headChip(1);
    ASSERT_NE(chip, nullptr);
    QTest::mouseClick(chip, Qt::LeftButton);
    EXPECT_FALSE(view.isHeadVisible(1)) << "the chip turned head 2 off";
    EXPECT_EQ(pixelsOf(kHead2), 0) << "no pixel of head 2's colour is left";
    EXPECT_GE(pixelsOf(kHead1), head1Before) << "head 1's lines stay (and are no longer crossed by head 2's)";

    QTest::mouseClick(view.noneButton(), Qt::LeftButton);
    EXPECT_EQ(pixelsOf(kHead1), 0) << "None hides head 1 too";
    QTest::mouseClick(view.allButton(), Qt::LeftButton);
    EXPECT_GT(pixelsOf(kHead1), 0);
    EXPECT_GT(pixelsOf(kHead2), 100) << "All brings every head back";
    EXPECT_TRUE(view.headChip(1)->isChecked()) << "the chips follow";
}

TEST_F(HeadLinesViewTest, ALinesOpacityIsItsWeight) {
    // Row 0: weight 1 on t0. Row 1: 0.5 on t1 (and 0.5 on t0). Row 2: 0 on t2 (1 on t3). Row 3: 1 on t3.
    Eigen::MatrixXf w = Eigen::MatrixXf::Zero(4, 4);
    w(0, 0) = 1;
    w(1, 1) = 0.5F;
    w(1, 0) = 0.5F;
    w(2, 3) = 1;
    w(3, 3) = 1;
    show(stackOfWeights({w}));
    const QImage painted = image();
    const QRgb bg = background();
    EXPECT_LE(channelDistance(painted.pixel(middleOfRow(0)), kHead1), 3) << "weight 1: the head's colour, opaque";
    // Weight 0.5 → alpha 128 of 255: colour · 128/255 + background · 127/255, by hand.
    const auto blend = [&](int colour, int back) { return static_cast<int>(std::lround((colour * 128 + back * 127) / 255.0)); };
    const QRgb half = qRgb(blend(qRed(kHead1), qRed(bg)), blend(qGreen(kHead1), qGreen(bg)), blend(qBlue(kHead1), qBlue(bg)));
    EXPECT_LE(channelDistance(painted.pixel(middleOfRow(1)), half), 4)
        << "weight 0.5: halfway between the head's colour and the background";
    EXPECT_LE(channelDistance(painted.pixel(middleOfRow(2)), bg), 3) << "weight 0: no line";
}

TEST_F(HeadLinesViewTest, MaskedCellsGetNoLineWhateverTheirWeight) {
    // Causal: t0 → t3 is masked although the array gives it 0.5.
    Eigen::MatrixXf w = Eigen::MatrixXf::Zero(4, 4);
    w(0, 0) = 0.5F;
    w(0, 3) = 0.5F;
    for (int i = 1; i < 4; ++i) w(i, i) = 1;
    show(stackOfWeights({w}, /*causal=*/true));
    EXPECT_EQ(view.linesPainter()->weight(0, 0, 3), 0.0F) << "the masked cell's line has no weight";
    const HeadLinesLayout l = layout();
    const QPoint middle(static_cast<int>((l.lineStart + l.lineEnd) / 2),
                        static_cast<int>(std::floor((l.rowCentre(0) + l.rowCentre(3)) / 2)));
    EXPECT_LE(channelDistance(image().pixel(middle), background()), 3) << "no line from t0 to the masked t3";
    EXPECT_GT(channelDistance(image().pixel(middleOfRow(0)), background()), 30) << "t0 → t0 is drawn";
}

TEST_F(HeadLinesViewTest, ALayerSelectorShowsForSeveralLayers) {
    const auto stack = patternedStack({"a", "b", "c", "d", "e"}, 2, 3, true);
    show(stack);
    ASSERT_FALSE(view.layerBox()->isHidden()) << "two layers: the selector shows";
    EXPECT_EQ(view.layerBox()->count(), 2);
    EXPECT_EQ(view.layerBox()->itemText(1), QStringLiteral("Layer 2")) << "layers are counted from 1";
    QSignalSpy changed(&view, &HeadLinesView::layerChanged);
    view.layerBox()->setCurrentIndex(1);
    emit view.layerBox()->activated(1);
    EXPECT_EQ(view.layer(), 1);
    EXPECT_EQ(changed.count(), 1);
    const Eigen::MatrixXd expected = stack->weights(1, 2);
    EXPECT_NEAR(view.linesPainter()->weight(2, 4, 2), expected(4, 2), 1e-6) << "the lines are layer 2's";

    view.setStack(stackOfWeights({Eigen::MatrixXf::Identity(3, 3)}));
    EXPECT_TRUE(view.layerBox()->isHidden()) << "one layer: no selector";
    EXPECT_EQ(view.layer(), 0);
}

TEST_F(HeadLinesViewTest, ALongSentenceScrollsWithEveryRowReadable) {
    std::vector<std::string> tokens;
    for (int i = 0; i < 300; ++i) tokens.push_back(std::string("w").append(std::to_string(i)));
    show(patternedStack(tokens, 1, 2, true));
    const double pitch = layout().pitch;
    EXPECT_GE(pitch, view.canvas()->fontMetrics().height()) << "a row keeps its text's height";
    EXPECT_GT(view.scrollArea()->verticalScrollBar()->maximum(), 0) << "300 rows scroll";
    EXPECT_GE(view.canvas()->height(), static_cast<int>(300 * pitch));
}

TEST_F(HeadLinesViewTest, TheLinesThickenWithTheFont) {
    show(selfAndMirror());
    const double normal = view.linesPainter()->style().lineWidth;
    EXPECT_GE(normal, 2.0) << "a line covers a whole pixel row at the window's font";
    QFont big = view.font();
    big.setPointSizeF(big.pointSizeF() * 2.5);
    view.setFont(big);
    EXPECT_GE(view.linesPainter()->style().lineWidth, normal * 1.5) << "a projector's font gives thick lines";
    EXPECT_GT(layout().pitch, 2 * QFontMetricsF(QFont()).height()) << "and tall rows";
}

}  // namespace
}  // namespace attnviz::ui

namespace attnviz::ui {
namespace {

TEST_F(HeadLinesViewTest, TooManyLinesLeaveTheFaintestOutAndSaySo) {
    std::vector<std::string> tokens;
    for (int i = 0; i < 64; ++i) tokens.push_back(std::string("w").append(std::to_string(i)));
    const auto stack = patternedStack(tokens, 1, 12, false);
    show(stack);
    // Every weight of the 12 heads, sorted by hand: the cap's weight is the kMostLines-th largest.
    std::vector<double> all;
    for (int head = 0; head < 12; ++head) {
        const Eigen::MatrixXd w = stack->weights(0, head);
        for (Eigen::Index i = 0; i < w.size(); ++i)
            if (w.data()[i] >= 1.0 / 255) all.push_back(w.data()[i]);
    }
    std::sort(all.begin(), all.end(), std::greater<>());
    ASSERT_GT(all.size(), static_cast<std::size_t>(HeadLinesPainter::kMostLines)) << "more lines than the cap";
    const HeadLinesPainter& lines = *view.linesPainter();
    EXPECT_EQ(lines.linesVisible(), static_cast<int>(all.size()));
    EXPECT_NEAR(lines.linesThreshold(), all[HeadLinesPainter::kMostLines - 1], 1e-6);
    EXPECT_EQ(lines.linesDrawn(), HeadLinesPainter::kMostLines) << "no two weights tie at the threshold here";
    bool said = false;
    for (const QLabel* label : view.findChildren<QLabel*>())
        said = said || label->text().contains(QStringLiteral("Only the %1 strongest of %2 lines are drawn")
                                                  .arg(QLocale().toString(HeadLinesPainter::kMostLines),
                                                       QLocale().toString(static_cast<int>(all.size()))));
    EXPECT_TRUE(said) << "the view says that lines are left out";

    QTest::mouseMove(view.canvas(), tokenPoint(TokenSide::Query, 10));
    EXPECT_EQ(view.linesPainter()->linesDrawn(), view.linesPainter()->linesVisible())
        << "a hovered token's lines (12 heads × 64 keys) are all drawn";
}

}  // namespace
}  // namespace attnviz::ui
