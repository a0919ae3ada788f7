// The panels beside the heatmap show their text whole at the window's default sizes (1920 × 1080,
// 1366 × 768, 1280 × 720), in English and in French, measured: the explanation needs no
// horizontal scroll bar and quotes as the language does, the row of weights has an unelided
// title, keys read "position · token" and masked keys as hatched columns, the controls are not cut,
// and the strip of steps shows every step.
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QToolButton>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepStrip.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/ClassroomActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

struct Screen {
    int width, height;
};
const Screen kScreens[] = {{1920, 1080}, {1366, 768}, {1280, 720}};
const QString kLanguages[] = {QStringLiteral("en"), QStringLiteral("fr")};

QString where(const Screen& screen, const QString& language) {
    return QStringLiteral("%1 × %2, %3").arg(screen.width).arg(screen.height).arg(language);
}

/// The window at a screen's size, in a language, on the chapter's sentence with config.
class Window {
public:
    Window(const Screen& screen, const QString& language, const AttentionConfig& config = teachingConfig()) {
        window.classroom()->languageAction(language)->trigger();
        deliverLanguageChange();
        window.setGeometry(0, 0, screen.width, screen.height);
        window.show();
        ready = QTest::qWaitForWindowExposed(&window);
        window.setConfig(config);
        ready = ready && waitForResult(window, examples().constFirst().sentence, config);
        QTest::qWait(50);  // the docks' sizes settle after the first show
    }
    ClassroomReset reset;
    MainWindow window;
    bool ready = false;
};

TEST(PanelsFit, TheExplanationNeedsNoHorizontalScrollingAtTheDefaultWidth) {
    AttentionConfig random;  // eight unnamed dimensions, two heads under the mean
    random.heads = 2;
    for (const Screen& screen : kScreens)
        for (const QString& language : kLanguages)
            for (const AttentionConfig& config : {teachingConfig(), random}) {
                Window w(screen, language, config);
                ASSERT_TRUE(w.ready) << where(screen, language).toStdString();
                for (const auto& [query, key] : {std::pair{10, 1}, std::pair{3, 4}, std::pair{14, 0}}) {
                    w.window.selectCell(query, key);
                    QCoreApplication::processEvents();
                    const CellExplainer* explainer = w.window.explainer();
                    EXPECT_EQ(explainer->horizontalScrollBar()->maximum(), 0)
                        << where(screen, language).toStdString() << ", " << stepName(Step::Weights) << " (" << query
                        << ", " << key << "), " << (config == random ? "random" : "teaching") << ": the text is "
                        << explainer->document()->idealWidth() << " px wide in a view of "
                        << explainer->viewport()->width() << " (tables: " << explainer->showsTables() << ")";
                }
            }
}

TEST(PanelsFit, TheExplanationQuotesAsItsLanguageDoes) {
    for (const QString& language : kLanguages) {
        Window w(kScreens[0], language);
        ASSERT_TRUE(w.ready);
        w.window.selectCell(10, 1);
        const QString text = w.window.explainer()->document()->toRawText();  // no-break spaces kept
        if (language == QLatin1String("en")) {
            EXPECT_TRUE(text.contains(QStringLiteral("“il”"))) << text.toStdString();
            EXPECT_TRUE(text.contains(QStringLiteral("“animal”"))) << text.toStdString();
            EXPECT_FALSE(text.contains(QChar(0x00AB)) || text.contains(QChar(0x00BB))) << "« » in English:\n"
                                                                                        << text.toStdString();
        } else {
            EXPECT_TRUE(text.contains(QStringLiteral("«\u00a0il\u00a0»"))) << text.toStdString();
            EXPECT_FALSE(text.contains(QChar(0x201C)) || text.contains(QChar(0x201D))) << "“ ” in French:\n"
                                                                                        << text.toStdString();
        }
    }
}

