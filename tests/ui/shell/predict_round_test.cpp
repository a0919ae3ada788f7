// Predict, then reveal, driven with the keyboard as a teacher would: hidden rows are painted
// without values or colours (pixels of the window) and hidden from the chart and the explanation;
// → moves the guess, Enter reveals with the guess's rank and weight in words, Page Down goes on,
// the count follows; the same in presentation mode without taking the step keys; and a session
// brings the round back (a version 1 session opens with none).
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFile>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QTabWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/AtomicFile.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/PredictBanner.h"
#include "ui/shell/PresentationMode.h"
#include "ui/shell/SessionActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

// The chapter's sentence, token by token: L'(0) animal(1) n'(2) a(3) pas(4) traversé(5) la(6)
// rue(7) parce(8) qu'(9) il(10) était(11) trop(12) fatigué(13) .(14).
constexpr int kTokens = 15;
constexpr int kIl = 10;
constexpr int kRue = 7;

/// The colours of the pixels well inside cell (row, col) of the view as it is on screen.
QSet<QRgb> cellColours(HeatmapView& view, int row, int col) {
    const QImage image = view.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect rect = view.cellRect(row, col).adjusted(2, 2, -3, -3);  // off the gap and the edges
    QSet<QRgb> colours;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) colours.insert(image.pixel(x, y));
    return colours;
}

/// "1st", "2nd", "3rd", "4th" … as the English interface writes a rank (hand-written table).
std::string englishOrdinal(int rank) {
    static const char* const kOrdinals[] = {"", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th",
                                            "9th", "10th", "11th", "12th", "13th", "14th", "15th"};
    return kOrdinals[rank];
}

/// The rank of key's weight in the row, counted here from the core's trace: 1 + larger weights.
int rankOf(const Eigen::MatrixXd& weights, int row, int key) {
    int rank = 1;
    for (int k = 0; k < weights.cols(); ++k) rank += weights(row, k) > weights(row, key) ? 1 : 0;
    return rank;
}

std::string twoDecimals(double value) { return QString::number(value, 'f', 2).toStdString(); }

class PredictRoundTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
        window.heatmap()->setFocus();
        weights = coreTrace(examples().constFirst().sentence, teachingConfig()).matrix(Step::Weights, 0);
        ASSERT_EQ(weights.rows(), kTokens);
    }

    [[nodiscard]] PredictActions& predict() const { return *window.predictActions(); }
    [[nodiscard]] std::string headline() const { return window.predictBanner()->headline().toStdString(); }
    [[nodiscard]] std::string detail() const { return window.predictBanner()->detail().toStdString(); }
    /// Presses key where the focus is, as a keyboard or a clicker does.
    void press(Qt::Key key, int times = 1) {
        for (int i = 0; i < times; ++i) {
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus != nullptr ? focus : window.heatmap(), key);
        }
    }
    [[nodiscard]] int largestKey(int row) const {
        Eigen::Index best = 0;
        weights.row(row).maxCoeff(&best);
        return static_cast<int>(best);
    }

    ClassroomReset reset;
    MainWindow window;
    Eigen::MatrixXd weights;  ///< the teaching model's weights for the sentence, from the core
};

