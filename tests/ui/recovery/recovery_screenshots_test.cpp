// Not a check: writes a screenshot of the restore bar for people to look at. Runs only when
// ATTNVIZ_SCREENSHOT_DIR names a folder; skipped otherwise. Under Xvfb at 1920 × 1080:
//   ATTNVIZ_SCREENSHOT_EXECUTABLE=ui_recovery_tests ATTNVIZ_SCREENSHOTS=RecoveryScreenshots scripts/screenshots.sh DIR
#include <QDir>

#include <gtest/gtest.h>

#include "core/formats/SessionFile.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/RecoveryCopy.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(RecoveryScreenshots, WritesThePngOfTheRestoreBar) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    const attnviz::testing::TempFolder temp;
    const QString recoveryFolder = QString::fromStdString(temp.file("recovery"));
    QDir().mkpath(recoveryFolder);
    Session lost;  // what a crashed window left: a copy whose lock no running process holds
    lost.sentence = "Le chien dort sur le tapis";
    saveSession((recoveryFolder + QStringLiteral("/recovery-1-1.attnviz")).toStdString(), lost);

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    auto* recovery = new RecoveryCopy(&window, recoveryFolder);
    ASSERT_TRUE(recovery->offerRestore());
    saveScreenshot(window, dir, QStringLiteral("recovery_bar.png"));
}

}  // namespace
}  // namespace attnviz::ui
