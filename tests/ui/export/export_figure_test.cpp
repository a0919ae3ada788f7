// Standalone figures as PNG, SVG and PDF: every cell has the colour map's colour for the core's
// weight, masked cells are hatched, text stays text in vector formats, the PDF is one page of
// the figure's size, and a failed write leaves nothing behind.
#include <QBuffer>
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/io/AtomicFile.h"
#include "tests/support/PixelColours.h"
#include "tests/support/SvgDocument.h"
#include "ui/export/ExportRequest.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/MatrixSource.h"

using namespace attnviz;
using namespace attnviz::ui;
using attnviz::testing::channelDistance;

namespace {

const std::string kSentence = "Le chat est assis sur le tapis de l’élève";

std::shared_ptr<const AttentionTrace> makeTrace(bool causal, int heads = 1) {
    AttentionConfig config;
    config.mask.causal = causal;
    config.heads = heads;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(kSentence, config));
}

bool isHatchColour(QRgb pixel) {
    // Hatch background (200, 200, 200), hatch lines (105, 105, 105), and the antialiased greys
    // between them: always neutral grey.
    return qRed(pixel) == qGreen(pixel) && qGreen(pixel) == qBlue(pixel) && qRed(pixel) >= 100 && qRed(pixel) <= 205;
}

QImage decodePng(const QByteArray& png) {
    QImage image;
    image.loadFromData(png, "PNG");
    return image;
}

/// Checks the pixel at offset (in device pixels from the cell's top-left corner, or its centre
/// when centre is true) of every cell.
/// low … high: the weights the map's ends stand for (0 … 1, or the matrix's own range).
void expectCellColours(const FigureRenderer& figure, const QImage& image, double scale, bool centre, double low = 0.0,
                       double high = 1.0) {
    const MatrixSource& source = figure.source();
    const ColorMap map(ColorMap::defaultName(source.kind()));
    int checked = 0, masked = 0;
    for (int row = 0; row < source.rows(); ++row) {
        for (int col = 0; col < source.cols(); ++col) {
            const QRectF cell = figure.cellRect(row, col);
            const QPointF at = centre ? cell.center() * scale : cell.topLeft() * scale + QPointF(2.5, 2.5);
            const QRgb pixel = image.pixel(static_cast<int>(at.x()), static_cast<int>(at.y()));
            if (source.trace().mask().isMasked(row, col)) {
                EXPECT_TRUE(isHatchColour(pixel)) << "masked cell (" << row << ", " << col << ") is not hatched: "
                                                  << std::hex << pixel;
                ++masked;
                continue;
            }
            const double weight = source.trace().weight(0, row, col);  // the core's number
            const QRgb expected = map.rgbAt(map.position(weight, low, high));
            EXPECT_LE(channelDistance(pixel, expected), 1)
                << "cell (" << row << ", " << col << ") weight " << weight << ": pixel " << std::hex << pixel
                << " expected " << expected;
            ++checked;
        }
    }
    EXPECT_GT(checked, 0);
    EXPECT_EQ(masked + checked, source.rows() * source.cols());
}

}  // namespace

TEST(ExportFigure, PngCellCentresHaveTheMapColourOfTheCoreWeight) {
    const auto trace = makeTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    for (const double scale : {1.0, 2.0, 300.0 / 96.0}) {
        FigureOptions options;
        options.showValues = false;
        options.pixelAlignment = scale;
        const FigureRenderer figure(source, options);
        const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, scale));
        ASSERT_FALSE(image.isNull()) << "scale " << scale;
        EXPECT_EQ(image.width(), static_cast<int>(std::ceil(figure.size().width() * scale - 1e-9)));
        expectCellColours(figure, image, scale, true);
    }
}

