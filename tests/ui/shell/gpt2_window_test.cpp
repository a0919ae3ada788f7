// A trained GPT-2 checkpoint in the window (Gpt2Window*): opened off the GUI thread, a layer and a
// head chosen, the heatmap's weights and the next-token line against the independent numpy
// reference (tests/reference/gpt2, run at test time by the fixture gpt2_forward_references on the
// checkpoints make_checkpoints.py writes); a damaged folder leaves the window as it was; sessions
// remember the model and say when its folder is gone.
#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QComboBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QUrl>

#include <atomic>
#include <utility>
#include <vector>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include "core/formats/SessionFile.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/compute/ComputeController.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/TokenStrip.h"
#include "ui/panels/WeightEditor.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/ModelActions.h"
#include "ui/shell/SessionActions.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

std::filesystem::path checkpoint(const std::string& name) {
    return attnviz::testing::gpt2Checkpoints() / name;
}

/// The numpy reference's forward pass of forward_sentences.json's sentence `index` on checkpoint.
nlohmann::json reference(const std::string& name, int index) {
    std::ifstream in(attnviz::testing::gpt2ForwardReferences() /
                     (name + "_" + std::to_string(index) + ".json"));
    if (!in) return nullptr;
    return nlohmann::json::parse(in);
}

constexpr const char* kSentence = "The cat sat on the mat.";  // forward_sentences.json's first

/// Opens folder through the window's File → Open Model action path and waits for it to be read.
::testing::AssertionResult opens(MainWindow& window, const std::filesystem::path& folder) {
    QSignalSpy finished(window.modelActions(), &ModelActions::loadFinished);
    window.modelActions()->openModel(QString::fromStdString(folder.string()));
    if (!waitUntil([&] { return finished.count() > 0; }))
        return ::testing::AssertionFailure() << "opening " << folder << " never finished";
    return ::testing::AssertionSuccess();
}

/// True once the window shows layer `layer`, head `head` of the model for sentence, idle.
bool showsModelLayer(const MainWindow& window, const QString& sentence, int layer, int head) {
    const auto trace = window.currentTrace();
    const auto source = window.currentSource(Step::Weights);
    return !window.isBusy() && trace && trace->origin() != nullptr && trace->origin()->layer == layer &&
           window.currentTraceSentence() == sentence && source && source->head() == head;
}

void chooseHead(MainWindow& window, int head) {
    ViewSettings view = window.viewSettings();
    view.head = head;
    window.setViewSettings(view);
}

TEST(Gpt2WindowTest, LayerTwoHeadThreeShowTheNumpyReferencesWeightsAndNextTokens) {
    const nlohmann::json expected = reference("f32", 0);
    ASSERT_FALSE(expected.is_null()) << "the numpy reference is missing (fixture gpt2_forward_references)";
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, checkpoint("f32")));
    ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
    window.setSentence(QString::fromUtf8(kSentence));
    window.controls()->setLayer(1);  // "Layer 2 of 2"
    chooseHead(window, 2);           // "Head 3 of 4"
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 1, 2); }))
        << window.message().toStdString();

    const auto ids = expected.at("token_ids").get<std::vector<int>>();
    const auto& tokens = window.currentTrace()->tokens();
    ASSERT_EQ(tokens.size(), ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(tokens[i].id, ids[i]) << "token " << i;
    const auto source = window.currentSource(Step::Weights);
    const nlohmann::json& weights = expected.at("attentions").at(1).at(2);
    for (int row = 0; row < source->rows(); ++row)
        for (int col = 0; col < source->cols(); ++col)
            EXPECT_NEAR(source->value(row, col), weights.at(row).at(col).get<double>(), 1e-4)
                << "row " << row << ", column " << col;

    // The next-token line lists numpy's five, most likely first, with their probabilities.
    const auto& next = window.currentTrace()->origin()->nextTokens;
    const nlohmann::json& expectedNext = expected.at("next_tokens");
    ASSERT_EQ(next.size(), expectedNext.size());
    for (std::size_t i = 0; i < next.size(); ++i) {
        EXPECT_EQ(next[i].id, expectedNext.at(i).at("id").get<int>()) << "next token " << i;
        EXPECT_NEAR(next[i].probability, expectedNext.at(i).at("p").get<double>(), 1e-4) << "next token " << i;
    }
    ASSERT_TRUE(window.nextTokensLabel()->isVisible());
    const QString line = window.nextTokensLabel()->text();
    qsizetype from = 0;
    for (const auto& guess : next) {  // each named, in the model's order
        const qsizetype at = line.indexOf(QString::fromStdString(guess.text).toHtmlEscaped(), from);
        EXPECT_GE(at, from) << guess.text << " in " << line.toStdString();
        from = std::max(from, at);
    }
}

