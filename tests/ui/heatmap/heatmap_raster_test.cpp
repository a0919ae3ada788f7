// The heatmap's raster paths: cells written straight into a tile image, and cells painted on whole
// pixels, give every pixel the colour of its cell's value (or the background in the gaps), as
// worked out here from the geometry alone.
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "core/attention/AttentionTrace.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {
namespace {

std::shared_ptr<const AttentionTrace> sentenceTrace(int words, bool causal) {
    std::string sentence;
    for (int i = 0; i < words - 1; ++i) sentence += "mot" + std::to_string(i % 13) + ' ';
    AttentionConfig config;
    config.mask.causal = causal;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(sentence + '.', config));
}

// The pixel (x, y) of an image whose cell (0, 0) starts at origin: its cell's colour, or the
// background in the gap at the right and bottom of each cell, or the untouched fill outside.
QRgb expectedPixel(const MatrixSource& source, const HeatmapStyle& style, QPoint origin, QSize cell, int gap,
                   int x, int y, QRgb untouched) {
    const int u = x - origin.x(), v = y - origin.y();
    const int width = cell.width(), height = cell.height();
    if (u < 0 || v < 0 || u >= source.cols() * width || v >= source.rows() * height) return untouched;
    if (u % width >= width - gap || v % height >= height - gap) return style.background.rgba();
    const double value = source.value(v / height, u / width);
    return style.colorMap.colorFor(value, style.scaleMin, style.scaleMax).rgba();
}

void expectCellPixels(const QImage& image, const MatrixSource& source, const HeatmapStyle& style, QPoint origin,
                      QSize cell, QRgb untouched, const char* path) {
    const int gap = std::min(cell.width(), cell.height()) >= 12 ? 1 : 0;  // no gap under 12 px
    int wrong = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb expected = expectedPixel(source, style, origin, cell, gap, x, y, untouched);
            if (image.pixel(x, y) != expected && ++wrong <= 3)
                ADD_FAILURE() << path << ", cells of " << cell.width() << " × " << cell.height() << " px at ("
                              << origin.x() << ", " << origin.y() << "): pixel (" << x << ", " << y << ") is "
                              << std::hex << image.pixel(x, y) << ", expected " << expected;
        }
    EXPECT_EQ(wrong, 0) << path << ": wrong pixels, cells of " << std::dec << cell.width() << " × " << cell.height();
}

TEST(HeatmapRaster, CellsWrittenIntoAnImageAndPaintedOnWholePixelsHaveTheirValuesColour) {
    const auto trace = sentenceTrace(40, false);
    constexpr QRgb kUntouched = 0xffff00ffu;
    for (const Step step : {Step::Weights, Step::Scores}) {
        const MatrixSource source(trace, step, 0);
        HeatmapStyle style = HeatmapPainter::defaultStyle(source);
        style.showValues = false;
        const HeatmapPainter cells(source, style);
        for (const QSize cell : {QSize(4, 4), QSize(5, 5), QSize(11, 11), QSize(12, 12), QSize(13, 13), QSize(24, 24),
                                 QSize(30, 13), QSize(13, 5), QSize(17, 12)}) {
            for (const QPoint origin : {QPoint(0, 0), QPoint(-37, -5), QPoint(9, 30)}) {
                const CellRange range{0, source.rows(), 0, source.cols()};
                QImage written(150, 120, QImage::Format_ARGB32_Premultiplied);
                written.fill(kUntouched);
                ASSERT_TRUE(cells.paintCellsToImage(written, range, origin, cell))
                    << "cells of " << cell.width() << " × " << cell.height();
                expectCellPixels(written, source, style, origin, cell, kUntouched, "written");

                QImage painted(150, 120, QImage::Format_ARGB32_Premultiplied);
                painted.fill(kUntouched);
                {
                    QPainter painter(&painted);
                    cells.paintCells(painter, range, QPointF(origin), QSizeF(cell));
                }
                expectCellPixels(painted, source, style, origin, cell, kUntouched, "painted");
            }
        }
    }
}

TEST(HeatmapRaster, CellsThatNeedAPainterAreLeftToIt) {
    QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::magenta);
    const QImage before = image;
    const CellRange all{0, 6, 0, 6};

    const MatrixSource masked(sentenceTrace(6, true), Step::Weights, 0);
    HeatmapStyle plain = HeatmapPainter::defaultStyle(masked);
    plain.showValues = false;
    EXPECT_FALSE(HeatmapPainter(masked, plain).paintCellsToImage(image, all, QPoint(0, 0), QSize(8, 8)))
        << "masked cells are hatched by the painter";

    const MatrixSource open(sentenceTrace(6, false), Step::Weights, 0);
    HeatmapStyle withValues = HeatmapPainter::defaultStyle(open);
    withValues.valueFont.setPixelSize(10);
    EXPECT_FALSE(HeatmapPainter(open, withValues).paintCellsToImage(image, all, QPoint(0, 0), QSize(60, 60)))
        << "values in cells are drawn by the painter";

    QImage retina(64, 64, QImage::Format_ARGB32_Premultiplied);
    retina.setDevicePixelRatio(2);
    HeatmapStyle noValues = HeatmapPainter::defaultStyle(open);
    noValues.showValues = false;
    EXPECT_FALSE(HeatmapPainter(open, noValues).paintCellsToImage(retina, all, QPoint(0, 0), QSize(8, 8)))
        << "a device pixel ratio other than 1 goes through the painter";
    EXPECT_EQ(image, before) << "nothing is drawn when the painter is needed";
}

}  // namespace
}  // namespace attnviz::ui