TEST(ExportFigure, WithTheDataRangeTheLargestWeightIsTheDarkestColour) {
    const auto trace = makeTrace(false);
    SourceOptions data;
    data.weightsRange = WeightsRange::Data;
    const MatrixSource source(trace, Step::Weights, 0, data);
    // The range comes from the core's weights, found here independently of the source.
    double low = 1, high = 0;
    for (int i = 0; i < trace->size(); ++i)
        for (int j = 0; j < trace->size(); ++j) {
            low = std::min(low, trace->weight(0, i, j));
            high = std::max(high, trace->weight(0, i, j));
        }
    ASSERT_LT(high, 1.0);
    EXPECT_EQ(source.scaleMin(), low);
    EXPECT_EQ(source.scaleMax(), high);
    FigureOptions options;
    options.showValues = false;
    options.pixelAlignment = 2;
    const FigureRenderer figure(source, options);
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, 2));
    ASSERT_FALSE(image.isNull());
    expectCellColours(figure, image, 2, true, low, high);

    // One token: every weight is 1, no range to spread: the colours stay 0 … 1.
    const auto single = std::make_shared<const AttentionTrace>(AttentionTrace::compute("seul", AttentionConfig{}));
    const MatrixSource one(single, Step::Weights, 0, data);
    EXPECT_EQ(one.scaleMin(), 0.0);
    EXPECT_EQ(one.scaleMax(), 1.0);
}

TEST(ExportFigure, WithValuesTheCellCornersKeepTheMapColour) {
    const auto trace = makeTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    FigureOptions options;
    options.pixelAlignment = 2;
    const FigureRenderer figure(source, options);
    ASSERT_TRUE(figure.valuesShown()) << "values should fit in a 10-token figure";
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, 2));
    ASSERT_FALSE(image.isNull());
    expectCellColours(figure, image, 2, false);
    // And the centres do carry text: some centre pixels differ from the fill.
    int differing = 0;
    const ColorMap map(QStringLiteral("Blues"));
    for (int row = 0; row < source.rows(); ++row) {
        const QPointF c = figure.cellRect(row, 0).center() * 2;
        const QRgb fill = map.rgbAt(map.position(trace->weight(0, row, 0), 0, 1));
        for (int dx = -6; dx <= 6; ++dx)
            differing += channelDistance(image.pixel(static_cast<int>(c.x()) + dx, static_cast<int>(c.y())), fill) > 40;
    }
    EXPECT_GT(differing, 0) << "no value text was drawn";
}

TEST(ExportFigure, PngRecordsItsResolution) {
    const auto trace = makeTrace(false);
    const MatrixSource source(trace, Step::Weights, 0);
    FigureOptions options;
    options.pixelAlignment = 300.0 / 96.0;
    const FigureRenderer figure(source, options);
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, 300.0 / 96.0));
    ASSERT_FALSE(image.isNull());
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 300.0, 0.5);
    EXPECT_NEAR(image.dotsPerMeterY() * 0.0254, 300.0, 0.5);
}

TEST(ExportFigure, SignedStepsUseTheDivergingMapCentredOnZero) {
    const auto trace = makeTrace(false);
    const MatrixSource source(trace, Step::Scores, 0);
    FigureOptions options;
    options.showValues = false;
    options.pixelAlignment = 1;
    const FigureRenderer figure(source, options);
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, 1));
    const ColorMap map(QStringLiteral("RdBu_r"));
    const Eigen::MatrixXd scores = trace->matrix(Step::Scores, 0);
    const double m = scores.cwiseAbs().maxCoeff();
    for (int row = 0; row < source.rows(); ++row)
        for (int col = 0; col < source.cols(); ++col) {
            const QPointF c = figure.cellRect(row, col).center();
            EXPECT_LE(channelDistance(image.pixel(static_cast<int>(c.x()), static_cast<int>(c.y())),
                                     map.rgbAt(map.position(scores(row, col), -m, m))),
                      1)
                << row << ", " << col;
        }
}

