#include "core/formats/ConfigJson.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/io/JsonValues.h"
#include "core/model/TeachingModel.h"

namespace attnviz {
namespace {

using json_detail::describeType;

const char* presetName(ProjectionPreset preset) {
    switch (preset) {
        case ProjectionPreset::Identity: return "identity";
        case ProjectionPreset::Supplied: return "supplied";
        case ProjectionPreset::Teaching: return "teaching";
        case ProjectionPreset::Random: break;
    }
    return "random";
}

/// Reads the fields of one JSON object, refusing unknown ones.
class ObjectReader {
public:
    ObjectReader(const nlohmann::json& json, std::string where) : json_(json), where_(std::move(where)) {
        if (!json_.is_object()) throw FormatError(where_ + ": expected an object" + describeType(json_));
    }

    /// The field, or nullptr when absent.
    const nlohmann::json* find(const char* key) {
        known_.insert(key);
        const auto it = json_.find(key);
        return it == json_.end() ? nullptr : &*it;
    }
    [[nodiscard]] std::string name(const char* key) const { return where_ + "." + key; }

    void readBool(const char* key, bool& out) {
        if (const nlohmann::json* value = find(key)) {
            if (!value->is_boolean()) throw FormatError(name(key) + ": expected true or false" + describeType(*value));
            out = value->get<bool>();
        }
    }
    void readDouble(const char* key, double& out) {
        if (const nlohmann::json* value = find(key)) {
            if (!value->is_number()) throw FormatError(name(key) + ": expected a number" + describeType(*value));
            out = value->get<double>();
        }
    }
    void readInt(const char* key, int& out) {
        if (const nlohmann::json* value = find(key)) out = toInt(*value, name(key));
    }
    void readSize(const char* key, std::size_t& out) {
        if (const nlohmann::json* value = find(key)) {
            std::uint64_t raw = 0;
            if (!json_detail::asUnsigned(*value, raw)) {
                throw FormatError(name(key) + ": expected a non-negative integer" + describeType(*value));
            }
            if (raw > std::numeric_limits<std::size_t>::max()) throw FormatError(name(key) + ": too large");
            out = static_cast<std::size_t>(raw);
        }
    }

    static int toInt(const nlohmann::json& value, const std::string& name) {
        if (value.is_number_unsigned()) {
            const auto raw = value.get<std::uint64_t>();
            if (raw > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
                throw FormatError(name + ": " + std::to_string(raw) + " is too large");
            }
            return static_cast<int>(raw);
        }
        if (value.is_number_integer()) {
            const auto raw = value.get<std::int64_t>();
            if (raw < std::numeric_limits<int>::min() || raw > std::numeric_limits<int>::max()) {
                throw FormatError(name + ": " + std::to_string(raw) + " is out of range");
            }
            return static_cast<int>(raw);
        }
        throw FormatError(name + ": expected an integer" + describeType(value));
    }

