#include "core/model/TeachingModel.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <set>

#include "core/base/Errors.h"
#include "core/io/AtomicFile.h"
#include "core/io/JsonValues.h"
#include "core/model/Embedding.h"

namespace attnviz {
namespace {

using nlohmann::json;
using json_detail::describeType;

using json_detail::plainMessage;

void refuseUnknownFields(const json& object, const std::set<std::string, std::less<>>& known, const std::string& where) {
    for (auto it = object.begin(); it != object.end(); ++it)
        if (known.count(it.key()) == 0) throw FormatError(where + ": unknown field \"" + it.key() + "\"");
}

const json& requiredField(const json& object, const char* key, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) throw FormatError(where + ": the field \"" + key + "\" is missing");
    return *it;
}

std::string stringField(const json& object, const char* key, const std::string& where, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required) throw FormatError(where + ": the field \"" + key + "\" is missing");
        return {};
    }
    if (!it->is_string()) throw FormatError(where + "." + key + ": expected a string" + describeType(*it));
    return it->get<std::string>();
}

double finiteNumber(const json& value, const std::string& where) {
    if (!value.is_number()) throw FormatError(where + ": expected a number" + describeType(value));
    const double number = value.get<double>();
    if (!std::isfinite(number)) throw FormatError(where + ": the number is too large");
    return number;
}

const json& arrayField(const json& object, const char* key, const std::string& where) {
    const json& value = requiredField(object, key, where);
    if (!value.is_array()) throw FormatError(where + "." + key + ": expected an array" + describeType(value));
    return value;
}

std::string inQuotes(std::string_view text) {
    // Appended piece by piece: GCC 12 reports a false -Wrestrict on "\"" + std::string(…) + "\"".
    std::string quoted;
    quoted.reserve(text.size() + 2);
    quoted += '"';
    quoted += text;
    quoted += '"';
    return quoted;
}

int indexOf(const std::vector<TeachingDimension>& dimensions, std::string_view name) {
    for (std::size_t i = 0; i < dimensions.size(); ++i)
        if (dimensions[i].name == name) return static_cast<int>(i);
    return -1;
}

/// A list of named dimensions: [{"name": …, "explanation": …, <extra fields>}, …].
std::vector<TeachingDimension> readDimensions(const json& list, const std::string& where,
                                              const std::set<std::string, std::less<>>& extraFields) {
    std::vector<TeachingDimension> dimensions;
    std::set<std::string, std::less<>> known = extraFields;
    known.insert({"name", "explanation"});
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string itemWhere = where + "[" + std::to_string(i) + "]";
        const json& item = list[i];
        if (!item.is_object()) throw FormatError(itemWhere + ": expected an object" + describeType(item));
        refuseUnknownFields(item, known, itemWhere);
        TeachingDimension dimension{stringField(item, "name", itemWhere, true),
                                    stringField(item, "explanation", itemWhere, false)};
        if (dimension.name.empty()) throw FormatError(itemWhere + ".name: a dimension needs a name");
        if (indexOf(dimensions, dimension.name) >= 0)
            throw FormatError(itemWhere + ".name: " + inQuotes(dimension.name) + " is used twice");
        dimensions.push_back(std::move(dimension));
    }
    return dimensions;
}

std::vector<TeachingDimension> optionalDimensions(const json& model, const char* key, const std::string& where,
                                                  const std::vector<TeachingDimension>& fallback) {
    const auto it = model.find(key);
    if (it == model.end()) return fallback;
    if (!it->is_array()) throw FormatError(where + "." + key + ": expected an array" + describeType(*it));
    return readDimensions(*it, where + "." + key, {});
}

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const std::size_t last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

struct Tag {
    int dimension = 0;
    double value = 0;
};
using TagMap = std::map<std::string, Tag, std::less<>>;

std::string knownTags(const TagMap& tags) {
    std::string list;
    for (const auto& [name, tag] : tags) list += (list.empty() ? "" : ", ") + name;
    return list;
}

