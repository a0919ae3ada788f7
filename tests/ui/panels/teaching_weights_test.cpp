// The Weights dock and File → Load/Save Weights: editing W_Q with real events recomputes exactly as
// the core does for the edited matrices, bad input is refused, Reset goes back, edits live in
// sessions, .npy files written by numpy load to their values, and every kind of bad weights
// file is refused with its message while the window stays as it was.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/formats/WeightsFile.h"
#include "core/io/AtomicFile.h"
#include "core/model/ProjectionPresets.h"
#include "core/model/Projections.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/NpyFixtures.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/WeightEditor.h"
#include "ui/panels/WeightMatrixModel.h"
#include "ui/shell/Examples.h"
#include "ui/shell/SessionActions.h"
#include "ui/shell/UntrainedBanner.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::npy::expectedWk;
using attnviz::testing::npy::expectedWo;
using attnviz::testing::npy::expectedWq;
using attnviz::testing::npy::expectedWv;

QString fixture(const QString& relative) {
    return QString::fromStdString(attnviz::testing::npy::fixture(relative.toStdString()));
}

class TeachingWeightsTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.resize(1600, 960);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window)) << "the window is never shown";
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window)) << "cell editors need an active window (focus)";
        ASSERT_TRUE(waitForResult(window, sentence, teachingConfig())) << window.message().toStdString();
        window.heatmap()->setAsyncRendering(false);
        window.weightsActions()->setInteractive(false);
        editor = window.weightEditor();
    }

    /// Opens the Weights dock as a user does (View → Weights) and shows matrix m.
    void openEditor(WeightEditor::Matrix m) {
        if (!window.weightsDock()->isVisible()) window.weightsDock()->toggleViewAction()->trigger();
        ASSERT_TRUE(waitUntil([&] { return window.weightsDock()->isVisible() && editor->isVisible(); }))
            << "the Weights dock does not show";
        QTabBar* tabs = editor->tabs()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(m).center());
        ASSERT_EQ(editor->tabs()->currentIndex(), static_cast<int>(m));
    }

    /// Double-clicks cell (row, column) of matrix m, clears it, types text, presses Enter (and
    /// Escape when the editor stays open on text that is not a number).
    void typeInCell(WeightEditor::Matrix m, int row, int column, const QString& text) {
        QTableView* table = editor->table(m);
        const QModelIndex index = table->model()->index(row, column);
        table->scrollTo(index);
        const QPoint centre = table->visualRect(index).center();
        // What a double click delivers to a widget: press, release, press, double click, release.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, centre);
        QTest::mousePress(table->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseRelease(table->viewport(), Qt::LeftButton, {}, centre);
        QLineEdit* edit = nullptr;
        ASSERT_TRUE(waitUntil([&] {
            for (QLineEdit* open : table->viewport()->findChildren<QLineEdit*>())
                if (open->isVisible()) edit = open;
            return edit != nullptr;
        })) << "double-clicking the cell opens no editor";
        EXPECT_EQ(edit->geometry(), table->visualRect(index)) << "the editor is not over the cell";
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
        QCoreApplication::processEvents();  // the view commits and closes the editor in a queued call
        if (edit->isVisible()) QTest::keyClick(edit, Qt::Key_Escape);  // still open: not a number
        EXPECT_FALSE(edit->isVisible()) << "the editor stays open";
    }

    /// The teaching model's matrices with W_Q[row, column] = value, as the config the core computes.
    static AttentionConfig teachingWith(int row, int column, double value) {
        AttentionConfig config = teachingConfig();
        Projections p = TeachingModel::builtIn().projections();
        p.wq(row, column) = value;
        config.supplied = {p.wq, p.wk, p.wv, p.wo};
        return config;
    }

    const QString sentence = examples().constFirst().sentence;
    MainWindow window;
    WeightEditor* editor = nullptr;
};

