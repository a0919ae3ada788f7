// The recovery copy inside one process: written a pause after the last change (the timer is
// restarted by each change), holding the window's session, removed at a clean exit, and never
// offered while its window runs. The crash itself is in recovery_crash_test.cpp.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

#include "core/formats/SessionFile.h"
#include "core/formats/WeightsFile.h"
#include "core/model/ProjectionPresets.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/RecoveryBar.h"
#include "ui/shell/RecoveryCopy.h"
#include "ui/shell/SessionActions.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::readFile;
using attnviz::testing::TempFolder;

/// The recovery copies (not the locks, not temporaries) in folder.
QStringList copiesIn(const QString& folder) {
    return QDir(folder).entryList({QStringLiteral("recovery-*.attnviz")}, QDir::Files);
}

class RecoveryCopyTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.sessionActions()->setInteractive(false);
        ASSERT_TRUE(opensOnTheDefaultExample(window));
        recovery = std::make_unique<RecoveryCopy>(&window, folder);
    }
    void TearDown() override { recovery.reset(); }

    TempFolder temp;
    const QString folder = QString::fromStdString(temp.file("recovery"));
    MainWindow window;
    std::unique_ptr<RecoveryCopy> recovery;
};

TEST_F(RecoveryCopyTest, NothingIsWrittenBeforeAChange) {
    // The start-up result came and went: the window is as it started, nothing to keep.
    QTest::qWait(RecoveryCopy::kDelayMs + 500);
    EXPECT_TRUE(copiesIn(folder).isEmpty()) << copiesIn(folder).join(QLatin1Char(' ')).toStdString();
}

TEST_F(RecoveryCopyTest, TheCopyIsWrittenOnlyAPauseAfterTheLastChangeAndHoldsTheSession) {
    QElapsedTimer clock;
    clock.start();
    window.setSentence(QStringLiteral("Le chien dort"));
    QTest::qWait(RecoveryCopy::kDelayMs / 2);
    EXPECT_FALSE(QFile::exists(recovery->copyPath())) << "written before the pause was over";
    const qint64 secondChange = clock.elapsed();
    window.setSentence(QStringLiteral("Le chien dort sur le tapis"));
    QTest::qWait(RecoveryCopy::kDelayMs * 3 / 4);
    // The first change's timer would have fired by now, had the second not restarted it (only
    // checked when this test itself was not delayed past that moment by a loaded machine).
    if (clock.elapsed() < secondChange + RecoveryCopy::kDelayMs) {
        EXPECT_FALSE(QFile::exists(recovery->copyPath())) << "the second change did not restart the timer";
    }

    ASSERT_TRUE(waitUntil([&] { return QFile::exists(recovery->copyPath()); })) << "no copy after the pause";
    recovery->waitForWrites();
    const std::string expected = sessionToJson(window.sessionActions()->currentSession());
    EXPECT_EQ(readFile(recovery->copyPath().toStdString()), expected);
    EXPECT_EQ(loadSession(recovery->copyPath().toStdString()).sentence, "Le chien dort sur le tapis");
}

TEST_F(RecoveryCopyTest, EditedWeightsAreInTheCopy) {
    AttentionConfig config;  // the seeded random preset, then one weight edited as in the Weights dock
    config.heads = 2;
    config.temperature = 0.7;
    Weights weights = weightsOf(makeProjections(config));
    weights.wq(1, 2) = 0.123456789012345;
    config = replaceWeights(config, weights);
    window.setConfig(config);
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(recovery->copyPath()); })) << "no copy after the pause";
    recovery->waitForWrites();
    EXPECT_EQ(loadSession(recovery->copyPath().toStdString()).config, config);
}

TEST_F(RecoveryCopyTest, ACleanExitRemovesTheCopyAndItsLock) {
    window.setSentence(QStringLiteral("Le chien dort"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(recovery->copyPath()); })) << "no copy after the pause";
    recovery.reset();
    EXPECT_TRUE(QDir(folder).entryList(QDir::Files | QDir::Hidden).isEmpty())
        << QDir(folder).entryList(QDir::Files | QDir::Hidden).join(QLatin1Char(' ')).toStdString();
}

TEST_F(RecoveryCopyTest, ARunningWindowsCopyIsNotOfferedToAnother) {
    window.setSentence(QStringLiteral("Le chien dort"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(recovery->copyPath()); })) << "no copy after the pause";
    MainWindow second;
    RecoveryCopy secondCopy(&second, folder);
    EXPECT_FALSE(secondCopy.offerRestore());
    EXPECT_TRUE(secondCopy.bar()->isHidden());
    EXPECT_TRUE(QFile::exists(recovery->copyPath()));
}

}  // namespace
}  // namespace attnviz::ui