/// word<TAB>tags[<TAB>comment]; '#' starts a comment line; tags are "tag" or "tag=weight".
std::unordered_map<std::string, Eigen::VectorXd> readLexiconWords(std::string_view text, const std::string& fileName,
                                                                  const TagMap& tags,
                                                                  const std::vector<TeachingDimension>& embedding) {
    std::unordered_map<std::string, Eigen::VectorXd> words;
    std::unordered_map<std::string, int> firstLine;
    const auto dimensionCount = static_cast<Eigen::Index>(embedding.size());
    int lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trimmed(line).empty() || trimmed(line).front() == '#') continue;
        const std::string where = fileName + " line " + std::to_string(lineNumber);
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos)
            throw FormatError(where + ": expected the word, a tab, then its tags (no tab on this line)");
        const std::string_view word = trimmed(line.substr(0, tab));
        if (word.empty()) throw FormatError(where + ": the word is missing before the tab");
        if (word.find_first_of(" \t") != std::string_view::npos)
            throw FormatError(where + ": " + inQuotes(word) + " holds a space: one token per line");
        std::string_view tagText = line.substr(tab + 1);
        if (const std::size_t comment = tagText.find('\t'); comment != std::string_view::npos)
            tagText = tagText.substr(0, comment);

        Eigen::VectorXd features = Eigen::VectorXd::Zero(dimensionCount);
        std::vector<bool> set(embedding.size(), false);
        std::size_t at = 0;
        while (at < tagText.size()) {
            const std::size_t tagEnd = std::min(tagText.find(' ', at), tagText.size());
            const std::string_view item = tagText.substr(at, tagEnd - at);
            at = tagEnd + 1;
            if (item.empty()) continue;
            const std::size_t equals = item.find('=');
            const std::string_view tagName = item.substr(0, equals);
            double weight = 1;
            if (equals != std::string_view::npos) {
                const std::string_view number = item.substr(equals + 1);
                const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), weight);
                if (number.empty() || ec != std::errc() || ptr != number.data() + number.size() || !std::isfinite(weight))
                    throw FormatError(where + ": " + inQuotes(item) + ": the weight after = is not a number");
            }
            const auto tag = tags.find(tagName);
            if (tag == tags.end())
                throw FormatError(where + ": unknown tag " + inQuotes(tagName) + " (known: " + knownTags(tags) + ")");
            const auto dimension = static_cast<std::size_t>(tag->second.dimension);
            if (set[dimension])
                throw FormatError(where + ": two tags set the dimension " + inQuotes(embedding[dimension].name));
            set[dimension] = true;
            features[tag->second.dimension] = tag->second.value * weight;
        }
        std::string key = embeddingKey(word);
        if (const auto seen = firstLine.find(key); seen != firstLine.end())
            throw FormatError(where + ": " + inQuotes(word) + " is listed twice (first on line " +
                              std::to_string(seen->second) + ")");
        firstLine.emplace(key, lineNumber);
        words.emplace(std::move(key), std::move(features));
    }
    return words;
}

}  // namespace