TEST(ExportFigure, TitleAndCaptionSayWhatTheFigureShows) {
    const auto trace = makeTrace(true, 2);
    const MatrixSource weights(trace, Step::Weights, 0);
    const FigureRenderer figure(weights, FigureOptions{});
    EXPECT_EQ(figure.title(), QStringLiteral("Attention weights — head 1"))
        << "the first head is head 1, as in the window";
    const QString caption = figure.caption();
    for (const char* part : {"n = 10", "d_model = 8", "2 heads (head 1 shown)", "d_k = 4", "scaled by √d_k", "T = 1",
                             "mask: causal", "seed 42"})
        EXPECT_TRUE(caption.contains(QString::fromUtf8(part))) << part << " not in " << caption.toStdString();
    const MatrixSource secondScores(trace, Step::Scores, 1);
    const FigureRenderer second(secondScores, FigureOptions{});
    EXPECT_EQ(second.title(), QStringLiteral("Scores QKᵀ — head 2"));
    EXPECT_TRUE(second.caption().contains(QStringLiteral("2 heads (head 2 shown)"))) << second.caption().toStdString();

    EXPECT_EQ(FigureRenderer::defaultTitle(Step::Weights, kAllHeads, 1), QStringLiteral("Attention weights — head 1"))
        << "the mean of one head is that head";
    EXPECT_EQ(FigureRenderer::defaultTitle(Step::Weights, kAllHeads, 2), QStringLiteral("Attention weights — mean of 2 heads"));
    EXPECT_EQ(FigureRenderer::defaultTitle(Step::Q, kAllHeads, 2), QStringLiteral("Queries Q — all 2 heads"));
    EXPECT_EQ(FigureRenderer::defaultTitle(Step::X, 0, 1), QStringLiteral("Input X (embeddings + positions)"));

    FigureOptions custom;
    custom.title = QStringLiteral("Figure 3 — « le chat »");
    custom.showCaption = false;
    const FigureRenderer titled(weights, custom);
    EXPECT_EQ(titled.title(), custom.title);
    EXPECT_TRUE(titled.caption().isEmpty());
    EXPECT_LT(titled.size().height(), figure.size().height());
}

TEST(ExportFigure, SvgIsXmlWithEveryLabelAsTextAndNoBitmap) {
    const auto trace = makeTrace(true);
    for (const Step step : {Step::Weights, Step::Scores, Step::K}) {
        const MatrixSource source(trace, step, 0);
        const FigureRenderer figure(source, FigureOptions{});
        const QByteArray svg = encodeFigure(figure, ExportFormat::Svg);
        const attnviz::ui::testing::SvgDocument document = attnviz::ui::testing::readSvg(svg);
        const QStringList& texts = document.texts;
        EXPECT_TRUE(document.wellFormed) << stepName(step);
        EXPECT_EQ(document.images, 0) << "an SVG figure must stay vector";
        EXPECT_TRUE(texts.contains(figure.title())) << stepName(step);
        for (const Token& token : trace->tokens())
            EXPECT_TRUE(texts.contains(QString::fromStdString(token.text))) << stepName(step) << ": " << token.text;
        for (const QString& label : source.colLabels()) EXPECT_TRUE(texts.contains(label)) << label.toStdString();
    }
}

TEST(ExportFigure, PdfIsOnePageOfTheFigureSizeWithTheLabelsAsText) {
    const auto trace = makeTrace(true);
    const MatrixSource source(trace, Step::Weights, 0);
    const FigureRenderer figure(source, FigureOptions{});
    const QByteArray pdf = encodeFigure(figure, ExportFormat::Pdf);
    ASSERT_TRUE(pdf.startsWith("%PDF-"));
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("f.pdf"));
    writeFileAtomically(path.toStdString(), std::string_view(pdf.constData(), static_cast<std::size_t>(pdf.size())));

    QProcess info;
    info.start(QStringLiteral("pdfinfo"), {path});
    ASSERT_TRUE(info.waitForFinished(30000));
    const QString infoText = QString::fromUtf8(info.readAllStandardOutput());
    EXPECT_TRUE(infoText.contains(QStringLiteral("Pages:           1\n"))) << infoText.toStdString();
    // Whole points, rounded up: the page holds the whole figure and its margins with less than a
    // point to spare.
    const double widthPt = std::ceil((figure.size().width() + 2 * kPdfPageMargin) * 72.0 / 96.0);
    const double heightPt = std::ceil((figure.size().height() + 2 * kPdfPageMargin) * 72.0 / 96.0);
    const QString expectedSize = QStringLiteral("Page size:       %1 x %2 pts").arg(widthPt).arg(heightPt);
    EXPECT_TRUE(infoText.contains(expectedSize)) << infoText.toStdString() << "expected " << expectedSize.toStdString();

    QProcess text;
    text.start(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), path, QStringLiteral("-")});
    ASSERT_TRUE(text.waitForFinished(30000));
    const QString words = QString::fromUtf8(text.readAllStandardOutput());
    for (const Token& token : trace->tokens())
        EXPECT_TRUE(words.contains(QString::fromStdString(token.text))) << token.text << " not in\n" << words.toStdString();
    EXPECT_TRUE(words.contains(QStringLiteral("Attention weights"))) << words.toStdString();
}

