// "Why √d_k?": the charts draw core's scalingStudy() exactly, the measured variance follows the
// theory (Var(q·k) = d_k), and both charts export as PNG, SVG and PDF.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTabWidget>
#include <QTemporaryDir>

#include <QScrollArea>

#include <gtest/gtest.h>

#include <cmath>

#include "core/labs/ScalingStudy.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/shell/ClassroomActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using Curve = WhyScaleChart::Curve;

class ClassroomWhyScaleTest : public ::testing::Test {
protected:
    void SetUp() override {
        chart.resize(1200, 600);
        chart.show();  // showing it starts the computation
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
        ASSERT_TRUE(waitUntil([this] { return chart.isReady(); }, 120000)) << "the study never finished";
    }

    ClassroomReset reset;
    WhyScaleChart chart;
};

TEST_F(ClassroomWhyScaleTest, TheChartsPointsAreCoresScalingStudy) {
    const std::vector<ScalingPoint> study = scalingStudy(WhyScaleChart::kMaxDk, WhyScaleChart::kSamples,
                                                         WhyScaleChart::kRowLength, WhyScaleChart::kSeed);
    ASSERT_EQ(study.size(), 11U) << "d_k = 1, 2, 4, … 1024";
    const auto check = [&](Curve curve, double ScalingPoint::*field, const char* name) {
        const QList<QPointF> points = chart.series(curve)->points();
        ASSERT_EQ(points.size(), static_cast<qsizetype>(study.size())) << name;
        for (std::size_t i = 0; i < study.size(); ++i) {
            EXPECT_EQ(points[static_cast<qsizetype>(i)].x(), study[i].dK) << name << " point " << i;
            EXPECT_EQ(points[static_cast<qsizetype>(i)].y(), study[i].*field) << name << " at d_k = " << study[i].dK;
        }
    };
    check(Curve::VarianceUnscaled, &ScalingPoint::varianceUnscaled, "variance without scaling");
    check(Curve::VarianceScaled, &ScalingPoint::varianceScaled, "variance with scaling");
    check(Curve::MaxWeightUnscaled, &ScalingPoint::maxWeightUnscaled, "largest weight without scaling");
    check(Curve::MaxWeightScaled, &ScalingPoint::maxWeightScaled, "largest weight with scaling");
    for (Curve curve : {Curve::VarianceUnscaled, Curve::MaxWeightScaled}) {
        const QLogValueAxis* axis = chart.dKAxis(curve);
        EXPECT_EQ(std::exp2(std::round(std::log2(axis->base()))), axis->base()) << "labels on powers of 2";
        EXPECT_EQ(axis->min(), 1.0);
        EXPECT_EQ(axis->max(), 1024.0);
        EXPECT_TRUE(chart.series(curve)->attachedAxes().contains(const_cast<QLogValueAxis*>(axis)));
    }
}

TEST_F(ClassroomWhyScaleTest, TheMeasuredVarianceFollowsTheTheory) {
    // Theory: q and k have independent entries of mean 0 and variance 1, so q·k is a sum of d_k
    // independent products of variance 1: Var(q·k) = d_k, and Var(q·k / √d_k) = 1. A sample
    // variance of N = 4000 values has a relative standard error of about √(2/N) ≈ 2.2 % (√(2.24/N)
    // ≈ 2.4 % for d_k = 1, where a product of two uniforms has a larger kurtosis): 10 % is more
    // than 4 standard errors.
    constexpr double kTolerance = 0.10;
    const QList<QPointF> unscaled = chart.series(Curve::VarianceUnscaled)->points();
    const QList<QPointF> scaled = chart.series(Curve::VarianceScaled)->points();
    ASSERT_EQ(unscaled.size(), 11);
    for (qsizetype i = 0; i < unscaled.size(); ++i) {
        const double dK = std::pow(2.0, static_cast<double>(i));
        EXPECT_NEAR(unscaled[i].y() / dK, 1.0, kTolerance) << "Var(q·k) = " << unscaled[i].y() << " for d_k = " << dK;
        EXPECT_NEAR(scaled[i].y(), 1.0, kTolerance) << "Var(q·k/√d_k) = " << scaled[i].y() << " for d_k = " << dK;
    }
    // Saturation: without scaling the largest of 16 weights goes towards 1; with it, it stays put.
    const QList<QPointF> maxUnscaled = chart.series(Curve::MaxWeightUnscaled)->points();
    const QList<QPointF> maxScaled = chart.series(Curve::MaxWeightScaled)->points();
    EXPECT_GT(maxUnscaled.last().y(), 0.9);
    for (qsizetype i = 1; i < maxUnscaled.size(); ++i) {
        EXPECT_GT(maxUnscaled[i].y(), maxUnscaled[i - 1].y()) << "grows with d_k";
        EXPECT_GT(maxUnscaled[i].y(), maxScaled[i].y());
        EXPECT_LT(maxScaled[i].y(), 0.35);
        EXPECT_GT(maxScaled[i].y(), 1.0 / WhyScaleChart::kRowLength);
    }
}

TEST_F(ClassroomWhyScaleTest, BothChartsExportAsPngSvgAndPdf) {
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QDir dir(folder.path());
    chart.exportImage(dir.filePath(QStringLiteral("why.png")));
    chart.exportImage(dir.filePath(QStringLiteral("why.svg")));
    chart.exportImage(dir.filePath(QStringLiteral("why.pdf")));

    const QImage png(dir.filePath(QStringLiteral("why.png")));
    ASSERT_FALSE(png.isNull()) << "the PNG does not load";
    EXPECT_GE(png.width(), 2 * 600) << "twice the screen size";
    QFile svg(dir.filePath(QStringLiteral("why.svg")));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains("Variance")) << "chart text stays text in the SVG";
    QFile pdf(dir.filePath(QStringLiteral("why.pdf")));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.read(5) == "%PDF-");

    // A failed write names the path and leaves nothing behind.
    EXPECT_THROW(chart.exportImage(dir.filePath(QStringLiteral("missing/why.png"))), std::exception);
    EXPECT_EQ(dir.entryList(QDir::Files | QDir::Hidden).size(), 3);
}

TEST(ClassroomWhyScaleTab, IsATabOfTheWindowWithTheChaptersCaption) {
    ClassroomReset reset;
    MainWindow window;
    WhyScaleChart* chart = window.classroom()->whyScaleChart();
    ASSERT_NE(window.tabs()->indexOf(window.classroom()->whyScaleTab()), -1);
    EXPECT_TRUE(window.classroom()->whyScaleTab()->isAncestorOf(chart)) << "the chart is the tab's page";
    EXPECT_TRUE(chart->caption()->text().contains(QStringLiteral("keeps the variance stable")));
    EXPECT_FALSE(chart->isReady()) << "measured only once shown";
}

}  // namespace
}  // namespace attnviz::ui