TEST_F(PredictRoundTest, CtrlPHidesEveryRowWithoutValuesOrColoursAndNothingElseGivesItAway) {
    // Zoomed until the numbers show, as they do on a large enough screen.
    HeatmapView& view = *window.heatmap();
    view.setCellSize(view.defaultCell());
    view.horizontalScrollBar()->setValue(0);
    view.verticalScrollBar()->setValue(0);
    ASSERT_TRUE(view.valuesFitAt(view.cellSize()));
    const QRgb shown = HeatmapPainter(*view.source(), view.heatmapStyle()).colorOf(weights(0, 1), 0).rgb();
    const QSet<QRgb> before = cellColours(view, 0, 1);
    EXPECT_TRUE(before.contains(shown)) << "a shown cell has its value's colour";
    EXPECT_GT(before.size(), 1) << "and the ink of its number";

    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    ASSERT_TRUE(predict().round().isActive());
    // Every row whose weights are not all alike (8 of the 15 are uniform in the teaching model).
    std::vector<int> expectedRows;
    for (int row = 0; row < kTokens; ++row)
        if (weights.row(row).maxCoeff() != weights.row(row).minCoeff()) expectedRows.push_back(row);
    ASSERT_EQ(predict().round().rows(), expectedRows);
    EXPECT_TRUE(window.predictBanner()->isVisible());
    EXPECT_EQ(headline(), "Which key does “L'” attend to most?");
    EXPECT_NE(detail().find("Row 1 of " + std::to_string(expectedRows.size())), std::string::npos) << detail();

    const QColor neutral = view.heatmapStyle().hiddenFill;
    int seen = 0;
    for (const int row : expectedRows) {
        for (int col = 0; col < kTokens; ++col) {
            if (!view.currentLayout().grid.contains(QRectF(view.cellRect(row, col)))) continue;  // scrolled out
            ++seen;
            const QSet<QRgb> colours = cellColours(view, row, col);
            ASSERT_EQ(colours.size(), 1) << "no digit drawn in hidden cell (" << row << ", " << col << ")";
            EXPECT_EQ(*colours.begin(), neutral.rgb()) << "hidden cell (" << row << ", " << col << ") is not neutral";
        }
    }
    EXPECT_GE(seen, 9) << "cells on screen";
    EXPECT_NE(neutral.rgb(), shown) << "not the value's colour";
    const std::string tip = view.toolTipForCell(kIl, 1).toStdString();
    EXPECT_NE(tip.find("Hidden until the guess is revealed"), std::string::npos) << tip;
    EXPECT_EQ(tip.find("Weight"), std::string::npos) << "the tooltip gives no weight: " << tip;

    // Clicking the token "il" selects its row without pointing at its answer, and the chart and
    // the explanation wait for the reveal.
    QTest::mouseClick(window.tokenStrip()->viewport(), Qt::LeftButton, {},
                      window.tokenStrip()->chipRect(kIl).center());
    EXPECT_EQ(window.selectedQuery(), -1) << "no key chosen: the strongest would be the answer";
    window.selectCell(kIl, 3);
    EXPECT_TRUE(window.explainer()->isCellHidden());
    EXPECT_TRUE(window.rowChart()->isRowHidden());
    EXPECT_EQ(window.rowChart()->barSet()->count(), 0);
    // No key labels left over from the row shown before (they ran together across the empty
    // chart), and the chart says why it is empty, also once it is resized.
    EXPECT_FALSE(window.rowChart()->categoryAxis()->labelsVisible());
    window.rowChart()->resize(window.rowChart()->width() - 40, window.rowChart()->height());
    QCoreApplication::processEvents();
    EXPECT_TRUE(window.rowChart()->chart()->title().contains(QStringLiteral("hidden until the")))
        << window.rowChart()->chart()->title().toStdString();
    EXPECT_NE(window.explainer()->toPlainText().toStdString().find("stay hidden"), std::string::npos)
        << window.explainer()->toPlainText().toStdString();
    // The step view's query × key steps hide the row too; X keeps its rows (no answer there).
    window.stepper()->setStep(Step::Scores);
    EXPECT_TRUE(window.stepper()->heatmap()->isRowHidden(kIl));
    window.stepper()->setStep(Step::X);
    EXPECT_FALSE(window.stepper()->heatmap()->isRowHidden(kIl));
}

TEST_F(PredictRoundTest, ArrowsMoveTheGuessEnterRevealsItsRankAndPageDownGoesOnCounting) {
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    window.heatmap()->setFocus();
    press(Qt::Key_Right, 3);  // none → key 0 → 1 → 2
    ASSERT_EQ(predict().guess(0), 2);
    EXPECT_EQ(window.heatmap()->guessCell(), (CellIndex{0, 2}));
    EXPECT_EQ(window.selectedQuery(), 0);
    EXPECT_EQ(window.selectedKey(), 2);
    EXPECT_EQ(headline(), "Which key does “L'” attend to most? Guess: “n'”.");
    press(Qt::Key_Left);
    press(Qt::Key_Right);

    press(Qt::Key_Return);
    ASSERT_TRUE(predict().isShowingOutcome());
    EXPECT_FALSE(predict().hidesRow(0));
    EXPECT_TRUE(predict().hidesRow(1));
    EXPECT_EQ(window.heatmap()->guessCell(), (CellIndex{0, 2})) << "the guess stays outlined";
    const int rank0 = rankOf(weights, 0, 2);
    const int best0 = largestKey(0);
    const char* const tokens[] = {"L'", "animal", "n'", "a", "pas", "traversé", "la", "rue",
                                  "parce", "qu'", "il", "était", "trop", "fatigué", "."};
    const std::string expected0 =
        rank0 == 1 ? "Right! “L'” attends most to “n'” (" + twoDecimals(weights(0, 2)) + ")."
                   : "Your guess “n'” is " + englishOrdinal(rank0) + ": weight " + twoDecimals(weights(0, 2)) +
                         "; “L'” attends most to “" + tokens[best0] + "” (" + twoDecimals(weights(0, best0)) + ").";
    EXPECT_EQ(headline(), expected0);
    const int right0 = rank0 == 1 ? 1 : 0;
    EXPECT_NE(detail().find(std::to_string(right0) + " of 1 guessed right"), std::string::npos) << detail();
    EXPECT_EQ(window.selectedKey(), best0) << "the explanation shows the answer's weight";
    EXPECT_FALSE(window.explainer()->isCellHidden());

    // Page Down: the next row, without a guess yet; then its largest weight, found here.
    press(Qt::Key_PageDown);
    EXPECT_FALSE(predict().isShowingOutcome());
    EXPECT_EQ(predict().round().current(), 1);
    EXPECT_EQ(headline(), "Which key does “animal” attend to most?");
    EXPECT_FALSE(window.heatmap()->guessCell().has_value());
    press(Qt::Key_Right, largestKey(1) + 1);
    press(Qt::Key_PageDown);
    EXPECT_EQ(headline().rfind("Right! “animal” attends most to “", 0), 0u) << headline();
    EXPECT_NE(detail().find(std::to_string(right0 + 1) + " of 2 guessed right"), std::string::npos) << detail();
}

