#include "core/sources/AttentionSource.h"

#include <utility>

#include "core/base/Errors.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/model/TeachingConfig.h"

namespace attnviz {
namespace {

void stopIfCancelled(const SourceRequest& request) {
    if (request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

/// The model's forward pass over the sentence, every layer.
std::shared_ptr<const ModelRun> runModel(const SourceRequest& request) {
    auto run = std::make_shared<ModelRun>();
    run->model = request.model;
    run->sentence = request.sentence;
    run->tokens = request.model->tokenize(request.sentence);
    gpt2::ForwardOptions options;
    options.threads = request.threads;
    options.cancel = request.cancel;
    options.progress = request.progress;
    run->trace = request.model->forward(run->tokens, options);
    return run;
}

/// Every layer of the run as a stack (an aliasing pointer shares the run's ownership, since the
/// run keeps its forward pass by value).
std::shared_ptr<const AttentionStack> stackOfRun(const std::shared_ptr<const ModelRun>& run) {
    std::vector<std::string> tokens;
    tokens.reserve(run->tokens.size());
    for (const Token& token : run->tokens) tokens.push_back(token.text);
    return std::make_shared<const AttentionStack>(
        AttentionStack::fromModel(std::shared_ptr<const gpt2::Gpt2Trace>(run, &run->trace), std::move(tokens)));
}

/// The trace's heads as a stack; the teaching model's heads say what they do, in the language asked.
std::shared_ptr<const AttentionStack> stackOfTrace(const std::shared_ptr<const AttentionTrace>& trace,
                                                   const std::string& language) {
    AttentionStack stack = AttentionStack::fromTrace(trace);
    stack.setHeadRoles(teachingHeadRoles(trace->config(), language));
    return std::make_shared<const AttentionStack>(std::move(stack));
}

}  // namespace

SourceCapabilities computedCapabilities(const AttentionConfig& config) {
    SourceCapabilities can;
    can.hasQueriesAndKeys = true;
    can.hasEditableWeights = true;
    can.hasHeadRoles = !teachingHeadRoles(config, {}).empty();
    return can;
}

SourceCapabilities modelCapabilities() {
    SourceCapabilities can;
    can.hasQueriesAndKeys = true;
    can.hasLayers = true;
    can.hasNextTokens = true;
    return can;
}

SourceCapabilities importedCapabilities(const AttentionStack& imported) {
    SourceCapabilities can;
    can.hasLayers = imported.layers() > 1;
    return can;
}

AttentionSource buildSource(const SourceRequest& request) {
    stopIfCancelled(request);
    AttentionSource source;
    if (request.imported) {
        source.stack = request.imported;
        source.capabilities = importedCapabilities(*request.imported);
        return source;
    }
    if (request.model) {
        source.capabilities = modelCapabilities();
        source.run = request.reuseRun ? request.reuseRun : runModel(request);
        stopIfCancelled(request);
        source.trace = request.reuseTrace ? request.reuseTrace
                                          : std::make_shared<const AttentionTrace>(request.model->layerTrace(
                                                source.run->tokens, source.run->trace, request.layer));
        stopIfCancelled(request);
        source.stack = request.reuseStack ? request.reuseStack : stackOfRun(source.run);
        return source;
    }
    source.trace = request.reuseTrace ? request.reuseTrace
                                      : std::make_shared<const AttentionTrace>(
                                            AttentionTrace::compute(request.sentence, request.config, request.cancel));
    source.capabilities = computedCapabilities(source.trace->config());
    stopIfCancelled(request);
    source.stack = request.reuseStack ? request.reuseStack : stackOfTrace(source.trace, request.language);
    return source;
}

}  // namespace attnviz
