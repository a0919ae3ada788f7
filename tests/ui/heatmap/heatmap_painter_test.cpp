// HeatmapPainter on a QImage, an SVG generator and a PDF writer, for the chapter's
// "Le chat est assis" with the causal mask.
#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>
#include <QSvgGenerator>

#include <gtest/gtest.h>

#include <cmath>

#include <cstdlib>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "tests/support/PixelColours.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {
namespace {

std::shared_ptr<const AttentionTrace> chatTrace(bool causal) {
    AttentionConfig config;
    config.mask.causal = causal;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", config));
}

using attnviz::testing::channelDistance;
using attnviz::testing::isGrey;

/// A square cell of side px.
QSizeF square(double side) { return {side, side}; }

QFont valueFont() {
    QFont font;
    font.setPointSizeF(12);
    return font;
}

TEST(HeatmapPainter, CellsTakeTheMapColourAndMaskedCellsAreHatched) {
    const auto trace = chatTrace(true);
    ASSERT_EQ(trace->size(), 4) << "Le / chat / est / assis";
    const MatrixSource source(trace, Step::Weights, 0);
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    style.showValues = false;
    const HeatmapPainter painter(source, style);
    constexpr int kCell = 40;
    QImage image(4 * kCell, 4 * kCell, QImage::Format_ARGB32);
    image.fill(Qt::magenta);
    {
        QPainter p(&image);
        painter.paintCells(p, CellRange{0, 4, 0, 4}, QPointF(0, 0), square(kCell));
    }
    const QRgb zero = ColorMap(QStringLiteral("Blues")).colorAt(0).rgb();
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            const QRgb pixel = image.pixel(j * kCell + kCell / 2, i * kCell + kCell / 2);
            if (j <= i) {
                const QRgb expected = ColorMap(QStringLiteral("Blues")).colorAt(trace->weight(0, i, j)).rgb();
                EXPECT_LE(channelDistance(pixel, expected), 2)
                    << "cell (" << i << ", " << j << ") weight " << trace->weight(0, i, j) << ": got "
                    << QColor(pixel).name().toStdString() << ", expected " << QColor(expected).name().toStdString();
            } else {
                EXPECT_TRUE(isGrey(pixel)) << "masked cell (" << i << ", " << j << ") is grey, got "
                                           << QColor(pixel).name().toStdString();
                EXPECT_GT(channelDistance(pixel, zero), 40) << "masked cell (" << i << ", " << j
                                                            << ") must not look like a weight of 0";
            }
        }
    }
    // Across a masked cell both hatch colours show (lines on a background), not a flat fill.
    int background = 0;
    int line = 0;
    for (int y = 2; y < kCell - 2; ++y) {
        for (int x = 2; x < kCell - 2; ++x) {
            const QRgb pixel = image.pixel(3 * kCell + x, 0 * kCell + y);
            if (channelDistance(pixel, HeatmapPainter::hatchBackground().rgb()) <= 2) ++background;
            if (channelDistance(pixel, HeatmapPainter::hatchLine().rgb()) <= 30) ++line;
        }
    }
    EXPECT_GT(background, 200) << "hatch background pixels in masked cell (0, 3)";
    EXPECT_GT(line, 60) << "hatch line pixels in masked cell (0, 3)";
}

TEST(HeatmapPainter, ValuesUseAContrastingColourAndOnlyWhenTheyFit) {
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    style.valueFont = valueFont();
    const HeatmapPainter painter(source, style);
    EXPECT_TRUE(painter.valuesFit(square(64))) << "\"0.00\" in 12 pt fits a 64 px cell";
    EXPECT_FALSE(painter.valuesFit(square(20))) << "\"0.00\" in 12 pt does not fit a 20 px cell";
    EXPECT_FALSE(painter.valuesFit(QSizeF(20, 64))) << "nor a cell 20 px wide, however tall";
    EXPECT_TRUE(painter.valuesFit(QSizeF(64, 24)))
        << "but a cell 24 px tall: 11.7 px digits, a quarter more and 2 × 2 px of padding need 18.6";

    for (const int cell : {64, 20}) {
        QImage image(cell, cell, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter p(&image);
            EXPECT_EQ(painter.paintCells(p, CellRange{0, 1, 0, 1}, QPointF(0, 0), square(cell)), cell == 64 ? 1 : 0)
                << "cells whose value was written, at " << cell << " px";
        }
        // Cell (0, 0) has weight 1 (only key visible from the first query): darkest blue, white text.
        const QRgb fill = ColorMap(QStringLiteral("Blues")).colorAt(1.0).rgb();
        int text = 0;
        for (int y = 0; y < cell - 1; ++y)
            for (int x = 0; x < cell - 1; ++x)
                if (qRed(image.pixel(x, y)) > 200 && qGreen(image.pixel(x, y)) > 200) ++text;
        if (cell == 64)
            EXPECT_GT(text, 20) << "white \"1.00\" drawn on the dark cell";
        else
            EXPECT_EQ(text, 0) << "no text in a 20 px cell";
        EXPECT_EQ(image.pixel(2, 2), fill) << "fill of cell (0, 0) at " << cell << " px";
    }
}

