// The head view in the window: its tab shows the result's heads and tokens, follows the sentence,
// and in presentation mode draws its tokens at the sentence's size with thicker lines.
#include <QScreen>
#include <QTabWidget>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(HeadViewWindow, ItsTabShowsEveryHeadOfTheResult) {
    ClassroomReset reset;
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const int tab = window.tabs()->indexOf(window.headView());
    ASSERT_NE(tab, -1) << "the head view is a tab";
    EXPECT_EQ(window.tabs()->tabText(tab), QStringLiteral("Head view"));

    AttentionConfig config;  // random weights, 2 heads: every head of the trace is in the view
    config.heads = 2;
    const QString sentence = QStringLiteral("Le chat est assis");
    window.setConfig(config);
    window.setSentence(sentence);
    ASSERT_TRUE(waitForResult(window, sentence, config));
    window.tabs()->setCurrentWidget(window.headView());
    const auto stack = window.headView()->stack();
    ASSERT_NE(stack, nullptr);
    EXPECT_EQ(stack->heads(), 2);
    EXPECT_EQ(stack->layers(), 1);
    ASSERT_NE(window.headView()->linesPainter(), nullptr);
    const HeadLinesPainter& lines = *window.headView()->linesPainter();
    ASSERT_EQ(lines.size(), 4);
    EXPECT_EQ(lines.tokens()[1], QStringLiteral("chat"));
    const Eigen::MatrixXd head2 = window.currentTrace()->matrix(Step::Weights, 1);
    EXPECT_NEAR(lines.weight(1, 3, 1), head2(3, 1), 1e-6) << "head 2's line from assis to chat has its weight";
}

TEST(HeadViewWindow, PresentationModeDrawsTheTokensAtTheSentencesSize) {
    ClassroomReset reset;
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window, {780, 560}));
    window.tabs()->setCurrentWidget(window.headView());
    ASSERT_NE(window.headView()->linesPainter(), nullptr);
    const double lineWidth = window.headView()->linesPainter()->style().lineWidth;
    PresentationMode& presentation = *window.classroom()->presentation();
    presentation.enter();
    ASSERT_TRUE(presentation.isActive());
    QTest::qWait(50);
    const QSize screen = window.screen()->geometry().size();
    const double promised = PresentationMode::scaledForScreen(PresentationMode::kSentenceDigitPixels, screen);
    const QFont tokens = window.headView()->linesPainter()->style().font;
    EXPECT_GE(PresentationMode::digitHeight(tokens), promised)
        << "the tokens' digits are as high as the sentence's, for the back of the room";
    EXPECT_GT(window.headView()->linesPainter()->style().lineWidth, lineWidth) << "thicker lines";
    presentation.leave();
    EXPECT_DOUBLE_EQ(window.headView()->linesPainter()->style().lineWidth, lineWidth) << "back as it was";
}

}  // namespace
}  // namespace attnviz::ui
