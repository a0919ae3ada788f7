// The window on the teaching model: it opens on it, "il" attends to "animal", the dimensions are
// named as in resources/teaching/model.json (read here on its own), unknown words are marked,
// and the random preset says that its weights are untrained.
#include <QComboBox>
#include <QHelpEvent>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QToolTip>

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/attention/Explanation.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/TestData.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/Examples.h"
#include "ui/shell/UntrainedBanner.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

/// The names of one list of dimensions of model.json ("embedding", "query", …); "value" and
/// "output" default to the embedding's, as the format says.
QStringList modelNames(const char* list) {
    static const nlohmann::json model = [] {
        std::ifstream in(attnviz::testing::projectFile("resources/teaching/model.json"));
        return nlohmann::json::parse(in);
    }();
    const nlohmann::json& dimensions = model.contains(list) ? model[list] : model["embedding"];
    QStringList names;
    for (const auto& d : dimensions) names << QString::fromStdString(d["name"].get<std::string>());
    return names;
}

int indexOf(const std::vector<Token>& tokens, const std::string& text) {
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i].text == text) return static_cast<int>(i);
    return -1;
}

class TeachingWindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.resize(1600, 960);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window)) << "the window is never shown";
        ASSERT_TRUE(waitForResult(window, sentence, teachingConfig()))
            << "the window does not open on the teaching model: " << window.message().toStdString();
        window.heatmap()->setAsyncRendering(false);
        window.stepper()->heatmap()->setAsyncRendering(false);
    }

    const QString sentence = examples().constFirst().sentence;
    MainWindow window;
};

TEST_F(TeachingWindowTest, OpensOnTheTeachingModelWhereIlAttendsToAnimal) {
    ControlsPanel* controls = window.controls();
    EXPECT_EQ(controls->presetBox()->currentData().toInt(), static_cast<int>(ProjectionPreset::Teaching));
    EXPECT_EQ(controls->dModelBox()->value(), 20) << "the teaching model has 20 named dimensions";
    EXPECT_FALSE(controls->dModelBox()->isEnabled()) << "the teaching model fixes d_model";

    const auto source = window.heatmap()->source();
    ASSERT_TRUE(source) << "no heatmap";
    const AttentionTrace expected = coreTrace(sentence, teachingConfig());
    EXPECT_EIGEN_NEAR(source->block(0, 0, source->rows(), source->cols()), expected.matrix(Step::Weights, 0), 0, 0);

    const int il = indexOf(expected.tokens(), "il"), animal = indexOf(expected.tokens(), "animal");
    ASSERT_GE(il, 0);
    ASSERT_GE(animal, 0);
    ASSERT_EQ(source->rowLabels().value(il), QStringLiteral("il"));
    ASSERT_EQ(source->colLabels().value(animal), QStringLiteral("animal"));
    const Eigen::RowVectorXd row = source->block(il, 0, 1, source->cols());
    Eigen::Index strongest = 0;
    const double top = row.maxCoeff(&strongest);
    EXPECT_EQ(strongest, animal) << "row of il: " << row;
    double second = 0;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        if (j != animal) second = std::max(second, row[j]);
    EXPECT_GE(top - second, 0.1) << "animal must stand out in the row of il: " << row;

    // At a glance: the window starts on that row and that cell.
    EXPECT_EQ(window.selectedQuery(), il);
    EXPECT_EQ(window.selectedKey(), animal);
    EXPECT_FALSE(window.untrainedBanner()->isVisible()) << "the teaching model's weights mean something";
}