    /// Throws for the first field that was never asked for.
    void refuseUnknown() const {
        for (auto it = json_.begin(); it != json_.end(); ++it) {
            if (known_.count(it.key()) == 0) throw FormatError(where_ + ": unknown field \"" + it.key() + "\"");
        }
    }

private:
    const nlohmann::json& json_;
    std::string where_;
    std::set<std::string, std::less<>> known_;
};

std::uint64_t readSeed(const nlohmann::json& value, const std::string& name) {
    if (std::uint64_t seed = 0; json_detail::asUnsigned(value, seed)) return seed;
    if (value.is_string()) {
        const auto& text = value.get_ref<const std::string&>();
        std::uint64_t seed = 0;
        const char* begin = text.data();
        const char* end = begin + text.size();
        const auto [ptr, ec] = std::from_chars(begin, end, seed, 10);
        if (text.empty() || text.front() == '-' || text.front() == '+' || ec != std::errc() || ptr != end) {
            if (ec == std::errc::result_out_of_range) {
                throw FormatError(name + ": \"" + text + "\" is larger than " + std::to_string(limits::kMaxSeed));
            }
            throw FormatError(name + ": \"" + text + "\" is not a decimal integer");
        }
        return seed;
    }
    throw FormatError(name + ": expected a non-negative integer or a string of digits" + describeType(value));
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
    json["preset"] = presetName(config.preset);
    const SuppliedProjections& supplied = config.supplied;
    if (supplied.wq.size() != 0 || supplied.wk.size() != 0 || supplied.wv.size() != 0 || supplied.wo.size() != 0) {
        json["supplied"] = {{"W_Q", json_detail::matrixToJson(supplied.wq)},
                            {"W_K", json_detail::matrixToJson(supplied.wk)},
                            {"W_V", json_detail::matrixToJson(supplied.wv)},
                            {"W_O", json_detail::matrixToJson(supplied.wo)}};
    }
    if (config.teachingModel) {
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

AttentionConfig configFromJson(const nlohmann::json& json, std::string_view where) {
    AttentionConfig config;
    ObjectReader reader(json, std::string(where));
    reader.readInt("d_model", config.dModel);
    reader.readInt("heads", config.heads);
    reader.readBool("scale", config.scaleBySqrtDk);
    reader.readDouble("temperature", config.temperature);
    if (const nlohmann::json* seed = reader.find("seed")) config.seed = readSeed(*seed, reader.name("seed"));
    reader.readBool("positional_encoding", config.positionalEncoding);
    if (const nlohmann::json* preset = reader.find("preset")) {
        const std::string name = reader.name("preset");
        if (!preset->is_string()) {
            throw FormatError(name + ": expected \"random\", \"identity\", \"supplied\" or \"teaching\"" +
                              describeType(*preset));
        }
        const auto& text = preset->get_ref<const std::string&>();
        if (text == "random") {
            config.preset = ProjectionPreset::Random;
        } else if (text == "identity") {
            config.preset = ProjectionPreset::Identity;
        } else if (text == "supplied") {
            config.preset = ProjectionPreset::Supplied;
        } else if (text == "teaching") {
            config.preset = ProjectionPreset::Teaching;
        } else {
            throw FormatError(name + ": \"" + text + "\" is not one of \"random\", \"identity\", \"supplied\", \"teaching\"");
        }
    }
    if (const nlohmann::json* supplied = reader.find("supplied"); supplied != nullptr && !supplied->is_null()) {
        ObjectReader matrices(*supplied, reader.name("supplied"));
        const std::pair<const char*, Eigen::MatrixXd*> slots[] = {{"W_Q", &config.supplied.wq},
                                                                   {"W_K", &config.supplied.wk},
                                                                   {"W_V", &config.supplied.wv},
                                                                   {"W_O", &config.supplied.wo}};
        for (const auto& [key, slot] : slots) {
            if (const nlohmann::json* matrix = matrices.find(key)) {
                *slot = json_detail::matrixFromJson(*matrix, matrices.name(key));
            }
        }
        matrices.refuseUnknown();
    }
    if (const nlohmann::json* teaching = reader.find("teaching_model"); teaching != nullptr && !teaching->is_null()) {
        ObjectReader parts(*teaching, reader.name("teaching_model"));
        const nlohmann::json* model = parts.find("model");
        const nlohmann::json* lexicons = parts.find("lexicons");
        parts.refuseUnknown();
        if (model == nullptr) throw FormatError(reader.name("teaching_model") + ": the field \"model\" is missing");
        std::vector<std::pair<std::string, std::string>> texts;
        if (lexicons != nullptr) {
            ObjectReader languages(*lexicons, parts.name("lexicons"));
            for (auto it = lexicons->begin(); it != lexicons->end(); ++it) {
                if (!it->is_string())
                    throw FormatError(languages.name(it.key().c_str()) + ": expected the lexicon's text" + describeType(*it));
                texts.emplace_back(it.key(), it->get<std::string>());
            }
        }
        try {
            config.teachingModel = std::make_shared<const TeachingModel>(TeachingModel::fromJson(*model, texts));
        } catch (const FormatError& error) {
            throw FormatError(reader.name("teaching_model") + ": " + error.what());
        }
    }
    if (const nlohmann::json* mask = reader.find("mask")) {
        ObjectReader masks(*mask, reader.name("mask"));
        masks.readBool("causal", config.mask.causal);
        masks.readInt("window", config.mask.window);
        if (const nlohmann::json* globals = masks.find("global_tokens")) {
            const std::string name = masks.name("global_tokens");
            if (!globals->is_array()) throw FormatError(name + ": expected an array of positions" + describeType(*globals));
            config.mask.globalTokens.clear();
            for (std::size_t i = 0; i < globals->size(); ++i) {
                config.mask.globalTokens.push_back(
                    ObjectReader::toInt((*globals)[i], name + "[" + std::to_string(i) + "]"));
            }
        }
        masks.readInt("pad_to", config.mask.padTo);
        if (const nlohmann::json* custom = masks.find("custom_masked")) {
            const std::string name = masks.name("custom_masked");
            if (!custom->is_array()) {
                throw FormatError(name + ": expected an array of [query, key] pairs" + describeType(*custom));
            }
            config.mask.customMasked.clear();
            for (std::size_t i = 0; i < custom->size(); ++i) {
                const nlohmann::json& cell = (*custom)[i];
                const std::string cellName = name + "[" + std::to_string(i) + "]";
                if (!cell.is_array() || cell.size() != 2) {
                    throw FormatError(cellName + ": expected a [query, key] pair" + describeType(cell));
                }
                config.mask.customMasked.emplace(ObjectReader::toInt(cell[0], cellName + "[0]"),
                                                 ObjectReader::toInt(cell[1], cellName + "[1]"));
            }
        }
        masks.refuseUnknown();
    }
    reader.readSize("max_tokens", config.maxTokens);
    reader.refuseUnknown();
    return config;
}

}  // namespace attnviz