// The window asks what its source can show: a checkpoint's weights are its own (the editor and
// File → Load Weights are off), it has layers and next tokens; closing the model gives them back.
TEST(Gpt2WindowTest, WhatTheWindowOffersFollowsWhatItsSourceCanShow) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    EXPECT_TRUE(window.capabilities().hasEditableWeights);
    EXPECT_FALSE(window.capabilities().hasNextTokens);
    EXPECT_TRUE(window.weightEditor()->isEnabled());
    ASSERT_TRUE(opens(window, checkpoint("f32")));
    ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
    EXPECT_TRUE(window.capabilities().hasQueriesAndKeys);
    EXPECT_TRUE(window.capabilities().hasLayers);
    EXPECT_TRUE(window.capabilities().hasNextTokens);
    EXPECT_FALSE(window.capabilities().hasEditableWeights);
    EXPECT_FALSE(window.weightEditor()->isEnabled());
    EXPECT_FALSE(window.weightsActions()->loadAction()->isEnabled());
    window.setModel(nullptr);
    EXPECT_TRUE(window.capabilities().hasEditableWeights);
    EXPECT_TRUE(window.weightEditor()->isEnabled());
    EXPECT_TRUE(window.weightsActions()->loadAction()->isEnabled());
}

TEST(Gpt2WindowTest, TheStepsAndTheExportsCaptionNameTheModelLayerAndHead) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, checkpoint("f32")));
    window.setSentence(QString::fromUtf8(kSentence));
    window.controls()->setLayer(1);
    chooseHead(window, 2);
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 1, 2); }));
    const QString caption = FigureRenderer::settingsCaption(*window.currentTrace(), Step::Weights, 2, QLocale::c());
    EXPECT_TRUE(caption.startsWith(QStringLiteral("f32 · layer 2 · head 3"))) << caption.toStdString();
    // Tokens as the model reads them, each with its vocabulary id on hover.
    EXPECT_EQ(window.currentTrace()->tokens()[1].text, "\u2423cat");
    EXPECT_TRUE(window.tokenStrip()->toolTipFor(1).contains(
        QStringLiteral("Id %1").arg(window.currentTrace()->tokens()[1].id)));
}

TEST(Gpt2WindowTest, AnotherLayerOrHeadReusesTheForwardPass) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, checkpoint("f32")));
    window.setSentence(QString::fromUtf8(kSentence));
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 0, 0); }));
    const auto run = window.currentRun();
    ASSERT_NE(run, nullptr);
    window.controls()->setLayer(1);
    chooseHead(window, kAllHeads);
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 1, kAllHeads); }));
    EXPECT_EQ(window.currentRun(), run) << "a new forward pass was made for another layer";
}

TEST(Gpt2WindowTest, TheWorkerReportsEachLayerAndStopsWhenCancelled) {
    const auto model = std::make_shared<const gpt2::Gpt2Model>(gpt2::Gpt2Model::open(checkpoint("f32")));
    ComputeRequest request;
    request.sentence = QString::fromUtf8(kSentence);
    request.config = model->attentionConfig();
    request.model = model;
    request.layer = 1;
    std::vector<std::pair<int, int>> progress;
    const std::atomic<bool> go{false};
    const ComputeResult done =
        ComputeController::compute(request, go, [&](int layers, int total) { progress.emplace_back(layers, total); });
    ASSERT_EQ(done.outcome, ComputeResult::Outcome::Done) << done.error.toStdString();
    EXPECT_EQ(progress, (std::vector<std::pair<int, int>>{{1, 2}, {2, 2}}));
    EXPECT_EQ(done.trace->origin()->layer, 1);
    const std::atomic<bool> stop{true};
    EXPECT_EQ(ComputeController::compute(request, stop).outcome, ComputeResult::Outcome::Cancelled);
}

