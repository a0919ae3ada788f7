#include "core/heads/AttentionStack.h"

#include <cmath>
#include <utility>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Trace.h"
#include "core/heads/SummaryCache.h"

namespace attnviz {

AttentionStack::AttentionStack() : summaryCache_(std::make_shared<SummaryCache>()) {}

AttentionStack AttentionStack::fromTrace(std::shared_ptr<const AttentionTrace> trace) {
    AttentionStack stack;
    stack.origin_ = StackOrigin::Trace;
    stack.layers_ = 1;
    stack.heads_ = trace->heads();
    stack.tokens_.reserve(trace->tokens().size());
    for (const Token& token : trace->tokens()) stack.tokens_.push_back(token.text);
    stack.trace_ = std::move(trace);
    return stack;
}

AttentionStack AttentionStack::fromModel(std::shared_ptr<const gpt2::Gpt2Trace> trace,
                                         std::vector<std::string> tokens) {
    if (static_cast<int>(tokens.size()) != trace->tokenCount())
        throw ConfigError(ErrorCode::StackTokenCount,
                          {std::to_string(tokens.size()), std::to_string(trace->tokenCount())});
    AttentionStack stack;
    stack.origin_ = StackOrigin::Model;
    stack.layers_ = static_cast<int>(trace->layers.size());
    stack.heads_ = trace->heads;
    stack.tokens_ = std::move(tokens);
    stack.model_ = std::move(trace);
    return stack;
}

AttentionStack AttentionStack::fromImported(std::shared_ptr<const ImportedWeights> imported) {
    if (static_cast<int>(imported->weights.size()) != imported->layers * imported->heads)
        throw ConfigError(ErrorCode::StackWeightCount,
                          {std::to_string(imported->weights.size()), std::to_string(imported->layers * imported->heads)});
    AttentionStack stack;
    stack.origin_ = StackOrigin::Imported;
    stack.layers_ = imported->layers;
    stack.heads_ = imported->heads;
    stack.tokens_ = imported->tokens;
    stack.imported_ = std::move(imported);
    return stack;
}

bool AttentionStack::isMasked(int query, int key) const {
    switch (origin_) {
    case StackOrigin::Trace: return trace_->mask().isMasked(query, key);
    case StackOrigin::Model: return key > query;
    case StackOrigin::Imported: return imported_->causal && key > query;
    }
    return false;
}

bool AttentionStack::rowFullyMasked(int query) const {
    return origin_ == StackOrigin::Trace && trace_->rowFullyMasked(query);
}

void AttentionStack::requireHead(int layer, int head) const {
    if (layer < 0 || layer >= layers_)
        throw ConfigError(ErrorCode::NoSuchLayer, {std::to_string(layer + 1), std::to_string(layers_)});
    if (head < 0 || head >= heads_)
        throw ConfigError(ErrorCode::NoSuchHead, {std::to_string(head + 1), std::to_string(heads_)});
}

Eigen::MatrixXd AttentionStack::weights(int layer, int head) const {
    requireHead(layer, head);
    switch (origin_) {
    case StackOrigin::Trace: return trace_->matrix(Step::Weights, head);
    case StackOrigin::Imported: {
        Eigen::MatrixXd w = imported_->weights[static_cast<std::size_t>(layer * heads_ + head)].cast<double>();
        // --causal on an array that holds numbers after the query: masked cells still weigh 0.
        if (imported_->causal) w.triangularView<Eigen::StrictlyUpper>().setZero();
        return w;
    }
    case StackOrigin::Model: break;
    }
    // GPT-2: exp(q·k / √d_k − rowMax) / rowSum as Gpt2Trace::weight, a whole head at once. The
    // scores are one matrix product: a dot product per cell made 144 heads of 1,024 tokens 7× slower.
    const gpt2::Gpt2LayerTrace& trace = model_->layers[static_cast<std::size_t>(layer)];
    const int n = model_->tokenCount();
    const int size = model_->headSize();
    const Eigen::MatrixXd q = trace.queries.middleCols(head * size, size).cast<double>();
    const Eigen::MatrixXd k = trace.keys.middleCols(head * size, size).cast<double>();
    const Eigen::VectorXd max = trace.rowMax.row(head).transpose().cast<double>();
    const Eigen::VectorXd sum = trace.rowSum.row(head).transpose().cast<double>();
    const double divisor = std::sqrt(static_cast<double>(size));
    Eigen::MatrixXd result = q * k.transpose();
    for (int j = 0; j < n; ++j)  // column by column: the matrix is column-major
        for (int i = j; i < n; ++i) result(i, j) = std::exp(result(i, j) / divisor - max(i)) / sum(i);
    result.triangularView<Eigen::StrictlyUpper>().setZero();
    return result;
}

const std::string& AttentionStack::headRole(int layer, int head) const {
    static const std::string none;
    requireHead(layer, head);
    if (roles_.empty()) return none;
    return roles_[static_cast<std::size_t>(layer * heads_ + head)];
}

void AttentionStack::setHeadRoles(std::vector<std::string> roles) {
    const auto count = static_cast<int>(roles.size());
    if (count == heads_ && layers_ > 1) {
        std::vector<std::string> all;
        all.reserve(static_cast<std::size_t>(layers_ * heads_));
        for (int layer = 0; layer < layers_; ++layer) all.insert(all.end(), roles.begin(), roles.end());
        roles = std::move(all);
    } else if (count != layers_ * heads_ && count != 0) {
        throw ConfigError(ErrorCode::StackRoleCount, {std::to_string(count), std::to_string(heads_),
                                                      std::to_string(layers_ * heads_)});
    }
    roles_ = std::move(roles);
}

}  // namespace attnviz
