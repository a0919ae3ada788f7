// A long causal heatmap in the window: "each row against its largest weight" chosen with the
// keyboard colours every row on its own and is kept in sessions and in the settings.
#include <QComboBox>
#include <QDir>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "core/formats/SessionFile.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "tests/support/RepeatedWords.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/SessionActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(ClassroomColourRange, EachRowAgainstItsLargestWeightIsChosenShownAndKept) {
    ClassroomReset reset;
    const QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QString sentence = QString::fromStdString(attnviz::testing::repeatedWords(120));
    AttentionConfig causal;
    causal.mask.causal = true;
    {
        MainWindow window;
        window.resize(1600, 960);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.setConfig(causal);
        window.setSentence(sentence);
        ASSERT_TRUE(waitForResult(window, sentence, causal)) << window.message().toStdString();

        QComboBox* range = window.controls()->weightsRangeBox();
        ASSERT_EQ(range->count(), 3) << "0 to 1, smallest to largest, each row";
        range->setFocus();
        QTest::keyClick(range, Qt::Key_End);  // the last entry: each row against its largest weight
        ASSERT_EQ(window.controls()->weightsRange(), WeightsRange::PerRow);
        ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.heatmap()->source()->coloursPerRow(); }));
        const MatrixSource& shown = *window.heatmap()->source();
        const Eigen::MatrixXd weights = coreTrace(sentence, causal).matrix(Step::Weights, 0);
        EXPECT_EQ(shown.rowScaleMax(119), weights.row(119).maxCoeff()) << "the last row's largest weight";
        EXPECT_EQ(shown.value(119, 5), weights(119, 5)) << "the numbers stay the weights";

        const QString path = QDir(folder.path()).filePath(QStringLiteral("rows.attnviz"));
        ASSERT_TRUE(window.sessionActions()->saveSession(path));
        EXPECT_EQ(loadSession(QFile::encodeName(path).toStdString()).view.weightsRange, WeightsRange::PerRow);
        window.controls()->setWeightsRange(WeightsRange::Fixed);
        ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && !window.heatmap()->source()->coloursPerRow(); }));
        window.sessionActions()->setInteractive(false);
        ASSERT_TRUE(openSessionAndWait(*window.sessionActions(), path));
        EXPECT_EQ(window.controls()->weightsRange(), WeightsRange::PerRow) << "read back from the session";
        ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.heatmap()->source()->coloursPerRow(); }));
        window.close();  // the settings are written on close
    }
    EXPECT_EQ(AppSettings().view(ViewSettings{}).weightsRange, WeightsRange::PerRow) << "remembered for the next start";
}

TEST(ClassroomColourRange, EveryChoiceFitsItsBoxInFrench) {
    ClassroomReset reset;
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    // The language changes after the box was first shown, as from View → Langue.
    window.classroom()->languageAction(QStringLiteral("fr"))->trigger();
    deliverLanguageChange();
    QComboBox* range = window.controls()->weightsRangeBox();
    for (int i = 0; i < range->count(); ++i) {
        range->setCurrentIndex(i);
        QCoreApplication::processEvents();
        QStyleOptionComboBox option;
        option.initFrom(range);
        option.currentText = range->currentText();
        const QRect field =
            range->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, range);
        EXPECT_GE(field.width(), range->fontMetrics().horizontalAdvance(range->currentText()))
            << "\"" << range->currentText().toStdString() << "\" is cut";
    }
}

}  // namespace
}  // namespace attnviz::ui