TeachingEntry TeachingModel::readEntry(const json& item, const std::string& where) const {
    if (!item.is_object()) throw FormatError(where + ": expected an object" + describeType(item));
    refuseUnknownFields(item, {"matrix", "row", "column", "value", "diagonal"}, where);
    TeachingEntry entry;
    entry.matrix = stringField(item, "matrix", where, true);
    const std::vector<TeachingDimension>* rows = nullptr;
    const std::vector<TeachingDimension>* columns = nullptr;
    const char* rowsName = "X";
    const char* columnsName = "";
    if (entry.matrix == "W_Q") {
        rows = &embedding_;
        columns = &query_;
        columnsName = "Q";
    } else if (entry.matrix == "W_K") {
        rows = &embedding_;
        columns = &key_;
        columnsName = "K";
    } else if (entry.matrix == "W_V") {
        rows = &embedding_;
        columns = &value_;
        columnsName = "V";
    } else if (entry.matrix == "W_O") {
        rows = &value_;
        columns = &output_;
        rowsName = "V";
        columnsName = "the output";
    } else {
        throw FormatError(where + ".matrix: " + inQuotes(entry.matrix) + " is not one of \"W_Q\", \"W_K\", \"W_V\", \"W_O\"");
    }
    if (const auto diagonal = item.find("diagonal"); diagonal != item.end()) {
        if (item.contains("row") || item.contains("column") || item.contains("value"))
            throw FormatError(where + ": an entry has either \"diagonal\" or \"row\", \"column\" and \"value\"");
        entry.diagonal = true;
        entry.value = finiteNumber(*diagonal, where + ".diagonal");
        return entry;
    }
    entry.row = stringField(item, "row", where, true);
    entry.column = stringField(item, "column", where, true);
    entry.value = finiteNumber(requiredField(item, "value", where), where + ".value");
    entry.rowIndex = indexOf(*rows, entry.row);
    entry.columnIndex = indexOf(*columns, entry.column);
    if (entry.rowIndex < 0)
        throw FormatError(where + ".row: " + inQuotes(entry.row) + " is not a dimension of " + rowsName);
    if (entry.columnIndex < 0)
        throw FormatError(where + ".column: " + inQuotes(entry.column) + " is not a dimension of " + columnsName);
    return entry;
}

TeachingModel TeachingModel::parse(const json& model, const std::string& where, const LexiconReader& readLexicon) {
    try {
        return parseFields(model, where, readLexicon);
    } catch (const FormatError& error) {
        // Fields are named "<where>.rules[0]…" while parsing; the file name reads better apart.
        std::string message = error.what();
        if (message.rfind(where + ".", 0) == 0) message.replace(where.size(), 1, ": ");
        throw FormatError(message);
    }
}

void TeachingModel::readTranslations(const json& translations, const std::string& where) {
    if (!translations.is_object()) throw FormatError(where + ": expected an object" + describeType(translations));
    const auto isDimension = [this](std::string_view name) {
        for (const auto* list : {&embedding_, &query_, &key_, &value_, &output_})
            if (indexOf(*list, name) >= 0) return true;
        return false;
    };
    for (auto language = translations.begin(); language != translations.end(); ++language) {
        const std::string languageWhere = where + "." + language.key();
        if (language.key().empty()) throw FormatError(where + ": a language code cannot be empty");
        if (!language->is_object())
            throw FormatError(languageWhere + ": expected an object" + describeType(*language));
        auto& table = translations_[language.key()];
        for (auto entry = language->begin(); entry != language->end(); ++entry) {
            const std::string entryWhere = languageWhere + "[" + inQuotes(entry.key()) + "]";
            if (!isDimension(entry.key()))
                throw FormatError(entryWhere + ": " + inQuotes(entry.key()) + " is not the name of a dimension");
            if (!entry->is_object()) throw FormatError(entryWhere + ": expected an object" + describeType(*entry));
            refuseUnknownFields(*entry, {"name", "explanation"}, entryWhere);
            TeachingDimension translated{stringField(*entry, "name", entryWhere, true),
                                         stringField(*entry, "explanation", entryWhere, false)};
            if (translated.name.empty()) throw FormatError(entryWhere + ".name: a translated name cannot be empty");
            table.emplace(entry.key(), std::move(translated));
        }
    }
}

TeachingDimension TeachingModel::localized(const TeachingDimension& dimension, std::string_view language) const {
    const auto table = translations_.find(language);
    if (table == translations_.end()) return dimension;
    const auto found = table->second.find(dimension.name);
    if (found == table->second.end()) return dimension;
    TeachingDimension translated = found->second;
    if (translated.explanation.empty()) translated.explanation = dimension.explanation;
    return translated;
}

