// The one export request (ui/export/ExportRequest.h) that the export dialog and `attnviz export`
// both use: the format's names, every format written from one request and read back equal to
// the trace, the figure's look as asked, the PNG's resolution, and the same bytes on a stream
// (the clipboard) as in the file.
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <sstream>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "core/io/AtomicFile.h"
#include "tests/support/EigenAssertions.h"
#include "ui/export/ExportRequest.h"
#include "ui/heatmap/ColorMap.h"

using namespace attnviz;
using namespace attnviz::ui;

namespace {

std::shared_ptr<const AttentionTrace> twoHeadsCausal(const std::string& sentence = "The cat is sitting on the mat") {
    AttentionConfig config;
    config.heads = 2;
    config.mask.causal = true;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(sentence, config));
}

std::string pathIn(const QTemporaryDir& folder, const char* name) {
    return folder.filePath(QString::fromLatin1(name)).toStdString();
}

}  // namespace

TEST(ExportRequest, FormatsAreNamedByTheirSuffixInAnyCase) {
    EXPECT_EQ(exportFormatFromName(QStringLiteral("png")), ExportFormat::Png);
    EXPECT_EQ(exportFormatFromName(QStringLiteral("SVG")), ExportFormat::Svg);
    EXPECT_EQ(exportFormatFromName(QStringLiteral("Pdf")), ExportFormat::Pdf);
    EXPECT_EQ(exportFormatFromName(QStringLiteral("csv")), ExportFormat::Csv);
    EXPECT_EQ(exportFormatFromName(QStringLiteral("JSON")), ExportFormat::Json);
    for (const char* other : {"attnviz", "bmp", "", "png ", ".png", "jpeg"})
        EXPECT_FALSE(exportFormatFromName(QString::fromLatin1(other))) << '"' << other << '"';
    for (const ExportFormat format :
         {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json})
        EXPECT_EQ(exportFormatFromName(exportFormatSuffix(format)), format) << exportFormatSuffix(format).toStdString();
    EXPECT_TRUE(isFigureFormat(ExportFormat::Pdf));
    EXPECT_FALSE(isFigureFormat(ExportFormat::Csv));
}

TEST(ExportRequest, EveryFormatWritesTheRequestedStepAndHead) {
    const auto trace = twoHeadsCausal();
    QTemporaryDir folder;
    ExportRequest request;
    request.trace = trace;
    request.step = Step::Scores;
    request.head = 1;

    request.format = ExportFormat::Csv;
    request.path = pathIn(folder, "scores.csv");
    exportFile(request);
    EXPECT_EIGEN_NEAR(readMatrixCsv(readFileBytes(request.path)).values, trace->matrix(Step::Scores, 1), 0, 0);

    request.format = ExportFormat::Json;
    request.path = pathIn(folder, "trace.json");
    exportFile(request);
    const TraceDocument document = loadTraceJson(request.path);
    ASSERT_EQ(document.heads.size(), 2u);
    EXPECT_EIGEN_NEAR(document.heads[1].scores, trace->matrix(Step::Scores, 1), 0, 0) << "JSON holds every step";

    request.format = ExportFormat::Svg;
    request.path = pathIn(folder, "scores.svg");
    exportFile(request);
    const std::string svg = readFileBytes(request.path);
    EXPECT_NE(svg.find(">Scores QKᵀ — head 2</text>"), std::string::npos) << "the second head is head 2";

    request.format = ExportFormat::Pdf;
    request.path = pathIn(folder, "scores.pdf");
    exportFile(request);
    EXPECT_EQ(readFileBytes(request.path).substr(0, 5), "%PDF-");

    request.format = ExportFormat::Png;
    request.path = pathIn(folder, "scores.png");
    request.pngScale = 300.0 / 96.0;
    exportFile(request);
    const QImage png(QString::fromStdString(request.path.string()));
    ASSERT_FALSE(png.isNull());
    EXPECT_NEAR(png.dotsPerMeterX() * 0.0254, 300, 0.5) << "the PNG records its resolution";
    EXPECT_EQ(png.text(QStringLiteral("Title")), QStringLiteral("Scores QKᵀ — head 2"));
}