TEST_F(PredictRoundTest, TheChaptersQuestionOnOneRowRanksRueAgainstAnimal) {
    window.selectCell(kIl, 0);
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    ASSERT_EQ(predict().round().rows(), (std::vector<int>{kIl}));
    EXPECT_EQ(headline(), "Which key does “il” attend to most?");
    EXPECT_EQ(detail().find("Row "), std::string::npos) << "a one-row round has no progress";
    window.heatmap()->setFocus();
    press(Qt::Key_Right, kRue + 1);
    ASSERT_EQ(predict().guess(kIl), kRue);
    press(Qt::Key_Enter);
    const int best = largestKey(kIl);
    ASSERT_EQ(best, 1) << "the teaching model: il → animal";
    EXPECT_EQ(headline(), "Your guess “rue” is " + englishOrdinal(rankOf(weights, kIl, kRue)) + ": weight " +
                              twoDecimals(weights(kIl, kRue)) + "; “il” attends most to “animal” (" +
                              twoDecimals(weights(kIl, 1)) + ").");
    EXPECT_NE(detail().find("Round over: 0 of 1 guessed right"), std::string::npos) << detail();
    EXPECT_FALSE(window.predictBanner()->endButton()->isVisible()) << "Finish is the only way on";
    press(Qt::Key_Return);
    EXPECT_FALSE(predict().round().isActive());
    EXPECT_FALSE(window.predictBanner()->isVisible());
    EXPECT_FALSE(window.heatmap()->isRowHidden(kIl));
}

TEST_F(PredictRoundTest, AGuessTiedForTheLargestWeightIsRightAndTheBannerSaysSo) {
    // Without positions, the two "le" (and the two "chat") have the same key: every weight comes in pairs.
    const QString sentence = QStringLiteral("le chat le chat");
    AttentionConfig config;
    config.positionalEncoding = false;
    window.setConfig(config);
    window.setSentence(sentence);
    ASSERT_TRUE(waitForResult(window, sentence, config));
    const Eigen::MatrixXd pairs = coreTrace(sentence, config).matrix(Step::Weights, 0);
    ASSERT_EQ(pairs(0, 0), pairs(0, 2));
    ASSERT_EQ(pairs(0, 1), pairs(0, 3));
    ASSERT_NE(pairs(0, 0), pairs(0, 1));
    const int second = pairs(0, 2) > pairs(0, 3) ? 2 : 3;  // the later copy of the largest
    window.selectCell(0, 0);
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    ASSERT_EQ(predict().round().rows(), (std::vector<int>{0}));
    window.heatmap()->setFocus();
    press(Qt::Key_Right, second + 1);
    ASSERT_EQ(predict().guess(0), second);
    press(Qt::Key_PageDown);
    const std::string token = second == 2 ? "le" : "chat";
    EXPECT_EQ(headline().rfind("Right! “le” attends most to “" + token + "”, and as much to 1 other key", 0), 0u)
        << headline();
    EXPECT_NE(detail().find("1 of 1 guessed right"), std::string::npos) << detail();
}

TEST_F(PredictRoundTest, AClickOnACellOfTheRowMarksTheGuessAndMaskedKeysAreSkipped) {
    AttentionConfig causal = teachingConfig();
    causal.mask.causal = true;
    window.setConfig(causal);
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, causal));
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    EXPECT_EQ(predict().round().rows().front(), 1) << "row 0 sees only itself under the causal mask";
    const QRect cell = window.heatmap()->cellRect(1, 0);
    QTest::mouseClick(window.heatmap()->viewport(), Qt::LeftButton, {}, cell.center());
    EXPECT_EQ(predict().guess(1), 0);
    window.heatmap()->setFocus();
    press(Qt::Key_Right, 2);  // key 1, then back round to key 0: key 2 is masked
    EXPECT_EQ(predict().guess(1), 0);
}