TEST_F(TeachingWeightsTest, EditingWQRecomputesExactlyAsTheCoreWithTheEditedMatrix) {
    openEditor(WeightEditor::WQ);
    // Row "pronoun" of X, column "looks for a living being" of Q: the rule that makes il find animal.
    const TeachingModel& model = TeachingModel::builtIn();
    int row = -1, column = -1;
    for (int i = 0; i < model.dimensions(); ++i) {
        if (model.embeddingDimensions()[static_cast<std::size_t>(i)].name == "pronoun") row = i;
        if (model.queryDimensions()[static_cast<std::size_t>(i)].name == "looks for a living being") column = i;
    }
    ASSERT_GE(row, 0);
    ASSERT_GE(column, 0);
    QTableView* table = editor->table(WeightEditor::WQ);
    EXPECT_EQ(table->model()->headerData(row, Qt::Vertical).toString(), QStringLiteral("pronoun"));
    EXPECT_EQ(table->model()->headerData(column, Qt::Horizontal).toString(), QStringLiteral("looks for a living being"));
    EXPECT_EQ(editor->model(WeightEditor::WQ)->matrix()(row, column), 8.0);
    EXPECT_FALSE(editor->resetButton()->isEnabled()) << "nothing edited yet";

    typeInCell(WeightEditor::WQ, row, column, QStringLiteral("0.5"));
    const AttentionConfig edited = teachingWith(row, column, 0.5);
    ASSERT_TRUE(waitForResult(window, sentence, edited)) << window.message().toStdString();
    const AttentionTrace expected = coreTrace(sentence, edited);
    const auto trace = window.currentTrace();
    EXPECT_EIGEN_NEAR(trace->projections().wq, expected.projections().wq, 0, 0);
    EXPECT_EIGEN_NEAR(trace->x(), TeachingModel::builtIn().embed(trace->tokens()).x, 0, 0)
        << "edited weights keep the teaching model's X";
    const auto source = window.heatmap()->source();
    EXPECT_EIGEN_NEAR(source->block(0, 0, source->rows(), source->cols()), expected.matrix(Step::Weights, 0), 0, 0);
    EXPECT_TRUE(editor->isEdited());
    EXPECT_TRUE(editor->resetButton()->isEnabled());

    // Not numbers: refused, nothing changes.
    for (const QString& bad : {QStringLiteral("abc"), QString(), QStringLiteral("1e999"), QStringLiteral("--")}) {
        typeInCell(WeightEditor::WQ, row, column, bad);
        EXPECT_EQ(editor->model(WeightEditor::WQ)->matrix()(row, column), 0.5) << "after typing " << bad.toStdString();
        EXPECT_TRUE(window.config() == edited) << "after typing " << bad.toStdString();
    }
    WeightMatrixModel* wq = editor->model(WeightEditor::WQ);
    EXPECT_FALSE(wq->setData(wq->index(row, column), std::numeric_limits<double>::quiet_NaN()));
    EXPECT_FALSE(wq->setData(wq->index(row, column), QStringLiteral("nan")));
    EXPECT_FALSE(wq->setData(wq->index(row, column), QStringLiteral("inf")));
    EXPECT_EQ(wq->matrix()(row, column), 0.5) << "never NaN";

    // A decimal comma is a number too.
    typeInCell(WeightEditor::WQ, row, column, QStringLiteral("-2,5"));
    ASSERT_TRUE(waitForResult(window, sentence, teachingWith(row, column, -2.5)));

    // Reset: the teaching model's own matrices again.
    QTest::mouseClick(editor->resetButton(), Qt::LeftButton);
    ASSERT_TRUE(waitForResult(window, sentence, teachingConfig())) << window.message().toStdString();
    EXPECT_EQ(editor->model(WeightEditor::WQ)->matrix()(row, column), 8.0);
    EXPECT_FALSE(editor->isEdited());
}

TEST_F(TeachingWeightsTest, EditingRandomWeightsMakesThemSuppliedAndResetGoesBack) {
    window.setConfig(AttentionConfig{});
    ASSERT_TRUE(waitForResult(window, sentence, AttentionConfig{}));
    openEditor(WeightEditor::WK);
    EXPECT_EQ(editor->table(WeightEditor::WK)->model()->headerData(3, Qt::Horizontal).toString(), QStringLiteral("3"))
        << "numbered from 0, as numpy";
    typeInCell(WeightEditor::WK, 0, 1, QStringLiteral("2"));
    AttentionConfig supplied;
    const Projections seeded = makeProjections(AttentionConfig{});
    supplied.preset = ProjectionPreset::Supplied;
    Eigen::MatrixXd wk = seeded.wk;
    wk(0, 1) = 2;
    supplied.supplied = {seeded.wq, wk, seeded.wv, seeded.wo};
    ASSERT_TRUE(waitForResult(window, sentence, supplied)) << window.message().toStdString();
    EXPECT_EIGEN_NEAR(window.currentTrace()->matrix(Step::Weights, 0), coreTrace(sentence, supplied).matrix(Step::Weights, 0),
                      0, 0);
    QTest::mouseClick(editor->resetButton(), Qt::LeftButton);
    ASSERT_TRUE(waitForResult(window, sentence, AttentionConfig{})) << "Reset goes back to the random preset";
}

