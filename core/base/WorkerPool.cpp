#include "core/base/WorkerPool.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "core/base/Limits.h"

namespace attnviz {

WorkerPool& WorkerPool::shared() {
    static WorkerPool pool(std::min(std::max(std::thread::hardware_concurrency(), 1u), limits::kMaxThreads) - 1);
    return pool;
}

WorkerPool::WorkerPool(unsigned helpers) {
    threads_.reserve(helpers);
    for (unsigned i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { helperLoop(i); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(state_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& thread : threads_) thread.join();
}

unsigned WorkerPool::run(unsigned threads, const std::function<void(unsigned)>& job) {
    const unsigned helpers = std::min(threads > 0 ? threads - 1 : 0, helperCount());
    bool expected = false;
    if (helpers == 0 || !inUse_.compare_exchange_strong(expected, true)) {
        job(0);
        return 1;
    }
    {
        const std::lock_guard lock(state_);
        job_ = &job;
        asked_ = helpers;
        running_.store(helpers);
        ++round_;
    }
    wake_.notify_all();
    job(0);
    // The helpers are finishing their last piece of work, usually within microseconds: a short
    // spin answers sooner than a sleep on done_, whose wake-up takes tens of microseconds here.
    const auto spinUntil = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    while (running_.load() != 0 && std::chrono::steady_clock::now() < spinUntil) std::this_thread::yield();
    {
        std::unique_lock lock(state_);
        done_.wait(lock, [this] { return running_.load() == 0; });
        job_ = nullptr;
    }
    inUse_.store(false);
    return helpers + 1;
}

unsigned WorkerPool::parallelFor(int count, unsigned threads, const std::function<void(int, unsigned)>& job) {
    if (count <= 0) return 0;
    std::atomic<int> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureLock;
    // An exception on a helper thread would end the program: the first one is carried back.
    const unsigned ran = run(std::min(std::max(threads, 1u), static_cast<unsigned>(count)), [&](unsigned slot) {
        try {
            for (int index = next++; index < count && !failed.load(std::memory_order_relaxed); index = next++)
                job(index, slot);
        } catch (...) {
            failed = true;  // the other threads stop before their next index
            const std::lock_guard lock(failureLock);
            if (!failure) failure = std::current_exception();
        }
    });
    if (failure) std::rethrow_exception(failure);
    return ran;
}

unsigned parallelFor(int count, unsigned threads, const std::function<void(int, unsigned)>& job) {
    return WorkerPool::shared().parallelFor(count, threads, job);
}

unsigned threadsForWork(double multiplyAdds) {
    return multiplyAdds < 2e6 ? 1u : WorkerPool::shared().helperCount() + 1;
}

void WorkerPool::helperLoop(unsigned index) {
    std::uint64_t seen = 0;
    std::unique_lock lock(state_);
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || (round_ != seen && index < asked_); });
        if (stopping_) return;
        seen = round_;
        const auto* job = job_;
        lock.unlock();
        (*job)(index + 1);
        lock.lock();
        if (running_.fetch_sub(1) == 1) done_.notify_one();
    }
}

}  // namespace attnviz
