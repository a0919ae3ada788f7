// The heatmap's raster paths: cells written straight into a tile image, and cells painted on whole
// pixels, give every pixel the colour of its cell's value (or the background in the gaps), as
// worked out here from the geometry alone.
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

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
QRgb expectedPixel(const MatrixSource& source, const HeatmapStyle& style, QPoint origin, int cellSize, int gap,
                   int x, int y, QRgb untouched) {
    const int u = x - origin.x(), v = y - origin.y();
    if (u < 0 || v < 0 || u >= source.cols() * cellSize || v >= source.rows() * cellSize) return untouched;
    if (u % cellSize >= cellSize - gap || v % cellSize >= cellSize - gap) return style.background.rgba();
    const double value = source.value(v / cellSize, u / cellSize);
    return style.colorMap.colorFor(value, style.scaleMin, style.scaleMax).rgba();
}

void expectCellPixels(const QImage& image, const MatrixSource& source, const HeatmapStyle& style, QPoint origin,
                      int cellSize, QRgb untouched, const char* path) {
    const int gap = cellSize >= 12 ? 1 : 0;
    int wrong = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb expected = expectedPixel(source, style, origin, cellSize, gap, x, y, untouched);
            if (image.pixel(x, y) != expected && ++wrong <= 3)
                ADD_FAILURE() << path << ", cells of " << cellSize << " px at (" << origin.x() << ", " << origin.y()
                              << "): pixel (" << x << ", " << y << ") is " << std::hex << image.pixel(x, y)
                              << ", expected " << expected;
        }
    EXPECT_EQ(wrong, 0) << path << ": wrong pixels, cells of " << std::dec << cellSize << " px";
}

TEST(HeatmapRaster, CellsWrittenIntoAnImageAndPaintedOnWholePixelsHaveTheirValuesColour) {
    const auto trace = sentenceTrace(40, false);
    constexpr QRgb kUntouched = 0xffff00ffu;
    for (const Step step : {Step::Weights, Step::Scores}) {
        const MatrixSource source(trace, step, 0);
        HeatmapStyle style = HeatmapPainter::defaultStyle(source);
        style.showValues = false;
        const HeatmapPainter cells(source, style);
        for (const int cellSize : {4, 5, 11, 12, 13, 24}) {
            for (const QPoint origin : {QPoint(0, 0), QPoint(-37, -5), QPoint(9, 30)}) {
                const CellRange range{0, source.rows(), 0, source.cols()};
                QImage written(150, 120, QImage::Format_ARGB32_Premultiplied);
                written.fill(kUntouched);
                ASSERT_TRUE(cells.paintCellsToImage(written, range, origin, cellSize)) << "cells of " << cellSize;
                expectCellPixels(written, source, style, origin, cellSize, kUntouched, "written");

                QImage painted(150, 120, QImage::Format_ARGB32_Premultiplied);
                painted.fill(kUntouched);
                {
                    QPainter painter(&painted);
                    cells.paintCells(painter, range, QPointF(origin), cellSize);
                }
                expectCellPixels(painted, source, style, origin, cellSize, kUntouched, "painted");
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
    EXPECT_FALSE(HeatmapPainter(masked, plain).paintCellsToImage(image, all, QPoint(0, 0), 8))
        << "masked cells are hatched by the painter";

    const MatrixSource open(sentenceTrace(6, false), Step::Weights, 0);
    HeatmapStyle withValues = HeatmapPainter::defaultStyle(open);
    withValues.valueFont.setPixelSize(10);
    EXPECT_FALSE(HeatmapPainter(open, withValues).paintCellsToImage(image, all, QPoint(0, 0), 60))
        << "values in cells are drawn by the painter";

    QImage retina(64, 64, QImage::Format_ARGB32_Premultiplied);
    retina.setDevicePixelRatio(2);
    HeatmapStyle noValues = HeatmapPainter::defaultStyle(open);
    noValues.showValues = false;
    EXPECT_FALSE(HeatmapPainter(open, noValues).paintCellsToImage(retina, all, QPoint(0, 0), 8))
        << "a device pixel ratio other than 1 goes through the painter";
    EXPECT_EQ(image, before) << "nothing is drawn when the painter is needed";
}

}  // namespace
}  // namespace attnviz::ui
