// TeachingModel read from model.json, one section at a time (README "The teaching model").
#include <map>
#include <tuple>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/io/JsonReader.h"
#include "core/model/TeachingModel.h"

namespace attnviz {
namespace {

constexpr JsonFormat kTeachingModelFormat{.name = kTeachingModelFormatName,
                                          .version = kTeachingModelFormatVersion,
                                          .damaged = ErrorCode::TeachingDamaged,
                                          .empty = ErrorCode::TeachingEmpty,
                                          .notAnObject = ErrorCode::TeachingNotAnObject,
                                          .formatMissing = ErrorCode::TeachingWrongFormat,
                                          .wrongFormat = ErrorCode::TeachingWrongFormat,
                                          .newerVersion = ErrorCode::TeachingNewer,
                                          .invalidVersion = ErrorCode::TeachingBadVersion};

int indexOf(const std::vector<TeachingDimension>& dimensions, std::string_view name) {
    for (std::size_t i = 0; i < dimensions.size(); ++i)
        if (dimensions[i].name == name) return static_cast<int>(i);
    return -1;
}

std::string optionalString(const JsonReader& object, std::string_view key) {
    const std::optional<JsonReader> value = object.field(key);
    return value ? value->string() : std::string();
}

/// [{"name": …, "explanation": …}, …] with `fields` allowed in each item; `unnamed` when a name is empty.
std::vector<TeachingDimension> readDimensionList(const JsonReader& list, std::initializer_list<std::string_view> fields,
                                                 ErrorCode unnamed = ErrorCode::TeachingUnnamedDimension) {
    std::vector<TeachingDimension> dimensions;
    for (const JsonReader& item : list.items()) {
        item.object(fields);
        const JsonReader name = item.required("name");
        TeachingDimension dimension{name.string(), optionalString(item, "explanation")};
        if (dimension.name.empty()) name.fail(unnamed);
        if (indexOf(dimensions, dimension.name) >= 0) name.fail(ErrorCode::TeachingNameTwice, {dimension.name});
        dimensions.push_back(std::move(dimension));
    }
    return dimensions;
}

/// The tags of X's lexical dimensions: embedding[i].tags = {"noun": 1, …} sets dimension i.
LexiconTags readTags(const JsonReader& embedding) {
    LexiconTags tags;
    const std::vector<JsonReader> items = embedding.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::optional<JsonReader> tagList = items[i].field("tags");
        if (!tagList) continue;
        if (items[i].field("position")) items[i].fail(ErrorCode::TeachingTagsOrPosition);
        for (const auto& [name, value] : tagList->members()) {
            if (name.empty() || name.find_first_of(" \t=") != std::string::npos)
                value.fail(ErrorCode::TeachingTagNotOneWord);
            if (tags.count(name) != 0) value.fail(ErrorCode::TeachingTagTwice, {name});
            tags.emplace(name, LexiconTag{static_cast<int>(i), value.number()});
        }
    }
    return tags;
}

}  // namespace

nlohmann::json TeachingModel::parseText(std::string_view text, const std::string& where) {
    return parseJson(text, kTeachingModelFormat, where);
}

TeachingModel TeachingModel::parse(const nlohmann::json& model, const std::string& where,
                                   const LexiconReader& readLexicon) {
    const JsonReader root(model, where, UnknownFields::Refuse, RootName::File);
    const int version = root.formatVersion(kTeachingModelFormat);
    root.object({"format", "version", "name", "description", "default_heads", "heads", "lexicons", "embedding", "query",
                 "key", "value", "output", "rules", "translations"});
    TeachingModel result;
    result.source_ = model;
    result.name_ = optionalString(root, "name");
    result.description_ = optionalString(root, "description");
    const JsonReader embedding = root.required("embedding");
    result.readDimensions(root);
    // Every lexical dimension is known before positions, which any of them may gate.
    const LexiconTags tags = readTags(embedding);
    result.readPositions(embedding);
    if (const auto heads = root.field("default_heads")) result.readDefaultHeads(*heads);
    if (const auto heads = root.field("heads")) result.readHeads(*heads, version);
    if (const auto translations = root.field("translations")) result.readTranslations(*translations);
    result.readRules(root.required("rules"));
    result.readLexicons(root.required("lexicons"), tags, readLexicon);
    return result;
}