TEST(ExportFigure, LargeMatricesStayLegible) {
    QStringList words;
    for (int i = 0; i < 300; ++i) words << QStringLiteral("w%1").arg(i);
    const auto trace = std::make_shared<const AttentionTrace>(
        AttentionTrace::compute(words.join(QLatin1Char(' ')).toStdString(), AttentionConfig{}));
    const MatrixSource source(trace, Step::Weights, 0);
    FigureOptions options;
    options.pixelAlignment = 2;
    const FigureRenderer figure(source, options);
    EXPECT_FALSE(figure.valuesShown()) << "300 × 300 values cannot fit";
    EXPECT_GE(figure.cellSize() * 2, 1.0) << "a cell is at least one device pixel";
    EXPECT_LE(figure.gridRect().width(), 1100);
    EXPECT_DOUBLE_EQ(std::round(figure.gridRect().left() * 2), figure.gridRect().left() * 2)
        << "cells start on a whole device pixel";
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, 2));
    ASSERT_FALSE(image.isNull());
    // A row label is drawn whole even though it is taller than its cell: some dark pixels lie
    // more than a cell above and below the label's centre line.
    const QRectF grid = figure.gridRect();
    const double centre = (grid.top() + 0.5 * figure.cellSize()) * 2;
    int darkAbove = 0, darkBelow = 0;
    for (int x = 0; x < static_cast<int>(grid.left() * 2) - 2; ++x) {
        darkAbove += qGray(image.pixel(x, static_cast<int>(centre) - 6)) < 100;
        darkBelow += qGray(image.pixel(x, static_cast<int>(centre) + 6)) < 100;
    }
    EXPECT_GT(darkAbove + darkBelow, 0) << "the first row label is clipped to its cell";
}

TEST(ExportFigure, DefaultPngScaleKeepsLargeFiguresWithinAPage) {
    EXPECT_DOUBLE_EQ(defaultPngScale(QSizeF(600, 500)), kDefaultPngScale);
    EXPECT_DOUBLE_EQ(defaultPngScale(QSizeF(2000, 1800)), kDefaultPngLongestSide / 2000);
    EXPECT_DOUBLE_EQ(defaultPngScale(QSizeF(5000, 100)), 1.0);
}

TEST(ExportFigure, FailedWriteThrowsAndLeavesNothing) {
    ExportRequest request;
    request.trace = makeTrace(false);
    QTemporaryDir folder;
    request.path = (folder.path() + QStringLiteral("/no/such/f.png")).toStdString();
    try {
        exportFile(request);
        ADD_FAILURE() << "no IoError";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("does not exist"), std::string::npos) << error.what();
    }
    EXPECT_TRUE(QDir(folder.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).isEmpty());

    request.path = (folder.path() + QStringLiteral("/keep.svg")).toStdString();
    writeFileAtomically(request.path, std::string_view("old"));
    request.format = ExportFormat::Svg;
    exportFile(request);
    EXPECT_NE(readFileBytes(request.path), "old");
    EXPECT_EQ(QDir(folder.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).size(), 1);
}

namespace {

/// Rows [top, bottom) of image that hold ink (a pixel darker than light grey), as bands of
/// consecutive rows: {first row, last row} each.
std::vector<std::pair<int, int>> inkBands(const QImage& image, int top, int bottom) {
    std::vector<std::pair<int, int>> bands;
    for (int y = std::max(0, top); y < std::min(bottom, image.height()); ++y) {
        bool ink = false;
        for (int x = 0; x < image.width() && !ink; ++x) ink = qGray(image.pixel(x, y)) < 200;
        if (!ink) continue;
        if (!bands.empty() && bands.back().second == y - 1)
            bands.back().second = y;
        else
            bands.emplace_back(y, y);
    }
    return bands;
}

/// The box of every pixel darker than light grey.
QRect inkBox(const QImage& image) {
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 200) box |= QRect(x, y, 1, 1);
    return box;
}

}  // namespace

