#include "core/heads/HeadExport.h"

#include <string>
#include <vector>

#include "core/base/Heads.h"
#include "core/formats/MatrixCsv.h"
#include "core/io/JsonWriter.h"

namespace attnviz {

Eigen::MatrixXd headWeights(const AttentionStack& stack, int layer, int head) {
    if (head != kAllHeads) return stack.weights(layer, head);
    Eigen::MatrixXd sum = stack.weights(layer, 0);
    for (int h = 1; h < stack.heads(); ++h) sum += stack.weights(layer, h);
    return sum / stack.heads();
}

void writeHeadCsv(std::ostream& out, const AttentionStack& stack, int layer, int head) {
    std::vector<std::string> labels;
    labels.reserve(stack.tokens().size());
    for (std::size_t i = 0; i < stack.tokens().size(); ++i) labels.push_back(std::to_string(i) + ":" + stack.tokens()[i]);
    const std::string which = head == kAllHeads ? "mean of heads" : "head " + std::to_string(head + 1);
    writeMatrixCsv(out, CsvMatrix{"weights (layer " + std::to_string(layer + 1) + ", " + which + ")", labels, labels,
                                  headWeights(stack, layer, head)});
}

void writeHeadJson(std::ostream& out, const AttentionStack& stack, int layer, int head) {
    nlohmann::json document;
    document["tokens"] = stack.tokens();
    document["layer"] = layer + 1;
    document["head"] = head == kAllHeads ? nlohmann::json("mean") : nlohmann::json(head + 1);
    document["causal"] = stack.size() > 1 && stack.isMasked(0, 1);
    document["weights"] = matrixToJson(headWeights(stack, layer, head));
    out << jsonText(document, 1, ErrorCode::TraceUnwritable) << '\n';
}

}  // namespace attnviz
