// Sessions in the window: File menu actions, save then open gives bit-identical matrices,
// recent files, drag and drop, and refused files (damaged, newer version, missing) leave the
// window's session unchanged.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUrl>

#include <gtest/gtest.h>

#include "core/formats/MatrixCsv.h"
#include "core/formats/SessionFile.h"
#include "core/io/AtomicFile.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/SessionActions.h"

using namespace attnviz;
using namespace attnviz::ui;
using namespace attnviz::ui::testing;
using attnviz::testing::bitIdentical;

namespace {

AttentionConfig richConfig() {
    AttentionConfig config;
    config.dModel = 8;
    config.heads = 2;
    config.mask.causal = true;
    config.mask.customMasked = {{2, 0}, {3, 1}};
    config.temperature = 0.7;
    config.seed = 1234567890123ULL;
    return config;
}

struct SessionActionsTest : ::testing::Test {
    void SetUp() override {
        // Settings of this process alone: CTest may run other tests (which also keep recent
        // files) at the same time.
        previousName = QCoreApplication::applicationName();
        QCoreApplication::setApplicationName(previousName + QStringLiteral("-sessions-%1").arg(QCoreApplication::applicationPid()));
        QSettings().clear();
        window = std::make_unique<MainWindow>();
        actions = window->sessionActions();
        actions->setInteractive(false);
        ASSERT_TRUE(waitIdle(*window));
    }
    void TearDown() override {
        window.reset();
        QSettings().clear();
        QCoreApplication::setApplicationName(previousName);
    }

    /// Puts the window on sentence/config and waits for the result.
    void show(const QString& sentence, const AttentionConfig& config) {
        window->setConfig(config);
        window->setSentence(sentence);
        window->recomputeNow();
        ASSERT_TRUE(waitForResult(*window, sentence, config)) << window->message().toStdString();
    }

