// The head view in the window: its tab shows the result's heads and tokens, follows the sentence,
// and in presentation mode draws its tokens at the sentence's size with thicker lines; with a
// trained model (Gpt2WindowHeadView, run with the gpt2 fixtures) every layer, against numpy.
#include <QComboBox>
#include <QScreen>
#include <QSignalSpy>
#include <QTabWidget>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/ModelActions.h"
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

TEST(Gpt2WindowHeadView, ShowsEveryLayerOfTheModelWithNumpysWeights) {
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() / "f32_0.json");
    ASSERT_TRUE(in) << "the numpy reference is missing (fixture gpt2_forward_references)";
    const nlohmann::json expected = nlohmann::json::parse(in);
    ClassroomReset reset;
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    QSignalSpy opened(window.modelActions(), &ModelActions::loadFinished);
    window.modelActions()->openModel(
        QString::fromStdString((attnviz::testing::gpt2Checkpoints() / "f32").string()));
    ASSERT_TRUE(waitUntil([&] { return opened.count() > 0; }));
    ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
    const QString sentence = QStringLiteral("The cat sat on the mat.");  // forward_sentences.json's first
    window.setSentence(sentence);
    window.controls()->setLayer(1);
    ASSERT_TRUE(waitUntil([&] {
        const auto trace = window.currentTrace();
        return !window.isBusy() && trace && trace->origin() != nullptr && trace->origin()->layer == 1 &&
               window.currentTraceSentence() == sentence;
    }));
    window.tabs()->setCurrentWidget(window.headView());
    HeadLinesView& view = *window.headView();
    ASSERT_NE(view.stack(), nullptr);
    EXPECT_EQ(view.stack()->layers(), 2) << "every layer of the forward pass";
    EXPECT_FALSE(view.layerBox()->isHidden()) << "a layer selector for the model's layers";
    EXPECT_EQ(view.layer(), 1) << "the head view follows the controls' layer";
    const nlohmann::json& attentions = expected.at("attentions");
    for (int layer = 0; layer < 2; ++layer) {
        view.setLayer(layer);
        // Each layer has a painter of its own: the previous one is gone (AddressSanitizer).
        const HeadLinesPainter& lines = *view.linesPainter();
        for (int head = 0; head < lines.heads(); ++head)
            for (int query = 0; query < lines.size(); ++query)
                for (int key = 0; key < lines.size(); ++key)
                    EXPECT_NEAR(view.linesPainter()->weight(head, query, key),
                                attentions.at(layer).at(head).at(query).at(key).get<double>(), 1e-4)
                        << "layer " << layer + 1 << ", head " << head + 1 << ", " << query << " → " << key;
    }
}

}  // namespace
}  // namespace attnviz::ui