TEST(Gpt2WindowTest, ASentenceLongerThanTheModelReadsIsRefusedAndTheLastResultStays) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, checkpoint("f32")));  // n_positions 128
    window.setSentence(QString::fromUtf8(kSentence));
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 0, 0); }));
    const auto before = window.currentTrace();
    window.setSentence(QStringLiteral("cat ").repeated(200));
    ASSERT_TRUE(waitIdle(window));
    EXPECT_EQ(window.currentTrace(), before);
    EXPECT_TRUE(window.message().startsWith(QStringLiteral("This text cannot be used: "))) << window.message().toStdString();
    EXPECT_TRUE(window.message().contains(QStringLiteral("128"))) << window.message().toStdString();
}

TEST(Gpt2WindowTest, AModelFolderDroppedOnTheWindowIsOpened) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    QSignalSpy finished(window.modelActions(), &ModelActions::loadFinished);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(QString::fromStdString(checkpoint("f32").string()))});
    const QPointF centre = QRectF(window.rect()).center();
    QDragEnterEvent enter(centre.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    ASSERT_TRUE(waitUntil([&] { return finished.count() > 0; }));
    ASSERT_NE(window.model(), nullptr) << window.message().toStdString();
    EXPECT_EQ(window.model()->name(), "f32");
}

TEST(Gpt2WindowTest, ADamagedFolderLeavesTheWindowAsItWasAndSaysWhy) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const auto before = window.currentTrace();
    const AttentionConfig config = window.config();
    for (const char* bad : {"bad_truncated", "bad_model_type_bert", "bad_pytorch_bin_only"}) {
        ASSERT_TRUE(opens(window, checkpoint(bad)));
        EXPECT_EQ(window.model(), nullptr) << bad;
        EXPECT_EQ(window.currentTrace(), before) << bad;
        EXPECT_EQ(window.config(), config) << bad;
        EXPECT_TRUE(window.message().startsWith(QStringLiteral("This model cannot be opened: "))) << bad;
        EXPECT_TRUE(window.message().contains(QStringLiteral("The window keeps what it had."))) << bad;
        EXPECT_FALSE(window.message().contains(QLatin1Char('\n'))) << bad;
    }
    // The loader's own words: pytorch_model.bin (a pickle) is refused, asking for model.safetensors.
    EXPECT_TRUE(window.message().contains(QStringLiteral("model.safetensors"))) << window.message().toStdString();
}

TEST(Gpt2WindowTest, RecentModelsKeepTheLastFiveAndForgetAVanishedFolderSayingSo) {
    const attnviz::testing::TempFolder folder;
    const QString gone = QString::fromStdString((folder.path() / "moved-away").string());
    AppSettings().setRecentModels({gone});
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const auto before = window.currentTrace();
    QSignalSpy failed(window.modelActions(), &ModelActions::failed);
    ASSERT_EQ(window.modelActions()->recentModels(), QStringList{gone});
    window.modelActions()->recentMenu()->actions().constFirst()->trigger();  // "&1 moved-away"
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(window.message().contains(gone)) << window.message().toStdString();
    EXPECT_TRUE(window.modelActions()->recentModels().isEmpty());
    EXPECT_EQ(window.currentTrace(), before);

    // Opened models go first, at most five, each once.
    for (const char* name : {"f32", "f16", "bf16", "f32_prefixed", "f32_lm_head", "f32_mask_buffers", "f16"}) {
        ASSERT_TRUE(opens(window, checkpoint(name)));
        ASSERT_NE(window.model(), nullptr) << name << ": " << window.message().toStdString();
    }
    const QStringList recent = window.modelActions()->recentModels();
    ASSERT_EQ(recent.size(), ModelActions::kMaxRecent);
    EXPECT_EQ(QDir(recent.front()).dirName(), QStringLiteral("f16"));
    EXPECT_EQ(QDir(recent.back()).dirName(), QStringLiteral("bf16")) << recent.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(recent.count(recent.front()), 1);
}

