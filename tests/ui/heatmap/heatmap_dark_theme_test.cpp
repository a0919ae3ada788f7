// The heatmap on a dark background: the maps' variants (0 dark, large values bright; colours
// written by hand from ColorBrewer's hex codes and matplotlib's tables), the dark hatching, and a
// selection frame that shows on any colour and stays outside the cell's number.
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <tuple>

#include "core/attention/AttentionTrace.h"
#include "tests/support/PixelColours.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {
namespace {

using attnviz::testing::channelDistance;

::testing::AssertionResult near(QRgb actual, QRgb expected, int tolerance) {
    if (channelDistance(actual, expected) <= tolerance) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << QColor(actual).name().toStdString() << ", expected "
                                         << QColor(expected).name().toStdString() << " ± " << tolerance;
}

QRgb onDark(const char* name, double t) {
    return ColorMap(QString::fromLatin1(name)).forDarkBackground().colorAt(t).rgb();
}

TEST(ColorMapOnDark, ZeroIsDarkAndLargeValuesBright) {
    // Blues turned round, ColorBrewer's darkest class at 0, its sixth (not the near-white ones) at
    // 1. Entry 128 samples x = 128/255 · 5 = 2.51 of the 6 anchors: 51 % from #2171b5 to #4292c6,
    // (33 + 33 · 0.51, 113 + 33 · 0.51, 181 + 17 · 0.51) = (49.8, 129.8, 189.7) → #3282be.
    EXPECT_TRUE(near(onDark("Blues", 0), 0x08306b, 0));
    EXPECT_TRUE(near(onDark("Blues", 1), 0x9ecae1, 0));
    EXPECT_TRUE(near(onDark("Blues", 0.5), 0x3282be, 0));
    // viridis and cividis start dark already: unchanged.
    EXPECT_TRUE(near(onDark("viridis", 0), 0x440154, 0));
    EXPECT_TRUE(near(onDark("viridis", 1), 0xfde725, 0));
    EXPECT_TRUE(near(onDark("cividis", 0), ColorMap(QStringLiteral("cividis")).colorAt(0).rgb(), 0));
    // RdBu_r: light blue … dark grey (#404040) at 0 … light red. Entry 128 samples x = 128/255 · 8
    // = 4.016 of the 9 anchors: 1.57 % of the way from #404040 to #67001f, i.e. (64 + 39 · 0.0157,
    // 64 − 64 · 0.0157, 64 − 33 · 0.0157) = (64.6, 63.0, 63.5) → #413f3f.
    EXPECT_TRUE(near(onDark("RdBu_r", 0), 0x92c5de, 0));
    EXPECT_TRUE(near(onDark("RdBu_r", 1), 0xf4a582, 0));
    EXPECT_TRUE(near(onDark("RdBu_r", 0.5), 0x413f3f, 0));
    EXPECT_LT(ColorMap::relativeLuminance(QColor(onDark("RdBu_r", 0.5))), 0.06) << "a dark centre";
    EXPECT_LT(ColorMap::relativeLuminance(QColor(onDark("Blues", 1))), 0.6) << "no near-white top to glare";

    const ColorMap blues(QStringLiteral("Blues"));
    EXPECT_EQ(blues.forDarkBackground().name(), QStringLiteral("Blues")) << "the same map, as the user chose it";
    EXPECT_FALSE(blues.forDarkBackground() == blues);
    EXPECT_TRUE(blues.forDarkBackground().forDarkBackground() == blues.forDarkBackground());
}

TEST(ColorMapOnDark, EveryCellTextReachesWcagAA) {
    for (const QString& name : ColorMap::names()) {
        const ColorMap map = ColorMap(name).forDarkBackground();
        for (int i = 0; i <= 255; ++i) {
            const QColor background = map.colorAt(i / 255.0);
            EXPECT_GE(ColorMap::contrastRatio(background, ColorMap::textColorFor(background)), 4.5)
                << name.toStdString() << " entry " << i << " " << background.name().toStdString();
        }
    }
}

TEST(MaskedLookOnDark, TheHatchingStandsOutOnTheDarkBackground) {
    const MaskedLook dark = MaskedLook::forDarkBackground();
    const QColor background(0x1e, 0x1e, 0x1e);  // the dark theme's base colour (ui/style/Theme.cpp)
    EXPECT_GE(ColorMap::contrastRatio(dark.line, dark.fill), 3.0) << "the diagonals";
    EXPECT_GE(ColorMap::contrastRatio(dark.fill, background), 1.5) << "masked cells against the gaps";
    EXPECT_LT(ColorMap::relativeLuminance(dark.fill), 0.2) << "a dark grey, not a light block";
}

/// The chapter's "Le chat est assis", causal: cell (0, 0) weighs 1 (the darkest blue).
class SelectionFrame : public ::testing::Test {
protected:
    static constexpr int kCell = 48;
    static constexpr int kMargin = 8;

    QImage paint(std::optional<CellIndex> selected) const {
        QImage image(4 * kCell + 2 * kMargin, 4 * kCell + 2 * kMargin, QImage::Format_RGB32);
        image.fill(QColor(0x1e, 0x1e, 0x1e));
        QPainter p(&image);
        painter.paintCells(p, CellRange{0, 4, 0, 4}, QPointF(kMargin, kMargin), QSizeF(kCell, kCell));
        if (selected)
            painter.paintSelection(p, QRectF(kMargin + selected->col * kCell, kMargin + selected->row * kCell, kCell,
                                             kCell));
        return image;
    }

    std::shared_ptr<const AttentionTrace> trace = [] {
        AttentionConfig config;
        config.mask.causal = true;
        return std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", config));
    }();
    MatrixSource source{trace, Step::Weights, 0};
    HeatmapStyle style = [this] {
        HeatmapStyle s = HeatmapPainter::defaultStyle(source);
        s.valueFont.setPointSizeF(12);
        return s;
    }();
    HeatmapPainter painter{source, style};
};

TEST_F(SelectionFrame, AWhiteThenABlackRingGoRoundTheCellOnAnyColour) {
    const QImage plain = paint(std::nullopt);
    for (const CellIndex cell : {CellIndex{0, 0}, CellIndex{3, 3}}) {
        SCOPED_TRACE(cell.row == 0 ? "the darkest blue cell (weight 1)" : "a pale cell");
        const QImage framed = paint(cell);
        // The cell is coloured over [left, left + 47) (a 1 px gap on its right and bottom).
        const int left = kMargin + cell.col * kCell, top = kMargin + cell.row * kCell, right = left + kCell - 1,
                  bottom = top + kCell - 1, middleX = left + kCell / 2, middleY = top + kCell / 2;
        for (const auto& [x, y, what] : std::initializer_list<std::tuple<int, int, const char*>>{
                 {left - 1, middleY, "left"}, {right, middleY, "right"}, {middleX, top - 1, "top"},
                 {middleX, bottom, "bottom"}}) {
            EXPECT_EQ(framed.pixel(x, y), qRgb(255, 255, 255)) << what << ": white against the cell";
            EXPECT_EQ(framed.pixel(x - (x < left) * 2 + (x >= right) * 2, y - (y < top) * 2 + (y >= bottom) * 2),
                      qRgb(0, 0, 0))
                << what << ": black 2 px further out";
        }
        // Nothing of the cell itself changes: its colour and its number are left whole.
        for (int y = top; y < bottom; ++y)
            for (int x = left; x < right; ++x)
                ASSERT_EQ(framed.pixel(x, y), plain.pixel(x, y)) << "the frame covers the cell at " << x << ", " << y;
    }
}

}  // namespace
}  // namespace attnviz::ui