// Loaded matrices are what Reset goes back to: untouched they are not edited; an edit is; typing
// the old number back is not any more; after an edit, Reset gives the loaded ones again.
TEST_F(TeachingWeightsTest, LoadedWeightsAreEditedOnlyWhileTheyDifferFromTheFile) {
    AttentionConfig supplied;
    const Projections seeded = makeProjections(AttentionConfig{});
    supplied.preset = ProjectionPreset::Supplied;
    supplied.supplied = {seeded.wq, seeded.wk, seeded.wv, seeded.wo};
    window.setConfig(supplied);
    ASSERT_TRUE(waitForResult(window, sentence, supplied));
    openEditor(WeightEditor::WV);
    EXPECT_FALSE(editor->isEdited()) << "as loaded";
    EXPECT_FALSE(editor->resetButton()->isEnabled());
    const double old = seeded.wv(1, 2);
    typeInCell(WeightEditor::WV, 1, 2, QStringLiteral("3"));
    ASSERT_TRUE(waitUntil([&] { return editor->model(WeightEditor::WV)->matrix()(1, 2) == 3.0; }));
    EXPECT_TRUE(editor->isEdited());
    EXPECT_TRUE(editor->resetButton()->isEnabled());
    typeInCell(WeightEditor::WV, 1, 2, QString::number(old, 'g', 17));
    ASSERT_TRUE(waitForResult(window, sentence, supplied)) << "the loaded numbers again";
    EXPECT_FALSE(editor->isEdited()) << "the same numbers as the file";
    typeInCell(WeightEditor::WV, 1, 2, QStringLiteral("3"));
    ASSERT_TRUE(waitUntil([&] { return editor->isEdited(); }));
    QTest::mouseClick(editor->resetButton(), Qt::LeftButton);
    ASSERT_TRUE(waitForResult(window, sentence, supplied)) << "Reset goes back to the loaded matrices";
    EXPECT_EQ(editor->model(WeightEditor::WV)->matrix()(1, 2), old);
    EXPECT_FALSE(editor->isEdited());
}

TEST_F(TeachingWeightsTest, EveryNumberShowsWholeOnOneLineWithFourDecimals) {
    // Random weights have the longest numbers (−0.4790…): each cell shows the core's value to 4
    // decimals, on one line, in a column wide enough for it in bold.
    window.setConfig(AttentionConfig{});
    ASSERT_TRUE(waitForResult(window, sentence, AttentionConfig{}));
    openEditor(WeightEditor::WK);
    QTableView* table = editor->table(WeightEditor::WK);
    EXPECT_FALSE(table->wordWrap());
    const Eigen::MatrixXd wk = makeProjections(AttentionConfig{}).wk;
    ASSERT_EQ(table->model()->rowCount(), wk.rows());
    QFont bold = table->font();
    bold.setBold(true);
    for (int r = 0; r < wk.rows(); ++r)
        for (int c = 0; c < wk.cols(); ++c) {
            const QString text = table->model()->index(r, c).data().toString();
            // The expected text, written out: 4 decimals, a typographic minus.
            QString expected = QString::number(std::abs(wk(r, c)), 'f', 4);
            if (wk(r, c) < 0 && expected != QStringLiteral("0.0000")) expected.prepend(QChar(0x2212));
            EXPECT_EQ(text, expected) << "cell (" << r << ", " << c << ")";
            EXPECT_GE(table->columnWidth(c), QFontMetrics(bold).horizontalAdvance(text) + 6)
                << "column " << c << " cuts " << text.toStdString();
        }
}

TEST_F(TeachingWeightsTest, EditsAreKeptInSessions) {
    SessionActions* sessions = window.sessionActions();
    sessions->setInteractive(false);
    openEditor(WeightEditor::WQ);
    typeInCell(WeightEditor::WQ, 2, 0, QStringLiteral("1.25"));
    const AttentionConfig edited = teachingWith(2, 0, 1.25);
    ASSERT_TRUE(waitForResult(window, sentence, edited)) << window.message().toStdString();

    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("edited.attnviz"));
    ASSERT_TRUE(sessions->saveSession(path));
    EXPECT_TRUE(loadSession(path.toStdString()).config == edited) << "the session file holds the edited matrices";

    window.setConfig(teachingConfig());
    ASSERT_TRUE(waitForResult(window, sentence, teachingConfig()));
    ASSERT_TRUE(openSessionAndWait(*sessions, path));
    ASSERT_TRUE(waitForResult(window, sentence, edited)) << window.message().toStdString();
    EXPECT_EQ(editor->model(WeightEditor::WQ)->matrix()(2, 0), 1.25);
    EXPECT_TRUE(editor->isEdited()) << "Reset still goes back to the teaching model";
    EXPECT_EIGEN_NEAR(window.currentTrace()->matrix(Step::Weights, 0), coreTrace(sentence, edited).matrix(Step::Weights, 0),
                      0, 0);
}

