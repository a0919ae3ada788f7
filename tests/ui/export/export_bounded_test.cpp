// Vector figures of large matrices (issue 14): above kLargestVectorCells cells, an SVG or PDF
// embeds the cells as one image in the map's colours instead of one rectangle per cell (which
// grew with n² to gigabytes), and a caption line says so. Memory at 4,096 tokens is measured on
// the program itself in tests/cli/cli_hardening_output_test.cpp.
#include <QByteArray>
#include <QImage>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "core/attention/AttentionTrace.h"
#include "tests/support/PixelColours.h"
#include "ui/export/ExportRequest.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/MatrixSource.h"

using namespace attnviz;
using namespace attnviz::ui;
using attnviz::testing::channelDistance;

namespace {

std::shared_ptr<const AttentionTrace> traceOfWords(int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += (i > 0 ? " w" : "w") + std::to_string(i);
    AttentionConfig config;
    config.mask.causal = true;  // masked cells too
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(text, config));
}

QByteArray exported(const std::shared_ptr<const AttentionTrace>& trace, ExportFormat format) {
    ExportRequest request;
    request.trace = trace;
    request.format = format;
    std::ostringstream out;
    writeExport(request, out);
    return QByteArray::fromStdString(out.str());
}

struct SvgContent {
    QStringList texts;
    QList<QByteArray> images;  ///< the embedded images' bytes
    bool wellFormed = false;
};

SvgContent readSvg(const QByteArray& svg) {
    SvgContent content;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("text")) content.texts << xml.readElementText().simplified();
        if (xml.name() == QLatin1String("image")) {
            const QString href = xml.attributes().value(QStringLiteral("xlink:href")).toString();
            content.images << QByteArray::fromBase64(href.section(QLatin1Char(','), 1).toLatin1());
        }
    }
    content.wellFormed = !xml.hasError();
    return content;
}

}  // namespace

TEST(ExportBounded, ALargeMatrixInSvgIsOneImageInTheMapColoursAndTheFigureSaysSo) {
    const int n = 300;  // 90,000 cells, above the limit of 256²
    const auto trace = traceOfWords(n);
    const SvgContent svg = readSvg(exported(trace, ExportFormat::Svg));
    ASSERT_TRUE(svg.wellFormed);
    ASSERT_EQ(svg.images.size(), 1) << "the cells should be one image";
    EXPECT_TRUE(svg.texts.contains(FigureRenderer::cellsAsImageNote(n, n))) << svg.texts.join(QLatin1Char('|')).toStdString();
    EXPECT_EQ(FigureRenderer::cellsAsImageNote(n, n).toStdString(),
              "300 × 300 cells drawn as one image, without their values, to keep the file small");

    // Whole pixels per cell, each cell in the colour of the core's weight (0 … 1 on the map).
    const QImage image = QImage::fromData(svg.images.front(), "PNG").convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(image.isNull());
    ASSERT_EQ(image.width() % n, 0);
    ASSERT_EQ(image.width(), image.height());
    const int k = image.width() / n;
    const ColorMap map(ColorMap::defaultName(MatrixSource(trace, Step::Weights, 0).kind()));
    const MaskedLook figureMasked;  // figures use the light look
    const QRgb maskedFill = figureMasked.fill.rgb();
    for (const auto& [row, col] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{150, 3},
                                   std::pair{299, 298}, std::pair{299, 299}, std::pair{0, 299}, std::pair{10, 200}}) {
        const QRgb pixel = image.pixel(col * k + k / 2, row * k + k / 2);
        const QRgb expected = trace->mask().isMasked(row, col)
                                  ? maskedFill
                                  : map.rgbAt(map.position(trace->weight(0, row, col), 0.0, 1.0));
        EXPECT_LE(channelDistance(pixel, expected), 1) << "cell (" << row << ", " << col << ")";
    }
}

TEST(ExportBounded, UpToTheLimitTheCellsStayVector) {
    const SvgContent svg = readSvg(exported(traceOfWords(256), ExportFormat::Svg));  // exactly 256² cells
    ASSERT_TRUE(svg.wellFormed);
    EXPECT_TRUE(svg.images.isEmpty());
    for (const QString& text : svg.texts) EXPECT_FALSE(text.contains(QStringLiteral("drawn as one image"))) << text.toStdString();
}

TEST(ExportBounded, ALargeMatrixInPdfIsSmallAndPngIsUnchanged) {
    const auto trace = traceOfWords(600);  // 360,000 cells: a rectangle each would be megabytes of PDF
    const QByteArray pdf = exported(trace, ExportFormat::Pdf);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_LT(pdf.size(), 4 << 20) << "a PDF drawing every cell";
    // A PNG is an image already: it says nothing of the kind.
    ExportRequest request;
    request.trace = trace;
    const MatrixSource source = exportSource(request);
    const FigureRenderer png(source, exportFigureOptions(request, exportPngScale(request, source)));
    EXPECT_FALSE(png.cellsAsImage());
    EXPECT_FALSE(png.caption().contains(QStringLiteral("drawn as one image")));
}
