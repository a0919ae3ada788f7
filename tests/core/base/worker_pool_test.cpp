// The core's helper threads: every part of a job runs once, and calls that cannot have the
// helpers (nested, or from a second thread at the same time) still finish, alone. parallelFor
// runs every index once, on the number of threads it is given, and carries exceptions back.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
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

TEST(ParallelFor, RunsEveryIndexExactlyOnce) {
    WorkerPool pool(3);
    for (const int count : {1, 2, 7, 1000}) {
        std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
        pool.parallelFor(count, 4, [&](int index, unsigned) { ++runs[static_cast<std::size_t>(index)]; });
        for (int i = 0; i < count; ++i) EXPECT_EQ(runs[static_cast<std::size_t>(i)].load(), 1) << "index " << i << " of " << count;
    }
    bool called = false;
    EXPECT_EQ(pool.parallelFor(0, 4, [&](int, unsigned) { called = true; }), 0u);
    EXPECT_FALSE(called) << "no index, no call";
}

TEST(ParallelFor, UsesExactlyTheThreadsItIsGiven) {
    WorkerPool pool(3);
    for (const unsigned threads : {1u, 2u, 3u, 4u}) {
        // Each piece waits until `threads` pieces have started, so no thread can take a second
        // piece before every thread has its first: the pieces land on `threads` distinct threads.
        std::mutex lock;
        std::condition_variable allStarted;
        unsigned started = 0;
        std::map<unsigned, std::thread::id> threadOfSlot;
        std::set<std::thread::id> distinct;
        const unsigned ran = pool.parallelFor(static_cast<int>(threads), threads, [&](int, unsigned slot) {
            std::unique_lock guard(lock);
            ++started;
            threadOfSlot[slot] = std::this_thread::get_id();
            distinct.insert(std::this_thread::get_id());
            allStarted.notify_all();
            EXPECT_TRUE(allStarted.wait_for(guard, std::chrono::seconds(10), [&] { return started == threads; }))
                << "a thread never came";
        });
        EXPECT_EQ(ran, threads);
        EXPECT_EQ(distinct.size(), threads);
        EXPECT_EQ(threadOfSlot.size(), threads) << "slots 0 … threads − 1, one per thread";
        EXPECT_EQ(threadOfSlot.rbegin()->first, threads - 1);
        EXPECT_EQ(threadOfSlot[0], std::this_thread::get_id()) << "slot 0 is the caller";
    }
}

TEST(ParallelFor, OneThreadRunsTheIndicesInOrderOnTheCaller) {
    WorkerPool pool(3);
    std::vector<int> order;
    const std::thread::id caller = std::this_thread::get_id();
    EXPECT_EQ(pool.parallelFor(5, 1, [&](int index, unsigned slot) {
        EXPECT_EQ(slot, 0u);
        EXPECT_EQ(std::this_thread::get_id(), caller);
        order.push_back(index);
    }), 1u);
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(ParallelFor, TheFirstExceptionReachesTheCallerAndTheRestIsSkipped) {
    WorkerPool pool(3);
    std::vector<int> ran;
    EXPECT_THROW(pool.parallelFor(10, 1, [&](int index, unsigned) {
        ran.push_back(index);
        if (index == 3) throw std::out_of_range("index 3");
    }), std::out_of_range);
    EXPECT_EQ(ran, (std::vector<int>{0, 1, 2, 3})) << "no index after the failing one";

    std::atomic<int> calls{0};
    EXPECT_THROW(pool.parallelFor(100000, 4, [&](int, unsigned) {
        ++calls;
        throw std::runtime_error("every piece fails");
    }), std::runtime_error) << "an exception on a helper thread is carried back, not fatal";
    EXPECT_LE(calls.load(), 4) << "each thread stops after its first failure";
}

}  // namespace
}  // namespace attnviz