TEST(HeatmapPainter, HiddenRowsShowNeitherValuesNorColoursButKeepTheirMaskedCells) {
    // A predict round hides query rows 1 and 3 of the causal "Le chat est assis".
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    style.valueFont = valueFont();
    style.hiddenRows = {false, true, false, true};
    style.hiddenFill = QColor(0x12, 0x34, 0x56);  // a colour no map gives, to be told apart
    const HeatmapPainter painter(source, style);
    constexpr int kCell = 64;
    ASSERT_TRUE(painter.valuesFit(QSizeF(kCell, kCell)));
    for (const bool direct : {false, true}) {  // painted, and written straight into the image
        QImage image(4 * kCell, 4 * kCell, QImage::Format_ARGB32);
        image.fill(Qt::white);
        if (direct) {
            // The direct path serves plain cells only (no mask, no values): the matrix without the mask.
            HeatmapStyle plain = style;
            plain.showValues = false;
            const MatrixSource unmasked(chatTrace(false), Step::Weights, 0);
            ASSERT_TRUE(
                HeatmapPainter(unmasked, plain).paintCellsToImage(image, CellRange{0, 4, 0, 4}, QPoint(0, 0), QSize(kCell, kCell)));
        } else {
            QPainter p(&image);
            painter.paintCells(p, CellRange{0, 4, 0, 4}, QPointF(0, 0), QSizeF(kCell, kCell));
        }
        for (int row = 0; row < 4; ++row) {
            for (int col = 0; col < 4; ++col) {
                const bool masked = !direct && col > row;
                QSet<QRgb> colours;
                for (int y = row * kCell + 2; y < (row + 1) * kCell - 3; ++y)
                    for (int x = col * kCell + 2; x < (col + 1) * kCell - 3; ++x) colours.insert(image.pixel(x, y));
                const std::string where = std::string(direct ? "direct" : "painted") + " cell (" +
                                          std::to_string(row) + ", " + std::to_string(col) + ")";
                if (style.isHiddenRow(row) && !masked) {
                    EXPECT_EQ(colours, QSet<QRgb>{style.hiddenFill.rgb()}) << where << ": only the neutral fill";
                } else if (style.isHiddenRow(row)) {
                    EXPECT_TRUE(colours.contains(HeatmapPainter::hatchBackground().rgb())) << where << " stays hatched";
                    EXPECT_FALSE(colours.contains(style.hiddenFill.rgb())) << where;
                } else if (!direct && !masked) {
                    EXPECT_GT(colours.size(), 2u) << where << ": its colour and the ink of its number";
                }
            }
        }
    }
}

TEST(HeatmapPainter, ValuesMayShrinkToTheStylesSmallestScaleToFitACell) {
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    style.valueFont = valueFont();
    // A cell 4 px (2 px of padding each side) wider than "0.00" at 90 % of the font: too small at
    // full size.
    QFont ninety = style.valueFont;
    ninety.setPointSizeF(style.valueFont.pointSizeF() * 0.9);
    const QFontMetricsF full(style.valueFont), reduced(ninety);
    const int cell = static_cast<int>(std::ceil(std::max(reduced.horizontalAdvance(QStringLiteral("0.00")),
                                                         reduced.height()))) + 4;
    ASSERT_LT(cell, full.horizontalAdvance(QStringLiteral("0.00")) + 4) << "the full font must not fit";

    style.smallestValueScale = 1;
    EXPECT_FALSE(HeatmapPainter(source, style).valuesFit(square(cell))) << "never smaller than the font at scale 1";
    style.smallestValueScale = 0.8;
    const HeatmapPainter shrinking(source, style);
    ASSERT_TRUE(shrinking.valuesFit(square(cell)));
    const QFont chosen = *shrinking.valueFontFor(square(cell));
    EXPECT_LT(chosen.pointSizeF(), style.valueFont.pointSizeF());
    EXPECT_GE(chosen.pointSizeF(), style.valueFont.pointSizeF() * 0.8 - 1e-9);
    EXPECT_FALSE(shrinking.valuesFit(square(cell * 2 / 3))) << "not below the smallest scale";
    const QSizeF smallest = shrinking.smallestCellForValues();
    EXPECT_TRUE(shrinking.valuesFit(smallest)) << "the smallest cell for values holds them";
    EXPECT_FALSE(shrinking.valuesFit(smallest - QSizeF(1, 0))) << "one pixel narrower does not";
    EXPECT_FALSE(shrinking.valuesFit(smallest - QSizeF(0, 1))) << "one pixel lower does not";

    QImage image(cell, cell, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        shrinking.paintCells(p, CellRange{0, 1, 0, 1}, QPointF(0, 0), square(cell));
    }
    int text = 0;  // white "1.00" on the darkest blue of cell (0, 0)
    for (int y = 0; y < cell - 1; ++y)
        for (int x = 0; x < cell - 1; ++x)
            if (qRed(image.pixel(x, y)) > 200 && qGreen(image.pixel(x, y)) > 200) ++text;
    EXPECT_GT(text, 10) << "the value is drawn in the smaller font";
}