TEST(ExportRequest, TheFigureLooksAsAsked) {
    const auto trace = twoHeadsCausal();
    QTemporaryDir folder;
    ExportRequest request;
    request.trace = trace;
    request.head = 0;
    request.title = QStringLiteral("Figure 2 — « le chat »");
    request.colormap = QStringLiteral("viridis");
    request.showValues = false;
    request.showCaption = false;
    request.pngScale = 1;
    request.path = pathIn(folder, "f.png");
    exportFile(request);
    const QImage png(QString::fromStdString(request.path.string()));
    ASSERT_FALSE(png.isNull());
    EXPECT_EQ(png.text(QStringLiteral("Title")), request.title);
    EXPECT_TRUE(png.text(QStringLiteral("Description")).isEmpty()) << "no caption asked for";

    // Each visible cell's centre has viridis' colour of the core's weight (0 … 1).
    const MatrixSource source = exportSource(request);
    const FigureRenderer figure(source, exportFigureOptions(request, 1));
    ASSERT_EQ(png.width(), static_cast<int>(std::ceil(figure.size().width() - 1e-9)));
    const ColorMap viridis(QStringLiteral("viridis"));
    for (int row = 0; row < trace->size(); ++row)
        for (int col = 0; col <= row; ++col) {
            const QPointF centre = figure.cellRect(row, col).center();
            const QRgb pixel = png.pixel(static_cast<int>(centre.x()), static_cast<int>(centre.y()));
            const QRgb expected = viridis.rgbAt(viridis.position(trace->weight(0, row, col), 0, 1));
            EXPECT_LE(std::max({std::abs(qRed(pixel) - qRed(expected)), std::abs(qGreen(pixel) - qGreen(expected)),
                                std::abs(qBlue(pixel) - qBlue(expected))}),
                      1)
                << "cell (" << row << ", " << col << ")";
        }
}

TEST(ExportRequest, WithoutAScaleAPngIs192DpiUnlessTheFigureIsLarge) {
    QTemporaryDir folder;
    ExportRequest request;
    request.trace = twoHeadsCausal();
    request.path = pathIn(folder, "small.png");
    exportFile(request);
    EXPECT_NEAR(QImage(QString::fromStdString(request.path.string())).dotsPerMeterX() * 0.0254, 192, 0.5);

    QStringList words;
    for (int i = 0; i < 300; ++i) words << QStringLiteral("w%1").arg(i);
    request.trace = twoHeadsCausal(words.join(QLatin1Char(' ')).toStdString());
    request.path = pathIn(folder, "large.png");
    exportFile(request);
    const QImage large(QString::fromStdString(request.path.string()));
    ASSERT_FALSE(large.isNull());
    EXPECT_LE(std::max(large.width(), large.height()), 2048) << "a page's width at 300 dpi";
    EXPECT_LT(large.dotsPerMeterX() * 0.0254, 192);
}

TEST(ExportRequest, AStreamGetsTheFilesBytes) {
    QTemporaryDir folder;
    ExportRequest request;
    request.trace = twoHeadsCausal();
    request.step = Step::Weights;
    request.head = kAllHeads;
    for (const ExportFormat format : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Csv, ExportFormat::Json}) {
        request.format = format;
        request.path = pathIn(folder, "f");
        exportFile(request);
        std::ostringstream out;
        writeExport(request, out);
        EXPECT_TRUE(out.str() == readFileBytes(request.path)) << exportFormatSuffix(format).toStdString();
    }
}

TEST(ExportRequest, NoTraceIsRefusedWithAMessage) {
    ExportRequest request;
    std::ostringstream out;
    try {
        writeExport(request, out);
        ADD_FAILURE() << "no Error";
    } catch (const Error& error) {
        EXPECT_STREQ(error.what(), "there is nothing to export yet");
    }
    EXPECT_TRUE(out.str().empty());
}
