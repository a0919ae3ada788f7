// The real program killed with SIGKILL keeps its work: started (offscreen, with folders of the
// test's own for its data and settings) on a session with edited weights, it writes its recovery
// copy; killed, it leaves the copy; started again without a sentence it offers it (it holds the
// copy's lock: the bar is up), with a sentence it does not; and Restore in a window brings back
// exactly the session saved before the kill.
#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QPushButton>
#include <QTest>

#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include "core/formats/SessionFile.h"
#include "core/formats/WeightsFile.h"
#include "core/model/ProjectionPresets.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProcessRunner.h"
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
using attnviz::testing::RunningProgram;
using attnviz::testing::RunOptions;
using attnviz::testing::TempFolder;

/// Generous: the window starting on a loaded machine, plus the copy's pause. A hang detector,
/// not a speed goal.
constexpr int kStartMs = 60000;

QStringList filesIn(const QString& folder, const QString& pattern) {
    return QDir(folder).entryList({pattern}, QDir::Files | QDir::Hidden, QDir::Name);
}

/// The pid written in copy's lock file: the program holding it. Read without taking the lock: a
/// test that took a dead program's lock, even for an instant, could make a starting program see
/// the copy as a running window's and not offer it (that race made this test fail under load).
qint64 lockHolder(const QString& copy) {
    QLockFile lock(copy + QStringLiteral(".lock"));
    qint64 pid = 0;
    QString host, application;
    return lock.getLockInfo(&pid, &host, &application) ? pid : 0;
}

class RecoveryCrashTest : public ::testing::Test {
protected:
    /// The program's environment: offscreen, its data (the recovery folder) and settings here.
    RunOptions options() const {
        return {{}, RLIM_INFINITY,
                {"QT_QPA_PLATFORM=offscreen", "XDG_DATA_HOME=" + temp.file("data"),
                 "XDG_CONFIG_HOME=" + temp.file("config")}};
    }
    TempFolder temp;
    /// QStandardPaths::AppLocalDataLocation of the program (organisation and application "AttnViz").
    const QString recoveryFolder = QString::fromStdString(temp.file("data")) + QStringLiteral("/AttnViz/AttnViz/recovery");
};