TEST_F(TeachingWindowTest, StepsAndTheExplainerNameTheModelsDimensions) {
    const AttentionTrace trace = coreTrace(sentence, teachingConfig());
    const std::pair<Step, const char*> steps[] = {{Step::X, "embedding"}, {Step::Q, "query"},
                                                  {Step::K, "key"},       {Step::V, "value"},
                                                  {Step::Context, "value"}, {Step::Output, "output"}};
    for (const auto& [step, list] : steps) {
        window.stepper()->setStep(step);
        const auto source = window.stepper()->heatmap()->source();
        ASSERT_TRUE(source);
        EXPECT_EQ(source->colLabels(), modelNames(list)) << stepName(step);
    }
    window.stepper()->setStep(Step::Weights);
    EXPECT_EQ(window.stepper()->heatmap()->source()->colLabels().value(1), QStringLiteral("animal"))
        << "the n × n steps keep the tokens";

    // The cell (il, animal), clicked: q and k side by side with the names of their dimensions.
    const int il = indexOf(trace.tokens(), "il"), animal = indexOf(trace.tokens(), "animal");
    HeatmapView* view = window.heatmap();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->cellRect(il, animal).center());
    ASSERT_TRUE(waitUntil([&] { return window.selectedQuery() == il && window.selectedKey() == animal; }));
    const QString text = window.explainer()->toPlainText();
    const CellExplanation cell = explainCell(trace, 0, il, animal);
    const QStringList queryNames = modelNames("query"), keyNames = modelNames("key");
    int named = 0;
    for (int m = 0; m < cell.q.size(); ++m) {
        if (cell.q[m] == 0 && cell.k[m] == 0) continue;
        ++named;
        const QString pair = queryNames[m] + QStringLiteral(" ↔ ") + keyNames[m];
        EXPECT_TRUE(text.contains(pair)) << pair.toStdString() << " missing from:\n" << text.toStdString();
    }
    EXPECT_GE(named, 3) << "noun, living being, number: at least three dimensions take part";
    // The largest product, highlighted and said in words: the living-being rule.
    Eigen::Index largest = 0;
    cell.products.cwiseAbs().maxCoeff(&largest);
    EXPECT_EQ(queryNames[static_cast<int>(largest)], QStringLiteral("looks for a living being"));
    EXPECT_EQ(keyNames[static_cast<int>(largest)], QStringLiteral("is a living being"));
    EXPECT_TRUE(text.contains(QStringLiteral("The largest products (highlighted below):"))) << text.toStdString();
    // In English quotation marks in the English interface.
    const QString reason = QStringLiteral("“looks for a living being” × “is a living being” = %1 × %2 = %3")
                               .arg(formatValue(cell.q[largest], 4), formatValue(cell.k[largest], 4),
                                    formatValue(cell.products[largest], 4));
    EXPECT_TRUE(text.contains(reason)) << reason.toStdString() << " missing from:\n" << text.toStdString();
    EXPECT_TRUE(window.explainer()->toHtml().contains(QStringLiteral("#fff3b0"))) << "no highlighted product";

    // Two heads: head 2 names its own ten columns of Q.
    AttentionConfig twoHeads = teachingConfig();
    twoHeads.heads = 2;
    window.setConfig(twoHeads);
    ViewSettings second = window.viewSettings();
    second.head = 1;
    window.setViewSettings(second);
    ASSERT_TRUE(waitForResult(window, sentence, twoHeads));
    ASSERT_TRUE(waitUntil([&] { return window.currentHead() == 1 && !window.isBusy(); }));
    EXPECT_EQ(window.currentSource(Step::Q)->colLabels(), queryNames.mid(10, 10));
    EXPECT_EQ(window.currentSource(Step::K)->colLabels(), keyNames.mid(10, 10));

    // Other presets keep numbered dimensions.
    window.setConfig(AttentionConfig{});
    ASSERT_TRUE(waitForResult(window, sentence, AttentionConfig{}));
    EXPECT_EQ(window.currentSource(Step::X)->colLabels().value(0), QStringLiteral("d0"));
    EXPECT_EQ(window.currentSource(Step::Q)->colLabels().value(7), QStringLiteral("d7"));
}

