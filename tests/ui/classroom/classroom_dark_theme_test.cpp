// The dark theme in the window: the heatmap is no white block (its cells, gaps and hatching are
// dark where the values are small), the selected cell keeps a visible frame, and a figure exported
// from the dark window keeps its white background and the chapter's Blues.
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/PixelColours.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/ExportDialog.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/shell/ClassroomActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::channelDistance;

/// The mean WCAG relative luminance of the heatmap's grid as shown (0 black … 1 white).
double gridLuminance(const HeatmapView& view) {
    const QImage image = view.viewport()->grab().toImage();
    const QRect grid = view.currentLayout().grid.toAlignedRect().intersected(image.rect());
    double sum = 0;
    for (int y = grid.top(); y <= grid.bottom(); ++y)
        for (int x = grid.left(); x <= grid.right(); ++x) sum += ColorMap::relativeLuminance(image.pixelColor(x, y));
    return sum / (static_cast<double>(grid.width()) * grid.height());
}

TEST(ClassroomDarkTheme, TheHeatmapIsNoWhiteBlockAndItsSelectionShows) {
    ClassroomReset reset;
    double light = 0;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        SCOPED_TRACE(theme == Theme::Dark ? "dark" : "light");
        MainWindow window;
        window.classroom()->themeAction(theme)->trigger();
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        window.heatmap()->setAsyncRendering(false);
        // The chapter's sentence: most of its 225 weights are small.
        const double luminance = gridLuminance(*window.heatmap());
        if (theme == Theme::Light) {
            light = luminance;
            EXPECT_GT(light, 0.5) << "Blues on white: mostly pale";
            continue;
        }
        EXPECT_LT(luminance, 0.25) << "mostly dark, where the light theme's grid is " << light;

        // The selected cell: a white ring against it, a black one outside, both visible.
        window.selectCell(10, 1);  // il → animal
        QCoreApplication::processEvents();
        const QImage image = window.heatmap()->viewport()->grab().toImage();
        const QRect cell = window.heatmap()->cellRect(10, 1);
        const int y = cell.center().y();
        EXPECT_EQ(image.pixel(cell.left() - 1, y), qRgb(255, 255, 255)) << "white against the cell";
        EXPECT_EQ(image.pixel(cell.left() - 3, y), qRgb(0, 0, 0)) << "black outside it";
        const QRgb inside = image.pixel(cell.left() + 1, y);
        EXPECT_GT(channelDistance(inside, qRgb(255, 255, 255)), 30) << "no white frame on the cell itself";
        EXPECT_GT(channelDistance(inside, qRgb(0, 0, 0)), 30) << "no black frame on the cell itself";

        // Masked cells: the dark grey hatching, not a light grey block.
        AttentionConfig causal = teachingConfig();
        causal.mask.causal = true;
        window.setConfig(causal);
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, causal));
        QCoreApplication::processEvents();
        const QImage masked = window.heatmap()->viewport()->grab().toImage();
        const QRect hidden = window.heatmap()->cellRect(0, 14);  // L' cannot see the last key
        int darkGrey = 0;
        for (int x = hidden.left(); x < hidden.right(); ++x)
            if (channelDistance(masked.pixel(x, hidden.center().y()), MaskedLook::forDarkBackground().fill.rgb()) <= 2)
                ++darkGrey;
        EXPECT_GT(darkGrey, hidden.width() / 2) << "the dark hatching's grey";

        // A figure exported from the dark window: a white page, the chapter's Blues.
        const QTemporaryDir folder;
        ExportDialog dialog(window.currentTrace(), &window);
        dialog.setInteractive(false);
        dialog.setFormat(ExportFormat::Png);
        const QString path = folder.filePath(QStringLiteral("dark.png"));
        ASSERT_TRUE(dialog.exportTo(path)) << dialog.lastError().toStdString();
        const QImage figure(path);
        ASSERT_FALSE(figure.isNull());
        EXPECT_EQ(figure.pixel(1, 1), qRgb(255, 255, 255)) << "a white background";
        EXPECT_EQ(figure.pixel(figure.width() - 2, figure.height() - 2), qRgb(255, 255, 255));
    }
}

}  // namespace
}  // namespace attnviz::ui
