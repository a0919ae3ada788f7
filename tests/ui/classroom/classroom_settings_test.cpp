// Settings remembered between runs: a window closed after changes writes them, a new window reads
// them back (sentence, every control, colour map, theme, language); Reset to Defaults forgets them.
// Also the window title: the session's file name with a modified mark.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "core/formats/ConfigJson.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/Examples.h"
#include "ui/shell/SessionActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

const QString kChat = QStringLiteral("Le chat est assis");

void showAndWait(MainWindow& window) {
    window.resize(780, 560);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitIdle(window));
}

/// Picks an entry of a combo box with the keyboard, as a user would.
void chooseWithKeyboard(QComboBox* box, int index) {
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < index; ++i) QTest::keyClick(box, Qt::Key_Down);
}

TEST(ClassroomSettings, ANewWindowRestoresWhatTheLastOneChangedAndResetForgetsIt) {
    ClassroomReset reset;
    AttentionConfig expected;
    {
        MainWindow window;
        showAndWait(window);
        typeSentence(window.sentenceEdit(), kChat);
        chooseWithKeyboard(window.controls()->presetBox(),
                           window.controls()->presetBox()->findData(static_cast<int>(ProjectionPreset::Random)));
        clickCheckBox(window.controls()->causalBox());
        window.controls()->dModelBox()->setFocus();
        QTest::keyClick(window.controls()->dModelBox(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(window.controls()->dModelBox(), QStringLiteral("16"));
        QTest::keyClick(window.controls()->headsBox(), Qt::Key_Up);  // 2 heads
        window.controls()->seedEdit()->setFocus();
        QTest::keyClick(window.controls()->seedEdit(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(window.controls()->seedEdit(), QStringLiteral("7"));
        chooseWithKeyboard(window.controls()->colorMapBox(), window.controls()->colorMapBox()->findText(QStringLiteral("viridis")));
        chooseWithKeyboard(window.controls()->weightsRangeBox(), 1);  // smallest to largest
        ASSERT_TRUE(waitIdle(window));
        chooseWithKeyboard(window.controls()->headBox(), 1);  // head 2 of 2
        window.classroom()->themeAction(Theme::Dark)->trigger();
        window.classroom()->languageAction(QStringLiteral("fr"))->trigger();
        deliverLanguageChange();
        expected = window.config();
        ASSERT_TRUE(expected.mask.causal && expected.dModel == 16 && expected.heads == 2 && expected.seed == 7)
            << configToJson(expected).dump();
        ASSERT_EQ(window.viewSettings().head, 1);
        window.close();
    }
    // As at the next start: the application is back in English with the System theme.
    setLanguage(QStringLiteral("en"));
    applyTheme(Theme::System);
    deliverLanguageChange();

    {
        MainWindow window;
        showAndWait(window);
        deliverLanguageChange();
        EXPECT_EQ(window.sentence(), kChat);
        EXPECT_EQ(window.config(), expected) << configToJson(window.config()).dump();
        EXPECT_EQ(window.viewSettings().head, 1);
        EXPECT_EQ(window.colorMapName(), QStringLiteral("viridis"));
        EXPECT_EQ(window.controls()->weightsRange(), WeightsRange::Data);
        EXPECT_EQ(currentTheme(), Theme::Dark);
        EXPECT_TRUE(isDark(window.palette()));
        EXPECT_TRUE(window.classroom()->themeAction(Theme::Dark)->isChecked());
        EXPECT_EQ(currentLanguage(), QStringLiteral("fr"));
        EXPECT_EQ(window.fileMenu()->title(), QStringLiteral("&Fichier")) << "the window is built in French";
        EXPECT_TRUE(window.classroom()->languageAction(QStringLiteral("fr"))->isChecked());
        ASSERT_TRUE(waitForResult(window, kChat, expected));

        window.classroom()->setInteractive(false);
        window.classroom()->resetAction()->trigger();
        deliverLanguageChange();
        const AttentionConfig defaults = teachingConfig();  // what a new window starts with
        EXPECT_EQ(window.sentence(), examples().constFirst().sentence);
        EXPECT_EQ(window.config(), defaults) << configToJson(window.config()).dump();
        EXPECT_EQ(window.viewSettings().head, 0);
        EXPECT_EQ(window.colorMapName(), QStringLiteral("Blues"));
        EXPECT_EQ(window.controls()->weightsRange(), WeightsRange::Fixed);
        EXPECT_EQ(currentTheme(), Theme::System);
        EXPECT_EQ(currentLanguage(), languageForLocale(QLocale::system()));
        EXPECT_EQ(window.font().pointSizeF(), std::max(QApplication::font().pointSizeF(), MainWindow::kDefaultPointSize));
        for (const QString& key : {QStringLiteral("session/sentence"), QStringLiteral("session/config"),
                                  QStringLiteral("view/theme"), QStringLiteral("view/language"),
                                  QStringLiteral("view/colorMap"), QStringLiteral("window/state")})
            EXPECT_FALSE(QSettings().contains(key)) << key.toStdString() << " is still remembered";
        ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, defaults));
    }
}

TEST(ClassroomSettings, ResetBringsBackEveryPanelThatWasClosedOrTornOff) {
    ClassroomReset reset;
    MainWindow window;
    showAndWait(window);
    const auto dock = [&](const char* name) {
        auto* found = window.findChild<QDockWidget*>(QString::fromLatin1(name));
        EXPECT_NE(found, nullptr) << name;
        return found;
    };
    QDockWidget* controls = dock("controlsDock");
    QDockWidget* chart = dock("rowChartDock");
    QDockWidget* explainer = dock("explainerDock");
    QDockWidget* weights = dock("weightsDock");
    ASSERT_TRUE(controls && chart && explainer && weights);
    // What a user does with the panels: closes two, tears one off.
    weights->close();
    explainer->close();
    chart->setFloating(true);
    ASSERT_FALSE(weights->isVisible());

    window.classroom()->setInteractive(false);
    window.classroom()->resetAction()->trigger();
    QApplication::processEvents();
    for (QDockWidget* panel : {controls, chart, explainer, weights}) {
        EXPECT_TRUE(panel->isVisible()) << panel->objectName().toStdString() << " is still closed";
        EXPECT_FALSE(panel->isFloating()) << panel->objectName().toStdString() << " still floats";
    }
    EXPECT_EQ(window.dockWidgetArea(controls), Qt::LeftDockWidgetArea);
    EXPECT_EQ(window.dockWidgetArea(weights), Qt::RightDockWidgetArea);
    EXPECT_TRUE(window.tabifiedDockWidgets(explainer).contains(weights)) << "the weights are a tab behind the explainer";
    EXPECT_FALSE(explainer->visibleRegion().isEmpty()) << "the explainer's tab is the one in front";
}

TEST(ClassroomSettings, TheCommandLineSentenceWinsOverTheRememberedOne) {
    ClassroomReset reset;
    QSettings().setValue(QStringLiteral("session/sentence"), kChat);
    MainWindow remembered;
    EXPECT_EQ(remembered.sentence(), kChat);
    // What app/main.cpp does with --text: after the window has read its settings.
    MainWindow window;
    window.setSentence(QStringLiteral("The cat is sitting"));
    EXPECT_EQ(window.sentence(), QStringLiteral("The cat is sitting"));
}

TEST(ClassroomSettings, ADamagedConfigEntryLeavesTheDefaults) {
    ClassroomReset reset;
    QSettings().setValue(QStringLiteral("session/config"), QStringLiteral("{not json"));
    QSettings().setValue(QStringLiteral("view/theme"), QStringLiteral("purple"));
    MainWindow window;
    EXPECT_EQ(window.config(), teachingConfig());
    EXPECT_EQ(currentTheme(), Theme::System);
}

TEST(ClassroomTitle, ShowsTheSessionsFileNameAndAModifiedMark) {
    ClassroomReset reset;
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    MainWindow window;
    SessionActions& sessions = *window.sessionActions();
    sessions.setInteractive(false);
    showAndWait(window);
    EXPECT_EQ(window.windowTitle(), QStringLiteral("AttnViz"));

    const QString path = QDir(folder.path()).filePath(QStringLiteral("lesson.attnviz"));
    ASSERT_TRUE(sessions.saveSession(path));
    EXPECT_EQ(window.windowTitle(), QStringLiteral("lesson.attnviz[*] — AttnViz"));
    EXPECT_FALSE(window.isWindowModified());

    typeSentence(window.sentenceEdit(), kChat);
    EXPECT_TRUE(window.isWindowModified()) << "typing changes the session";
    ASSERT_TRUE(sessions.saveSession(path));
    EXPECT_FALSE(window.isWindowModified());
    clickCheckBox(window.controls()->causalBox());
    EXPECT_TRUE(window.isWindowModified()) << "a control changes the session";

    ASSERT_TRUE(openSessionAndWait(sessions, path));
    EXPECT_FALSE(window.isWindowModified()) << "opening is not a change";
    EXPECT_EQ(window.sentence(), kChat);
}

}  // namespace
}  // namespace attnviz::ui