TEST(HeatmapPainter, FigureLayoutPlacesEveryPart) {
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    const HeatmapPainter painter(source, HeatmapPainter::defaultStyle(source));
    const HeatmapLayout layout = painter.figureLayout(square(64), valueFont());
    EXPECT_EQ(layout.grid.size(), QSizeF(4 * 64, 4 * 64)) << "whole grid";
    EXPECT_LE(layout.rowLabels.right(), layout.grid.left()) << "row labels left of the grid";
    EXPECT_LE(layout.rowTitle.right(), layout.rowLabels.left()) << "rows' title left of the labels";
    EXPECT_LE(layout.columnLabels.bottom(), layout.grid.top()) << "column labels above the grid";
    EXPECT_LE(layout.columnTitle.bottom(), layout.columnLabels.top()) << "columns' title above the labels";
    EXPECT_GE(layout.colorBar.left(), layout.grid.right()) << "colour bar right of the grid";
    EXPECT_GE(layout.colorBarLabels.left(), layout.colorBar.right()) << "tick labels right of the bar";
    EXPECT_FALSE(layout.maskedLegend.isEmpty()) << "causal mask: a legend for hatched cells";
    EXPECT_GE(layout.size.width(), layout.colorBarLabels.right()) << "size holds the tick labels";
    EXPECT_GE(layout.size.height(), layout.maskedLegend.bottom()) << "size holds the legend";
    EXPECT_EQ(layout.columnLabelAngle, 0) << "short French words fit 64 px cells in 12 pt, half a line apart";
    EXPECT_EQ(layout.rowLabelStep, 1) << "every row label";

    const HeatmapLayout tiny = painter.figureLayout(square(6), valueFont());
    EXPECT_EQ(tiny.columnLabelAngle, 90) << "labels turned vertical in 6 px cells";
    EXPECT_GT(tiny.rowLabelStep, 1) << "only every k-th row label in 6 px cells";

    const MatrixSource unmasked(chatTrace(false), Step::Weights, 0);
    EXPECT_TRUE(HeatmapPainter(unmasked, HeatmapPainter::defaultStyle(unmasked)).figureLayout(square(48), valueFont())
                    .maskedLegend.isEmpty())
        << "no legend without a mask";
}

TEST(HeatmapPainter, SvgOutputIsVector) {
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    const HeatmapPainter painter(source, HeatmapPainter::defaultStyle(source));
    const QSizeF size = painter.figureLayout(square(48), valueFont()).size;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), size));
    {
        QPainter p(&svg);
        painter.paintFigure(p, square(48), valueFont(), HeatmapPainter::defaultAxisTitles(source), CellIndex{1, 0});
    }
    const QString text = QString::fromUtf8(buffer.data());
    EXPECT_FALSE(text.contains(QStringLiteral("<image"))) << "no embedded bitmap";
    EXPECT_TRUE(text.contains(QStringLiteral("chat"))) << "token labels are text";
    EXPECT_TRUE(text.contains(QStringLiteral("Queries"))) << "rows' title";
    EXPECT_TRUE(text.contains(QStringLiteral("Keys"))) << "columns' title";
    EXPECT_TRUE(text.contains(QStringLiteral("masked"))) << "legend of hatched cells";
    EXPECT_TRUE(text.contains(QStringLiteral("1.00"))) << "values in cells are text";
    EXPECT_TRUE(text.contains(QStringLiteral("#c8c8c8"))) << "hatch background colour";
}

TEST(HeatmapPainter, PdfOutputHasNoBitmap) {
    const auto trace = chatTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    const HeatmapPainter painter(source, HeatmapPainter::defaultStyle(source));
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        const QSizeF size = painter.figureLayout(square(48), valueFont()).size;
        pdf.setPageSize(QPageSize(size * 72.0 / 96.0, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter p(&pdf);
        painter.paintFigure(p, square(48), valueFont(), HeatmapPainter::defaultAxisTitles(source));
    }
    EXPECT_TRUE(buffer.data().startsWith("%PDF")) << "a PDF";
    EXPECT_GT(buffer.data().size(), 1000) << "with content";
    EXPECT_FALSE(buffer.data().contains("/Subtype /Image")) << "no bitmap in the PDF";
}

TEST(HeatmapPainter, SignedMatrixUsesTheDivergingMap) {
    const auto trace = chatTrace(false);
    const MatrixSource source(trace, Step::Scores, 0);
    const HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    EXPECT_EQ(style.colorMap.name(), QStringLiteral("RdBu_r")) << "scores are signed";
    EXPECT_DOUBLE_EQ(style.scaleMin, -style.scaleMax) << "scale centred on 0";
    const AxisTitles titles = HeatmapPainter::defaultAxisTitles(MatrixSource(trace, Step::Q, 0));
    EXPECT_EQ(titles.rows, QStringLiteral("Tokens")) << "Q: rows are tokens";
    EXPECT_EQ(titles.columns, QStringLiteral("Dimensions")) << "Q: columns are dimensions";
}

}  // namespace
}  // namespace attnviz::ui
