// The √d_k charts read at every size: their axis labels never run together ("128256 5121024")
// and their legends show every name whole ("poids égau…"), in English and French, in the window
// at 1920 × 1080, 1366 × 768 and 1280 × 720 and in presentation mode. Measured on what Qt Charts
// draws: the label items of each chart's scene, with their font's metrics.
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QRegularExpression>
#include <QScreen>
#include <QTabWidget>
#include <QTextDocument>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using Curve = WhyScaleChart::Curve;

/// A tick label as drawn: its number and where its text's ink is, in scene coordinates.
struct TickLabel {
    QString text;
    QRectF ink;
};

/// The numbers Qt Charts draws on the axes of chart, below the plot (across) or left of it (up).
std::vector<TickLabel> tickLabels(const QChart& chart, bool across) {
    const QRectF plot = chart.mapRectToScene(chart.plotArea());
    const QRegularExpression number(QStringLiteral("^[0-9.]+$"));
    std::vector<TickLabel> labels;
    for (QGraphicsItem* item : chart.scene()->items()) {
        auto* text = dynamic_cast<QGraphicsTextItem*>(item);
        if (text == nullptr || !text->isVisible() || !number.match(text->toPlainText()).hasMatch()) continue;
        // Across: under the plot, from its left edge on; up: wholly left of the plot.
        const QRectF box = text->sceneBoundingRect();
        const bool under = box.center().y() > plot.bottom() && box.center().x() >= plot.left() - 1;
        const bool left = box.right() <= plot.left() + 1;
        if (across ? !under : !left) continue;
        const QFontMetricsF metrics(text->font());
        const QSizeF ink(metrics.horizontalAdvance(text->toPlainText()), metrics.ascent());
        labels.push_back({text->toPlainText(), QRectF(box.center() - QPointF(ink.width() / 2, ink.height() / 2), ink)});
    }
    std::sort(labels.begin(), labels.end(), [&](const TickLabel& a, const TickLabel& b) {
        return across ? a.ink.left() < b.ink.left() : a.ink.top() < b.ink.top();
    });
    return labels;
}

/// Labels one after the other along the axis keep at least gap between their inks.
::testing::AssertionResult apart(const std::vector<TickLabel>& labels, bool across, double gap) {
    if (labels.size() < 2) return ::testing::AssertionFailure() << "fewer than two labels";
    for (std::size_t i = 1; i < labels.size(); ++i) {
        const double between = across ? labels[i].ink.left() - labels[i - 1].ink.right()
                                      : labels[i].ink.top() - labels[i - 1].ink.bottom();
        if (between < gap)
            return ::testing::AssertionFailure() << "\"" << labels[i - 1].text.toStdString() << "\" and \""
                                                 << labels[i].text.toStdString() << "\" are " << between
                                                 << " px apart (at least " << gap << " wanted)";
    }
    return ::testing::AssertionSuccess();
}

QString plainText(const QString& html) {
    QTextDocument document;
    document.setHtml(html);
    return document.toRawText().replace(QChar(0x00a0), QLatin1Char(' '));
}