TEST_F(PredictRoundTest, InPresentationModeTheRoundKeepsItsKeysAndTheStepsKeepTheirs) {
    window.classroom()->presentationAction()->trigger();
    ASSERT_TRUE(window.classroom()->presentation()->isActive());
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    ASSERT_TRUE(predict().round().isActive()) << "Ctrl+P works with the menu bar hidden";
    press(Qt::Key_Right, 2);
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap()) << "→ moved the guess, not to the steps";
    EXPECT_EQ(predict().guess(0), 1);
    press(Qt::Key_PageUp);  // a two-button clicker: Page Up moves the guess back
    EXPECT_EQ(predict().guess(0), 0);
    press(Qt::Key_PageDown);
    EXPECT_TRUE(predict().isShowingOutcome());
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap());
    // On the step view the clicker steps, round or not.
    window.tabs()->setCurrentWidget(window.stepper());
    window.stepper()->setStep(Step::X);
    press(Qt::Key_Right);
    EXPECT_EQ(window.stepper()->step(), Step::Q);
    window.tabs()->setCurrentWidget(window.heatmap());
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    EXPECT_FALSE(predict().round().isActive()) << "Ctrl+P again ends the round";
    press(Qt::Key_Right);
    EXPECT_EQ(window.tabs()->currentWidget(), window.stepper()) << "without a round, → steps again";
    window.classroom()->presentation()->leave();
}

TEST_F(PredictRoundTest, ASessionSavedDuringARoundBringsItBack) {
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    window.heatmap()->setFocus();
    press(Qt::Key_Right, 2);  // row 0: key 1
    press(Qt::Key_Return);
    press(Qt::Key_PageDown);
    press(Qt::Key_Right, 4);  // row 1: key 3, not revealed
    const PredictRound played = predict().round();
    ASSERT_EQ(played.revealedRows(), (std::vector<int>{0}));

    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("round.attnviz"));
    SessionActions& sessions = *window.sessionActions();
    sessions.setInteractive(false);
    ASSERT_TRUE(sessions.saveSession(path));
    const nlohmann::json saved = nlohmann::json::parse(readFileBytes(path.toStdString()));
    EXPECT_EQ(saved.at("version"), 2);
    EXPECT_EQ(saved.at("predict").at("revealed_rows"), nlohmann::json::parse("[0]"));
    EXPECT_EQ(saved.at("predict").at("guesses"), nlohmann::json::parse("[[0, 1], [1, 3]]"));

    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
    window.setSentence(QStringLiteral("Le chat est assis"));
    ASSERT_TRUE(waitForResult(window, QStringLiteral("Le chat est assis"), teachingConfig()));
    ASSERT_FALSE(predict().round().isActive());

    ASSERT_TRUE(openSessionAndWait(sessions, path));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    EXPECT_EQ(predict().round(), played);
    EXPECT_TRUE(window.heatmap()->isRowHidden(1));
    EXPECT_FALSE(window.heatmap()->isRowHidden(0));
    EXPECT_EQ(window.heatmap()->guessCell(), (CellIndex{1, 3}));
    EXPECT_EQ(headline(), "Which key does “animal” attend to most? Guess: “a”.");
}

TEST_F(PredictRoundTest, AVersion1SessionOpensUnchangedWithEveryRowShown) {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("old.attnviz"));
    // Written by hand as version 1 wrote it.
    writeFileAtomically(path.toStdString(), std::string_view(R"({"format": "attnviz-session", "version": 1,
  "sentence": "Le chat est assis",
  "config": {"d_model": 8, "heads": 2, "scale": true, "temperature": 1.0, "seed": 7, "positional_encoding": true,
             "preset": "random", "mask": {"causal": true, "window": 0, "global_tokens": [], "pad_to": 0,
             "custom_masked": []}, "max_tokens": 4096},
  "view": {"step": "weights", "head": 1, "colormap": "viridis", "values": true, "title": ""}})"));
    SessionActions& sessions = *window.sessionActions();
    sessions.setInteractive(false);
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);  // a round on, which the session ends
    ASSERT_TRUE(openSessionAndWait(sessions, path));
    AttentionConfig expected;
    expected.dModel = 8;
    expected.heads = 2;
    expected.seed = 7;
    expected.mask.causal = true;
    ASSERT_TRUE(waitForResult(window, QStringLiteral("Le chat est assis"), expected)) << window.message().toStdString();
    EXPECT_EQ(window.currentHead(), 1);
    EXPECT_EQ(window.colorMapName(), QStringLiteral("viridis"));
    EXPECT_FALSE(predict().round().isActive());
    EXPECT_FALSE(window.predictBanner()->isVisible());
    for (int row = 0; row < 4; ++row) EXPECT_FALSE(window.heatmap()->isRowHidden(row)) << "row " << row;
}

}  // namespace
}  // namespace attnviz::ui