TeachingModel TeachingModel::parseFields(const json& model, const std::string& where, const LexiconReader& readLexicon) {
    if (!model.is_object()) throw FormatError(where + ": expected a JSON object" + describeType(model));
    const auto format = model.find("format");
    if (format == model.end() || !format->is_string() ||
        format->get_ref<const std::string&>() != kTeachingModelFormatName)
        throw FormatError(where + ": not an AttnViz teaching model (expected \"format\": \"" +
                          kTeachingModelFormatName + "\")");
    const json& version = requiredField(model, "version", where);
    std::uint64_t versionNumber = 0;
    if (!json_detail::asUnsigned(version, versionNumber) || versionNumber < 1)
        throw FormatError(where + ".version: expected a positive integer" + describeType(version));
    if (versionNumber > static_cast<std::uint64_t>(kTeachingModelFormatVersion))
        throw FormatError(where + ": teaching model version " + version.dump() +
                          " is newer than this program understands (" +
                          std::to_string(kTeachingModelFormatVersion) + ")");
    refuseUnknownFields(model,
                        {"format", "version", "name", "description", "default_heads", "lexicons", "embedding", "query",
                         "key", "value", "output", "rules", "translations"},
                        where);

    TeachingModel result;
    result.source_ = model;
    result.name_ = stringField(model, "name", where, false);
    result.description_ = stringField(model, "description", where, false);

    const json& embedding = arrayField(model, "embedding", where);
    result.embedding_ = readDimensions(embedding, where + ".embedding", {"tags", "position"});
    const std::size_t d = result.embedding_.size();
    if (d < 1 || d > limits::kMaxDModel)
        throw FormatError(where + ".embedding: expected 1 to " + std::to_string(limits::kMaxDModel) +
                          " dimensions, there are " + std::to_string(d));

    // Tags first (a position feature may be gated by any lexical dimension), then positions.
    TagMap tags;
    result.positions_.assign(d, std::nullopt);
    for (std::size_t i = 0; i < d; ++i) {
        const json& item = embedding[i];
        const std::string itemWhere = where + ".embedding[" + std::to_string(i) + "]";
        const auto tagList = item.find("tags");
        if (tagList == item.end()) continue;
        if (item.contains("position"))
            throw FormatError(itemWhere + ": a dimension has either \"tags\" (from the lexicon) or \"position\"");
        if (!tagList->is_object()) throw FormatError(itemWhere + ".tags: expected an object" + describeType(*tagList));
        for (auto it = tagList->begin(); it != tagList->end(); ++it) {
            const std::string tagWhere = itemWhere + ".tags." + it.key();
            if (it.key().empty() || it.key().find_first_of(" \t=") != std::string::npos)
                throw FormatError(tagWhere + ": a tag is one word, without spaces or =");
            if (tags.count(it.key()) != 0) throw FormatError(tagWhere + ": the tag " + inQuotes(it.key()) + " is used twice");
            tags.emplace(it.key(), Tag{static_cast<int>(i), finiteNumber(it.value(), tagWhere)});
        }
    }
    for (std::size_t i = 0; i < d; ++i) {
        const auto position = embedding[i].find("position");
        if (position == embedding[i].end()) continue;
        const std::string positionWhere = where + ".embedding[" + std::to_string(i) + "].position";
        if (!position->is_object()) throw FormatError(positionWhere + ": expected an object" + describeType(*position));
        refuseUnknownFields(*position, {"wave", "degrees_per_token", "offset", "only_for"}, positionWhere);
        PositionFeature feature;
        const std::string wave = stringField(*position, "wave", positionWhere, true);
        if (wave != "cos" && wave != "sin")
            throw FormatError(positionWhere + ".wave: " + inQuotes(wave) + " is not \"cos\" or \"sin\"");
        feature.sine = wave == "sin";
        feature.degreesPerToken =
            finiteNumber(requiredField(*position, "degrees_per_token", positionWhere), positionWhere + ".degrees_per_token");
        if (const auto offset = position->find("offset"); offset != position->end())
            feature.offset = finiteNumber(*offset, positionWhere + ".offset");
        if (const auto onlyFor = position->find("only_for"); onlyFor != position->end()) {
            if (!onlyFor->is_array() || onlyFor->empty())
                throw FormatError(positionWhere + ".only_for: expected an array of dimension names" + describeType(*onlyFor));
            for (std::size_t k = 0; k < onlyFor->size(); ++k) {
                const std::string gateWhere = positionWhere + ".only_for[" + std::to_string(k) + "]";
                if (!(*onlyFor)[k].is_string()) throw FormatError(gateWhere + ": expected a string" + describeType((*onlyFor)[k]));
                const auto& gateName = (*onlyFor)[k].get_ref<const std::string&>();
                const int gate = indexOf(result.embedding_, gateName);
                if (gate < 0 || embedding[static_cast<std::size_t>(gate)].contains("position"))
                    throw FormatError(gateWhere + ": " + inQuotes(gateName) + " is not a lexical dimension of X");
                feature.onlyFor.push_back(gate);
            }
        }
        result.positions_[i] = std::move(feature);
    }

    const auto sameCount = [&](const std::vector<TeachingDimension>& list, const char* key) {
        if (list.size() != d)
            throw FormatError(where + "." + key + ": expected " + std::to_string(d) + " dimensions (as many as X), there are " +
                              std::to_string(list.size()));
    };
    result.query_ = readDimensions(arrayField(model, "query", where), where + ".query", {});
    sameCount(result.query_, "query");
    result.key_ = readDimensions(arrayField(model, "key", where), where + ".key", {});
    sameCount(result.key_, "key");
    result.value_ = optionalDimensions(model, "value", where, result.embedding_);
    sameCount(result.value_, "value");
    result.output_ = optionalDimensions(model, "output", where, result.embedding_);
    sameCount(result.output_, "output");

    if (const auto translations = model.find("translations"); translations != model.end())
        result.readTranslations(*translations, where + ".translations");

    if (const auto heads = model.find("default_heads"); heads != model.end()) {
        std::uint64_t count = 0;
        if (!json_detail::asUnsigned(*heads, count) || count < 1 || count > d || d % count != 0)
            throw FormatError(where + ".default_heads: expected a number of heads that divides " + std::to_string(d) +
                              describeType(*heads));
        result.defaultHeads_ = static_cast<int>(count);
    }

    const auto dd = static_cast<Eigen::Index>(d);
    Projections& w = result.projections_;
    w.wq = w.wk = w.wv = w.wo = Eigen::MatrixXd::Zero(dd, dd);
    std::map<std::tuple<std::string, int, int>, std::string> owner;  // (matrix, row, column) → rule
    const json& rules = arrayField(model, "rules", where);
    for (std::size_t r = 0; r < rules.size(); ++r) {
        const std::string ruleWhere = where + ".rules[" + std::to_string(r) + "]";
        const json& item = rules[r];
        if (!item.is_object()) throw FormatError(ruleWhere + ": expected an object" + describeType(item));
        refuseUnknownFields(item, {"name", "explanation", "entries"}, ruleWhere);
        TeachingRule rule{stringField(item, "name", ruleWhere, true), stringField(item, "explanation", ruleWhere, false), {}};
        if (rule.name.empty()) throw FormatError(ruleWhere + ".name: a rule needs a name");
        for (const TeachingRule& earlier : result.rules_)
            if (earlier.name == rule.name) throw FormatError(ruleWhere + ".name: " + inQuotes(rule.name) + " is used twice");
        const json& entries = arrayField(item, "entries", ruleWhere);
        for (std::size_t e = 0; e < entries.size(); ++e) {
            const std::string entryWhere = ruleWhere + ".entries[" + std::to_string(e) + "]";
            TeachingEntry entry = result.readEntry(entries[e], entryWhere);
            Eigen::MatrixXd& matrix = entry.matrix == "W_Q"   ? w.wq
                                      : entry.matrix == "W_K" ? w.wk
                                      : entry.matrix == "W_V" ? w.wv
                                                              : w.wo;
            std::vector<std::pair<int, int>> cells;
            if (entry.diagonal) {
                for (int k = 0; k < static_cast<int>(d); ++k) cells.emplace_back(k, k);
            } else {
                cells.emplace_back(entry.rowIndex, entry.columnIndex);
            }
            for (const auto& [row, column] : cells) {
                const auto [it, fresh] = owner.emplace(std::tuple(entry.matrix, row, column), rule.name);
                if (!fresh) {
                    const bool isO = entry.matrix == "W_O";
                    const auto& rowNames = isO ? result.value_ : result.embedding_;
                    const auto& columnNames = isO                    ? result.output_
                                              : entry.matrix == "W_Q" ? result.query_
                                              : entry.matrix == "W_K" ? result.key_
                                                                      : result.value_;
                    throw FormatError(entryWhere + ": " + entry.matrix + "[" +
                                      rowNames[static_cast<std::size_t>(row)].name + ", " +
                                      columnNames[static_cast<std::size_t>(column)].name +
                                      "] is already written by the rule " + inQuotes(it->second));
                }
                matrix(row, column) = entry.value;
            }
            rule.entries.push_back(std::move(entry));
        }
        result.rules_.push_back(std::move(rule));
    }

    const json& lexicons = arrayField(model, "lexicons", where);
    if (lexicons.empty()) throw FormatError(where + ".lexicons: the model needs at least one lexicon");
    for (std::size_t l = 0; l < lexicons.size(); ++l) {
        const std::string lexiconWhere = where + ".lexicons[" + std::to_string(l) + "]";
        const json& item = lexicons[l];
        if (!item.is_object()) throw FormatError(lexiconWhere + ": expected an object" + describeType(item));
        refuseUnknownFields(item, {"language", "file"}, lexiconWhere);
        Lexicon lexicon;
        lexicon.language = stringField(item, "language", lexiconWhere, true);
        lexicon.fileName = stringField(item, "file", lexiconWhere, true);
        if (lexicon.language.empty()) throw FormatError(lexiconWhere + ".language: expected a language code such as \"fr\"");
        for (const Lexicon& earlier : result.lexicons_)
            if (earlier.language == lexicon.language)
                throw FormatError(lexiconWhere + ".language: " + inQuotes(lexicon.language) + " is listed twice");
        std::string text = readLexicon(lexicon.language, lexicon.fileName);
        lexicon.words = readLexiconWords(text, lexicon.fileName, tags, result.embedding_);
        result.lexiconTexts_.emplace_back(lexicon.language, std::move(text));
        result.lexicons_.push_back(std::move(lexicon));
    }
    return result;
}

