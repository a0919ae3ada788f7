#pragma once
// Every head's summary as data (`attnviz export --view model` to CSV or JSON): one row or object
// per head, layers and heads counted from 1 as a person reads them.
#include <ostream>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"

namespace attnviz {

/// CSV with the header "layer,head,role,entropy,distance,previous,first,same" and one row per
/// head, layer-major; numbers as the shortest text that reads back to the same double, a role
/// quoted when it holds a comma, a quote or a line break.
void writeHeadSummariesCsv(std::ostream& out, const AttentionStack& stack, const std::vector<HeadSummary>& summaries);
/// A JSON array of objects with the same fields, layer-major.
void writeHeadSummariesJson(std::ostream& out, const AttentionStack& stack, const std::vector<HeadSummary>& summaries);

}  // namespace attnviz
