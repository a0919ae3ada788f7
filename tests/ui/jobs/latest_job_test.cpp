// LatestJob, the one way the window runs work off the GUI thread: the work runs on a worker
// thread and its result reaches the GUI thread; the newest job wins; cancel drops the result;
// progress reaches the indicator; the destructor cancels and waits; JobIndicator shows a job
// that lasts and its Cancel button cancels it.
#include <QApplication>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>

#include <atomic>
#include <future>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/WindowTestSupport.h"
#include "ui/jobs/JobIndicator.h"
#include "ui/jobs/LatestJob.h"

namespace {

using attnviz::ui::JobControl;
using attnviz::ui::JobIndicator;
using attnviz::ui::JobRunner;
using attnviz::ui::LatestJob;
using attnviz::ui::testing::waitUntil;

/// Holds a job's work until open() is called, so that a test knows where the worker is.
class Gate {
public:
    void open() { opened_.set_value(); }
    void pass() const { opened_future_.wait(); }

private:
    std::promise<void> opened_;
    std::shared_future<void> opened_future_ = opened_.get_future().share();
};

TEST(LatestJob, RunsTheWorkOffTheGuiThreadAndDeliversTheResultOnIt) {
    LatestJob<std::string> job;
    QThread* workThread = nullptr;
    QThread* doneThread = nullptr;
    std::string delivered;
    job.start(
        [&workThread](const JobControl&) {
            workThread = QThread::currentThread();
            return std::string("read");
        },
        [&](std::string result) {
            doneThread = QThread::currentThread();
            delivered = std::move(result);
        });
    EXPECT_TRUE(job.isRunning());
    ASSERT_TRUE(waitUntil([&] { return !delivered.empty(); }));
    EXPECT_EQ(delivered, "read");
    EXPECT_NE(workThread, QThread::currentThread());
    EXPECT_EQ(doneThread, QThread::currentThread());
    EXPECT_FALSE(job.isRunning());
}

TEST(LatestJob, TheNewestJobWinsAndTheOlderOneIsCancelledUnseen) {
    LatestJob<int> job;
    Gate gate;
    std::atomic<bool> olderSawCancel{false};
    std::vector<int> delivered;
    job.start(
        [&](const JobControl& control) {
            gate.pass();
            olderSawCancel = control.cancelled();
            return 1;
        },
        [&](int result) { delivered.push_back(result); });
    job.start([](const JobControl&) { return 2; }, [&](int result) { delivered.push_back(result); });
    gate.open();
    ASSERT_TRUE(waitUntil([&] { return job.pendingJobs() == 0; }));
    EXPECT_EQ(delivered, std::vector<int>{2});
    EXPECT_TRUE(olderSawCancel);
}

/// Starts a job whose work waits for gate and whose result sets delivered.
void startHeldJob(LatestJob<int>& job, const Gate& gate, bool& delivered) {
    job.start(
        [&gate](const JobControl&) {
            gate.pass();
            return 1;
        },
        [&delivered](int) { delivered = true; });
}

TEST(LatestJob, CancelDropsTheResultAndSaysSo) {
    LatestJob<int> job;
    QSignalSpy cancelled(&job, &JobRunner::cancelled);
    QSignalSpy running(&job, &JobRunner::runningChanged);
    Gate gate;
    bool delivered = false;
    startHeldJob(job, gate, delivered);
    job.cancel();
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_FALSE(job.isRunning());
    gate.open();
    ASSERT_TRUE(waitUntil([&] { return job.pendingJobs() == 0; }));
    EXPECT_FALSE(delivered);
    ASSERT_EQ(running.count(), 2);  // started, then stopped by cancel
    EXPECT_FALSE(running.at(1).at(0).toBool());
}

// A sweep asked to stop says how far it got: its work sees the flag and its result still arrives.
TEST(LatestJob, StopAsksTheWorkToEndEarlyAndStillDeliversWhatItReturns) {
    LatestJob<int> job;
    QSignalSpy cancelled(&job, &JobRunner::cancelled);
    std::atomic<bool> started{false};
    int delivered = -1;
    job.start(
        [&](const JobControl& control) {
            started = true;
            while (!control.cancelled()) QThread::msleep(1);  // until stop() sets the flag
            return 7;
        },
        [&](int result) { delivered = result; });
    ASSERT_TRUE(waitUntil([&] { return started.load(); }));
    job.stop();
    EXPECT_TRUE(job.isRunning()) << "running until the work has returned, so nothing starts beside it";
    ASSERT_TRUE(waitUntil([&] { return delivered != -1; }));
    EXPECT_EQ(delivered, 7);
    EXPECT_FALSE(job.isRunning());
    EXPECT_EQ(cancelled.count(), 0) << "stopped, not cancelled: the result was delivered";
}

// Cancel after stop still drops the result: the user closed what was waiting for it.
TEST(LatestJob, CancelAfterStopDropsTheResult) {
    LatestJob<int> job;
    Gate gate;
    bool delivered = false;
    startHeldJob(job, gate, delivered);
    job.stop();
    job.cancel();
    gate.open();
    ASSERT_TRUE(waitUntil([&] { return job.pendingJobs() == 0; }));
    EXPECT_FALSE(delivered);
}

TEST(LatestJob, ProgressReachesTheGuiThread) {
    LatestJob<int> job;
    QSignalSpy progressed(&job, &JobRunner::progressed);
    Gate gate;
    job.start(
        [&](const JobControl& control) {
            control.reportProgress(1, 4);
            gate.pass();
            return 0;
        },
        [](int) {});
    ASSERT_TRUE(waitUntil([&] { return progressed.count() > 0; }));
    EXPECT_DOUBLE_EQ(progressed.at(0).at(0).toDouble(), 0.25);
    EXPECT_DOUBLE_EQ(job.progress(), 0.25);
    gate.open();
    job.waitForFinished();
}

TEST(LatestJob, TheDestructorCancelsTheWorkAndWaitsForIt) {
    std::atomic<bool> workReturned{false};
    std::atomic<bool> started{false};
    {
        LatestJob<int> job;
        job.start(
            [&](const JobControl& control) {
                started = true;
                while (!control.cancelled()) QThread::msleep(1);  // until the owner goes away
                workReturned = true;
                return 0;
            },
            [](int) { ADD_FAILURE() << "a result delivered after the owner went away"; });
        ASSERT_TRUE(waitUntil([&] { return started.load(); }));
    }
    EXPECT_TRUE(workReturned);
}

TEST(LatestJob, WorkThatThrowsIsReportedNotLost) {
    LatestJob<int> job;
    QSignalSpy failed(&job, &JobRunner::failed);
    job.start([](const JobControl&) -> int { throw std::runtime_error("disk on fire"); }, [](int) {});
    ASSERT_TRUE(waitUntil([&] { return failed.count() > 0; }));
    EXPECT_EQ(failed.at(0).at(0).toString(), QStringLiteral("disk on fire"));
    EXPECT_FALSE(job.isRunning());
}

TEST(JobIndicator, ShowsAJobThatLastsWithItsProgressAndCancelCancelsIt) {
    QWidget window;
    auto* indicator = new JobIndicator(&window);
    window.show();
    LatestJob<int> job;
    QSignalSpy cancelled(&job, &JobRunner::cancelled);
    Gate gate;
    job.start(
        [&](const JobControl& control) {
            control.reportProgress(3, 10);
            gate.pass();
            return 0;
        },
        [](int) {});
    indicator->watch(&job, QStringLiteral("Opening lecture.attnviz…"));
    EXPECT_FALSE(indicator->isVisible());  // not before kShowDelayMs: quick work never flashes it
    ASSERT_TRUE(waitUntil([&] { return indicator->isVisible(); }));
    EXPECT_EQ(indicator->label()->text(), QStringLiteral("Opening lecture.attnviz…"));
    ASSERT_TRUE(waitUntil([&] { return indicator->bar()->maximum() == 1000; }));
    EXPECT_EQ(indicator->bar()->value(), 300);
    indicator->cancelButton()->click();
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_FALSE(indicator->isVisible());
    gate.open();
    job.waitForFinished();
}

TEST(JobIndicator, QuickWorkNeverShowsIt) {
    QWidget window;
    auto* indicator = new JobIndicator(&window);
    window.show();
    LatestJob<int> job;
    bool delivered = false;
    job.start([](const JobControl&) { return 0; }, [&](int) { delivered = true; });
    indicator->watch(&job, QStringLiteral("Reading w.json…"));
    ASSERT_TRUE(waitUntil([&] { return delivered; }));
    QTest::qWait(JobIndicator::kShowDelayMs + 50);
    EXPECT_FALSE(indicator->isVisible());
}

}  // namespace