TEST(Gpt2WindowTest, ClosingTheModelGoesBackToTheTeachingModelAndEnablesItsControls) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(opens(window, checkpoint("f32")));
    ASSERT_NE(window.model(), nullptr);
    EXPECT_FALSE(window.controls()->dModelBox()->isEnabled());
    EXPECT_TRUE(window.controls()->dModelBox()->toolTip().contains(QStringLiteral("f32")));
    EXPECT_FALSE(window.controls()->presetBox()->isEnabled());
    EXPECT_TRUE(window.controls()->closeModelButton()->isVisible());
    EXPECT_EQ(window.controls()->headBox()->parentWidget(), window.controls()->layerBox()->parentWidget())
        << "the head is chosen beside the layer";
    window.controls()->closeModelButton()->click();
    EXPECT_NE(window.controls()->headBox()->parentWidget(), window.controls()->layerBox()->parentWidget())
        << "back in the View group";
    EXPECT_EQ(window.model(), nullptr);
    EXPECT_TRUE(window.controls()->headsBox()->isEnabled());
    EXPECT_TRUE(window.controls()->presetBox()->isEnabled());
    EXPECT_FALSE(window.controls()->closeModelButton()->isVisible());
    ASSERT_TRUE(waitForResult(window, window.sentence(), teachingConfig())) << window.message().toStdString();
    EXPECT_EQ(window.currentTrace()->origin(), nullptr);
    EXPECT_FALSE(window.nextTokensLabel()->isVisible());
}

TEST(Gpt2WindowTest, ASessionRemembersTheModelItsLayerAndHead) {
    const attnviz::testing::TempFolder folder;
    const QString path = QString::fromStdString(folder.file("model.attnviz"));
    {
        MainWindow window;
        window.sessionActions()->setInteractive(false);
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        ASSERT_TRUE(opens(window, checkpoint("f32")));
        window.setSentence(QString::fromUtf8(kSentence));
        window.controls()->setLayer(1);
        chooseHead(window, 2);
        ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 1, 2); }));
        ASSERT_TRUE(window.sessionActions()->saveSession(path));
    }
    const Session saved = loadSession(folder.path() / "model.attnviz");
    ASSERT_TRUE(saved.model.has_value());
    EXPECT_EQ(std::filesystem::path(saved.model->folder), std::filesystem::absolute(checkpoint("f32")));
    EXPECT_EQ(saved.model->layer, 1);
    EXPECT_EQ(saved.model->head, 2);

    MainWindow window;
    window.sessionActions()->setInteractive(false);
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    QSignalSpy finished(window.modelActions(), &ModelActions::loadFinished);
    ASSERT_TRUE(openSessionAndWait(*window.sessionActions(), path));
    ASSERT_TRUE(waitUntil([&] { return finished.count() > 0; }));
    ASSERT_TRUE(waitUntil([&] { return showsModelLayer(window, QString::fromUtf8(kSentence), 1, 2); }))
        << window.message().toStdString();
}

TEST(Gpt2WindowTest, ASessionWhoseModelFolderIsGoneOpensOnTheTeachingModelAndSaysSo) {
    const attnviz::testing::TempFolder folder;
    const std::filesystem::path gone = folder.path() / "gpt2-moved-away";
    Session session;
    session.sentence = "The animal was tired.";
    session.config = teachingConfig();
    session.model = SessionModel{gone.string(), 1, kAllHeads};
    saveSession(folder.path() / "gone.attnviz", session);

    MainWindow window;
    window.sessionActions()->setInteractive(false);
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(openSessionAndWait(*window.sessionActions(), QString::fromStdString(folder.file("gone.attnviz"))));
    ASSERT_TRUE(waitForResult(window, QStringLiteral("The animal was tired."), teachingConfig()));
    EXPECT_EQ(window.model(), nullptr);
    EXPECT_TRUE(window.message().contains(QString::fromStdString(gone.string()))) << window.message().toStdString();
    EXPECT_TRUE(window.message().contains(QStringLiteral("teaching model"))) << window.message().toStdString();
}

}  // namespace
}  // namespace attnviz::ui
