// Cancelling a cost-lab run (the lab's Cancel button, a newer request): every kernel throws
// Cancelled when the flag is already set, and a long Flash or exact run stops soon after the flag
// is raised mid-way, not at its end.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/base/Errors.h"
#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostDefinition.h"

namespace attnviz {
namespace {

using Clock = std::chrono::steady_clock;
using testing::normalMatrix;

TEST(CostCancel, EveryKernelThrowsCancelledWhenTheFlagIsSet) {
    const int n = 200, d = 8;
    const auto q = normalMatrix<float>(n, d, 71), k = normalMatrix<float>(n, d, 72), v = normalMatrix<float>(n, d, 73);
    const std::atomic<bool> cancel{true};
    for (const CostKernel kernel : kAllCostKernels) {
        CostOptions options;
        options.kernel = kernel;
        EXPECT_THROW((void)runCostKernel<float>(q, k, v, options, &cancel), Cancelled) << costKernelName(kernel);
        EXPECT_THROW((void)runCostKernel<double>(q.cast<double>(), k.cast<double>(), v.cast<double>(), options, &cancel),
                     Cancelled)
            << costKernelName(kernel);
    }
}

// n = 32,768 takes Flash and exact over a second on this kind of machine (far more under the
// sanitizers); the flag is raised after 50 ms and the call must end within half a second of it:
// the kernels look at it between blocks of rows, each a few milliseconds of work.
TEST(CostCancel, ALongRunStopsPromptly) {
    const int n = 32768, d = 64;
    const auto q = normalMatrix<float>(n, d, 74), k = normalMatrix<float>(n, d, 75), v = normalMatrix<float>(n, d, 76);
    for (const CostKernel kernel : {CostKernel::Flash, CostKernel::Exact}) {
        CostOptions options;
        options.kernel = kernel;
        std::atomic<bool> cancel{false};
        Clock::time_point raised;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            raised = Clock::now();
            cancel = true;
        });
        EXPECT_THROW((void)runCostKernel<float>(q, k, v, options, &cancel), Cancelled) << costKernelName(kernel);
        const Clock::time_point ended = Clock::now();
        canceller.join();
        EXPECT_LT(std::chrono::duration<double>(ended - raised).count(), 0.5) << costKernelName(kernel);
    }
}

}  // namespace
}  // namespace attnviz