const TeachingModel& TeachingModel::builtIn() {
    static const TeachingModel model = [] {
        const std::string_view text = builtInTeachingFile("model.json");
        json source;
        try {
            source = json::parse(text.begin(), text.end());
        } catch (const json::exception& error) {
            throw FormatError("built-in model.json: damaged JSON: " + plainMessage(error));
        }
        return parse(source, "built-in model.json", [](const std::string&, const std::string& file) {
            const std::string_view lexicon = builtInTeachingFile(file);
            if (lexicon.empty()) throw FormatError("built-in model.json: no built-in file " + inQuotes(file));
            return std::string(lexicon);
        });
    }();
    return model;
}

TeachingModel TeachingModel::fromText(std::string_view modelJson,
                                      const std::vector<std::pair<std::string, std::string>>& lexicons) {
    json source;
    try {
        source = json::parse(modelJson.begin(), modelJson.end());
    } catch (const json::exception& error) {
        throw FormatError("model.json: damaged JSON: " + plainMessage(error));
    }
    return fromJson(source, lexicons);
}

TeachingModel TeachingModel::fromJson(const json& model, const std::vector<std::pair<std::string, std::string>>& lexicons) {
    for (const auto& [language, text] : lexicons) {
        bool listed = false;
        if (const auto list = model.find("lexicons"); model.is_object() && list != model.end() && list->is_array())
            for (const json& item : *list)
                listed = listed || (item.is_object() && item.value("language", std::string()) == language);
        if (!listed) throw FormatError("model.json: a lexicon is given for " + inQuotes(language) + ", which the model does not list");
    }
    return parse(model, "model.json", [&](const std::string& language, const std::string& file) {
        for (const auto& [given, text] : lexicons)
            if (given == language) return text;
        throw FormatError("model.json: no lexicon given for the language " + inQuotes(language) + " (" + file + ")");
    });
}