void TeachingModel::readDimensions(const JsonReader& root) {
    const JsonReader embedding = root.required("embedding");
    embedding_ = readDimensionList(embedding, {"name", "explanation", "tags", "position"});
    const std::size_t d = embedding_.size();
    if (d < 1 || d > static_cast<std::size_t>(limits::kMaxDModel))
        embedding.fail(ErrorCode::TeachingDimensionCount, {std::to_string(limits::kMaxDModel), std::to_string(d)});
    // Q's and K's columns are named in the file; V's and the output's are X's unless named.
    const auto columns = [&](std::string_view key, bool required) {
        const std::optional<JsonReader> list = required ? root.required(key) : root.field(key);
        if (!list) return embedding_;
        std::vector<TeachingDimension> dimensions = readDimensionList(*list, {"name", "explanation"});
        if (dimensions.size() != d)
            list->fail(ErrorCode::TeachingDimensionsLikeX, {std::to_string(d), std::to_string(dimensions.size())});
        return dimensions;
    };
    query_ = columns("query", true);
    key_ = columns("key", true);
    value_ = columns("value", false);
    output_ = columns("output", false);
}

void TeachingModel::readPositions(const JsonReader& embedding) {
    positions_.assign(embedding_.size(), std::nullopt);
    const std::vector<JsonReader> items = embedding.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::optional<JsonReader> position = items[i].field("position");
        if (!position) continue;
        position->object({"wave", "degrees_per_token", "offset", "only_for"});
        PositionFeature feature;
        feature.sine = position->required("wave").oneOf({"cos", "sin"}) == "sin";
        feature.degreesPerToken = position->required("degrees_per_token").number();
        if (const auto offset = position->field("offset")) feature.offset = offset->number();
        if (const auto onlyFor = position->field("only_for")) {
            if (!onlyFor->isArray() || onlyFor->value().empty()) onlyFor->failKind(ErrorCode::TeachingGatesExpected);
            for (const JsonReader& gate : onlyFor->items()) {
                const std::string name = gate.string();
                const int dimension = indexOf(embedding_, name);
                if (dimension < 0 || items[static_cast<std::size_t>(dimension)].field("position"))
                    gate.fail(ErrorCode::TeachingNotLexical, {name});
                feature.onlyFor.push_back(dimension);
            }
        }
        positions_[i] = std::move(feature);
    }
}

void TeachingModel::readTranslations(const JsonReader& translations) {
    const auto isDimension = [this](std::string_view name) {
        for (const auto* list : {&embedding_, &query_, &key_, &value_, &output_, &heads_})
            if (indexOf(*list, name) >= 0) return true;
        return false;
    };
    for (const auto& [language, entries] : translations.members()) {
        if (language.empty()) translations.fail(ErrorCode::TeachingEmptyLanguage);
        auto& table = translations_[language];
        for (const auto& [written, entry] : entries.members(KeyStyle::Quoted)) {
            if (!isDimension(written)) entry.fail(ErrorCode::TeachingNotAName, {written});
            entry.object({"name", "explanation"});
            const JsonReader name = entry.required("name");
            TeachingDimension translated{name.string(), optionalString(entry, "explanation")};
            if (translated.name.empty()) name.fail(ErrorCode::TeachingEmptyTranslation);
            table.emplace(written, std::move(translated));
        }
    }
}

void TeachingModel::readDefaultHeads(const JsonReader& heads) {
    const std::uint64_t d = embedding_.size();
    const std::uint64_t count = heads.unsignedInteger(ErrorCode::TeachingDefaultHeads);
    if (count < 1 || count > d || d % count != 0) {
        throw FormatError(ErrorMessage{ErrorCode::TeachingDefaultHeads, {std::to_string(d)}, heads.path(), heads.kind()});
    }
    defaultHeads_ = static_cast<int>(count);
}

void TeachingModel::readHeads(const JsonReader& heads, int version) {
    if (version < 2) heads.fail(ErrorCode::TeachingHeadsNeedVersion2, {std::to_string(version)});
    heads_ = readDimensionList(heads, {"name", "explanation"}, ErrorCode::TeachingUnnamedHead);
    if (heads_.size() != static_cast<std::size_t>(defaultHeads_))
        heads.fail(ErrorCode::TeachingHeadsCount, {std::to_string(defaultHeads_), std::to_string(heads_.size())});
    // A role shares the translations with the dimensions, keyed by name: one name, one meaning.
    const std::vector<JsonReader> items = heads.items();
    for (std::size_t h = 0; h < heads_.size(); ++h)
        for (const auto* list : {&embedding_, &query_, &key_, &value_, &output_})
            if (indexOf(*list, heads_[h].name) >= 0)
                items[h].required("name").fail(ErrorCode::TeachingNameTwice, {heads_[h].name});
}

