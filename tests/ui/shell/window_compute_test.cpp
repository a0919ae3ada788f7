// The worker: the latest request wins, cancellation, errors reported as outcomes, and a long
// input that never blocks the window. Where an order matters, a start hook holds the worker
// before any work, so that the order is the same on any machine, fast or slow.
#include <QApplication>
#include <QClipboard>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTimer>

#include <atomic>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/WindowTestSupport.h"
#include "tests/support/RepeatedWords.h"
#include "ui/compute/ComputeController.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/Examples.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using Result = std::shared_ptr<const ComputeResult>;

constexpr int kTimeoutMs = 20000;

/// Holds the worker at the start of the first request (before any work) until release().
struct WorkerGate {
    QSemaphore reached;
    QSemaphore opened;
    std::atomic<int> started{0};

    std::function<void()> hook() {
        return [this] {
            if (started.fetch_add(1) != 0) return;
            reached.release();
            (void)opened.tryAcquire(1, kTimeoutMs);  // bounded: a failing test never hangs
        };
    }
    [[nodiscard]] bool waitUntilHeld() { return reached.tryAcquire(1, kTimeoutMs); }
    void release() { opened.release(); }
};

/// `tokens` words prefix0 prefix1 … prefix96 prefix0 …
QString longSentence(int tokens, const QString& prefix) {
    return QString::fromStdString(attnviz::testing::repeatedWords(tokens, prefix.toStdString(), 97));
}

TEST(ComputeControllerTest, TheLatestRequestWinsAndOnlyItIsReported) {
    WorkerGate gate;
    ComputeController controller;
    controller.setStartHook(gate.hook());
    std::vector<Result> results;
    QObject::connect(&controller, &ComputeController::finished, [&](const Result& r) { results.push_back(r); });
    const quint64 first = controller.request({longSentence(3000, QStringLiteral("a")), AttentionConfig{}, 0, {}});
    ASSERT_TRUE(gate.waitUntilHeld()) << "the first request never started";
    const quint64 second = controller.request({QStringLiteral("Le chat est assis"), AttentionConfig{}, 0, {}});
    gate.release();
    EXPECT_TRUE(controller.isBusy());
    // Until both have finished, the superseded one too: its result must not be reported.
    ASSERT_TRUE(waitUntil([&] { return controller.runningJobs() == 0; })) << "never finished";
    EXPECT_FALSE(controller.isBusy());
    ASSERT_EQ(results.size(), 1u) << "only the latest request reports";
    EXPECT_NE(first, second);
    EXPECT_EQ(results[0]->id, second);
    EXPECT_EQ(results[0]->outcome, ComputeResult::Outcome::Done);
    EXPECT_EQ(results[0]->trace->size(), 4);
    for (int s = 0; s < kStepCount; ++s) {
        ASSERT_TRUE(results[0]->sources[static_cast<std::size_t>(s)]) << "no source for step " << s;
        EXPECT_EQ(results[0]->sources[static_cast<std::size_t>(s)]->step(), static_cast<Step>(s));
    }
}

TEST(ComputeControllerTest, CancelReportsACancelledOutcome) {
    WorkerGate gate;
    ComputeController controller;
    controller.setStartHook(gate.hook());
    Result result;
    QObject::connect(&controller, &ComputeController::finished, [&](const Result& r) { result = r; });
    QSignalSpy finished(&controller, &ComputeController::finished);
    controller.request({QStringLiteral("Le chat est assis"), AttentionConfig{}, 0, {}});
    ASSERT_TRUE(gate.waitUntilHeld()) << "the request never started";
    controller.cancel();
    gate.release();
    ASSERT_TRUE(finished.wait(kTimeoutMs)) << "no outcome";
    EXPECT_EQ(result->outcome, ComputeResult::Outcome::Cancelled);
    EXPECT_FALSE(result->trace) << "a cancelled request carries no trace";
}

