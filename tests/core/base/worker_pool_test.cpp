// The kernel's helper threads: every part of a job runs once, and calls that cannot have the
// helpers (nested, or from a second thread at the same time) still finish, alone.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "core/base/WorkerPool.h"

namespace attnviz {
namespace {

TEST(WorkerPool, RunsEachIndexOnceOnDistinctThreadsAndWaitsForAll) {
    WorkerPool pool(3);
    for (int round = 0; round < 50; ++round) {
        std::mutex lock;
        std::multiset<unsigned> indices;
        std::set<std::thread::id> threads;
        std::atomic<int> finished{0};
        const unsigned ran = pool.run(4, [&](unsigned index) {
            std::this_thread::sleep_for(std::chrono::microseconds(index * 50));  // late finishers
            const std::lock_guard guard(lock);
            indices.insert(index);
            threads.insert(std::this_thread::get_id());
            ++finished;
        });
        ASSERT_EQ(ran, 4u);
        EXPECT_EQ(finished.load(), 4) << "run returned before every part finished";
        EXPECT_EQ(indices, (std::multiset<unsigned>{0, 1, 2, 3}));
        EXPECT_EQ(threads.size(), 4u);
        EXPECT_EQ(threads.count(std::this_thread::get_id()), 1u) << "part 0 runs on the caller";
    }
}

TEST(WorkerPool, AskingForFewerThreadsUsesOnlyThose) {
    WorkerPool pool(3);
    std::atomic<int> parts{0};
    EXPECT_EQ(pool.run(2, [&](unsigned index) {
        EXPECT_LT(index, 2u);
        ++parts;
    }), 2u);
    EXPECT_EQ(parts.load(), 2);
    EXPECT_EQ(pool.run(1, [&](unsigned) { ++parts; }), 1u);
    EXPECT_EQ(parts.load(), 3);
    EXPECT_EQ(pool.run(9, [&](unsigned) { ++parts; }), 4u) << "never more than the helpers it has";
}

TEST(WorkerPool, ANestedCallRunsAloneInsteadOfWaitingForItself) {
    WorkerPool pool(1);
    std::atomic<int> inner{0};
    pool.run(2, [&](unsigned) { EXPECT_EQ(pool.run(2, [&](unsigned index) { inner += static_cast<int>(index) + 1; }), 1u); });
    EXPECT_EQ(inner.load(), 2) << "each outer part ran the inner job once, as part 0";
}

TEST(WorkerPool, TwoCallersAtOnceBothFinishWithEveryPartDone) {
    WorkerPool pool(1);
    std::atomic<long> total{0};
    const auto caller = [&] {
        for (int round = 0; round < 200; ++round) {
            std::atomic<int> parts{0};
            const unsigned ran = pool.run(2, [&](unsigned) { ++parts; });
            EXPECT_EQ(parts.load(), static_cast<int>(ran));
            total += ran;
        }
    };
    std::thread other(caller);
    caller();
    other.join();
    EXPECT_GE(total.load(), 400);
}

}  // namespace
}  // namespace attnviz
