// One main for every UI test: offscreen platform unless QT_QPA_PLATFORM is set, test-mode
// standard paths (never the user's settings), settings of this process's own (ctest runs test
// processes side by side: a shared file would be cleared under a running test), empty, a QApplication in English (the
// English catalogue holds the plural forms), then GoogleTest. A test executable that needs a
// platform of its own (the projector tests: offscreen screens of projector sizes) names it in
// ATTNVIZ_TEST_PLATFORM, which always applies.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "ui/i18n/Language.h"

int main(int argc, char** argv) {
#ifdef ATTNVIZ_TEST_PLATFORM
    qputenv("QT_QPA_PLATFORM", ATTNVIZ_TEST_PLATFORM);
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
