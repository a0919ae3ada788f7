#pragma once
// Helper threads that live as long as the program, for every parallel loop of the core: starting
// and joining a thread costs tens of microseconds, a fifth of a whole 256-token attention.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attnviz {

class WorkerPool {
public:
    /// The program's pool: hardware threads − 1 helpers (at most limits::kMaxThreads − 1), started
    /// on first use.
    static WorkerPool& shared();

    explicit WorkerPool(unsigned helpers);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    /// Runs job(0) on the calling thread and job(1) … job(threads − 1) on helpers, and returns
    /// when every one has returned. One call at a time uses the helpers: a call made while
    /// another runs (two computations at once, or a job that calls run) runs job(0) alone, so
    /// jobs must share out their work dynamically and never wait for each other.
    /// Returns how many threads ran the job.
    unsigned run(unsigned threads, const std::function<void(unsigned)>& job);

    /// Runs job(index, slot) once for every index 0 … count − 1 on at most `threads` threads
    /// (the caller's included), handing the indices out one at a time in increasing order, so
    /// that uneven pieces still keep every thread busy. slot (< threads) names the thread that
    /// runs the piece: per-thread buffers and partial results are indexed by it. If a job throws,
    /// the indices not yet started are skipped and the first exception is rethrown here.
    /// Returns how many threads took part (1 for a nested or concurrent call, as run).
    unsigned parallelFor(int count, unsigned threads, const std::function<void(int index, unsigned slot)>& job);

    [[nodiscard]] unsigned helperCount() const { return static_cast<unsigned>(threads_.size()); }

private:
    void helperLoop(unsigned index);

    std::atomic<bool> inUse_{false};  ///< set by the run() that has the helpers (a flag, not a
                                      ///< mutex: a nested call on the same thread must not block)
    std::mutex state_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(unsigned)>* job_ = nullptr;
    std::uint64_t round_ = 0;  ///< bumped for each run(), so a helper runs each job once
    unsigned asked_ = 0;       ///< helpers 0 … asked_ − 1 take part in this round
    std::atomic<unsigned> running_{0};  ///< helpers of this round not finished yet
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

/// WorkerPool::shared().parallelFor(count, threads, job): the core's one parallel loop.
unsigned parallelFor(int count, unsigned threads, const std::function<void(int index, unsigned slot)>& job);

/// The threads worth using for a job of about `multiplyAdds` operations: 1 below two million
/// (waking helpers costs more than it saves), else every thread of the shared pool.
[[nodiscard]] unsigned threadsForWork(double multiplyAdds);

}  // namespace attnviz