void expectReadable(const WhyScaleChart& why, const std::string& where) {
    for (const QChart* chart : {why.varianceChart(), why.weightChart()}) {
        const std::vector<TickLabel> across = tickLabels(*chart, true);
        const double digit = QFontMetricsF(why.dKAxis(Curve::VarianceScaled)->labelsFont()).horizontalAdvance(QLatin1Char('0'));
        EXPECT_TRUE(apart(across, true, digit)) << where << ", d_k axis of " << chart->title().toStdString();
        ASSERT_FALSE(across.empty());
        EXPECT_EQ(across.front().text, QStringLiteral("1")) << where;
        EXPECT_EQ(across.back().text, QStringLiteral("1024")) << where << ": the axis ends labelled";
        EXPECT_TRUE(apart(tickLabels(*chart, false), false, 2)) << where << ", vertical axis of " << chart->title().toStdString();
        for (QGraphicsItem* item : chart->scene()->items()) {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
                EXPECT_FALSE(text->toPlainText().contains(QStringLiteral("...")) ||
                             text->toPlainText().contains(QStringLiteral("…")))
                    << where << ": elided \"" << text->toPlainText().toStdString() << "\"";
            }
        }
    }
    // The legends: every series named whole, the label tall enough for its lines, under its chart.
    const auto expectLegend = [&](const QLabel* legend, const QChart* chart, std::initializer_list<Curve> curves) {
        const QString text = plainText(legend->text());
        for (const Curve curve : curves)
            EXPECT_TRUE(text.contains(why.series(curve)->name())) << where << ": " << text.toStdString();
        EXPECT_GE(legend->height(), legend->heightForWidth(legend->width())) << where << ": legend cut";
        const QWidget* view = chart->scene()->views().constFirst();
        EXPECT_GE(legend->mapTo(&why, QPoint(0, 0)).y(), view->mapTo(&why, QPoint(0, view->height())).y())
            << where << ": the legend overlaps its chart";
        EXPECT_LE(legend->mapTo(legend->window(), QPoint(legend->width(), 0)).x(), legend->window()->width())
            << where;
    };
    expectLegend(why.varianceLegend(), why.varianceChart(), {Curve::VarianceUnscaled, Curve::VarianceScaled});
    expectLegend(why.weightLegend(), why.weightChart(), {Curve::MaxWeightUnscaled, Curve::MaxWeightScaled});
    EXPECT_TRUE(plainText(why.weightLegend()->text()).contains(QStringLiteral("1/n"))) << where;
}

TEST(WhyScaleFit, AxisLabelsAndLegendsReadAtEveryWindowSizeInBothLanguages) {
    struct Screen {
        int width, height;
    };
    for (const Screen screen : {Screen{1920, 1080}, Screen{1366, 768}, Screen{1280, 720}})
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("fr")}) {
            ClassroomReset reset;
            MainWindow window;
            window.classroom()->languageAction(language)->trigger();
            deliverLanguageChange();
            window.setGeometry(0, 0, screen.width, screen.height);
            window.show();
            ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
            WhyScaleChart* why = window.classroom()->whyScaleChart();
            window.tabs()->setCurrentWidget(window.classroom()->whyScaleTab());
            ASSERT_TRUE(waitUntil([&] { return why->isReady(); }, 120000));
            QTest::qWait(300);
            const std::string where = QStringLiteral("%1 × %2, %3").arg(screen.width).arg(screen.height).arg(language).toStdString();
            expectReadable(*why, where);

            if (screen.width == 1920) {
                window.classroom()->presentationAction()->trigger();
                ASSERT_TRUE(window.classroom()->presentation()->isActive());
                window.setGeometry(0, 0, 1920, 1080);  // no window manager offscreen: full screen by hand
                QTest::qWait(300);
                expectReadable(*why, where + ", presentation mode");
                window.classroom()->presentation()->leave();
            }
        }
}

TEST(WhyScaleFit, TheTickBaseIsTheSmallestWhoseLabelsStandApart) {
    // d_k from 1 to 1024 (10 powers of 2): labels every power need 10 label pitches, every second
    // power 5, every fifth (32) 2, none between the ends 1.
    EXPECT_EQ(WhyScaleChart::tickBase(600, 50, 10), 2.0) << "600 px hold 10 pitches of 50";
    EXPECT_EQ(WhyScaleChart::tickBase(400, 50, 10), 4.0) << "400 px hold 5 pitches of 50, not 10";
    EXPECT_EQ(WhyScaleChart::tickBase(150, 50, 10), 32.0);
    EXPECT_EQ(WhyScaleChart::tickBase(60, 50, 10), 1024.0) << "only the ends";
    EXPECT_EQ(WhyScaleChart::tickBase(10, 50, 10), 1024.0) << "never fewer than the ends";
}

}  // namespace
}  // namespace attnviz::ui
