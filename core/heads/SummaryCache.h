#pragma once
// What AttentionStack keeps of its heads' summaries once made (AttentionStack::summaries): shared
// by the stack's copies, which read the same weights. Only AttentionStack.cpp and
// HeadSummary.cpp read it.
#include <memory>
#include <mutex>
#include <vector>

#include "core/heads/HeadSummary.h"

namespace attnviz {

struct SummaryCache {
    std::mutex mutex;
    std::shared_ptr<const std::vector<HeadSummary>> summaries;  ///< null until made
};

}  // namespace attnviz