void TeachingModel::readRules(const JsonReader& rules) {
    const auto d = static_cast<Eigen::Index>(embedding_.size());
    Projections& w = projections_;
    w.wq = w.wk = w.wv = w.wo = Eigen::MatrixXd::Zero(d, d);
    std::map<std::tuple<std::string, int, int>, std::string> owner;  // (matrix, row, column) → rule
    for (const JsonReader& item : rules.items()) {
        item.object({"name", "explanation", "entries"});
        const JsonReader name = item.required("name");
        TeachingRule rule{name.string(), optionalString(item, "explanation"), {}};
        if (rule.name.empty()) name.fail(ErrorCode::TeachingUnnamedRule);
        for (const TeachingRule& earlier : rules_)
            if (earlier.name == rule.name) name.fail(ErrorCode::TeachingNameTwice, {rule.name});
        for (const JsonReader& entryItem : item.required("entries").items()) {
            TeachingEntry entry = readEntry(entryItem);
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
                const auto [earlier, fresh] = owner.emplace(std::tuple(entry.matrix, row, column), rule.name);
                if (!fresh)
                    entryItem.fail(ErrorCode::TeachingCellTwice,
                                   {entry.matrix, rowNames(entry.matrix)[static_cast<std::size_t>(row)].name,
                                    columnNames(entry.matrix)[static_cast<std::size_t>(column)].name, earlier->second});
                matrix(row, column) = entry.value;
            }
            rule.entries.push_back(std::move(entry));
        }
        rules_.push_back(std::move(rule));
    }
}

const std::vector<TeachingDimension>& TeachingModel::rowNames(std::string_view matrix) const {
    return matrix == "W_O" ? value_ : embedding_;
}

const std::vector<TeachingDimension>& TeachingModel::columnNames(std::string_view matrix) const {
    if (matrix == "W_Q") return query_;
    if (matrix == "W_K") return key_;
    return matrix == "W_V" ? value_ : output_;
}

TeachingEntry TeachingModel::readEntry(const JsonReader& item) const {
    item.object({"matrix", "row", "column", "value", "diagonal"});
    TeachingEntry entry;
    entry.matrix = item.required("matrix").oneOf({"W_Q", "W_K", "W_V", "W_O"});
    if (const auto diagonal = item.field("diagonal")) {
        if (item.field("row") || item.field("column") || item.field("value")) item.fail(ErrorCode::TeachingDiagonalOrCell);
        entry.diagonal = true;
        entry.value = diagonal->number();
        return entry;
    }
    const JsonReader row = item.required("row");
    const JsonReader column = item.required("column");
    entry.row = row.string();
    entry.column = column.string();
    entry.value = item.required("value").number();
    entry.rowIndex = indexOf(rowNames(entry.matrix), entry.row);
    entry.columnIndex = indexOf(columnNames(entry.matrix), entry.column);
    if (entry.rowIndex < 0) row.fail(ErrorCode::TeachingNotADimensionOf, {entry.row, entry.matrix == "W_O" ? "V" : "X"});
    if (entry.columnIndex < 0) {
        if (entry.matrix == "W_O") column.fail(ErrorCode::TeachingNotAnOutputDimension, {entry.column});
        column.fail(ErrorCode::TeachingNotADimensionOf, {entry.column, entry.matrix.substr(2)});  // "Q", "K", "V"
    }
    return entry;
}

void TeachingModel::readLexicons(const JsonReader& lexicons, const LexiconTags& tags, const LexiconReader& readLexicon) {
    const std::vector<JsonReader> items = lexicons.items();
    if (items.empty()) lexicons.fail(ErrorCode::TeachingNoLexicon);
    std::vector<std::string> dimensionNames;
    for (const TeachingDimension& dimension : embedding_) dimensionNames.push_back(dimension.name);
    for (const JsonReader& item : items) {
        item.object({"language", "file"});
        const JsonReader language = item.required("language");
        Lexicon lexicon;
        lexicon.language = language.string();
        lexicon.fileName = item.required("file").string();
        if (lexicon.language.empty()) language.fail(ErrorCode::TeachingLanguageExpected);
        for (const Lexicon& earlier : lexicons_)
            if (earlier.language == lexicon.language) language.fail(ErrorCode::TeachingLanguageTwice, {lexicon.language});
        std::string text = readLexicon(lexicon.language, lexicon.fileName);
        lexicon.words = readLexiconWords(text, lexicon.fileName, tags, dimensionNames);
        lexiconTexts_.emplace_back(lexicon.language, std::move(text));
        lexicons_.push_back(std::move(lexicon));
    }
}

}  // namespace attnviz
