#include "core/formats/ConfigJson.h"

#include <optional>
#include <utility>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/base/SettingParsers.h"
#include "core/io/JsonReader.h"
#include "core/io/JsonWriter.h"
#include "core/model/TeachingConfig.h"
#include "core/model/TeachingModel.h"

namespace attnviz {
namespace {

/// "teaching-heads" names the Teaching preset on the built-in four-head model.
const char* presetName(const AttentionConfig& config) {
    if (usesTeachingHeads(config)) return "teaching-heads";
    switch (config.preset) {
        case ProjectionPreset::Identity: return "identity";
        case ProjectionPreset::Supplied: return "supplied";
        case ProjectionPreset::Teaching: return "teaching";
        case ProjectionPreset::Model: return "model";
        case ProjectionPreset::Random: break;
    }
    return "random";
}

/// A seed: a non-negative integer, or a string of its decimal digits (for writers whose numbers
/// lose digits beyond 2^53), read by the window's and the command line's parser.
std::uint64_t readSeed(const JsonReader& value) {
    if (!value.isString()) return value.unsignedInteger(ErrorCode::SeedExpected);
    const std::string text = value.string();
    if (const std::optional<std::uint64_t> seed = parseSeed(text)) return *seed;
    const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    if (digits) value.fail(ErrorCode::SeedTooLarge, {text, std::to_string(limits::kMaxSeed)});
    value.fail(ErrorCode::SeedNotDecimal, {text});
}

/// The preset named by value; "teaching-heads" is the Teaching preset (the caller adds the model).
ProjectionPreset readPreset(const JsonReader& value, ModelProjections models) {
    const std::string name = value.oneOf({"random", "identity", "supplied", "teaching", "teaching-heads", "model"});
    if (name == "model") {
        // A model's projections are its checkpoint's: a reader that handles models reads the folder itself.
        if (models == ModelProjections::Refused) value.fail(ErrorCode::ModelPresetNeedsModel);
        return ProjectionPreset::Model;
    }
    if (name == "identity") return ProjectionPreset::Identity;
    if (name == "supplied") return ProjectionPreset::Supplied;
    if (name == "teaching" || name == "teaching-heads") return ProjectionPreset::Teaching;
    return ProjectionPreset::Random;
}

/// "supplied": {"W_Q": [[…], …], "W_K": …, "W_V": …, "W_O": …}, each matrix optional.
SuppliedProjections readSupplied(const JsonReader& object) {
    object.object({"W_Q", "W_K", "W_V", "W_O"});
    Eigen::MatrixXd wq, wk, wv, wo;
    const std::pair<const char*, Eigen::MatrixXd*> slots[] = {{"W_Q", &wq}, {"W_K", &wk}, {"W_V", &wv}, {"W_O", &wo}};
    for (const auto& [key, slot] : slots)
        if (const std::optional<JsonReader> matrix = object.field(key)) *slot = matrix->matrix();
    return {std::move(wq), std::move(wk), std::move(wv), std::move(wo)};
}

/// "teaching_model": {"model": {…model.json…}, "lexicons": {"fr": "<TSV text>", …}}
std::shared_ptr<const TeachingModel> readTeachingModel(const JsonReader& object) {
    object.object({"model", "lexicons"});
    const JsonReader model = object.required("model");
    std::vector<std::pair<std::string, std::string>> texts;
    if (const std::optional<JsonReader> lexicons = object.field("lexicons"))
        for (const auto& [language, text] : lexicons->members(KeyStyle::Quoted))
            texts.emplace_back(language, text.string());
    try {
        return std::make_shared<const TeachingModel>(TeachingModel::fromJson(model.value(), texts));
    } catch (const FormatError& error) {
        throw FormatError(within(object.path(), error.message()));
    }
}

/// "mask": {"causal": false, "window": 0, "global_tokens": [], "pad_to": 0, "custom_masked": [[q, k], …]}
MaskConfig readMask(const JsonReader& object) {
    object.object({"causal", "window", "global_tokens", "pad_to", "custom_masked"});
    MaskConfig mask;
    if (const auto causal = object.field("causal")) mask.causal = causal->boolean();
    if (const auto window = object.field("window")) mask.window = window->integer();
    if (const auto globals = object.field("global_tokens"))
        for (const JsonReader& position : globals->items()) mask.globalTokens.push_back(position.integer());
    if (const auto padTo = object.field("pad_to")) mask.padTo = padTo->integer();
    if (const auto custom = object.field("custom_masked")) {
        for (const JsonReader& cell : custom->items()) {
            if (!cell.value().is_array() || cell.value().size() != 2) cell.failKind(ErrorCode::MaskPairExpected);
            const std::vector<JsonReader> pair = cell.items();
            mask.customMasked.emplace(pair[0].integer(), pair[1].integer());
        }
    }
    return mask;
}

}  // namespace

nlohmann::json configToJson(const AttentionConfig& config) {
    nlohmann::json json = nlohmann::json::object();
    json["d_model"] = config.dModel;
    json["heads"] = config.heads;
    json["scale"] = config.scaleBySqrtDk;
    json["temperature"] = config.temperature;
    json["seed"] = config.seed;
    json["positional_encoding"] = config.positionalEncoding;
    json["preset"] = presetName(config);
    const SuppliedProjections& supplied = config.supplied;
    if (!supplied.empty()) {
        json["supplied"] = {{"W_Q", matrixToJson(supplied.wq())},
                            {"W_K", matrixToJson(supplied.wk())},
                            {"W_V", matrixToJson(supplied.wv())},
                            {"W_O", matrixToJson(supplied.wo())}};
    }
    if (config.teachingModel && !usesTeachingHeads(config)) {
        nlohmann::json lexicons = nlohmann::json::object();
        for (const auto& [language, text] : config.teachingModel->lexiconTexts()) lexicons[language] = text;
        json["teaching_model"] = {{"model", config.teachingModel->sourceJson()}, {"lexicons", std::move(lexicons)}};
    }
    nlohmann::json custom = nlohmann::json::array();
    for (const auto& [query, key] : config.mask.customMasked) custom.push_back({query, key});
    json["mask"] = {{"causal", config.mask.causal},
                    {"window", config.mask.window},
                    {"global_tokens", config.mask.globalTokens},
                    {"pad_to", config.mask.padTo},
                    {"custom_masked", std::move(custom)}};
    json["max_tokens"] = static_cast<std::uint64_t>(config.maxTokens);
    return json;
}

AttentionConfig configFromJson(const nlohmann::json& json, std::string_view where, ModelProjections models) {
    const JsonReader reader(json, std::string(where), UnknownFields::Refuse);
    reader.object({"d_model", "heads", "scale", "temperature", "seed", "positional_encoding", "preset", "supplied",
                   "teaching_model", "mask", "max_tokens"});
    AttentionConfig config;
    if (const auto dModel = reader.field("d_model")) config.dModel = dModel->integer();
    if (const auto heads = reader.field("heads")) config.heads = heads->integer();
    if (const auto scale = reader.field("scale")) config.scaleBySqrtDk = scale->boolean();
    if (const auto temperature = reader.field("temperature")) config.temperature = temperature->number();
    if (const auto seed = reader.field("seed")) config.seed = readSeed(*seed);
    if (const auto positions = reader.field("positional_encoding")) config.positionalEncoding = positions->boolean();
    bool teachingHeads = false;
    if (const auto preset = reader.field("preset")) {
        config.preset = readPreset(*preset, models);
        teachingHeads = preset->string() == "teaching-heads";
    }
    if (const auto supplied = reader.field("supplied"); supplied && !supplied->isNull())
        config.supplied = readSupplied(*supplied);
    if (const auto teaching = reader.field("teaching_model"); teaching && !teaching->isNull()) {
        if (teachingHeads) teaching->fail(ErrorCode::TeachingHeadsWithOwnModel);
        config.teachingModel = readTeachingModel(*teaching);
    }
    if (teachingHeads) config.teachingModel = TeachingModel::builtInHeads();
    if (const auto mask = reader.field("mask")) config.mask = readMask(*mask);
    if (const auto maxTokens = reader.field("max_tokens")) config.maxTokens = maxTokens->unsignedInteger();
    return config;
}

}  // namespace attnviz