TEST(ComputeControllerTest, ErrorsBecomeOutcomesWithTheCoresMessage) {
    std::atomic<bool> cancel{false};
    AttentionConfig threeHeads;
    threeHeads.heads = 3;
    const ComputeResult config = ComputeController::compute({QStringLiteral("a b"), threeHeads, 0, {}}, cancel);
    EXPECT_EQ(config.outcome, ComputeResult::Outcome::ConfigError);
    EXPECT_TRUE(config.error.contains(QStringLiteral("divide"))) << config.error.toStdString();
    const ComputeResult empty = ComputeController::compute({QStringLiteral("   "), AttentionConfig{}, 0, {}}, cancel);
    EXPECT_EQ(empty.outcome, ComputeResult::Outcome::InputError);
    const ComputeResult head = ComputeController::compute({QStringLiteral("a b"), AttentionConfig{}, 5, {}}, cancel);
    EXPECT_EQ(head.outcome, ComputeResult::Outcome::Done);
    EXPECT_EQ(head.head, 0) << "a head that does not exist falls back to head 0";
}

TEST(ComputeControllerTest, DestroyingWhileBusyCancelsAndWaits) {
    // The destructor cancels and joins the worker: no result may arrive after it, and nothing
    // is left running (AddressSanitizer and CTest's timeout would see a leak or a hang).
    int results = 0;
    {
        ComputeController controller;
        QObject::connect(&controller, &ComputeController::finished, [&] { ++results; });
        controller.request({longSentence(4000, QStringLiteral("c")), AttentionConfig{}, 0, {}});
    }
    QCoreApplication::processEvents();
    EXPECT_EQ(results, 0) << "a destroyed controller delivers nothing";
}

TEST(MainWindowLongInputTest, PastingFourThousandTokensNeverBlocksTheWindow) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const auto before = window.currentTrace();

    const QString text = longSentence(4000, QStringLiteral("mot"));
    QApplication::clipboard()->setText(text);
    QSignalSpy busy(&window, &MainWindow::busyChanged);
    // How long the GUI thread is held is measured by tests/bench/window_benchmark.cpp; here the
    // proof is behavioural: the paste returns before the result exists, and the window goes busy.

    QPlainTextEdit* edit = window.sentenceEdit();
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(edit, Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(window.currentTrace(), before) << "pasting only starts a computation off the GUI thread";

    ASSERT_TRUE(waitUntil([&] { return busy.count() >= 1; }, 5000)) << "the worker never started";
    const bool arrived = waitUntil([&] { return showsResultFor(window, text, teachingConfig()); }, 60000);
    ASSERT_TRUE(arrived) << "no result for 4,000 tokens: " << window.message().toStdString();
    EXPECT_NE(window.currentTrace(), before);
    EXPECT_EQ(window.currentTrace()->size(), 4000);
    EXPECT_EQ(window.heatmap()->source()->rows(), 4000);
    EXPECT_EQ(window.tokenStrip()->tokenCount(), 4000);
    EXPECT_TRUE(window.message().isEmpty()) << window.message().toStdString();
}

TEST(MainWindowLongInputTest, TheCancelButtonStopsALongComputationAndKeepsTheResult) {
    WorkerGate gate;  // outlives the window, whose worker may still wait on it
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const auto before = window.currentTrace();
    // The worker is held before any work, as long as the test needs: the click always lands
    // while the computation runs, on the fastest machine too.
    window.computeController()->setStartHook(gate.hook());
    window.setSentence(QStringLiteral("Le chat est assis"));
    window.recomputeNow();
    ASSERT_TRUE(gate.waitUntilHeld()) << "the computation never started";
    // The button appears once the computation has run for a moment.
    ASSERT_TRUE(waitUntil([&] { return window.cancelButton()->isVisible(); }, kTimeoutMs)) << "no cancel button";
    QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
    gate.release();
    ASSERT_TRUE(waitIdle(window));
    EXPECT_EQ(window.currentTrace(), before) << "a cancelled computation leaves the last result";
    EXPECT_FALSE(window.cancelButton()->isVisible());
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("cancelled")))
        << window.statusBar()->currentMessage().toStdString();
}

}  // namespace
}  // namespace attnviz::ui