TEST_F(TeachingWeightsTest, NpyFilesWrittenByNumpyLoadToTheirValues) {
    const QList<QAction*> file = window.fileMenu()->actions();
    EXPECT_TRUE(file.contains(window.weightsActions()->loadAction()));
    EXPECT_TRUE(file.contains(window.weightsActions()->saveAction()));

    openEditor(WeightEditor::WV);
    QSignalSpy loaded(window.weightsActions(), &WeightsActions::weightsLoaded);
    for (const QString& path : {fixture(QStringLiteral("good")), fixture(QStringLiteral("good/W_K.npy"))}) {
        window.setConfig(teachingConfig());
        ASSERT_TRUE(waitForResult(window, sentence, teachingConfig()));
        ASSERT_TRUE(loadWeightsAndWait(*window.weightsActions(), path)) << path.toStdString();
        AttentionConfig expected;
        expected.preset = ProjectionPreset::Supplied;
        expected.dModel = 3;
        expected.supplied = {expectedWq(), expectedWk(), expectedWv(), expectedWo()};
        ASSERT_TRUE(waitForResult(window, sentence, expected)) << path.toStdString() << ": " << window.message().toStdString();
        const auto trace = window.currentTrace();
        EXPECT_EIGEN_NEAR(trace->projections().wk, expectedWk(), 0, 0);
        EXPECT_EIGEN_NEAR(trace->q(), trace->x() * expectedWq(), 1e-12, 0);
        EXPECT_EIGEN_NEAR(editor->model(WeightEditor::WV)->matrix(), expectedWv(), 0, 0);
        EXPECT_FALSE(window.untrainedBanner()->isVisible()) << "loaded weights are not the random preset";
    }
    EXPECT_EQ(loaded.count(), 2);
}

