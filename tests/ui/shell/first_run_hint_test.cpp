// The first-run hint: shown to a first-time user (empty settings, QStandardPaths' test mode),
// naming the three things to try; never in presentation mode; once dismissed, never again — not in
// the next window, not after Reset to Defaults.
#include <QAction>
#include <QToolButton>

#include <gtest/gtest.h>

#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/FirstRunHint.h"
#include "ui/shell/PresentationMode.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(FirstRunHint, NamesTheThreeThingsToTryUntilDismissedForGood) {
    ClassroomReset reset;  // settings of this process alone, empty: a first run
    {
        MainWindow window;
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        FirstRunHint* hint = window.firstRunHint();
        EXPECT_TRUE(hint->isVisible()) << "a first run shows the hint";
        const std::string text = hint->text().toStdString();
        for (const char* thing : {"click a cell", "Step by step", "→", "F11"})
            EXPECT_NE(text.find(thing), std::string::npos) << "no \"" << thing << "\" in: " << text;
        EXPECT_LE(hint->height(), 2 * hint->fontMetrics().height()) << "one line";
        EXPECT_FALSE(AppSettings().firstRunHintDismissed());
        QTest::mouseClick(hint->dismissButton(), Qt::LeftButton);
        EXPECT_FALSE(hint->isVisible());
        EXPECT_TRUE(AppSettings().firstRunHintDismissed()) << "remembered at once, not only on close";
        window.classroom()->setInteractive(false);
        window.classroom()->resetAction()->trigger();
        EXPECT_FALSE(hint->isVisible()) << "Reset to Defaults does not bring it back";
    }
    MainWindow next;
    ASSERT_TRUE(opensOnTheDefaultExample(next));
    EXPECT_FALSE(next.firstRunHint()->isVisible()) << "never shown again once dismissed";
}

TEST(FirstRunHint, IsNotShownInPresentationMode) {
    ClassroomReset reset;
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    ASSERT_TRUE(window.firstRunHint()->isVisible());
    window.classroom()->presentationAction()->trigger();
    ASSERT_TRUE(window.classroom()->presentation()->isActive());
    EXPECT_FALSE(window.firstRunHint()->isVisible()) << "the room sees the lesson, not the tip";
    window.classroom()->presentation()->leave();
    EXPECT_TRUE(window.firstRunHint()->isVisible()) << "back in the window, not yet dismissed";
    EXPECT_FALSE(AppSettings().firstRunHintDismissed()) << "presenting is not dismissing";
}

}  // namespace
}  // namespace attnviz::ui
