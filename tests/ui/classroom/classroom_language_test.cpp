// Languages: the shipped .ts files are complete, and switching the language from the View menu
// changes the visible texts at once (menus, controls, stepper, explainer), without a restart.
// Expected texts come from the French .ts file itself, read with QXmlStreamReader.
#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

#include <gtest/gtest.h>

#include <functional>

#include "core/attention/AttentionTrace.h"
#include "core/model/TeachingConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/ExportDialog.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/WeightEditor.h"
#include "ui/panels/WeightMatrixModel.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MessageBar.h"
#include "ui/shell/SessionActions.h"
#include "ui/shell/UntrainedBanner.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

QSet<QString> placeholders(const QString& text) {
    QSet<QString> found;
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    for (auto it = pattern.globalMatch(text); it.hasNext();) found.insert(it.next().captured(0));
    return found;
}

TEST(ClassroomLanguage, ShippedTranslationsHaveNoUnfinishedOrUntranslatedString) {
    // French holds every message; English is the source language, so its catalogue holds only the
    // plural forms ("%n head(s)" → "1 head" / "2 heads", lupdate -pluralonly).
    for (const QString& language : {QStringLiteral("fr"), QStringLiteral("en")}) {
        const QString path = translationsDir() + QStringLiteral("attnviz_%1.ts").arg(language);
        QString error;
        const QList<TsMessage> messages = readTs(path, &error);
        ASSERT_TRUE(error.isEmpty()) << error.toStdString();
        const bool pluralsOnly = language == QStringLiteral("en");
        if (pluralsOnly) {
            ASSERT_FALSE(messages.isEmpty()) << path.toStdString() << " holds no plural form";
        } else {
            ASSERT_GT(messages.size(), 300) << path.toStdString() << " holds too few messages";
        }
        QStringList problems;
        for (const TsMessage& m : messages) {
            const QString where = m.context + QStringLiteral(" / \"") + m.source + QLatin1Char('"');
            if (!m.type.isEmpty()) problems << m.type + QStringLiteral(": ") + where;
            if (pluralsOnly && !m.numerus) problems << QStringLiteral("not a plural message: ") + where;
            for (const QString& translation : m.translations) {
                if (translation.trimmed().isEmpty()) problems << QStringLiteral("untranslated: ") + where;
                else if (placeholders(translation) != placeholders(m.source))
                    problems << QStringLiteral("placeholders differ: ") + where + QStringLiteral(" → ") + translation;
            }
        }
        EXPECT_TRUE(problems.isEmpty()) << path.toStdString() << ":\n  " << problems.join(QStringLiteral("\n  ")).toStdString();
    }
}

class ClassroomLanguageTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(french.error().isEmpty()) << french.error().toStdString();
        window.resize(1600, 960);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    }

    void choose(const QString& code) {
        QAction* action = window.classroom()->languageAction(code);
        ASSERT_NE(action, nullptr) << "no View → Language entry for " << code.toStdString();
        action->trigger();
        deliverLanguageChange();
        ASSERT_EQ(currentLanguage(), code);
    }

    ClassroomReset reset;
    TsCatalog french{translationsDir() + QStringLiteral("attnviz_fr.ts")};
    MainWindow window;
};

