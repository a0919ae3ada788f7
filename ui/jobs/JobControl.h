#pragma once
#include <atomic>
#include <memory>

namespace attnviz::ui {

/// What a job's worker and its owner on the GUI thread share: the cancel flag and the progress.
struct JobState {
    std::atomic<bool> cancel{false};
    /// Thousandths done, or -1 while the work has not said (an indeterminate indicator).
    std::atomic<int> permille{-1};
};

/// What the work of a LatestJob sees on its worker thread: whether it was cancelled (a newer
/// job started, cancel() was called, or the owner is going away) and a way to say how far it is.
class JobControl {
public:
    explicit JobControl(std::shared_ptr<JobState> state) : state_(std::move(state)) {}

    [[nodiscard]] bool cancelled() const noexcept { return state_->cancel.load(std::memory_order_relaxed); }
    /// For core functions that take the flag itself and check it between their steps.
    [[nodiscard]] const std::atomic<bool>& cancelFlag() const noexcept { return state_->cancel; }
    /// `done` of `total` steps; from any thread, as often as wanted (the indicator reads it a
    /// few times a second).
    void reportProgress(long long done, long long total) const noexcept {
        if (total <= 0) return;
        const long long clamped = done < 0 ? 0 : (done > total ? total : done);
        state_->permille.store(static_cast<int>(clamped * 1000 / total), std::memory_order_relaxed);
    }

private:
    std::shared_ptr<JobState> state_;
};

}  // namespace attnviz::ui