TEST_F(TeachingWindowTest, TheRandomPresetSaysItsWeightsAreUntrained) {
    ControlsPanel* controls = window.controls();
    QComboBox* preset = controls->presetBox();
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Home);  // the first preset: random
    ASSERT_TRUE(waitForResult(window, sentence, AttentionConfig{})) << window.message().toStdString();
    EXPECT_EQ(controls->dModelBox()->value(), 8) << "back to the random preset's d_model";
    EXPECT_TRUE(controls->dModelBox()->isEnabled());
    EXPECT_TRUE(window.untrainedBanner()->isVisible()) << "random weights must be said to be untrained";
    const QString banner = window.untrainedBanner()->findChild<QLabel*>()->text();
    EXPECT_TRUE(banner.contains(QStringLiteral("no linguistic meaning"))) << banner.toStdString();

    // A d_model chosen by hand comes back after a visit to the teaching model.
    QSpinBox* dModel = controls->dModelBox();
    dModel->setFocus();
    dModel->selectAll();
    QTest::keyClicks(dModel, QStringLiteral("16"));
    AttentionConfig sixteen;
    sixteen.dModel = 16;
    ASSERT_TRUE(waitForResult(window, sentence, sixteen));
    QTest::mouseClick(window.untrainedBanner()->useTeachingButton(), Qt::LeftButton);
    ASSERT_TRUE(waitForResult(window, sentence, teachingConfig())) << window.message().toStdString();
    EXPECT_FALSE(window.untrainedBanner()->isVisible());
    EXPECT_EQ(dModel->value(), 20);
    EXPECT_FALSE(dModel->isEnabled());
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Home);
    ASSERT_TRUE(waitForResult(window, sentence, sixteen)) << "d_model " << dModel->value();
    EXPECT_TRUE(window.untrainedBanner()->isVisible());

    // Identity is not "untrained random": no banner.
    QTest::keyClick(preset, Qt::Key_Down);
    AttentionConfig identity = sixteen;
    identity.preset = ProjectionPreset::Identity;
    ASSERT_TRUE(waitForResult(window, sentence, identity));
    EXPECT_FALSE(window.untrainedBanner()->isVisible());
}

TEST_F(TeachingWindowTest, WordsTheLexiconDoesNotKnowAreMarked) {
    const QString text = QStringLiteral("Le zorglub est fatigué.");
    typeSentence(window.sentenceEdit(), text);
    ASSERT_TRUE(waitForResult(window, text, teachingConfig())) << window.message().toStdString();
    TokenStrip* strip = window.tokenStrip();
    const auto trace = window.currentTrace();
    const TeachingInput input = TeachingModel::builtIn().embed(trace->tokens());
    ASSERT_EQ(strip->tokenCount(), static_cast<int>(input.known.size()));
    for (int i = 0; i < strip->tokenCount(); ++i)
        EXPECT_EQ(strip->isUnknown(i), !input.known[static_cast<std::size_t>(i)]) << trace->tokens()[i].text;
    const int zorglub = indexOf(trace->tokens(), "zorglub");
    ASSERT_TRUE(strip->isUnknown(zorglub)) << "zorglub is not French";
    EXPECT_FALSE(strip->isUnknown(0)) << "le is in the lexicon";

    const QPoint chip = strip->chipRect(zorglub).center();
    QTest::mouseMove(strip->viewport(), chip);
    QHelpEvent hover(QEvent::ToolTip, chip, strip->viewport()->mapToGlobal(chip));
    QApplication::sendEvent(strip->viewport(), &hover);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Not in the French lexicon: neutral features")))
        << QToolTip::text().toStdString();

    const QString english = QStringLiteral("The blorp is tired.");
    window.setSentence(english);
    ASSERT_TRUE(waitForResult(window, english, teachingConfig()));
    EXPECT_TRUE(strip->isUnknown(1));
    EXPECT_TRUE(strip->toolTipFor(1).contains(QStringLiteral("Not in the English lexicon"))) << strip->toolTipFor(1).toStdString();

    // No lexicon, no marks.
    window.setConfig(AttentionConfig{});
    ASSERT_TRUE(waitForResult(window, english, AttentionConfig{}));
    EXPECT_FALSE(strip->isUnknown(1));
}

}  // namespace
}  // namespace attnviz::ui
