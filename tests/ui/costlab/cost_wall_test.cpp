// The quadratic wall in the window: a small live run fills both charts with one point per kernel
// and n and writes the slopes on the curves; Cancel stops a long run; a plan that would not fit
// is refused with its number and starts nothing; the charts and the CSV export.
#include <QChart>
#include <QFont>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <chrono>

#include "core/io/AtomicFile.h"
#include "tests/support/TempFolder.h"
#include "ui/costlab/CostLabPanel.h"
#include "ui/costlab/CostWallCharts.h"
#include "ui/costlab/CostWallPanel.h"
#include "ui/export/FilePath.h"

namespace attnviz::ui {
namespace {

const std::vector<CostKernel> kSmallKernels = {CostKernel::Naive, CostKernel::Flash, CostKernel::Linear};

/// A panel set to naive, Flash and linear at n = 64, 128, 256 (d 16, one repeat), shown.
struct SmallRun {
    CostWallPanel panel;
    SmallRun() {
        panel.resize(1400, 800);
        panel.setKernels(kSmallKernels);
        panel.setSizeRange(64, 256);
        panel.setD(16);
        panel.setRepeats(1);
        panel.show();
    }
    bool runToTheEnd() {
        QSignalSpy finished(&panel, &CostWallPanel::finished);
        return panel.run() && finished.wait(60000);
    }
};

TEST(CostWall, ASmallRunFillsTheChartsPointByPoint) {
    SmallRun run;
    ASSERT_TRUE(run.runToTheEnd());
    const CostWallCharts* charts = run.panel.charts();
    EXPECT_EQ(charts->points().size(), 9u);
    for (const CostKernel kernel : kSmallKernels) {
        const QLineSeries* time = charts->timeSeries(kernel);
        ASSERT_NE(time, nullptr);
        ASSERT_EQ(time->count(), 3) << costKernelName(kernel);
        EXPECT_EQ(time->at(0).x(), 64);
        EXPECT_EQ(time->at(1).x(), 128);
        EXPECT_EQ(time->at(2).x(), 256);
        EXPECT_TRUE(charts->timeSlopeLabel(kernel).startsWith(QStringLiteral("slope ≈ "))) << costKernelName(kernel);
    }
    EXPECT_EQ(charts->timeSeries(CostKernel::Exact), nullptr) << "not chosen";
    EXPECT_EQ(run.panel.progress()->value(), 9);
    EXPECT_TRUE(run.panel.status()->text().startsWith(QStringLiteral("Done: 9 points"))) << run.panel.status()->text().toStdString();
    EXPECT_TRUE(run.panel.charts()->formulas()->text().contains(QStringLiteral("O(n²·d)")));
    EXPECT_TRUE(run.panel.runButton()->isEnabled());
}

TEST(CostWall, CancelStopsALongRun) {
    CostWallPanel panel;
    panel.setKernels({CostKernel::Naive});
    panel.setSizeRange(4096, 16384);  // several seconds per point
    panel.setRepeats(5);
    panel.show();
    QSignalSpy finished(&panel, &CostWallPanel::finished);
    ASSERT_TRUE(panel.run());
    EXPECT_TRUE(panel.isRunning());
    EXPECT_FALSE(panel.runButton()->isEnabled());
    QTest::qWait(100);
    const auto start = std::chrono::steady_clock::now();
    panel.cancelButton()->click();
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 3.0);
    EXPECT_FALSE(panel.isRunning());
    EXPECT_LT(panel.charts()->points().size(), 3u);
    EXPECT_TRUE(panel.status()->text().startsWith(QStringLiteral("Cancelled after"))) << panel.status()->text().toStdString();
}

TEST(CostWall, APlanThatWouldNotFitIsRefusedWithItsNumberAndStartsNothing) {
    CostWallPanel panel;
    panel.setKernels({CostKernel::Flash, CostKernel::Naive});
    panel.setSizeRange(64, 65536);
    panel.show();
    const QString expected = QStringLiteral("naive at n = 32,768 needs 4 GiB for one score matrix (limit 2 GiB)");
    EXPECT_TRUE(panel.status()->text().contains(expected)) << "said as soon as chosen: " << panel.status()->text().toStdString();
    EXPECT_FALSE(panel.runButton()->isEnabled());
    QSignalSpy finished(&panel, &CostWallPanel::finished);
    EXPECT_FALSE(panel.run());
    EXPECT_FALSE(panel.isRunning());
    EXPECT_TRUE(panel.status()->text().contains(expected));
    QTest::qWait(50);
    EXPECT_EQ(finished.count(), 0);
    EXPECT_TRUE(panel.charts()->points().empty());
}

TEST(CostWall, ExportsTheChartsAndTheMeasurements) {
    SmallRun run;
    ASSERT_TRUE(run.runToTheEnd());
    const attnviz::testing::TempFolder folder;
    for (const char* name : {"wall.png", "wall.svg", "wall.pdf"}) {
        const QString path = QString::fromStdString(folder.file(name));
        run.panel.exportCharts(path);
        EXPECT_GT(readFileBytes(toPath(path)).size(), 1000u) << name;
    }
    const QImage png(QString::fromStdString(folder.file("wall.png")));
    EXPECT_GE(png.width(), 2 * 1000) << "twice the screen size";
    run.panel.exportCsv(QString::fromStdString(folder.file("cost.csv")));
    const std::string csv = readFileBytes(folder.path() / "cost.csv");
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "kernel,n,d,median_ms,peak_extra_bytes");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 10);
}

TEST(CostWall, ALargerFontThickensTheCurves) {
    // Presentation mode enlarges the window's font: the curves and their slope texts follow it.
    CostWallCharts charts;
    charts.setKernels({CostKernel::Naive});
    QFont font = charts.font();
    font.setPixelSize(15);
    charts.setFont(font);
    const double normal = charts.timeSeries(CostKernel::Naive)->pen().widthF();
    font.setPixelSize(30);
    charts.setFont(font);
    const double large = charts.timeSeries(CostKernel::Naive)->pen().widthF();
    EXPECT_GE(normal, 3.0);
    EXPECT_GE(large, 2 * normal - 0.5) << "twice the font, about twice the line";
    EXPECT_EQ(charts.memorySeries(CostKernel::Naive)->pen().widthF(), large);
}

TEST(CostWall, TheLabIsATabOfTabsWhoseFirstPageIsTheWall) {
    CostLabPanel lab;
    ASSERT_GE(lab.count(), 1);
    EXPECT_EQ(lab.widget(0), lab.wall());
    EXPECT_EQ(lab.tabText(0), QStringLiteral("The quadratic wall"));
}

}  // namespace
}  // namespace attnviz::ui
