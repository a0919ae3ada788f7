// "What each technique keeps" (ui/costlab/TechniqueComparisonView), offscreen: on a sentence of
// 10 tokens with w = 2 and global token 0 the window's map is 0 exactly outside the band and the
// global token's row and column (in the numbers and in the pixels drawn); Flash's difference map
// is all ~0 (white); the table shows the core's numbers; the long text is compared off the GUI
// thread; bad settings get a one-line message; the export writes PNG, SVG and PDF.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

#include "core/attention/AttentionTrace.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/PixelColours.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/costlab/ComparisonCanvas.h"
#include "ui/costlab/ComparisonFigure.h"
#include "ui/costlab/TechniqueComparisonView.h"
#include "ui/costlab/TechniqueText.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::channelDistance;
using attnviz::testing::TempFolder;
using Text = TechniqueComparisonView::Text;

constexpr const char* kTenTokens = "Le chat est assis sur le tapis près de la";

std::shared_ptr<const AttentionTrace> teachingTrace(const char* sentence, bool causal = false) {
    AttentionConfig config = teachingConfig();
    config.mask.causal = causal;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(sentence, config));
}

/// A view on the 10-token sentence with w = 2, global token 0, compared on this thread.
struct SentenceView {
    TechniqueComparisonView view;
    SentenceView() {
        view.setLocale(QLocale::c());
        view.resize(1400, 900);
        view.setSettings({2, QStringLiteral("0"), 3, 1, 1});
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
        view.setTrace(teachingTrace(kTenTokens), 0);
        view.compareNow();
    }
};

/// The colour drawn at the centre of cell (query, key) of a map.
QRgb cellPixel(const QImage& image, const ComparisonFigure& figure, double side, ComparisonMap map, int n, int query,
               int key) {
    const QRectF grid = figure.gridRect(map, side);
    const double cell = side / n;
    return image.pixel(QPoint(static_cast<int>(grid.left() + (key + 0.5) * cell),
                              static_cast<int>(grid.top() + (query + 0.5) * cell)));
}

TEST(TechniqueComparisonView, WindowMapIsZeroOutsideTheBandAndTheGlobalToken) {
    SentenceView s;
    ASSERT_TRUE(s.view.comparison());
    const CostComparison& c = *s.view.comparison();
    ASSERT_EQ(c.n, 10);
    const TechniqueComparison& window = c.of(CostKernel::Window);
    int dropped = 0;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j) {
            const bool kept = std::abs(i - j) < 2 || i == 0 || j == 0;
            if (kept) {
                EXPECT_GT(window.weights(i, j), 0) << i << ", " << j;
            } else {
                EXPECT_EQ(window.weights(i, j), 0.0) << "exactly 0 at " << i << ", " << j;
                ++dropped;
            }
        }
    // Kept: the band (10 + 2·9 = 28 cells), the rest of row 0 (8) and of column 0 (8): 44.
    EXPECT_EQ(dropped, 100 - 44);

    // What is drawn: every dropped cell in the dropped cells' sand colour, every kept one in a colour of the map.
    s.view.setTechnique(CostKernel::Window);
    auto* canvas = static_cast<ComparisonCanvas*>(s.view.canvas());
    const QImage image = canvas->grab().toImage();
    const std::optional<ComparisonFigure> figure = canvas->figure();
    ASSERT_TRUE(figure);
    const double side = canvas->mapSide();
    ASSERT_GT(side, 100);
    const QRgb sand = ComparisonFigure::droppedColour(false).rgb();
    const ColorMap blues(QStringLiteral("Blues"));
    const double top = comparisonScales(c).weightsMax;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j) {
            const QRgb pixel = cellPixel(image, *figure, side, ComparisonMap::Technique, 10, i, j);
            if (window.weights(i, j) == 0) {
                EXPECT_LE(channelDistance(pixel, sand), 2) << i << ", " << j;
            } else {
                EXPECT_GT(channelDistance(pixel, sand), 30) << i << ", " << j;
                EXPECT_LE(channelDistance(pixel, blues.colorFor(window.weights(i, j), 0, top).rgb()), 2) << i << ", " << j;
            }
        }
}