/// The chart's title as drawn: the scene's text item holding its first word.
const QGraphicsTextItem* titleItem(const RowChart& chart) {
    const QString first = chart.titleText().section(QLatin1Char(' '), 0, 0);
    for (QGraphicsItem* item : chart.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            if (text->toPlainText().startsWith(first) && text->font().bold()) return text;
    return nullptr;
}

TEST(PanelsFit, TheRowOfWeightsTitleIsWholeAtTheDefaultWidth) {
    for (const Screen& screen : kScreens)
        for (const QString& language : kLanguages) {
            Window w(screen, language);
            ASSERT_TRUE(w.ready);
            w.window.selectCell(10, 1);
            QTest::qWait(20);
            const RowChart& chart = *w.window.rowChart();
            const QGraphicsTextItem* title = titleItem(chart);
            ASSERT_NE(title, nullptr) << where(screen, language).toStdString();
            // Every word is drawn (nothing elided), on lines each no wider than the chart.
            QString drawn = title->toPlainText();
            drawn.replace(QChar::LineSeparator, QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
            EXPECT_EQ(drawn.simplified(), chart.titleText().simplified()) << where(screen, language).toStdString();
            const QFontMetricsF metrics(title->font());
            for (const QString& line : title->toPlainText().split(QRegularExpression(QStringLiteral("[\n\u2028]"))))
                EXPECT_LE(metrics.horizontalAdvance(line), chart.chart()->size().width())
                    << where(screen, language).toStdString() << ": \"" << line.toStdString() << "\"";
            const QRectF box = title->sceneBoundingRect();
            EXPECT_GE(box.left(), 0) << where(screen, language).toStdString();
            EXPECT_LE(box.right(), chart.chart()->size().width()) << where(screen, language).toStdString();
            // The query in the language's quotation marks.
            EXPECT_TRUE(chart.titleText().contains(language == QLatin1String("fr") ? QStringLiteral("«\u00a0il\u00a0»")
                                                                                   : QStringLiteral("“il”")))
                << chart.titleText().toStdString();
        }
}

std::shared_ptr<const AttentionTrace> chapterTrace(const AttentionConfig& config) {
    return std::make_shared<const AttentionTrace>(
        AttentionTrace::compute(examples().constFirst().sentence.toStdString(), config));
}

TEST(PanelsFit, TheRowOfWeightsLabelsEachKeyWithItsPositionThenItsToken) {
    ClassroomReset reset;
    RowChart chart;
    chart.resize(900, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    const auto trace = chapterTrace(teachingConfig());
    chart.setRow(trace, 0, 10);
    const QStringList labels = chart.categoryAxis()->categories();
    ASSERT_EQ(labels.size(), 15);
    // Written here by hand from the tokens of README "Tokenizer rules".
    EXPECT_EQ(labels[0], QStringLiteral("0 · L'"));
    EXPECT_EQ(labels[1], QStringLiteral("1 · animal"));
    EXPECT_EQ(labels[10], QStringLiteral("10 · il"));
    EXPECT_EQ(labels[14], QStringLiteral("14 · .")) << "never \".₁₄\", read as the number .14";
    for (int j = 0; j < 15; ++j) EXPECT_EQ(chart.barSet()->at(j), trace->weight(0, 10, j)) << "bar " << j;
    // Whole, never elided: Qt Charts' own elision would end a label with "…".
    for (QGraphicsItem* item : chart.scene()->items()) {
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
            EXPECT_FALSE(text->toPlainText().contains(QStringLiteral("…")) || text->toPlainText().contains(QStringLiteral("...")))
                << text->toPlainText().toStdString();
        }
    }
}

TEST(PanelsFit, MaskedKeysAreHatchedColumnsMarkedMaskedNotMissingBars) {
    ClassroomReset reset;
    RowChart chart;
    chart.resize(900, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    AttentionConfig causal = teachingConfig();
    causal.mask.causal = true;
    const auto trace = chapterTrace(causal);
    chart.setRow(trace, 0, 3);  // the causal mask hides keys 4 … 14 from query 3
    QTest::qWait(20);
    const std::vector<int> expected = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    EXPECT_EQ(chart.maskedKeys(), expected);
    const std::vector<QRectF> columns = chart.maskedColumnRects();
    ASSERT_EQ(columns.size(), expected.size()) << "one hatched column per masked key";
    const QRectF plot = chart.chart()->plotArea();
    const QImage image = chart.grab().toImage();
    const double slot = plot.width() / 15;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const int key = expected[i];
        EXPECT_EQ(chart.barSet()->at(key), 0.0) << "a masked key's weight is 0";
        EXPECT_NEAR(columns[i].center().x(), plot.left() + (key + 0.5) * slot, 1) << "over key " << key;
        EXPECT_NEAR(columns[i].top(), plot.top(), 1) << "from the top of the plot";
        EXPECT_NEAR(columns[i].bottom(), plot.bottom(), 1) << "to its bottom";
        // Painted: hatch greys near the top of the column, where "masked" is not written.
        const QPoint at = chart.mapFromScene(chart.chart()->mapToScene(QPointF(columns[i].center().x(), columns[i].top() + 6)));
        const QColor pixel = image.pixelColor(at);
        EXPECT_TRUE(pixel.red() == pixel.green() && pixel.green() == pixel.blue() && pixel.red() >= 100 && pixel.red() <= 205)
            << "key " << key << ": " << pixel.name().toStdString();
    }
    // The visible keys keep their bars.
    for (int key = 0; key <= 3; ++key) EXPECT_NEAR(chart.barSet()->at(key), 0.25, 0.2) << key;
}

/// Whether widget shows its whole text: at least as wide as it asks to be, and inside the visible
/// part of the scroll area around it.
::testing::AssertionResult wholeAndInSight(const QWidget* widget, const QScrollArea& scroll) {
    if (!widget->isVisibleTo(scroll.widget())) return ::testing::AssertionSuccess();
    if (widget->width() < widget->sizeHint().width())
        return ::testing::AssertionFailure() << widget->width() << " px wide, needs " << widget->sizeHint().width();
    const int right = widget->mapTo(scroll.widget(), QPoint(widget->width(), 0)).x();
    if (right > scroll.viewport()->width())
        return ::testing::AssertionFailure() << "ends at " << right << ", the panel shows " << scroll.viewport()->width();
    return ::testing::AssertionSuccess();
}

TEST(PanelsFit, EveryControlShowsItsWholeTextInBothLanguages) {
    for (const Screen& screen : kScreens)
        for (const QString& language : kLanguages) {
            Window w(screen, language);
            ASSERT_TRUE(w.ready);
            ControlsPanel* controls = w.window.controls();
            auto* scroll = qobject_cast<QScrollArea*>(controls->parentWidget()->parentWidget());
            ASSERT_NE(scroll, nullptr);
            for (int range = 0; range < controls->weightsRangeBox()->count(); ++range) {
                controls->weightsRangeBox()->setCurrentIndex(range);
                QCoreApplication::processEvents();
                for (const QWidget* widget : controls->findChildren<QWidget*>()) {
                    const bool hasText = qobject_cast<const QComboBox*>(widget) || qobject_cast<const QCheckBox*>(widget) ||
                                         qobject_cast<const QPushButton*>(widget) ||
                                         qobject_cast<const QAbstractSpinBox*>(widget) ||
                                         (qobject_cast<const QLabel*>(widget) && !qobject_cast<const QLabel*>(widget)->wordWrap());
                    if (!hasText) continue;
                    EXPECT_TRUE(wholeAndInSight(widget, *scroll))
                            << where(screen, language).toStdString() << ": " << widget->metaObject()->className() << " \""
                            << (qobject_cast<const QComboBox*>(widget) ? qobject_cast<const QComboBox*>(widget)->currentText()
                                : qobject_cast<const QAbstractButton*>(widget) ? qobject_cast<const QAbstractButton*>(widget)->text()
                                : qobject_cast<const QLabel*>(widget)          ? qobject_cast<const QLabel*>(widget)->text()
                                : qobject_cast<const QAbstractSpinBox*>(widget) ? qobject_cast<const QAbstractSpinBox*>(widget)->text()
                                                                               : QString())
                                   .toStdString()
                            << "\"";
                }
            }
        }
}

TEST(PanelsFit, TheStripOfStepsShowsEveryStepWhole) {
    for (const Screen& screen : kScreens)
        for (const QString& language : kLanguages) {
            Window w(screen, language);
            ASSERT_TRUE(w.ready);
            w.window.tabs()->setCurrentWidget(w.window.stepper());
            w.window.stepper()->setStep(Step::Context);
            QCoreApplication::processEvents();
            const StepStrip& strip = *w.window.stepper()->stepStrip();
            const QRect inside = strip.rect();
            std::vector<QRect> taken = {strip.previousButton()->geometry(), strip.nextButton()->geometry()};
            for (int s = 0; s < kStepCount; ++s) {
                const QToolButton* button = strip.stepButton(s);
                const std::string what = where(screen, language).toStdString() + ": " + button->text().toStdString();
                EXPECT_TRUE(button->isVisible()) << what;
                EXPECT_GE(button->width(), button->sizeHint().width()) << what;
                EXPECT_TRUE(inside.contains(button->geometry())) << what << " is outside the strip";
                for (const QRect& other : taken) EXPECT_FALSE(other.intersects(button->geometry())) << what << " overlaps";
                taken.push_back(button->geometry());
            }
            for (const QToolButton* button : {strip.previousButton(), strip.nextButton()}) {
                EXPECT_TRUE(inside.contains(button->geometry())) << where(screen, language).toStdString();
                EXPECT_GE(button->width(), button->sizeHint().width()) << where(screen, language).toStdString();
            }
            EXPECT_TRUE(strip.stepButton(static_cast<int>(Step::Context))->isChecked()) << "the current step stands out";
            EXPECT_TRUE(strip.isVisible());
            // A click on a step goes there.
            QTest::mouseClick(strip.stepButton(static_cast<int>(Step::Scores)), Qt::LeftButton);
            EXPECT_EQ(w.window.stepper()->step(), Step::Scores) << where(screen, language).toStdString();
        }
}

}  // namespace
}  // namespace attnviz::ui