    QString previousName;
    std::unique_ptr<MainWindow> window;
    SessionActions* actions = nullptr;
    QTemporaryDir folder;
};

TEST_F(SessionActionsTest, FileMenuHasTheSessionAndExportActionsBeforeQuit) {
    const QList<QAction*> items = window->fileMenu()->actions();
    ASSERT_FALSE(items.isEmpty());
    EXPECT_TRUE(items.constLast()->text().contains(QStringLiteral("Quit"))) << "Quit must stay last";
    for (QAction* action : {actions->openAction(), actions->saveAction(), actions->saveAsAction(),
                            actions->exportAction(), actions->copyImageAction(), actions->copyCsvAction()})
        EXPECT_TRUE(items.contains(action)) << action->text().toStdString();
    EXPECT_TRUE(items.contains(actions->recentMenu()->menuAction()));
    EXPECT_EQ(actions->openAction()->shortcut(), QKeySequence(QKeySequence::Open));
    EXPECT_EQ(actions->exportAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
}

TEST_F(SessionActionsTest, SavedSessionOpensToBitIdenticalMatrices) {
    const QString sentence = QStringLiteral("Le chat est assis sur le tapis");
    show(sentence, richConfig());
    const QString path = folder.filePath(QStringLiteral("lesson.attnviz"));
    ASSERT_TRUE(actions->saveSession(path));

    show(QStringLiteral("Something else entirely"), AttentionConfig{});
    QSignalSpy opened(actions, &SessionActions::sessionOpened);
    ASSERT_TRUE(openSessionAndWait(*actions, path));
    EXPECT_EQ(opened.count(), 1);
    ASSERT_TRUE(waitForResult(*window, sentence, richConfig())) << window->message().toStdString();

    const AttentionTrace expected = coreTrace(sentence, richConfig());
    const auto shown = window->currentTrace();
    for (int s = 0; s < kStepCount; ++s)
        for (int head = kAllHeads; head < 2; ++head)
            EXPECT_TRUE(bitIdentical(shown->matrix(static_cast<Step>(s), head), expected.matrix(static_cast<Step>(s), head)))
                << stepName(static_cast<Step>(s)) << " head " << head;
    EXPECT_EQ(actions->currentPath(), path);
    EXPECT_EQ(actions->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
}

TEST_F(SessionActionsTest, TheWeightsColourRangeSpansTheirSmallestToLargestAndIsKeptInSessions) {
    // A 40-token sentence: its weights are all small, so 0 … 1 shows them pale. "Smallest to
    // largest" spans exactly the core's weights (as the chapter's seaborn heatmap does).
    QStringList words;
    for (int i = 0; i < 40; ++i) words << QStringLiteral("mot%1").arg(i % 13);
    const QString sentence = words.join(QLatin1Char(' '));
    show(sentence, AttentionConfig{});
    EXPECT_EQ(window->heatmap()->source()->scaleMax(), 1.0);
    EXPECT_EQ(window->heatmap()->source()->scaleMin(), 0.0);

    QComboBox* range = window->controls()->weightsRangeBox();
    range->setFocus();
    QTest::keyClick(range, Qt::Key_Down);  // the second entry: smallest to largest
    ASSERT_EQ(window->controls()->weightsRange(), WeightsRange::Data);
    const Eigen::MatrixXd weights = coreTrace(sentence, AttentionConfig{}).matrix(Step::Weights, 0);
    ASSERT_TRUE(waitUntil([&] { return !window->isBusy() && window->heatmap()->source()->scaleMax() < 1.0; }));
    EXPECT_EQ(window->heatmap()->source()->scaleMax(), weights.maxCoeff());
    EXPECT_EQ(window->heatmap()->source()->scaleMin(), weights.minCoeff());
    EXPECT_LT(weights.maxCoeff(), 0.5) << "the sentence must have small weights for this test to mean anything";
    window->stepper()->setStep(Step::Weights);
    ASSERT_TRUE(window->stepper()->heatmap()->source());
    EXPECT_EQ(window->stepper()->heatmap()->source()->scaleMax(), weights.maxCoeff()) << "the step view's weights too";
    EXPECT_EQ(window->currentSource(Step::Scores)->scaleMin(), -window->currentSource(Step::Scores)->scaleMax())
        << "signed steps keep their symmetric range";

    const QString path = folder.filePath(QStringLiteral("range.attnviz"));
    ASSERT_TRUE(actions->saveSession(path));
    EXPECT_EQ(loadSession(QFile::encodeName(path).toStdString()).view.weightsRange, WeightsRange::Data);
    window->controls()->setWeightsRange(WeightsRange::Fixed);
    ASSERT_TRUE(waitUntil([&] { return !window->isBusy() && window->heatmap()->source()->scaleMax() == 1.0; }));
    ASSERT_TRUE(openSessionAndWait(*actions, path));
    EXPECT_EQ(window->controls()->weightsRange(), WeightsRange::Data);
    ASSERT_TRUE(waitUntil([&] { return !window->isBusy() && window->heatmap()->source()->scaleMax() == weights.maxCoeff(); }));
}

TEST_F(SessionActionsTest, RefusedFilesLeaveTheSessionUnchanged) {
    const QString sentence = QStringLiteral("The cat is sitting");
    show(sentence, richConfig());
    const QString damaged = folder.filePath(QStringLiteral("damaged.attnviz"));
    writeFileAtomically(damaged.toStdString(), std::string_view("{\"format\": \"attnviz-session\", \"vers"));
    const QString newer = folder.filePath(QStringLiteral("newer.attnviz"));
    writeFileAtomically(newer.toStdString(),
                        std::string_view("{\"format\": \"attnviz-session\", \"version\": 9, \"sentence\": \"x\", "
                                         "\"config\": {}}"));
    const QString missing = folder.filePath(QStringLiteral("missing.attnviz"));
    // Sessions the hardening issue found: a number no double holds (which aborted the window), a
    // temperature that made every weight NaN, and sizes past the 4,096-token limit.
    const auto sessionWith = [&](const char* name, const std::string& config) {
        const QString path = folder.filePath(QString::fromUtf8(name));
        writeFileAtomically(path.toStdString(), R"({"format": "attnviz-session", "version": 2, "sentence": "x", "config": )" +
                                                    config + "}");
        return path;
    };
    const QString overflowing = sessionWith("overflowing.attnviz", R"({"temperature": 1e400})");
    const QString tiny = sessionWith("tiny.attnviz", R"({"temperature": 1e-310})");
    const QString padded = sessionWith("padded.attnviz", R"({"mask": {"pad_to": 10000}})");
    const QString limited = sessionWith("limited.attnviz", R"({"max_tokens": 100000000000})");

    const std::pair<QString, const char*> cases[] = {
        {damaged, "damaged session"},
        {newer, "session version 9 is newer"},
        {missing, "no such file"},
        {overflowing, "number overflow parsing '1e400'"},
        {tiny, "the temperature T must be at least 0.001 (it is 1e-310)"},
        {padded, "pad-to length must be at most 4096 (it is 10000)"},
        {limited, "the token limit must be at most 4096 (it is 100000000000)"}};
    for (const auto& [path, expected] : cases) {
        QSignalSpy failed(actions, &SessionActions::failed);
        EXPECT_FALSE(openSessionAndWait(*actions, path));
        ASSERT_EQ(failed.count(), 1) << path.toStdString();
        const QString message = failed.at(0).at(0).toString();
        EXPECT_TRUE(message.contains(QString::fromUtf8(expected))) << message.toStdString();
        EXPECT_TRUE(message.contains(path)) << message.toStdString();
        EXPECT_EQ(window->sentence(), sentence);
        EXPECT_TRUE(window->config() == richConfig());
        EXPECT_FALSE(window->isBusy()) << "a refused file must not start a computation";
    }
    EXPECT_TRUE(actions->currentPath().isEmpty());
    EXPECT_TRUE(actions->recentFiles().isEmpty()) << "refused files are not remembered";
}

TEST_F(SessionActionsTest, FailedSaveKeepsTheOldFile) {
    show(QStringLiteral("Le chat"), AttentionConfig{});
    const QString path = folder.filePath(QStringLiteral("s.attnviz"));
    writeFileAtomically(path.toStdString(), std::string_view("old"));
    QSignalSpy failed(actions, &SessionActions::failed);
    EXPECT_FALSE(actions->saveSession(path + QStringLiteral("/under-a-file.attnviz")));
    EXPECT_EQ(failed.count(), 1);
    EXPECT_EQ(readFileBytes(path.toStdString()), "old");
}

TEST_F(SessionActionsTest, RecentFilesAreMostRecentFirstAndBounded) {
    show(QStringLiteral("Le chat"), AttentionConfig{});
    QStringList saved;
    for (int i = 0; i < SessionActions::kMaxRecent + 2; ++i) {
        const QString path = folder.filePath(QStringLiteral("s%1.attnviz").arg(i));
        ASSERT_TRUE(actions->saveSession(path));
        saved.prepend(QFileInfo(path).absoluteFilePath());
    }
    EXPECT_EQ(actions->recentFiles(), saved.mid(0, SessionActions::kMaxRecent));
    const QList<QAction*> items = actions->recentMenu()->actions();
    ASSERT_GE(items.size(), SessionActions::kMaxRecent);
    EXPECT_TRUE(items.first()->text().contains(QFileInfo(saved.first()).fileName()));
    // Opening an older one brings it to the front.
    ASSERT_TRUE(openSessionAndWait(*actions, saved.at(3)));
    EXPECT_EQ(actions->recentFiles().first(), saved.at(3));
    actions->clearRecentFiles();
    EXPECT_TRUE(actions->recentFiles().isEmpty());
    EXPECT_FALSE(actions->recentMenu()->isEnabled());
}

// A session moved or deleted since it was saved: chosen in Open Recent, it is forgotten, and the
// window says so instead of a read error; the window is left as it was.
TEST_F(SessionActionsTest, ARecentSessionThatNoLongerExistsIsForgottenSayingSo) {
    show(QStringLiteral("Le chat"), AttentionConfig{});
    const QString path = folder.filePath(QStringLiteral("gone.attnviz"));
    ASSERT_TRUE(actions->saveSession(path));
    ASSERT_TRUE(QFile::remove(path));
    QSignalSpy failed(actions, &SessionActions::failed);
    actions->recentMenu()->actions().constFirst()->trigger();  // "&1 gone.attnviz"
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("no longer exists"))) << failed.at(0).at(0).toString().toStdString();
    EXPECT_TRUE(actions->recentFiles().isEmpty());
    EXPECT_FALSE(actions->recentMenu()->isEnabled());
}

TEST_F(SessionActionsTest, DroppingASessionFileOpensIt) {
    const QString sentence = QStringLiteral("Le chien dort");
    show(sentence, richConfig());
    const QString path = folder.filePath(QStringLiteral("dropped.attnviz"));
    ASSERT_TRUE(actions->saveSession(path));
    show(QStringLiteral("Autre phrase"), AttentionConfig{});

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint where = window->rect().center();
    QDragEnterEvent enter(where, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted()) << "a session file is accepted as a drop";
    QDropEvent drop(QPointF(where), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &drop);
    EXPECT_TRUE(drop.isAccepted());
    EXPECT_TRUE(waitForResult(*window, sentence, richConfig()));

    QMimeData other;
    other.setUrls({QUrl::fromLocalFile(folder.filePath(QStringLiteral("notes.txt")))});
    QDragEnterEvent refused(where, Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(window.get(), &refused);
    EXPECT_FALSE(refused.isAccepted()) << "only .attnviz files are taken";
}

TEST_F(SessionActionsTest, CopyImageAndCsv) {
    const QString sentence = QStringLiteral("The cat is sitting");
    show(sentence, AttentionConfig{});
    ASSERT_TRUE(actions->copyImage());
    const QImage image = QApplication::clipboard()->image();
    EXPECT_FALSE(image.isNull());
    EXPECT_GT(image.width(), 200);
    ASSERT_TRUE(actions->copyCsv());
    const CsvMatrix csv = readMatrixCsv(QApplication::clipboard()->text().toStdString());
    EXPECT_TRUE(bitIdentical(csv.values, coreTrace(sentence, AttentionConfig{}).matrix(Step::Weights, 0)));
}

}  // namespace