TeachingModel TeachingModel::load(const std::filesystem::path& modelJsonPath) {
    const std::string text = readFileBytes(modelJsonPath);
    const std::string where = modelJsonPath.string();
    json source;
    try {
        source = json::parse(text.begin(), text.end());
    } catch (const json::exception& error) {
        throw FormatError(where + ": damaged JSON: " + plainMessage(error));
    }
    return parse(source, where, [&](const std::string&, const std::string& file) {
        const std::filesystem::path lexiconPath = modelJsonPath.parent_path() / file;
        std::string lexicon = readFileBytes(lexiconPath);
        return lexicon;
    });
}

std::vector<std::string> TeachingModel::languages() const {
    std::vector<std::string> list;
    for (const Lexicon& lexicon : lexicons_) list.push_back(lexicon.language);
    return list;
}

std::size_t TeachingModel::lexiconSize(std::string_view language) const {
    for (const Lexicon& lexicon : lexicons_)
        if (lexicon.language == language) return lexicon.words.size();
    return 0;
}

std::string TeachingModel::detectLanguage(const std::vector<Token>& tokens) const {
    return embed(tokens, false).language;
}

std::optional<Eigen::VectorXd> TeachingModel::wordFeatures(std::string_view language, std::string_view token) const {
    for (const Lexicon& lexicon : lexicons_) {
        if (lexicon.language != language) continue;
        const auto it = lexicon.words.find(embeddingKey(token));
        if (it == lexicon.words.end()) return std::nullopt;
        return it->second;
    }
    return std::nullopt;
}