TEST(TechniqueComparisonView, FlashDifferenceMapIsWhite) {
    SentenceView s;
    const CostComparison& c = *s.view.comparison();
    EXPECT_LT(c.of(CostKernel::Flash).difference.cwiseAbs().maxCoeff(), 1e-12);
    s.view.setTechnique(CostKernel::Flash);
    auto* canvas = static_cast<ComparisonCanvas*>(s.view.canvas());
    const QImage image = canvas->grab().toImage();
    const std::optional<ComparisonFigure> figure = canvas->figure();
    ASSERT_TRUE(figure);
    const double scale = comparisonScales(c).differenceMax;
    const QRgb centre = ColorMap(QStringLiteral("RdBu_r")).colorFor(0, -scale, scale).rgb();
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j)
            EXPECT_LE(channelDistance(cellPixel(image, *figure, canvas->mapSide(), ComparisonMap::Difference, 10, i, j),
                                      centre),
                      2)
                << i << ", " << j;
}

TEST(TechniqueComparisonView, TableShowsTheCoresNumbers) {
    SentenceView s;
    const CostComparison& c = *s.view.comparison();
    QTableWidget* table = s.view.table();
    ASSERT_EQ(table->rowCount(), 5);
    const TechniqueComparison* rows[] = {&c.exact, &c.techniques[0], &c.techniques[1], &c.techniques[2],
                                         &c.techniques[3]};
    for (int r = 0; r < 5; ++r) {
        const TechniqueComparison& row = *rows[r];
        SCOPED_TRACE(costKernelName(row.kernel));
        EXPECT_EQ(table->item(r, 0)->text(), TechniqueText::name(row.kernel));
        // The numbers read back within their rounding.
        EXPECT_NEAR(table->item(r, 2)->text().section(QLatin1Char(' '), 0, 0).toDouble(), row.meanKlBits, 0.005);
        EXPECT_NEAR(table->item(r, 4)->text().section(QLatin1Char(' '), 0, 0).toDouble(), 100 * row.keptShare(), 0.5);
        EXPECT_EQ(table->item(r, 1)->text(), TechniqueText::outputError(row.maxOutputError, QLocale::c()));
        EXPECT_EQ(table->item(r, 5)->text(), TechniqueText::flops(row.flops, QLocale::c()));
        EXPECT_EQ(table->item(r, 7)->text(), TechniqueText::trade(row.kernel));
        for (int col = 0; col < table->columnCount(); ++col) {
            EXPECT_FALSE(table->item(r, col)->text().contains(QLatin1String("nan"), Qt::CaseInsensitive));
            EXPECT_FALSE(table->item(r, col)->text().contains(QLatin1String("inf"), Qt::CaseInsensitive));
        }
    }
    // 10 tokens, w = 2, global 0: 44 of 100 cells kept, as counted in the test above.
    EXPECT_EQ(table->item(2, 4)->text(), QStringLiteral("44 %"));
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("0")) << "exact against itself";
}

TEST(TechniqueComparisonView, FormatsNumbersForPeople) {
    const QLocale c = QLocale::c();
    EXPECT_EQ(TechniqueText::outputError(3.14159e-16, c), QStringLiteral("3.1e-16"));
    EXPECT_EQ(TechniqueText::outputError(0.123456, c), QStringLiteral("0.123"));
    EXPECT_EQ(TechniqueText::bits(0.4163, c), QStringLiteral("0.42 bits"));
    EXPECT_EQ(TechniqueText::bits(1e-6, c), QStringLiteral("< 0.01 bits"));
    EXPECT_EQ(TechniqueText::bits(2e-16, c), QStringLiteral("0.00 bits")) << "float64's rounding, not a divergence";
    EXPECT_EQ(TechniqueText::percent(0.462, c), QStringLiteral("46 %"));
    EXPECT_EQ(TechniqueText::percent(0.999, c), QStringLiteral("> 99 %"));
    EXPECT_EQ(TechniqueText::flops(720, c), QStringLiteral("720"));
    EXPECT_EQ(TechniqueText::flops(4200, c), QStringLiteral("4.2 k"));
    EXPECT_EQ(TechniqueText::flops(16000, c), QStringLiteral("16 k"));
    EXPECT_EQ(TechniqueText::flops(1.6e6, c), QStringLiteral("1.6 M"));
    EXPECT_EQ(TechniqueText::percent(0.5, QLocale(QLocale::French)), QStringLiteral("50 %"));
}

