// One main for every UI test: offscreen platform unless QT_QPA_PLATFORM is set, test-mode
// standard paths (never the user's settings), settings of this process's own (ctest runs test
// processes side by side: a shared file would be cleared under a running test), empty, a QApplication in English (the
// English catalogue holds the plural forms), then GoogleTest. A test executable that needs a
// platform of its own (the projector tests: offscreen screens of projector sizes) names it in
// ATTNVIZ_TEST_SCREENS (a screens file of the offscreen platform, relative to tests/), which
// always applies.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tests/support/BuildPaths.h"
#include "ui/i18n/Language.h"

int main(int argc, char** argv) {
#ifdef ATTNVIZ_TEST_SCREENS
    const std::string screens = (attnviz::testing::testDataDir() / ATTNVIZ_TEST_SCREENS).string();
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + QByteArray::fromStdString(screens));
#else
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
#endif
    QStandardPaths::setTestModeEnabled(true);
    const QTemporaryDir settingsFolder;
    if (settingsFolder.isValid()) {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsFolder.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsFolder.path());
    }
    QCoreApplication::setOrganizationName(QStringLiteral("AttnVizTests"));
    QCoreApplication::setApplicationName(QStringLiteral("attnviz_ui_tests"));
    QApplication app(argc, argv);
    QSettings().clear();
    attnviz::ui::setLanguage(QStringLiteral("en"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