TEST_F(ClassroomLanguageTest, SwitchingToFrenchChangesMenusControlsAndStepperAtOnce) {
    EXPECT_EQ(window.fileMenu()->title(), QStringLiteral("&File"));
    window.tabs()->setCurrentWidget(window.stepper());
    window.stepper()->setStep(Step::Weights);

    choose(QStringLiteral("fr"));
    EXPECT_EQ(window.fileMenu()->title(), french(QStringLiteral("MainWindow"), QStringLiteral("&File")));
    EXPECT_EQ(window.viewMenu()->title(), french(QStringLiteral("MainWindow"), QStringLiteral("&View")));
    EXPECT_EQ(window.classroom()->presentationAction()->text(),
              french(QStringLiteral("ClassroomActions"), QStringLiteral("&Presentation Mode")));
    EXPECT_EQ(window.tabs()->tabText(0), french(QStringLiteral("MainWindow"), QStringLiteral("Attention weights")));
    EXPECT_EQ(window.tabs()->tabText(1), french(QStringLiteral("MainWindow"), QStringLiteral("Step by step")));
    EXPECT_EQ(window.controls()->causalBox()->text(),
              french(QStringLiteral("ControlsPanel"), QStringLiteral("Causal mask (tril)")));
    EXPECT_EQ(window.controls()->scalingBox()->text(),
              french(QStringLiteral("ControlsPanel"), QStringLiteral("Divide the scores by √d_k")));
    EXPECT_EQ(window.controls()->windowBox()->specialValueText(), french(QStringLiteral("ControlsPanel"), QStringLiteral("off")));
    EXPECT_EQ(window.controls()->headBox()->itemText(0),
              french(QStringLiteral("ControlsPanel"), QStringLiteral("Head %1 of %2")).arg(1).arg(1));
    EXPECT_EQ(window.stepper()->titleText(), french(QStringLiteral("StepperView"), QStringLiteral("Step %1 of %2 — %3"))
                                                 .arg(8)
                                                 .arg(kStepCount)
                                                 .arg(french(QStringLiteral("StepperView"), QStringLiteral("Softmax weights"))));
    EXPECT_TRUE(window.explainer()->toPlainText().contains(QStringLiteral("Poids"))) << window.explainer()->toPlainText().toStdString();
    EXPECT_TRUE(window.explainer()->toPlainText().contains(QStringLiteral("requête")));
    EXPECT_EQ(window.classroom()->whyScaleChart()->series(WhyScaleChart::Curve::VarianceScaled)->name(),
              french(QStringLiteral("WhyScaleChart"), QStringLiteral("with ÷√d_k (≈ 1)")));
    // The window's own action objects and widgets follow too.
    EXPECT_EQ(window.sessionActions()->openAction()->text(),
              french(QStringLiteral("SessionActions"), QStringLiteral("&Open Session…")));
    EXPECT_EQ(window.weightsActions()->loadAction()->text(),
              french(QStringLiteral("WeightsActions"), QStringLiteral("Load &Weights…")));
    EXPECT_EQ(window.messageBar()->hideButton()->toolTip(),
              french(QStringLiteral("MainWindow"), QStringLiteral("Hide this message")));
    EXPECT_EQ(window.untrainedBanner()->useTeachingButton()->text(),
              french(QStringLiteral("MainWindow"), QStringLiteral("Use the teaching model")));

    choose(QStringLiteral("en"));
    EXPECT_EQ(window.fileMenu()->title(), QStringLiteral("&File"));
    EXPECT_EQ(window.controls()->causalBox()->text(), QStringLiteral("Causal mask (tril)"));
    EXPECT_TRUE(window.stepper()->titleText().startsWith(QStringLiteral("Step 8 of 10"))) << window.stepper()->titleText().toStdString();
}

TEST_F(ClassroomLanguageTest, TheTeachingModelsDimensionsAreNamedInFrench) {
    // The explainer, the step view's columns and the Weights panel name the dimensions; in French
    // they read model.json's French names (written out here), and English ones again after.
    window.tabs()->setCurrentWidget(window.stepper());
    window.stepper()->setStep(Step::Q);
    window.weightsDock()->show();
    const auto qColumn = [&] { return window.stepper()->heatmap()->source()->colLabels().value(1); };
    const auto wqHeader = [&] {
        return window.weightEditor()->model(WeightEditor::WQ)->headerData(1, Qt::Horizontal).toString();
    };
    ASSERT_EQ(qColumn(), QStringLiteral("looks for a living being"));
    ASSERT_EQ(wqHeader(), QStringLiteral("looks for a living being"));
    ASSERT_TRUE(window.explainer()->toPlainText().contains(QStringLiteral("looks for a living being")));

    choose(QStringLiteral("fr"));
    ASSERT_TRUE(waitUntil([&] { return qColumn() == QStringLiteral("cherche un être vivant") && !window.isBusy(); }))
        << qColumn().toStdString();
    EXPECT_EQ(window.stepper()->heatmap()->source()->colLabels().value(0), QStringLiteral("cherche un nom (qui\u00a0?)"));
    EXPECT_EQ(wqHeader(), QStringLiteral("cherche un être vivant"));
    EXPECT_EQ(window.weightEditor()->model(WeightEditor::WQ)->headerData(2, Qt::Vertical).toString(), QStringLiteral("pronom"));
    const QString explained = window.explainer()->toPlainText();
    EXPECT_TRUE(explained.contains(QStringLiteral("cherche un être vivant"))) << explained.toStdString();
    EXPECT_FALSE(explained.contains(QStringLiteral("looks for"))) << explained.toStdString();

    choose(QStringLiteral("en"));
    ASSERT_TRUE(waitUntil([&] { return qColumn() == QStringLiteral("looks for a living being") && !window.isBusy(); }));
    EXPECT_EQ(wqHeader(), QStringLiteral("looks for a living being"));
    EXPECT_TRUE(window.explainer()->toPlainText().contains(QStringLiteral("looks for a living being")));
}