TEST_F(RecoveryCrashTest, AKilledWindowsWorkIsOfferedAndRestoredExactly) {
    // A session with everything a lesson changes: sentence, heads, temperature, an edited weight.
    const std::string sessionPath = temp.file("lesson.attnviz");
    std::string expected;
    {
        MainWindow lesson;
        lesson.sessionActions()->setInteractive(false);
        lesson.setSentence(QStringLiteral("Le chat est assis sur le tapis"));
        AttentionConfig config;
        config.heads = 2;
        config.temperature = 0.7;
        Weights weights = weightsOf(makeProjections(config));
        weights.wq(1, 2) = 0.123456789012345;
        lesson.setConfig(replaceWeights(config, weights));
        ASSERT_TRUE(lesson.sessionActions()->saveSession(QString::fromStdString(sessionPath)));
        expected = sessionToJson(lesson.sessionActions()->currentSession());
    }

    // 1. Opened on the session, the program keeps a copy of it; SIGKILL leaves the copy.
    QString copy;
    {
        RunningProgram program({attnviz::testing::attnvizExecutable(), sessionPath}, options());
        ASSERT_TRUE(waitUntil([&] { return filesIn(recoveryFolder, QStringLiteral("recovery-*.attnviz")).size() == 1; }, kStartMs))
            << "no recovery copy in " << recoveryFolder.toStdString();
        copy = recoveryFolder + QLatin1Char('/') + filesIn(recoveryFolder, QStringLiteral("recovery-*.attnviz")).constFirst();
        EXPECT_EQ(lockHolder(copy), program.pid()) << "the running program does not hold its copy's lock";
        // Under load the window may still be applying the session when the first copy is
        // written; the copy follows each change, so wait for it to hold the session.
        EXPECT_TRUE(waitUntil([&] { return readFile(copy.toStdString()) == expected; }, kStartMs));
        EXPECT_EQ(program.stop(SIGKILL).exitCode, -SIGKILL);
    }
    ASSERT_EQ(readFile(copy.toStdString()), expected) << "the copy is not the session the window showed";

    // 2. Started again with a sentence: nothing offered (the program never takes the copy's lock).
    {
        const int locksBefore = static_cast<int>(filesIn(recoveryFolder, QStringLiteral("*.lock")).size());
        RunningProgram program({attnviz::testing::attnvizExecutable(), "--text", "Le chien dort"}, options());
        // Its own lock is taken just before the offer would be made.
        ASSERT_TRUE(waitUntil([&] { return filesIn(recoveryFolder, QStringLiteral("*.lock")).size() > static_cast<qsizetype>(locksBefore); }, kStartMs));
        QTest::qWait(1000);
        EXPECT_NE(lockHolder(copy), program.pid()) << "a sentence on the command line still had the copy offered";
        program.stop(SIGKILL);
    }
    // A copy run 2 wrote (under load it can live long enough) would be offered first, being newer:
    // this test offers and restores the first run's.
    const auto keepOnlyTheFirstRunsCopy = [&] {
        for (const QString& name : filesIn(recoveryFolder, QStringLiteral("recovery-*.attnviz")))
            if (recoveryFolder + QLatin1Char('/') + name != copy) QFile::remove(recoveryFolder + QLatin1Char('/') + name);
    };
    keepOnlyTheFirstRunsCopy();
    // 3. Started again without one: the copy is offered (its lock is held while the bar waits).
    {
        RunningProgram program({attnviz::testing::attnvizExecutable()}, options());
        ASSERT_TRUE(waitUntil([&] { return lockHolder(copy) == program.pid(); }, kStartMs)) << "the copy is not offered";
        program.stop(SIGKILL);
    }
    ASSERT_TRUE(QFile::exists(copy)) << "a killed window that only offered the copy lost it";
    keepOnlyTheFirstRunsCopy();  // and run 3's, for the same reason

    // 4. Restore in a window: exactly the session saved before the kill.
    MainWindow window;
    window.sessionActions()->setInteractive(false);
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    auto* recovery = new RecoveryCopy(&window, recoveryFolder);
    ASSERT_TRUE(recovery->offerRestore());
    ASSERT_TRUE(recovery->bar()->isVisibleTo(&window));
    QTest::mouseClick(recovery->bar()->restoreButton(), Qt::LeftButton);
    EXPECT_EQ(sessionToJson(window.sessionActions()->currentSession()), expected);
    EXPECT_TRUE(recovery->bar()->isHidden());
    EXPECT_FALSE(QFile::exists(copy)) << "the restored copy is still there";
    EXPECT_TRUE(window.sessionActions()->currentPath().isEmpty()) << "a restored copy is not a file of the user's";
    // The killed runs' locks went with them (runs 2 and 3 left locks without copies): only this
    // window's own lock is left.
    EXPECT_EQ(filesIn(recoveryFolder, QStringLiteral("*.lock")),
              QStringList{QFileInfo(recovery->copyPath()).fileName() + QStringLiteral(".lock")});
}

TEST_F(RecoveryCrashTest, DiscardForgetsTheCopy) {
    // A crashed window's copy, as the program leaves it: the session, and a lock of a process gone.
    QDir().mkpath(recoveryFolder);
    const QString copy = recoveryFolder + QStringLiteral("/recovery-1-1.attnviz");
    Session session;
    session.sentence = "Le chien dort";
    saveSession(copy.toStdString(), session);
    MainWindow window;
    window.sessionActions()->setInteractive(false);
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const QString before = window.sentence();
    auto* recovery = new RecoveryCopy(&window, recoveryFolder);
    ASSERT_TRUE(recovery->offerRestore());
    QTest::mouseClick(recovery->bar()->discardButton(), Qt::LeftButton);
    EXPECT_TRUE(recovery->bar()->isHidden());
    EXPECT_FALSE(QFile::exists(copy));
    EXPECT_EQ(window.sentence(), before);
}

}  // namespace
}  // namespace attnviz::ui
