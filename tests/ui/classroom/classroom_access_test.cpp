// Accessibility and themes: Tab reaches every control with a visible focus ring; the heatmap's
// selected cell and its value reach screen readers; text, heatmap and charts keep their contrast
// in the light and the dark theme.
#include <QAccessible>
#include <QAbstractAxis>
#include <QApplication>
#include <QCheckBox>
#include <QChart>
#include <QComboBox>
#include <QFocusFrame>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSlider>
#include <QSpinBox>

#include <gtest/gtest.h>

#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/style/ClassroomStyle.h"
#include "ui/style/FocusRing.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

void showActive(MainWindow& window) {
    window.resize(780, 560);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    ASSERT_TRUE(waitIdle(window));
}

TEST(ClassroomAccessibility, TabReachesEveryControlAndTheFocusRingFollowsIt) {
    ClassroomReset reset;
    MainWindow window;
    showActive(window);
    ControlsPanel* c = window.controls();
    window.setConfig(AttentionConfig{});  // random projections: d_model can be edited
    c->windowBox()->setValue(2);          // the global tokens field is enabled with a window
    ASSERT_TRUE(waitIdle(window));

    window.sentenceEdit()->setFocus();
    QWidget* start = QApplication::focusWidget();
    ASSERT_EQ(start, window.sentenceEdit());
    QSet<QWidget*> reached;
    QStringList ringProblems;
    QStringList order;
    for (int i = 0; i < 200; ++i) {
        QWidget* focus = QApplication::focusWidget();
        ASSERT_NE(focus, nullptr) << "the focus was lost after " << i << " Tab presses";
        reached.insert(focus);
        const QFocusFrame* ring = FocusRing::frame();
        const QString name = QString::fromLatin1(focus->metaObject()->className());
        if (FocusRing::ringedWidget() != focus || ring == nullptr || !ring->isVisible()) {
            ringProblems << name + QStringLiteral(": no ring");
        } else {
            // The ring surrounds the widget by the ring's width on every side.
            const QRect around = QRect(ring->parentWidget()->mapFromGlobal(focus->mapToGlobal(QPoint(0, 0))), focus->size())
                                     .adjusted(-ClassroomStyle::kFocusRingWidth, -ClassroomStyle::kFocusRingWidth,
                                               ClassroomStyle::kFocusRingWidth, ClassroomStyle::kFocusRingWidth);
            if (!ring->geometry().contains(around)) ringProblems << name + QStringLiteral(": ring not around it");
        }
        order << name + QLatin1Char('(') + focus->objectName() + QLatin1Char(')');
        QTest::keyClick(focus, Qt::Key_Tab);
        if (QApplication::focusWidget() == start) break;
    }
    EXPECT_EQ(QApplication::focusWidget(), start) << "Tab never came back to the sentence: "
                                                  << order.join(QStringLiteral(" → ")).toStdString();
    EXPECT_TRUE(ringProblems.isEmpty()) << ringProblems.join(QStringLiteral("; ")).toStdString();

    const std::pair<QWidget*, const char*> required[] = {
        {window.sentenceEdit(), "sentence"},       {window.tokenStrip(), "tokens"},
        {window.heatmap(), "heatmap"},             {c->causalBox(), "causal"},
        {c->windowBox(), "window"},                {c->globalTokensEdit(), "global tokens"},
        {c->maskEditButton(), "edit mask"},        {c->scalingBox(), "scaling"},
        {c->temperatureSlider(), "temperature"},   {c->dModelBox(), "d_model"},
        {c->headsBox(), "heads"},                  {c->seedEdit(), "seed"},
        {c->positionsBox(), "positions"},          {c->presetBox(), "projections"},
        {c->headBox(), "head"},                    {c->colorMapBox(), "colours"},
        {window.explainer(), "explainer"},
    };
    for (const auto& [widget, name] : required) EXPECT_TRUE(reached.contains(widget)) << name << " is not reachable with Tab";
}

QList<std::pair<QObject*, QAccessible::Event>>& accessibleEvents() {
    static QList<std::pair<QObject*, QAccessible::Event>> events;
    return events;
}

void recordAccessibleEvent(QAccessibleEvent* event) { accessibleEvents().append({event->object(), event->type()}); }

