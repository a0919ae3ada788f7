// Numbers in the interface's language: a French classroom reads "0,67", in every part of the window
// and in the figures exported from it, while CSV files keep their point. The chapter's "il" gives
// 0.67 of its weight to "animal" (README, The teaching model): in French that is "0,67".
#include <QBuffer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QTableView>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "tests/support/SvgDocument.h"
#include "ui/export/ExportDialog.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/WeightEditor.h"
#include "ui/panels/WeightMatrixModel.h"
#include "ui/shell/ClassroomActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::TempFolder;

constexpr int kIl = 10;
constexpr int kAnimal = 1;
const QString kMinus(QChar(0x2212));

/// A number written with a decimal point ("0.67", "−1.5"): what a French reader must not see.
const QRegularExpression kPointNumber(QStringLiteral("\\d\\.\\d"));
/// A number written with a decimal comma ("0,67").
const QRegularExpression kCommaNumber(QStringLiteral("\\d,\\d"));

/// What painting does on an SVG device: every text drawn becomes a <text> element.
template <typename Paint>
QStringList textsPainted(QSize size, Paint paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    {
        QPainter painter(&svg);
        paint(painter);
    }
    return svgTexts(buffer.data());
}

QStringList matching(const QStringList& texts, const QRegularExpression& pattern) {
    QStringList found;
    for (const QString& text : texts)
        if (pattern.match(text).hasMatch()) found << text;
    return found;
}

std::string joined(const QStringList& texts) { return texts.join(QStringLiteral(" | ")).toStdString(); }

class FrenchNumbers : public ::testing::Test {
protected:
    void SetUp() override {
        window.classroom()->languageAction(QStringLiteral("fr"))->trigger();  // View → Langue
        deliverLanguageChange();
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        window.heatmap()->setAsyncRendering(false);
        window.selectCell(kIl, kAnimal);
        QCoreApplication::processEvents();
    }

    ClassroomReset reset;
    MainWindow window;
};

TEST_F(FrenchNumbers, TheHeatmapsCellsTooltipsAndColourBarHaveADecimalComma) {
    const HeatmapView& view = *window.heatmap();
    const MatrixSource& source = *view.source();
    // The cells as the view's tiles draw them: its painter and style.
    const QStringList cells = textsPainted(QSize(2000, 2000), [&](QPainter& painter) {
        HeatmapPainter(source, view.heatmapStyle())
            .paintCells(painter, CellRange{0, source.rows(), 0, source.cols()}, QPointF(0, 0), QSizeF(120, 120));
    });
    ASSERT_EQ(cells.size(), source.rows() * source.cols()) << "every cell has its number: " << joined(cells);
    EXPECT_EQ(cells[kIl * source.cols() + kAnimal], QStringLiteral("0,67")) << "il → animal";
    EXPECT_TRUE(matching(cells, kPointNumber).isEmpty()) << joined(matching(cells, kPointNumber));

    const QString tip = view.toolTipForCell(kIl, kAnimal);
    EXPECT_TRUE(tip.contains(QStringLiteral("0,6"))) << tip.toStdString();
    EXPECT_FALSE(kPointNumber.match(tip).hasMatch()) << tip.toStdString();

    // The whole view, as paintEvent draws it: labels, titles and the colour bar's ticks as text.
    QWidget* port = window.heatmap()->viewport();
    const QStringList drawn = textsPainted(port->size(), [&](QPainter& painter) { port->render(&painter); });
    for (const char* tick : {"0,0", "0,2", "0,4", "0,6", "0,8", "1,0"})
        EXPECT_TRUE(drawn.contains(QLatin1String(tick))) << tick << " missing from the colour bar: " << joined(drawn);
    EXPECT_TRUE(matching(drawn, kPointNumber).isEmpty()) << joined(matching(drawn, kPointNumber));
}