TEST(TechniqueComparisonView, LongTextIsComparedOffTheGuiThreadAndDropsCells) {
    TechniqueComparisonView view;
    view.resize(1400, 900);
    view.setTrace(teachingTrace(kTenTokens, true), 0);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(waitUntil([&] { return view.comparison() != nullptr && !view.isBusy(); }));
    EXPECT_EQ(view.comparison()->n, 10);
    view.setText(Text::LongText);
    EXPECT_TRUE(view.isBusy()) << "on the worker";
    ASSERT_TRUE(waitUntil([&] { return !view.isBusy() && view.comparison()->n > 200; }));
    const CostComparison& c = *view.comparison();
    EXPECT_EQ(c.options.mask, CostMask::Causal) << "the sentence's mask";
    EXPECT_EQ(view.settings().window, TechniqueComparisonView::defaultSettings(Text::LongText).window);
    EXPECT_LT(c.of(CostKernel::Window).keptShare(), 0.2);
    EXPECT_LT(c.of(CostKernel::Sparse).keptShare(), 0.6);
    EXPECT_GT(c.of(CostKernel::Window).meanDroppedMass, 0);
    for (const TechniqueComparison& t : c.techniques) {
        EXPECT_TRUE(std::isfinite(t.meanKlBits));
        EXPECT_TRUE(t.weights.allFinite());
    }
    // Back to the sentence: its own settings again.
    view.setText(Text::Sentence);
    EXPECT_EQ(view.settings().window, 2);
}

TEST(TechniqueComparisonView, BadSettingsGetOneLineMessages) {
    SentenceView s;
    s.view.setSettings({2, QStringLiteral("zero"), 3, 1, 1});
    s.view.compareNow();
    EXPECT_TRUE(s.view.status()->text().contains(QStringLiteral("Global tokens")));
    s.view.setSettings({2, QStringLiteral("12"), 3, 1, 1});
    s.view.compareNow();
    EXPECT_EQ(s.view.status()->text(), QStringLiteral("global token 12 is outside the 10 positions (0 to 9)"));
}

TEST(TechniqueComparisonView, DarkThemeDrawsOnADarkBackground) {
    SentenceView s;
    s.view.setPalette(darkPalette());
    auto* canvas = static_cast<ComparisonCanvas*>(s.view.canvas());
    EXPECT_TRUE(canvas->look().dark);
    const QImage image = canvas->grab().toImage();
    EXPECT_LT(qGray(image.pixel(2, 2)), 80) << "the background";
    const std::optional<ComparisonFigure> figure = canvas->figure();
    const QRgb dropped = cellPixel(image, *figure, canvas->mapSide(), ComparisonMap::Technique, 10, 9, 2);
    EXPECT_LT(qGray(dropped), 100) << "a dropped cell is dark, not a white block";
}

TEST(TechniqueComparisonView, ExportWritesPngSvgAndPdf) {
    SentenceView s;
    const TempFolder folder;
    for (const char* name : {"keeps.png", "keeps.svg", "keeps.pdf"}) {
        const QString path = QString::fromStdString(folder.file(name));
        s.view.exportFigure(path);
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name;
        const QByteArray bytes = file.readAll();
        EXPECT_GT(bytes.size(), 1000) << name;
        if (path.endsWith(QLatin1String(".png"))) {
            const QImage image = QImage::fromData(bytes, "PNG");
            EXPECT_GT(image.width(), 800);
        } else if (path.endsWith(QLatin1String(".svg"))) {
            EXPECT_TRUE(bytes.contains("<svg"));
            EXPECT_TRUE(bytes.contains("Sliding window")) << "the table's text is text";
        } else {
            EXPECT_TRUE(bytes.startsWith("%PDF"));
        }
    }
}

// Not a check: screenshots for people to look at, when ATTNVIZ_SCREENSHOT_DIR names a folder.
TEST(TechniqueComparisonScreenshots, WritesTheSentenceAndTheLongText) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    TechniqueComparisonView view;
    view.resize(1600, 1000);
    view.setTrace(teachingTrace("L'animal n'a pas traversé la rue parce qu'il était trop fatigué."), 0);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(waitUntil([&] { return view.comparison() != nullptr && !view.isBusy(); }));
    saveScreenshot(view, dir, QStringLiteral("keeps_01_sentence_window.png"));
    view.setTechnique(CostKernel::Linear);
    saveScreenshot(view, dir, QStringLiteral("keeps_02_sentence_linear.png"));
    view.setText(Text::LongText);
    ASSERT_TRUE(waitUntil([&] { return !view.isBusy() && view.comparison()->n > 200; }));
    view.setTechnique(CostKernel::Sparse);
    saveScreenshot(view, dir, QStringLiteral("keeps_03_long_text_sparse.png"));
    view.setTechnique(CostKernel::Window);
    saveScreenshot(view, dir, QStringLiteral("keeps_04_long_text_window.png"));
    view.exportFigure(dir.filePath(QStringLiteral("keeps_05_export_long_text_window.png")));
    view.setPalette(darkPalette());
    saveScreenshot(view, dir, QStringLiteral("keeps_06_long_text_window_dark.png"));
}

}  // namespace
}  // namespace attnviz::ui
