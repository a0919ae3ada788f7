// Attention weights computed elsewhere in the window (ImportedWindow*): a file opened off the GUI
// thread shows numpy's weights (tests/fixtures/imported, good/expected.json) for the chosen layer
// and head, the steps and the explainer say why they are empty, a refused file leaves the window
// as it was with its message, and closing returns to the trace.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QSpinBox>

#include <nlohmann/json.hpp>
#include <string>

#include <gtest/gtest.h>

#include "core/formats/MatrixCsv.h"
#include "core/io/AtomicFile.h"
#include "tests/support/CaseNames.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/heads/ModelGridCanvas.h"
#include "ui/heads/ModelGridView.h"
#include "ui/shell/AttentionActions.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/ImportedBar.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

QString importedFixture(const std::string& relative) {
    return QString::fromStdString(attnviz::testing::testData("fixtures/imported/" + relative).string());
}

/// Opens file as File → Open Attention… does and waits for it to be read.
::testing::AssertionResult opens(MainWindow& window, const QString& file, const ImportOptions& options = {}) {
    QSignalSpy finished(window.attentionActions(), &AttentionActions::loadFinished);
    window.attentionActions()->openAttention(file, options);
    if (!waitUntil([&] { return finished.count() > 0; }))
        return ::testing::AssertionFailure() << "opening " << file.toStdString() << " never finished";
    return ::testing::AssertionSuccess();
}

/// The heatmap's weights equal numpy's [layer][head] (float32, as the file holds them).
void expectHeatmapShows(const MainWindow& window, const nlohmann::json& numpy) {
    const std::shared_ptr<const MatrixSource> source = window.heatmap()->source();
    ASSERT_NE(source, nullptr);
    ASSERT_EQ(source->rows(), 5);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            EXPECT_EQ(source->value(i, j), static_cast<double>(static_cast<float>(numpy[i][j].get<double>())))
                << "row " << i + 1 << " key " << j + 1;
}

TEST(ImportedWindowTest, OpenedFileShowsItsWeightsForTheChosenLayerAndHead) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, importedFixture("good/layers_heads_f4.npy")));
    ASSERT_NE(window.importedStack(), nullptr) << window.message().toStdString();
    const nlohmann::json numpy =
        nlohmann::json::parse(readFileBytes(attnviz::testing::testData("fixtures/imported/good/expected.json")))
            .at("layers_heads_f4");
    expectHeatmapShows(window, numpy[0][0]);  // layer 1, head 1 at first
    EXPECT_TRUE(window.importedBar()->isVisible());
    // Weights only: no Q and K to step through or explain, no next tokens, several layers.
    EXPECT_FALSE(window.capabilities().hasQueriesAndKeys);
    EXPECT_FALSE(window.capabilities().hasNextTokens);
    EXPECT_TRUE(window.capabilities().hasLayers);

    // Layer 2, head 3 through the bar's controls (counted from 1).
    window.importedBar()->layerBox()->setValue(2);
    window.importedBar()->headBox()->setCurrentIndex(2);
    expectHeatmapShows(window, numpy[1][2]);
    EXPECT_EQ(window.heatmap()->source()->head(), 2);

    // File → Export… writes that layer and head (the CSV's values are the file's).
    attnviz::testing::TempFolder folder;
    ASSERT_TRUE(window.attentionActions()->exportShownHead(QString::fromStdString(folder.file("head.csv"))))
        << window.message().toStdString();
    const CsvMatrix csv = readMatrixCsv(readFileBytes(folder.file("head.csv")));
    EXPECT_EQ(csv.corner, "weights (layer 2, head 3)");
    ASSERT_EQ(csv.values.rows(), 5);
    EXPECT_EQ(csv.values(4, 1), static_cast<double>(static_cast<float>(numpy[1][2][4][1].get<double>())));

    // The row chart follows a clicked cell; the steps and the explainer say why they are empty.
    window.selectCell(4, 1);
    ASSERT_EQ(window.rowChart()->query(), 4);
    EXPECT_NE(window.rowChart()->titleText().indexOf(QStringLiteral("head 3")), -1)
        << window.rowChart()->titleText().toStdString();
    EXPECT_EQ(window.stepper()->unavailableReason(), MainWindow::importedUnavailableText());
    EXPECT_NE(window.explainer()->toPlainText().indexOf(QStringLiteral("no Q and K")), -1)
        << window.explainer()->toPlainText().toStdString();
    window.explainer()->setPresentationLayout(true);  // presentation mode lays it out again: the reason stays
    EXPECT_NE(window.explainer()->toPlainText().indexOf(QStringLiteral("no Q and K")), -1)
        << window.explainer()->toPlainText().toStdString();
    window.explainer()->setPresentationLayout(false);
    EXPECT_FALSE(window.sentenceEdit()->isEnabled()) << "nothing is computed while imported weights are shown";

    // Closing returns to the computed trace.
    window.attentionActions()->closeAttention();
    EXPECT_EQ(window.importedStack(), nullptr);
    EXPECT_EQ(window.heatmap()->source(), window.currentSource(Step::Weights));
    EXPECT_TRUE(window.stepper()->unavailableReason().isEmpty());
    EXPECT_TRUE(window.sentenceEdit()->isEnabled());
    EXPECT_FALSE(window.importedBar()->isVisible());
}

