// The head view as a figure (HeadViewFigure, writeExport's ExportView::Head): each format parses
// (the PNG loads and shows the heads' colours, the SVG holds the tokens and a line per weight, the
// PDF is a PDF), the heads turned off stay out, and a trace without a stack still exports.
#include <QImage>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <memory>
#include <sstream>

#include "core/attention/AttentionTrace.h"
#include "tests/support/HeadStacks.h"
#include "tests/support/PixelColours.h"
#include "ui/export/ExportRequest.h"
#include "ui/heads/HeadViewFigure.h"

namespace attnviz::ui {
namespace {

using attnviz::testing::channelDistance;
using attnviz::testing::stackOfWeights;

// HeadsPalette's first three colours (Okabe and Ito): heads 1, 2 and 3.
constexpr QRgb kHeadColours[] = {0xE69F00, 0x56B4E9, 0x009E73};

/// Three heads over "le chat dort": head h puts all of query i's weight on key (i + h) mod 3,
/// so each head draws exactly three lines.
std::shared_ptr<const AttentionStack> threeHeads() {
    std::vector<Eigen::MatrixXf> heads;
    for (int h = 0; h < 3; ++h) {
        Eigen::MatrixXf w = Eigen::MatrixXf::Zero(3, 3);
        for (int i = 0; i < 3; ++i) w(i, (i + h) % 3) = 1;
        heads.push_back(w);
    }
    return attnviz::testing::stackOfWeights(std::move(heads), false, {"le", "chat", "dort"});
}

QByteArray exported(const ExportRequest& request) {
    std::ostringstream out;
    writeExport(request, out);
    const std::string bytes = out.str();
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

ExportRequest headRequest(ExportFormat format) {
    ExportRequest request;
    request.view = ExportView::Head;
    request.stack = threeHeads();
    request.format = format;
    return request;
}

bool hasColour(const QImage& image, QRgb colour) {
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (channelDistance(image.pixel(x, y), colour) <= 8) return true;
    return false;
}

TEST(HeadViewExport, APngLoadsAtTheFiguresSizeWithEveryHeadsColour) {
    ExportRequest request = headRequest(ExportFormat::Png);
    request.pngScale = 1;
    const QImage image = QImage::fromData(exported(request), "PNG");
    ASSERT_FALSE(image.isNull()) << "the PNG loads";
    const HeadViewFigure figure(*request.stack, 0, {});
    EXPECT_EQ(image.width(), static_cast<int>(std::ceil(figure.size().width())));
    EXPECT_EQ(image.height(), static_cast<int>(std::ceil(figure.size().height())));
    for (int h = 0; h < 3; ++h) EXPECT_TRUE(hasColour(image, kHeadColours[h])) << "head " << h + 1 << "'s colour";
    EXPECT_EQ(figure.title(), QStringLiteral("Head view — 3 heads"));
}

TEST(HeadViewExport, AHeadTurnedOffIsLeftOutOfTheFigure) {
    ExportRequest request = headRequest(ExportFormat::Png);
    request.pngScale = 1;
    request.visibleHeads = {true, false, true};
    const QImage image = QImage::fromData(exported(request), "PNG");
    ASSERT_FALSE(image.isNull());
    EXPECT_TRUE(hasColour(image, kHeadColours[0]));
    EXPECT_FALSE(hasColour(image, kHeadColours[1])) << "head 2 is off: neither its lines nor its legend";
    EXPECT_TRUE(hasColour(image, kHeadColours[2]));
}

TEST(HeadViewExport, AnSvgHoldsTheTokensTheLegendAndALinePerWeight) {
    const QString svg = QString::fromUtf8(exported(headRequest(ExportFormat::Svg)));
    ASSERT_TRUE(svg.startsWith(QStringLiteral("<?xml"))) << svg.left(80).toStdString();
    EXPECT_TRUE(svg.contains(QStringLiteral("<title>Head view — 3 heads</title>"))) << "the title";
    for (const char* token : {">le<", ">chat<", ">dort<"})
        EXPECT_EQ(svg.count(QString::fromUtf8(token)), 2) << token << " once per column";
    for (const char* head : {">head 1<", ">head 2<", ">head 3<"}) EXPECT_TRUE(svg.contains(QString::fromUtf8(head)));
    // Each head's three lines of weight 1 are one polyline stroke each, in the head's colour.
    EXPECT_EQ(svg.count(QRegularExpression(QStringLiteral("<polyline[^>]*>"))), 9) << "nine lines in all";
    for (int h = 0; h < 3; ++h) {
        const QString stroke = QStringLiteral("stroke=\"#%1\"").arg(kHeadColours[h] & 0xFFFFFF, 6, 16, QLatin1Char('0'));
        EXPECT_TRUE(svg.contains(stroke)) << "head " << h + 1 << " strokes " << stroke.toStdString();
    }
}

TEST(HeadViewExport, APdfIsAPdf) {
    const QByteArray pdf = exported(headRequest(ExportFormat::Pdf));
    EXPECT_TRUE(pdf.startsWith("%PDF-")) << pdf.left(8).toStdString();
    EXPECT_TRUE(pdf.trimmed().endsWith("%%EOF"));
}

TEST(HeadViewExport, ATraceWithoutAStackExportsItsHeads) {
    AttentionConfig config;
    config.heads = 2;
    ExportRequest request;
    request.view = ExportView::Head;
    request.trace = std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", config));
    request.format = ExportFormat::Png;
    request.pngScale = 1;
    const QImage image = QImage::fromData(exported(request), "PNG");
    ASSERT_FALSE(image.isNull());
    EXPECT_TRUE(hasColour(image, kHeadColours[0]));
    EXPECT_TRUE(hasColour(image, kHeadColours[1]));
}

}  // namespace
}  // namespace attnviz::ui
