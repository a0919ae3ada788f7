// ColorMap against matplotlib's published colours (written here by hand from matplotlib's
// _cm.py / _cm_listed.py and ColorBrewer's hex codes) and WCAG contrast computed by hand.
#include <QColor>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "ui/heatmap/ColorMap.h"

namespace attnviz::ui {
namespace {

::testing::AssertionResult colorNear(const QColor& actual, const QColor& expected, int tolerance) {
    const int dr = std::abs(actual.red() - expected.red());
    const int dg = std::abs(actual.green() - expected.green());
    const int db = std::abs(actual.blue() - expected.blue());
    if (dr <= tolerance && dg <= tolerance && db <= tolerance) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << actual.name().toStdString() << " (" << actual.red() << ", "
                                         << actual.green() << ", " << actual.blue() << "), expected "
                                         << expected.name().toStdString() << " ± " << tolerance;
}

struct Anchor {
    const char* map;
    double t;
    QRgb expected;
    int tolerance;
};

TEST(ColorMap, AnchorsMatchMatplotlib) {
    const Anchor anchors[] = {
        // ColorBrewer Blues (9 classes) ends and middle class
        {"Blues", 0.0, 0xf7fbff, 0},
        {"Blues", 0.5, 0x6baed6, 1},
        {"Blues", 1.0, 0x08306b, 0},
        // viridis: first, 128th and last entries of matplotlib's table
        {"viridis", 0.0, 0x440154, 0},
        {"viridis", 0.5, 0x21918c, 0},
        {"viridis", 1.0, 0xfde725, 0},
        // cividis: (0, 0.135112, 0.304751), (0.488697, 0.485318, 0.471008), (0.995737, 0.909344, 0.217772)
        {"cividis", 0.0, 0x00224e, 0},
        {"cividis", 0.5, 0x7d7c78, 0},
        {"cividis", 1.0, 0xfee838, 0},
        // RdBu reversed: ColorBrewer RdBu 11 classes, #053061 … #f7f7f7 … #67001f
        {"RdBu_r", 0.0, 0x053061, 0},
        {"RdBu_r", 0.5, 0xf7f7f7, 2},
        {"RdBu_r", 1.0, 0x67001f, 0},
    };
    for (const Anchor& anchor : anchors) {
        const std::optional<ColorMap> map = ColorMap::byName(QLatin1String(anchor.map));
        ASSERT_TRUE(map.has_value()) << "no map named " << anchor.map;
        EXPECT_TRUE(colorNear(map->colorAt(anchor.t), QColor::fromRgb(anchor.expected), anchor.tolerance))
            << anchor.map << " at t = " << anchor.t;
    }
}

TEST(ColorMap, BluesQuarterIsThirdColorBrewerClass) {
    // t = 0.25 is anchor 2 of 9 (#c6dbef); matplotlib samples entry 64 = x 0.251, one unit off at most.
    EXPECT_TRUE(colorNear(ColorMap(QStringLiteral("Blues")).colorAt(0.25), QColor(0xc6, 0xdb, 0xef), 1))
        << "Blues at 0.25";
}

TEST(ColorMap, NamesAndFallback) {
    EXPECT_EQ(ColorMap::names(),
              (QStringList{QStringLiteral("Blues"), QStringLiteral("viridis"), QStringLiteral("cividis"),
                           QStringLiteral("RdBu_r")}))
        << "sequential maps then diverging ones";
    EXPECT_FALSE(ColorMap::byName(QStringLiteral("jet")).has_value()) << "unknown names are refused by byName";
    EXPECT_EQ(ColorMap(QStringLiteral("jet")).name(), QStringLiteral("Blues")) << "unknown names fall back to Blues";
    EXPECT_EQ(ColorMap::defaultName(ValueKind::Weights), QStringLiteral("Blues")) << "the chapter's map for weights";
    EXPECT_EQ(ColorMap::defaultName(ValueKind::Signed), QStringLiteral("RdBu_r")) << "diverging map for signed values";
    EXPECT_EQ(ColorMap(QStringLiteral("RdBu_r")).kind(), ColorMap::Kind::Diverging) << "RdBu_r is diverging";
    EXPECT_EQ(ColorMap(QStringLiteral("cividis")).kind(), ColorMap::Kind::Sequential) << "cividis is sequential";
}

TEST(ColorMap, ClampsOutOfRangeAndNaN) {
    const ColorMap blues(QStringLiteral("Blues"));
    EXPECT_EQ(blues.colorAt(-3), blues.colorAt(0)) << "below 0 clamps to the first colour";
    EXPECT_EQ(blues.colorAt(7), blues.colorAt(1)) << "above 1 clamps to the last colour";
    EXPECT_EQ(blues.colorAt(std::nan("")), blues.colorAt(0)) << "NaN gives the first colour";
}

TEST(ColorMap, BluesDarkensMonotonically) {
    const ColorMap blues(QStringLiteral("Blues"));
    double previous = 2;
    for (int i = 0; i <= 1000; ++i) {
        const double t = i / 1000.0;
        const double luminance = ColorMap::relativeLuminance(blues.colorAt(t));
        EXPECT_LE(luminance, previous + 1e-12) << "Blues must get darker (or stay) at t = " << t;
        previous = luminance;
    }
    EXPECT_GT(ColorMap::relativeLuminance(blues.colorAt(0)), 0.9) << "Blues starts almost white";
    EXPECT_LT(ColorMap::relativeLuminance(blues.colorAt(1)), 0.05) << "Blues ends dark";
}

TEST(ColorMap, ViridisBrightensMonotonically) {
    const ColorMap viridis(QStringLiteral("viridis"));
    double previous = -1;
    for (int i = 0; i <= 255; ++i) {
        const double luminance = ColorMap::relativeLuminance(viridis.colorAt(i / 255.0));
        // 8-bit rounding of the table lets the luminance wobble by a few 1e-4 where it is flat.
        EXPECT_GE(luminance, previous - 1e-3) << "viridis lightness rises at entry " << i;
        previous = luminance;
    }
}

TEST(ColorMap, DivergingIsWhiteAtZeroAndSymmetric) {
    const ColorMap rdbu(QStringLiteral("RdBu_r"));
    const QColor zero = rdbu.colorFor(0.0, -3.0, 3.0);
    EXPECT_GE(std::min({zero.red(), zero.green(), zero.blue()}), 240) << "0 is (almost) white: " << zero.name().toStdString();
    EXPECT_LE(std::max({zero.red(), zero.green(), zero.blue()}) - std::min({zero.red(), zero.green(), zero.blue()}), 3)
        << "0 is neutral, not tinted";
    for (const double v : {0.3, 1.0, 2.0, 3.0}) {
        const QColor positive = rdbu.colorFor(v, -3.0, 3.0);
        const QColor negative = rdbu.colorFor(-v, -3.0, 3.0);
        EXPECT_GT(positive.red(), positive.blue()) << "+" << v << " is red";
        EXPECT_GT(negative.blue(), negative.red()) << "−" << v << " is blue";
        EXPECT_NEAR(ColorMap::relativeLuminance(positive), ColorMap::relativeLuminance(negative), 0.1)
            << "±" << v << " are equally light";
        EXPECT_NEAR(rdbu.position(v, -3, 3) - 0.5, 0.5 - rdbu.position(-v, -3, 3), 1e-12)
            << "±" << v << " sit symmetrically around the centre";
    }
}

TEST(ColorMap, PositionOnScale) {
    const ColorMap blues(QStringLiteral("Blues"));
    EXPECT_DOUBLE_EQ(blues.position(0.25, 0, 1), 0.25) << "weights map linearly";
    EXPECT_DOUBLE_EQ(blues.position(3, 2, 6), 0.25) << "(3 − 2) / (6 − 2)";
    EXPECT_DOUBLE_EQ(blues.position(9, 2, 6), 1.0) << "clamped above";
    EXPECT_DOUBLE_EQ(blues.position(1, 1, 1), 0.0) << "degenerate range";
    const ColorMap rdbu(QStringLiteral("RdBu_r"));
    EXPECT_DOUBLE_EQ(rdbu.position(0, -1, 4), 0.5) << "0 stays at the centre of a diverging map";
    EXPECT_DOUBLE_EQ(rdbu.position(4, -1, 4), 1.0) << "largest magnitude at the end";
    EXPECT_DOUBLE_EQ(rdbu.position(-1, -1, 4), 0.375) << "0.5 − 1 / (2·4)";
    EXPECT_TRUE(colorNear(ColorMap::map(QStringLiteral("viridis"), 1.0, 0.0, 2.0), QColor(0x21, 0x91, 0x8c), 0))
        << "static map() = middle of viridis";
}

TEST(ColorMap, WcagContrastAndTextColour) {
    EXPECT_NEAR(ColorMap::contrastRatio(Qt::black, Qt::white), 21.0, 1e-9) << "WCAG maximum";
    EXPECT_NEAR(ColorMap::contrastRatio(Qt::white, Qt::black), 21.0, 1e-9) << "order does not matter";
    // Grey 119: c = 0.46667, linear ((c + 0.055) / 1.055)^2.4 = 0.18447; white 1.05 / 0.23447 = 4.478,
    // black 0.23447 / 0.05 = 4.689: black wins, barely.
    EXPECT_NEAR(ColorMap::relativeLuminance(QColor(119, 119, 119)), 0.18447, 1e-4) << "hand-computed luminance";
    EXPECT_EQ(ColorMap::textColorFor(QColor(119, 119, 119)), QColor(Qt::black)) << "grey 119: black has 4.69 > 4.48";
    EXPECT_EQ(ColorMap::textColorFor(QColor(112, 112, 112)), QColor(Qt::white)) << "grey 112: white wins";
    EXPECT_EQ(ColorMap::textColorFor(QColor(0xf7, 0xfb, 0xff)), QColor(Qt::black)) << "black on light Blues";
    EXPECT_EQ(ColorMap::textColorFor(QColor(0x08, 0x30, 0x6b)), QColor(Qt::white)) << "white on dark Blues";
    EXPECT_EQ(ColorMap::textColorFor(QColor(0xfd, 0xe7, 0x25)), QColor(Qt::black)) << "black on viridis yellow";
    EXPECT_EQ(ColorMap::textColorFor(QColor(0x44, 0x01, 0x54)), QColor(Qt::white)) << "white on viridis purple";
}

TEST(ColorMap, EveryCellTextReachesWcagAA) {
    for (const QString& name : ColorMap::names()) {
        const ColorMap map(name);
        for (int i = 0; i <= 255; ++i) {
            const QColor background = map.colorAt(i / 255.0);
            EXPECT_GE(ColorMap::contrastRatio(background, ColorMap::textColorFor(background)), 4.5)
                << name.toStdString() << " entry " << i << " " << background.name().toStdString();
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