TEST(ImportedWindowTest, ModelViewAndHeadViewShowEveryLayerAndHeadOfTheFile) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const std::shared_ptr<const AttentionStack> computed = window.currentStack();
    ASSERT_TRUE(opens(window, importedFixture("good/layers_heads_f4.npy")));
    ASSERT_NE(window.importedStack(), nullptr) << window.message().toStdString();
    // The grid and the head view draw the file's stack, not the sentence's.
    EXPECT_EQ(window.modelGrid()->canvas()->stack(), window.importedStack());
    EXPECT_EQ(window.headView()->stack(), window.importedStack());

    // A click on "layer 2 · head 3" of the grid opens it in the heatmap and the bar (from 1).
    emit window.modelGrid()->headActivated(1, 2);
    EXPECT_EQ(window.importedBar()->layerBox()->value(), 2);
    EXPECT_EQ(window.heatmap()->source()->head(), 2);
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap());
    const nlohmann::json numpy =
        nlohmann::json::parse(readFileBytes(attnviz::testing::testData("fixtures/imported/good/expected.json")))
            .at("layers_heads_f4");
    expectHeatmapShows(window, numpy[1][2]);
    EXPECT_EQ(window.headView()->layer(), 1) << "the head view follows the bar's layer";

    // Closing gives the sentence's heads back to both views.
    window.attentionActions()->closeAttention();
    EXPECT_EQ(window.modelGrid()->canvas()->stack(), computed);
    EXPECT_EQ(window.headView()->stack(), computed);
}

TEST(ImportedWindowTest, CausalFileDrawsTheCellsAfterEachQueryAsMasked) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, importedFixture("good/causal.json")));
    const auto source = window.heatmap()->source();
    ASSERT_NE(source, nullptr);
    EXPECT_TRUE(source->isMasked(0, 1));
    EXPECT_FALSE(source->isMasked(1, 0));
    // The same zeros from a .npy without --causal are weights of 0, not masked cells.
    ASSERT_TRUE(opens(window, importedFixture("good/causal_f4.npy")));
    EXPECT_FALSE(window.heatmap()->source()->isMasked(0, 1));
}

struct BadFile {
    std::string name;
    std::string message;  ///< part of the message bar's text
};

void PrintTo(const BadFile& c, std::ostream* out) { *out << c.name; }

class ImportedWindowRefusal : public ::testing::TestWithParam<BadFile> {};

TEST_P(ImportedWindowRefusal, SaysWhyAndLeavesTheWindowAsItWas) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const auto before = window.heatmap()->source();
    ASSERT_TRUE(opens(window, importedFixture("bad/" + GetParam().name)));
    EXPECT_EQ(window.importedStack(), nullptr);
    EXPECT_EQ(window.heatmap()->source(), before);
    EXPECT_TRUE(window.sentenceEdit()->isEnabled());
    EXPECT_NE(window.message().indexOf(QString::fromStdString(GetParam().message)), -1)
        << window.message().toStdString();
}

INSTANTIATE_TEST_SUITE_P(
    EachWrongShapeOrValue, ImportedWindowRefusal,
    ::testing::Values(BadFile{"row_sum.npy", "layer 2 head 3 row 5 sums to 0.87, not 1 (within 0.001)"},
                      BadFile{"negative.npy", "layer 1 head 3 row 1 key 4 is negative (-0.25)"},
                      BadFile{"nan.npy", "layer 2 head 1 row 3 key 2 is nan"},
                      BadFile{"rank1.npy", "not (5,)"},
                      BadFile{"batch2.npy", "holds a batch of 2 sentences"},
                      BadFile{"not_square.npy", "the last two sizes differ"},
                      BadFile{"tokens_four.npy", "the tokens list has 4"},
                      BadFile{"no_tokens.npy", "no tokens: give --tokens FILE"},
                      BadFile{"ragged.json", "attentions[1][2][3]"}),
    attnviz::testing::CaseNameOf());

}  // namespace
}  // namespace attnviz::ui

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(ImportedWindowScreenshots, WritesPngsOfImportedWeights) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    ASSERT_TRUE(opensOnTheDefaultExample(window, {1920, 1080}));
    window.heatmap()->setAsyncRendering(false);
    ASSERT_TRUE(opens(window, importedFixture("good/causal.json")));
    window.importedBar()->layerBox()->setValue(2);
    window.selectCell(4, 1);
    saveScreenshot(window, dir, QStringLiteral("imported_causal_layer2_head1.png"));
    window.tabs()->setCurrentWidget(window.stepper());
    saveScreenshot(window, dir, QStringLiteral("imported_steps_unavailable.png"));
    window.tabs()->setCurrentWidget(window.heatmap());
    window.classroom()->presentation()->enter();
    saveScreenshot(window, dir, QStringLiteral("imported_presentation.png"), 800);
    window.classroom()->presentation()->leave();
}

}  // namespace
}  // namespace attnviz::ui