TEST_F(ClassroomLanguageTest, RefusedTextAndSettingsAreExplainedWhollyInFrench) {
    // The core explains in English; in French, the window's message must not switch language
    // half-way ("Ce texte ne peut pas être utilisé : the sentence is empty…").
    window.setConfig(AttentionConfig{});  // random weights: d_model and heads are free
    ASSERT_TRUE(waitForResult(window, window.sentence(), AttentionConfig{}));
    choose(QStringLiteral("fr"));
    const QString kept = french(QStringLiteral("MainWindow"), QStringLiteral("The last result stays shown."));

    typeSentence(window.sentenceEdit(), QString());
    ASSERT_TRUE(waitUntil([&] { return !window.message().isEmpty() && !window.isBusy(); })) << "no message for empty";
    EXPECT_EQ(window.message(),
              french(QStringLiteral("MainWindow"), QStringLiteral("This text cannot be used: %1. %2"))
                  .arg(french(QStringLiteral("CoreMessages"), QStringLiteral("the sentence is empty: type at least one word")),
                       kept));

    typeSentence(window.sentenceEdit(), QStringLiteral("Le chat est assis"));
    QSpinBox* heads = window.controls()->headsBox();
    heads->setFocus();
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("3"));
    ASSERT_TRUE(waitUntil([&] { return !window.message().isEmpty() && !window.isBusy(); })) << "no message for 3 heads";
    EXPECT_EQ(window.message(),
              french(QStringLiteral("MainWindow"), QStringLiteral("These settings cannot be used: %1. %2"))
                  .arg(french(QStringLiteral("CoreMessages"),
                              QStringLiteral("%1 heads do not divide d_model = %2: d_k = d_model / heads must be a "
                                             "whole number"))
                           .arg(3)
                           .arg(8),
                       kept));
    EXPECT_FALSE(window.message().contains(QStringLiteral("divide"))) << window.message().toStdString();
}

TEST(ClassroomLanguage, EveryCoreMessageTheWindowCanShowHasAFrenchVersion) {
    // The messages come from the core itself, so a change of its wording fails here.
    const auto coreMessage = [](const std::function<void()>& refused) -> ErrorMessage {
        try {
            refused();
        } catch (const Error& e) {
            return e.message();
        }
        return ErrorMessage{ErrorCode::Uncoded, {"<nothing thrown>"}, {}, std::nullopt};
    };
    const auto configMessage = [&](const AttentionConfig& config) { return coreMessage([&] { config.validate(); }); };
    AttentionConfig threeHeads;
    threeHeads.heads = 3;
    AttentionConfig wide;
    wide.dModel = 5000;
    AttentionConfig frozen;
    frozen.temperature = 0;
    AttentionConfig teachingThree = teachingConfig();
    teachingThree.heads = 3;
    AttentionConfig teachingEight = teachingConfig();
    teachingEight.dModel = 8;
    AttentionConfig fewTokens;
    fewTokens.maxTokens = 3;
    const std::vector<ErrorMessage> messages = {
        coreMessage([] { (void)AttentionTrace::compute("   ", AttentionConfig{}); }),
        coreMessage([&] { (void)AttentionTrace::compute("un deux trois quatre cinq", fewTokens); }),
        coreMessage([] { (void)tokenize("un deux trois quatre cinq", 3); }),
        configMessage(threeHeads),
        configMessage(wide),
        configMessage(frozen),
        configMessage(teachingThree),
        configMessage(teachingEight),
    };
    ClassroomReset reset;
    ASSERT_TRUE(setLanguage(QStringLiteral("fr")));
    for (const ErrorMessage& message : messages) {
        const QString translated = translatedCoreMessage(message);
        EXPECT_NE(translated.toStdString(), englishText(message)) << "no French for: " << englishText(message);
        for (const char* english : {"sentence", "heads", "must", "than", "the ", "type"})
            EXPECT_FALSE(translated.contains(QLatin1String(english))) << translated.toStdString();
    }
    ASSERT_TRUE(setLanguage(QStringLiteral("en")));
    for (const ErrorMessage& message : messages)
        EXPECT_EQ(translatedCoreMessage(message).toStdString(), englishText(message)) << "English stays the core's";
    EXPECT_EQ(translatedCoreMessage(Error("something new")), QStringLiteral("something new"));
}

