#include "core/heads/HeadSummaryTable.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <string>

#include "core/base/Errors.h"
#include "core/base/NumberText.h"

namespace attnviz {
namespace {

std::string quoted(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

void requireSummaries(const AttentionStack& stack, const std::vector<HeadSummary>& summaries) {
    if (summaries.size() != static_cast<std::size_t>(stack.layers() * stack.heads()))
        throw Error("the heads' summaries do not match the stack");
}

}  // namespace

void writeHeadSummariesCsv(std::ostream& out, const AttentionStack& stack, const std::vector<HeadSummary>& summaries) {
    requireSummaries(stack, summaries);
    out << "layer,head,role";
    for (int m = 0; m < kHeadMeasureCount; ++m) out << ',' << headMeasureName(static_cast<HeadMeasure>(m));
    out << '\n';
    for (int layer = 0; layer < stack.layers(); ++layer) {
        for (int head = 0; head < stack.heads(); ++head) {
            const HeadSummary& summary = summaries[static_cast<std::size_t>(layer * stack.heads() + head)];
            out << layer + 1 << ',' << head + 1 << ',' << quoted(stack.headRole(layer, head));
            for (int m = 0; m < kHeadMeasureCount; ++m) out << ',' << shortestText(summary.value(static_cast<HeadMeasure>(m)));
            out << '\n';
        }
    }
}

void writeHeadSummariesJson(std::ostream& out, const AttentionStack& stack, const std::vector<HeadSummary>& summaries) {
    requireSummaries(stack, summaries);
    nlohmann::ordered_json heads = nlohmann::ordered_json::array();
    for (int layer = 0; layer < stack.layers(); ++layer) {
        for (int head = 0; head < stack.heads(); ++head) {
            const HeadSummary& summary = summaries[static_cast<std::size_t>(layer * stack.heads() + head)];
            nlohmann::ordered_json entry;
            entry["layer"] = layer + 1;
            entry["head"] = head + 1;
            entry["role"] = stack.headRole(layer, head);
            for (int m = 0; m < kHeadMeasureCount; ++m) {
                const auto measure = static_cast<HeadMeasure>(m);
                entry[headMeasureName(measure)] = summary.value(measure);
            }
            heads.push_back(std::move(entry));
        }
    }
    out << heads.dump(2) << '\n';
}

}  // namespace attnviz
