#include "core/gpt2/Gpt2Config.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/io/FileReading.h"
#include "core/io/JsonReader.h"

namespace attnviz::gpt2 {
namespace {

/// A size: a positive integer up to kGpt2MaxSize.
int size(const JsonReader& field) {
    const std::uint64_t value = field.unsignedInteger(ErrorCode::JsonExpectedPositiveInteger);
    if (value == 0) field.fail(ErrorCode::JsonExpectedPositiveInteger);
    if (value > static_cast<std::uint64_t>(kGpt2MaxSize)) field.fail(ErrorCode::JsonTooLarge, {std::to_string(value)});
    return static_cast<int>(value);
}

/// Refuses a boolean option set to the value AttnViz does not compute (absent: the default).
void requireBoolean(const JsonReader& config, std::string_view option, bool computed) {
    const std::optional<JsonReader> field = config.field(option);
    if (!field || field->isNull() || field->boolean() == computed) return;
    field->fail(ErrorCode::ModelOptionNotSupported, {computed ? "false" : "true", computed ? "true" : "false"});
}

}  // namespace

Gpt2Config parseGpt2Config(std::string_view text) {
    const nlohmann::json document = parseJson(text, ErrorCode::ModelConfigDamaged, ErrorCode::ModelConfigEmpty);
    const JsonReader config(document, "", UnknownFields::Ignore, RootName::File);
    config.object({});
    const std::string modelType = config.required("model_type").string();
    if (modelType != "gpt2") throw FormatError(ErrorCode::ModelTypeNotSupported, {modelType});

    if (const std::optional<JsonReader> activation = config.field("activation_function")) {
        const std::string name = activation->string();
        if (name != "gelu_new") activation->fail(ErrorCode::ModelOptionNotSupported, {'"' + name + '"', "\"gelu_new\""});
    }
    requireBoolean(config, "scale_attn_weights", true);
    requireBoolean(config, "scale_attn_by_inverse_layer_idx", false);
    requireBoolean(config, "reorder_and_upcast_attn", false);

    Gpt2Config sizes;
    sizes.layers = size(config.required("n_layer"));
    sizes.heads = size(config.required("n_head"));
    sizes.embedding = size(config.required("n_embd"));
    sizes.positions = size(config.required("n_positions"));
    sizes.vocabulary = size(config.required("vocab_size"));
    if (sizes.embedding % sizes.heads != 0)
        config.required("n_head").fail(ErrorCode::HeadsDoNotDivide,
                                       {std::to_string(sizes.heads), std::to_string(sizes.embedding)});
    const std::optional<JsonReader> inner = config.field("n_inner");
    sizes.inner = inner && !inner->isNull() ? size(*inner) : 4 * sizes.embedding;
    if (const std::optional<JsonReader> epsilon = config.field("layer_norm_epsilon")) {
        sizes.layerNormEpsilon = epsilon->number();
        if (sizes.layerNormEpsilon <= 0) epsilon->fail(ErrorCode::JsonOutOfRange, {epsilon->value().dump()});
    }
    return sizes;
}

Gpt2Config readGpt2Config(const std::filesystem::path& path) {
    const auto parse = [](std::string_view text) { return parseGpt2Config(text); };
    return parseWholeFile(path, limits::kMaxModelConfigBytes, parse);
}

}  // namespace attnviz::gpt2