/// Every text a widget shows, with where it was found.
QList<std::pair<QString, QString>> visibleTexts(QWidget& root) {
    QList<std::pair<QString, QString>> texts;
    const auto add = [&](const QString& text, const QString& where) {
        if (!text.isEmpty()) texts.append({text, where});
    };
    QList<QWidget*> widgets = root.findChildren<QWidget*>();
    widgets.prepend(&root);
    for (QWidget* w : widgets) {
        const QString name = QString::fromLatin1(w->metaObject()->className());
        add(w->toolTip(), name + QStringLiteral(" tooltip"));
        if (auto* b = qobject_cast<QAbstractButton*>(w)) add(b->text(), name);
        if (auto* l = qobject_cast<QLabel*>(w)) add(l->text(), name);
        if (auto* g = qobject_cast<QGroupBox*>(w)) add(g->title(), name);
        if (auto* d = qobject_cast<QDockWidget*>(w)) add(d->windowTitle(), name);
        if (auto* e = qobject_cast<QLineEdit*>(w)) add(e->placeholderText(), name);
        if (auto* e = qobject_cast<QPlainTextEdit*>(w)) add(e->placeholderText(), name);
        if (auto* s = qobject_cast<QSpinBox*>(w)) add(s->specialValueText(), name);
        if (auto* m = qobject_cast<QMenu*>(w)) add(m->title(), name);
        if (auto* t = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i) {
                add(t->tabText(i), name);
                add(t->tabToolTip(i), name + QStringLiteral(" tooltip"));
            }
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i) add(c->itemText(i), name);
        for (QAction* a : w->actions()) {
            add(a->text(), QStringLiteral("action"));
            add(a->toolTip() == a->text().remove(QLatin1Char('&')) ? QString() : a->toolTip(), QStringLiteral("action tooltip"));
        }
    }
    return texts;
}

TEST_F(ClassroomLanguageTest, InFrenchNoVisibleTextIsLeftInEnglish) {
    QString error;
    const QList<TsMessage> messages = readTs(translationsDir() + QStringLiteral("attnviz_fr.ts"), &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    // English sources whose French differs, without placeholders (those are filled in).
    QHash<QString, QString> english;
    for (const TsMessage& m : messages)
        if (m.translations.value(0) != m.source && placeholders(m.source).isEmpty()) english.insert(m.source, m.context);
    // View → Language names each language in itself, on purpose: anyone can find their own.
    for (const QString& code : availableLanguages()) english.remove(languageDisplayName(code));

    choose(QStringLiteral("fr"));
    ExportDialog dialog(window.currentTrace(), &window);  // made on demand, in the language of the moment
    QStringList leftovers;
    for (QWidget* root : {static_cast<QWidget*>(&window), static_cast<QWidget*>(&dialog)})
        for (const auto& [text, where] : visibleTexts(*root))
            if (english.contains(text)) leftovers << where + QStringLiteral(": \"") + text + QLatin1Char('"');
    EXPECT_TRUE(leftovers.isEmpty()) << "still in English:\n  " << leftovers.join(QStringLiteral("\n  ")).toStdString();
}

}  // namespace
}  // namespace attnviz::ui