TEST_F(TeachingWeightsTest, BadWeightsFilesAreRefusedWithTheirMessageAndChangeNothing) {
    openEditor(WeightEditor::WQ);
    const auto before = window.currentTrace();
    const AttentionConfig config = window.config();
    const Eigen::MatrixXd shownWq = editor->model(WeightEditor::WQ)->matrix();
    QSignalSpy failed(window.weightsActions(), &WeightsActions::failed);

    const struct {
        const char* file;
        const char* slot;
        const char* message;
    } npy[] = {
        {"int64.npy", "W_Q.npy", "W_Q.npy: dtype <i8 is not float32 or float64"},
        {"complex128.npy", "W_K.npy", "W_K.npy: dtype <c16 is not float32 or float64"},
        {"float16.npy", "W_V.npy", "W_V.npy: dtype <f2 is not float32 or float64"},
        {"object.npy", "W_O.npy", "W_O.npy: dtype |O is not float32 or float64"},
        {"structured.npy", "W_Q.npy",
         "W_Q.npy: dtype [('a', '<f8'), ('b', '<i4')] (a structured type) is not float32 or float64"},
        {"vector.npy", "W_Q.npy", "W_Q.npy: expected a 2-D matrix, the file holds a 1-D array of shape (3,)"},
        {"cube.npy", "W_V.npy", "W_V.npy: expected a 2-D matrix, the file holds a 3-D array of shape (3, 3, 3)"},
        {"shape_3x2.npy", "W_K.npy", "W_K.npy: expected 3×3, the file holds 3×2"},
        {"shape_2x2.npy", "W_O.npy", "W_O.npy: expected 3×3, the file holds 2×2"},
        {"nan.npy", "W_V.npy", "W_V.npy: value at row 2, column 1 is NaN"},
        {"inf_f4.npy", "W_K.npy", "W_K.npy: value at row 0, column 2 is infinite"},
    };
    for (const auto& bad : npy) {
        QTemporaryDir folder;
        for (const char* name : {"W_Q.npy", "W_K.npy", "W_V.npy", "W_O.npy"})
            ASSERT_TRUE(QFile::copy(fixture(QStringLiteral("good/") + QLatin1String(name)), folder.filePath(QLatin1String(name))));
        QFile::remove(folder.filePath(QLatin1String(bad.slot)));
        ASSERT_TRUE(QFile::copy(fixture(QStringLiteral("bad/") + QLatin1String(bad.file)),
                                folder.filePath(QLatin1String(bad.slot))));
        failed.clear();
        EXPECT_FALSE(loadWeightsAndWait(*window.weightsActions(), folder.path())) << bad.file;
        ASSERT_EQ(failed.count(), 1) << bad.file;
        EXPECT_EQ(failed.at(0).at(0).toString(), folder.path() + QLatin1Char('/') + QString::fromUtf8(bad.message));
    }

    QTemporaryDir folder;
    const QString damaged = folder.filePath(QStringLiteral("damaged.json"));
    writeFileAtomically(damaged.toStdString(), std::string_view(R"({"format": "attnviz-weights", "vers)"));
    const QString wrongShape = folder.filePath(QStringLiteral("shape.json"));
    writeFileAtomically(wrongShape.toStdString(),
                        std::string_view(R"({"format": "attnviz-weights", "version": 1, "d_model": 2,
                           "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 2], [3, 4], [5, 6]],
                           "W_V": [[1, 0], [0, 1]], "W_O": [[1, 0], [0, 1]]})"));
    const QString missing = folder.filePath(QStringLiteral("missing.json"));
    const std::pair<QString, QString> others[] = {
        {damaged, damaged + QStringLiteral(": damaged weights file: ")},
        {wrongShape, wrongShape + QStringLiteral(": W_K: expected 2×2, the file holds 3×2")},
        {missing, QStringLiteral("cannot open ") + missing + QStringLiteral(": no such file")},
    };
    for (const auto& [path, message] : others) {
        failed.clear();
        EXPECT_FALSE(loadWeightsAndWait(*window.weightsActions(), path)) << path.toStdString();
        ASSERT_EQ(failed.count(), 1);
        EXPECT_TRUE(failed.at(0).at(0).toString().startsWith(message)) << failed.at(0).at(0).toString().toStdString();
    }

    // Good files that cannot be used with these settings: 2 heads do not divide d_model 3.
    AttentionConfig twoHeads = teachingConfig();
    twoHeads.heads = 2;
    window.setConfig(twoHeads);
    ASSERT_TRUE(waitForResult(window, sentence, twoHeads));
    const auto twoHeadsTrace = window.currentTrace();
    failed.clear();
    EXPECT_FALSE(loadWeightsAndWait(*window.weightsActions(), fixture(QStringLiteral("good"))));
    ASSERT_EQ(failed.count(), 1);
    EXPECT_EQ(failed.at(0).at(0).toString(),
              QStringLiteral("2 heads do not divide d_model = 3: d_k = d_model / heads must be a whole number"));
    EXPECT_TRUE(window.config() == twoHeads);
    EXPECT_TRUE(waitIdle(window));
    EXPECT_EQ(window.currentTrace(), twoHeadsTrace) << "nothing recomputed";

    window.setConfig(config);
    ASSERT_TRUE(waitForResult(window, sentence, config));
    EXPECT_TRUE(window.config() == config) << "the weights in use are unchanged";
    EXPECT_EIGEN_NEAR(editor->model(WeightEditor::WQ)->matrix(), shownWq, 0, 0);
    EXPECT_EIGEN_NEAR(window.currentTrace()->matrix(Step::Weights, 0), before->matrix(Step::Weights, 0), 0, 0);
}

TEST_F(TeachingWeightsTest, SaveWeightsWritesTheMatricesInUse) {
    openEditor(WeightEditor::WQ);
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("teaching.json"));
    ASSERT_TRUE(window.weightsActions()->saveWeights(path));
    const Weights saved = loadWeights(path.toStdString());
    const Projections& teaching = TeachingModel::builtIn().projections();
    EXPECT_EIGEN_NEAR(saved.wq, teaching.wq, 0, 0);
    EXPECT_EIGEN_NEAR(saved.wo, teaching.wo, 0, 0);
    EXPECT_EQ(saved.comment, "AttnViz teaching model");

    // Saved, then loaded back into the teaching model: the same config (its X is kept).
    ASSERT_TRUE(loadWeightsAndWait(*window.weightsActions(), path));
    AttentionConfig same = teachingConfig();
    same.supplied = {teaching.wq, teaching.wk, teaching.wv, teaching.wo};
    ASSERT_TRUE(waitForResult(window, sentence, same)) << window.message().toStdString();
    EXPECT_FALSE(editor->isEdited()) << "the same numbers as the model";
}

}  // namespace
}  // namespace attnviz::ui
