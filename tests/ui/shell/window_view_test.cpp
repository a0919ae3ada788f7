// The view apart from the computation: a head, a colour map or a colour range chosen in the
// controls never computes the attention again; heads are numbered from 1 wherever the window
// names them; and the controls take d_model up to the core's limit (weights of d_model 1280).
#include <QChart>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "core/base/Limits.h"
#include "core/formats/WeightsFile.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/RowChart.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

const QString kViewSentence = QStringLiteral("Le chat est assis");

AttentionConfig twoHeads() {
    AttentionConfig config;
    config.heads = 2;
    return config;
}

class WindowViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        window.setConfig(twoHeads());
        window.setSentence(kViewSentence);
        window.recomputeNow();
        ASSERT_TRUE(waitForResult(window, kViewSentence, twoHeads())) << window.message().toStdString();
    }

    /// Picks an entry of a combo box with the keyboard, as a user would.
    static void choose(QComboBox* box, int index) {
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Home);
        for (int i = 0; i < index; ++i) QTest::keyClick(box, Qt::Key_Down);
    }

    MainWindow window;
};

TEST_F(WindowViewTest, AnotherHeadOrColourRangeShowsTheSameTrace) {
    const auto trace = window.currentTrace();
    choose(window.controls()->headBox(), 1);
    ASSERT_TRUE(waitUntil([&] { return window.currentHead() == 1 && !window.isBusy(); })) << "head 2 never shown";
    EXPECT_EQ(window.currentTrace(), trace) << "a head is a view of the same trace, never a new computation";
    const AttentionTrace expected = coreTrace(kViewSentence, twoHeads());
    EXPECT_EIGEN_NEAR(window.heatmap()->source()->block(0, 0, 4, 4), expected.matrix(Step::Weights, 1), 0, 0);

    choose(window.controls()->weightsRangeBox(), 1);  // smallest to largest
    ASSERT_TRUE(waitUntil([&] {
        return window.currentSource()->scaleMax() < 1.0 && !window.isBusy();
    })) << "the colour range never followed the weights";
    EXPECT_EQ(window.currentTrace(), trace);
    EXPECT_EQ(window.currentSource()->scaleMax(), expected.matrix(Step::Weights, 1).maxCoeff());
}

TEST_F(WindowViewTest, AnotherColourMapOnlyRepaints) {
    const auto source = window.currentSource();
    choose(window.controls()->colorMapBox(), window.controls()->colorMapBox()->findText(QStringLiteral("viridis")));
    EXPECT_EQ(window.heatmap()->sequentialMap(), QStringLiteral("viridis"));
    EXPECT_EQ(window.stepper()->heatmap()->sequentialMap(), QStringLiteral("viridis"));
    EXPECT_FALSE(window.isBusy()) << "a colour map needs no worker";
    EXPECT_EQ(window.currentSource(), source) << "nor new sources";
    EXPECT_EQ(window.viewSettings().colorMap, QStringLiteral("viridis"));
}

TEST_F(WindowViewTest, AHeadCanBeChosenWhileAnEntryCannotBeUsed) {
    const auto trace = window.currentTrace();
    window.controls()->windowBox()->setValue(2);
    window.controls()->globalTokensEdit()->setText(QStringLiteral("0, x"));
    window.recomputeNow();
    ASSERT_TRUE(window.message().contains(QStringLiteral("Global tokens"))) << window.message().toStdString();

    choose(window.controls()->headBox(), 1);
    ASSERT_TRUE(waitUntil([&] { return window.currentHead() == 1 && !window.isBusy(); }))
        << "the head waits for the global tokens: " << window.message().toStdString();
    EXPECT_EQ(window.currentTrace(), trace);
    EXPECT_TRUE(window.message().contains(QStringLiteral("Global tokens"))) << "the entry still cannot be used";
}

TEST_F(WindowViewTest, HeadsAreNumberedFromOneWhereverTheWindowNamesThem) {
    QComboBox* head = window.controls()->headBox();
    ASSERT_EQ(head->count(), 3);
    EXPECT_EQ(head->itemText(0), QStringLiteral("Head 1 of 2"));
    EXPECT_EQ(head->itemText(1), QStringLiteral("Head 2 of 2"));
    EXPECT_EQ(head->itemText(2), QStringLiteral("Mean of the 2 heads"));
    EXPECT_EQ(head->itemData(1).toInt(), 1) << "the index stays 0-based";

    ViewSettings second = window.viewSettings();
    second.head = 1;
    window.setViewSettings(second);
    ASSERT_TRUE(waitUntil([&] { return window.currentHead() == 1 && !window.isBusy(); }));
    window.selectCell(1, 0);
    EXPECT_TRUE(window.rowChart()->chart()->title().contains(QStringLiteral("head 2"))) << window.rowChart()->chart()->title().toStdString();
    EXPECT_TRUE(window.explainer()->toPlainText().contains(QStringLiteral("Head 2 of 2")))
        << window.explainer()->toPlainText().toStdString();
    window.stepper()->setStep(Step::Weights);
    EXPECT_TRUE(window.stepper()->shapeText().contains(QStringLiteral("head 2 of 2"))) << window.stepper()->shapeText().toStdString();
}

TEST(WindowDModelTest, WeightsOfDModel1280AreUsedAsTheyAre) {
    EXPECT_EQ(MainWindow().controls()->dModelBox()->maximum(), limits::kMaxDModel)
        << "the window allows what the core allows";
    // W_Q … W_O of d_model 1280, as numpy files: more than the 1,024 the spin box once stopped at.
    constexpr int kD = 1280;
    Weights weights;
    weights.wq = Eigen::MatrixXd::Identity(kD, kD);
    weights.wk = 0.5 * Eigen::MatrixXd::Identity(kD, kD);
    weights.wv = Eigen::MatrixXd::Identity(kD, kD);
    weights.wo = Eigen::MatrixXd::Identity(kD, kD);
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    saveWeightsNpy(folder.path().toStdString(), weights);

    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    window.weightsActions()->setInteractive(false);
    ASSERT_TRUE(loadWeightsAndWait(*window.weightsActions(), folder.path())) << window.message().toStdString();
    EXPECT_EQ(window.controls()->dModelBox()->value(), kD) << "d_model clamped";
    const AttentionConfig config = window.config();
    EXPECT_EQ(config.dModel, kD);
    EXPECT_EQ(config.preset, ProjectionPreset::Supplied);
    EXPECT_TRUE(config.supplied.wk() == weights.wk) << "the loaded matrices are the config's";
    window.setSentence(kViewSentence);
    window.recomputeNow();
    ASSERT_TRUE(waitForResult(window, kViewSentence, config)) << window.message().toStdString();
    EXPECT_EQ(window.currentTrace()->config().dModel, kD);
}

}  // namespace
}  // namespace attnviz::ui