TEST_F(FrenchNumbers, TheStepViewExplainerRowChartAndWeightsPanelHaveADecimalComma) {
    window.stepper()->setStep(Step::Scaled);
    // d_k = 20: scaled = QKᵀ / √20 = QKᵀ / 4.4721 (√20 = 4.47213…).
    EXPECT_TRUE(window.stepper()->formulaText().contains(QStringLiteral("4,4721")))
        << window.stepper()->formulaText().toStdString();

    const QString explanation = window.explainer()->toPlainText();
    EXPECT_TRUE(kCommaNumber.match(explanation).hasMatch()) << explanation.toStdString();
    EXPECT_FALSE(kPointNumber.match(explanation).hasMatch())
        << "a point in: " << kPointNumber.match(explanation).captured(0).toStdString();

    // Wide enough for the weights over the bars (a narrow chart leaves them out, axis only).
    window.rowChart()->setMinimumWidth(1200);
    window.rowChart()->resize(1200, 500);
    QCoreApplication::processEvents();
    QStringList bars;
    for (QGraphicsItem* item : window.rowChart()->scene()->items()) {
        if (const auto* text = dynamic_cast<QGraphicsTextItem*>(item)) bars << text->toPlainText();
        if (const auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) bars << text->text();
    }
    EXPECT_TRUE(bars.contains(QStringLiteral("0,67"))) << "the bar of animal: " << joined(bars);
    EXPECT_TRUE(matching(bars, kPointNumber).isEmpty()) << joined(matching(bars, kPointNumber));

    // W_Q of the teaching model: "pronoun → living being" weighs 8 (README), shown with 4 decimals.
    WeightMatrixModel& model = *window.weightEditor()->model(WeightEditor::WQ);
    QStringList numbers;
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c) numbers << model.index(r, c).data().toString();
    EXPECT_TRUE(numbers.contains(QStringLiteral("8,0000"))) << joined(numbers);
    EXPECT_TRUE(matching(numbers, kPointNumber).isEmpty()) << joined(matching(numbers, kPointNumber));
    // Editing: the number as the window writes it ("−2,5") is read back, and shown so for editing.
    const QModelIndex cell = model.index(0, 0);
    ASSERT_TRUE(model.setData(cell, QString(kMinus + QStringLiteral("2,5"))));
    EXPECT_EQ(model.matrix()(0, 0), -2.5);
    EXPECT_EQ(cell.data(Qt::EditRole).toString(), kMinus + QStringLiteral("2,5"));
    EXPECT_EQ(cell.data().toString(), kMinus + QStringLiteral("2,5000"));
}

TEST_F(FrenchNumbers, AFigureExportedFromTheFrenchWindowHasCommasItsCsvKeepsPoints) {
    const TempFolder folder;
    ExportDialog dialog(window.currentTrace(), &window);
    dialog.setInteractive(false);
    dialog.setFormat(ExportFormat::Svg);
    const QString svgPath = QString::fromStdString(folder.file("il.svg"));
    ASSERT_TRUE(dialog.exportTo(svgPath)) << dialog.lastError().toStdString();
    QFile svg(svgPath);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QStringList texts = svgTexts(svg.readAll());
    EXPECT_TRUE(texts.contains(QStringLiteral("0,67"))) << "the cell il → animal: " << joined(texts);
    EXPECT_TRUE(texts.contains(QStringLiteral("1,0"))) << "the colour bar's top";
    EXPECT_TRUE(matching(texts, kPointNumber).isEmpty()) << joined(matching(texts, kPointNumber));
    EXPECT_FALSE(texts.join(QLatin1Char(' ')).contains(kMinus + QStringLiteral("0,00"))) << "never −0,00";

    dialog.setFormat(ExportFormat::Csv);
    const QString csvPath = QString::fromStdString(folder.file("il.csv"));
    ASSERT_TRUE(dialog.exportTo(csvPath)) << dialog.lastError().toStdString();
    QFile csv(csvPath);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 16) << "a header and 15 rows";
    const QStringList il = lines[1 + kIl].split(QLatin1Char(','));
    ASSERT_EQ(il.size(), 16) << "a label and 15 numbers, separated by commas: " << lines[1 + kIl].toStdString();
    EXPECT_TRUE(il[1 + kAnimal].startsWith(QStringLiteral("0.6"))) << "a point: " << il[1 + kAnimal].toStdString();
}

}  // namespace
}  // namespace attnviz::ui