TEST(ExportFigure, CaptionLinesAreSpacedApart) {
    // Two heads, the causal mask and a window: a caption of three lines.
    AttentionConfig config;
    config.heads = 2;
    config.mask.causal = true;
    config.mask.window = 3;
    config.mask.globalTokens = {0, 4};
    const auto trace = std::make_shared<const AttentionTrace>(AttentionTrace::compute(kSentence, config));
    const MatrixSource source(trace, Step::Weights, 0);
    constexpr double kScale = 2;
    FigureOptions options;
    options.pixelAlignment = kScale;
    const FigureRenderer figure(source, options);
    const std::vector<QRectF> lines = figure.captionLineRects();
    ASSERT_GE(lines.size(), 2u) << figure.caption().toStdString();
    const QImage image = decodePng(encodeFigure(figure, ExportFormat::Png, kScale));
    // Measured in the pixels: one band of ink per line, and between two lines at least a quarter
    // of the caption's 11-pixel text of blank rows (they touched before: no blank row at all).
    const auto bands = inkBands(image, static_cast<int>(lines.front().top() * kScale) - 2,
                                static_cast<int>(lines.back().bottom() * kScale) + 2);
    ASSERT_EQ(bands.size(), lines.size()) << "one band of ink per caption line";
    for (std::size_t i = 1; i < bands.size(); ++i)
        EXPECT_GE(bands[i].first - bands[i - 1].second - 1, 0.25 * 11 * kScale)
            << "blank rows between caption lines " << i << " and " << i + 1;
}

TEST(ExportFigure, RandomWeightsAreSaidToBeUntrainedInTheCaption) {
    const auto random = makeTrace(false);
    EXPECT_TRUE(FigureRenderer::settingsCaption(*random, Step::Weights, 0).contains(QStringLiteral("untrained random W")));
    AttentionConfig config = random->config();
    config.preset = ProjectionPreset::Identity;
    const AttentionTrace identity = AttentionTrace::compute(kSentence, config);
    EXPECT_FALSE(FigureRenderer::settingsCaption(identity, Step::Weights, 0).contains(QStringLiteral("untrained")));
}

TEST(ExportFigure, ThePdfHasAQuarterInchMarginAroundEverything) {
    for (const bool causal : {false, true}) {
        const auto trace = makeTrace(causal, 2);
        const MatrixSource source(trace, Step::Weights, 0);
        const FigureRenderer figure(source, FigureOptions{});
        QTemporaryDir folder;
        const QString pdf = folder.filePath(QStringLiteral("f.pdf"));
        const QByteArray bytes = encodeFigure(figure, ExportFormat::Pdf);
        writeFileAtomically(pdf.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        // The page as a PDF reader draws it, at 96 dpi (one pixel per figure unit).
        QProcess render;
        render.start(QStringLiteral("pdftoppm"),
                     {QStringLiteral("-r"), QStringLiteral("96"), QStringLiteral("-png"), QStringLiteral("-singlefile"), pdf,
                      folder.filePath(QStringLiteral("page"))});
        ASSERT_TRUE(render.waitForFinished(30000));
        const QImage page(folder.filePath(QStringLiteral("page.png")));
        ASSERT_FALSE(page.isNull()) << "pdftoppm wrote no page";
        const QRect ink = inkBox(page);
        // A quarter inch is 24 pixels at 96 dpi; a glyph's side bearing may give a pixel or two.
        EXPECT_GE(ink.left(), 20) << "left margin";
        EXPECT_GE(ink.top(), 20) << "top margin";
        EXPECT_GE(page.width() - 1 - ink.right(), 20) << "right margin";
        EXPECT_GE(page.height() - 1 - ink.bottom(), 20) << "bottom margin, under the caption";
    }
}