TeachingInput TeachingModel::embed(const std::vector<Token>& tokens, bool withPositions) const {
    const std::size_t n = tokens.size();
    std::vector<std::string> keys;
    keys.reserve(n);
    for (const Token& token : tokens) keys.push_back(embeddingKey(token.text));

    const Lexicon* best = &lexicons_.front();
    std::size_t bestCount = 0;
    for (const Lexicon& lexicon : lexicons_) {
        const auto count = static_cast<std::size_t>(
            std::count_if(keys.begin(), keys.end(), [&](const std::string& key) { return lexicon.words.count(key) != 0; }));
        if (count > bestCount) {  // ties keep the earlier language
            best = &lexicon;
            bestCount = count;
        }
    }

    TeachingInput input;
    input.language = best->language;
    input.known.assign(n, false);
    const auto d = static_cast<Eigen::Index>(embedding_.size());
    input.x = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), d);
    for (std::size_t p = 0; p < n; ++p) {
        const auto row = static_cast<Eigen::Index>(p);
        if (const auto it = best->words.find(keys[p]); it != best->words.end()) {
            input.known[p] = true;
            input.x.row(row) = it->second.transpose();
        }
        if (!withPositions) continue;
        for (Eigen::Index c = 0; c < d; ++c) {
            const std::optional<PositionFeature>& feature = positions_[static_cast<std::size_t>(c)];
            if (!feature) continue;
            double gate = 1;
            if (!feature->onlyFor.empty()) {
                gate = input.x(row, feature->onlyFor.front());
                for (int g : feature->onlyFor) gate = std::max(gate, input.x(row, g));
                if (gate <= 0) continue;
            }
            const double angle = (static_cast<double>(p) + feature->offset) * feature->degreesPerToken *
                                 (std::numbers::pi / 180.0);
            input.x(row, c) = gate * (feature->sine ? std::sin(angle) : std::cos(angle));
        }
    }
    return input;
}

bool TeachingModel::sameSource(const TeachingModel& other) const {
    return source_ == other.source_ && lexiconTexts_ == other.lexiconTexts_;
}

}  // namespace attnviz