TEST(ClassroomAccessibility, TheSelectedCellAndItsValueAreExposedToScreenReaders) {
    ClassroomReset reset;
    MainWindow window;
    showActive(window);
    HeatmapView* heatmap = window.heatmap();
    heatmap->setFocus();
    heatmap->setSelectedCell(0, 0);
    QTest::keyClick(heatmap, Qt::Key_Right);
    QTest::keyClick(heatmap, Qt::Key_Down);
    ASSERT_EQ(heatmap->selectedCell(), (CellIndex{1, 1}));

    QAccessibleInterface* face = QAccessible::queryAccessibleInterface(heatmap);
    ASSERT_NE(face, nullptr);
    const auto source = heatmap->source();
    const QString name = face->text(QAccessible::Name);
    const QString description = face->text(QAccessible::Description);
    EXPECT_TRUE(name.contains(source->rowLabels().value(1)) && name.contains(source->colLabels().value(1))) << name.toStdString();
    EXPECT_TRUE(description.contains(formatExactValue(source->value(1, 1)))) << description.toStdString();
}

TEST(ClassroomAccessibility, ASelectionChangeIsAnnouncedToScreenReaders) {
    ClassroomReset reset;
    const QAccessible::UpdateHandler previous = QAccessible::installUpdateHandler(recordAccessibleEvent);
    QAccessible::setActive(true);
    if (!QAccessible::isActive()) {
        QAccessible::installUpdateHandler(previous);
        GTEST_SKIP() << "this platform (" << QGuiApplication::platformName().toStdString()
                     << ") has no accessibility bridge: events are not delivered";
    }
    MainWindow window;
    showActive(window);
    HeatmapView* heatmap = window.heatmap();
    heatmap->setFocus();
    heatmap->setSelectedCell(0, 0);
    accessibleEvents().clear();
    QTest::keyClick(heatmap, Qt::Key_Right);
    QTest::keyClick(heatmap, Qt::Key_Down);
    QAccessible::installUpdateHandler(previous);
    QAccessible::setActive(false);
    const auto sent = [&](QAccessible::Event type) {
        return std::count(accessibleEvents().begin(), accessibleEvents().end(),
                          std::pair<QObject*, QAccessible::Event>{heatmap, type});
    };
    EXPECT_EQ(sent(QAccessible::Selection), 2) << "one selection event per move";
    EXPECT_GE(sent(QAccessible::NameChanged), 2);
    EXPECT_GE(sent(QAccessible::DescriptionChanged), 2);
}

TEST(ClassroomThemes, TextHeatmapAndChartsKeepTheirContrastInLightAndDark) {
    ClassroomReset reset;
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        const bool dark = theme == Theme::Dark;
        SCOPED_TRACE(dark ? "dark theme" : "light theme");
        MainWindow window;
        window.classroom()->themeAction(theme)->trigger();  // View → Theme
        showActive(window);
        const QPalette p = window.palette();
        EXPECT_EQ(isDark(p), dark);
        const auto contrast = [](const QColor& a, const QColor& b) { return ColorMap::contrastRatio(a, b); };
        EXPECT_GE(contrast(p.color(QPalette::Text), p.color(QPalette::Base)), 7.0);
        EXPECT_GE(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)), 7.0);
        EXPECT_GE(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)), 4.5);
        EXPECT_GE(contrast(p.color(QPalette::Highlight), p.color(QPalette::Window)), 4.5) << "the focus ring";
        EXPECT_GE(contrast(p.color(QPalette::PlaceholderText), p.color(QPalette::Base)), 4.5);

        // Heatmap: labels, titles and colour-bar ticks are drawn in textColor on background.
        const HeatmapStyle style = window.heatmap()->heatmapStyle();
        EXPECT_GE(contrast(style.textColor, style.background), 7.0);
        EXPECT_GE(contrast(style.masked.line, style.masked.fill), 3.0) << "hatching";
        EXPECT_GE(contrast(style.masked.fill, style.background), 1.5) << "masked cells stand out";
        EXPECT_EQ(window.heatmap()->grab().toImage().pixelColor(2, 2), p.color(QPalette::Base)) << "the view's background";
        // The explainer's and the controls' red.
        EXPECT_GE(contrast(warningTextColor(p), p.color(QPalette::Base)), 4.5);
        EXPECT_GE(contrast(warningTextColor(p), p.color(QPalette::Window)), 4.5);

        // Charts follow the theme, with readable axes.
        for (QChart* chart : {window.rowChart()->chart(), window.classroom()->whyScaleChart()->varianceChart(),
                              window.classroom()->whyScaleChart()->weightChart()}) {
            EXPECT_EQ(chart->theme(), dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
            const QColor background = chart->backgroundBrush().color();
            EXPECT_GE(contrast(chart->titleBrush().color(), background), 7.0);
            for (QAbstractAxis* axis : chart->axes()) EXPECT_GE(contrast(axis->labelsColor(), background), 7.0);
        }
    }
}

}  // namespace
}  // namespace attnviz::ui
