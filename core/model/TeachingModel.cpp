#include "core/model/TeachingModel.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/io/FileReading.h"
#include "core/model/Embedding.h"

namespace attnviz {

TeachingDimension TeachingModel::localized(const TeachingDimension& dimension, std::string_view language) const {
    const auto table = translations_.find(language);
    if (table == translations_.end()) return dimension;
    const auto found = table->second.find(dimension.name);
    if (found == table->second.end()) return dimension;
    TeachingDimension translated = found->second;
    if (translated.explanation.empty()) translated.explanation = dimension.explanation;
    return translated;
}

TeachingModel TeachingModel::parseBuiltIn(std::string_view fileName) {
    const std::string where = "built-in " + std::string(fileName);
    const nlohmann::json source = parseText(builtInTeachingFile(fileName), where);
    return parse(source, where, [&](const std::string&, const std::string& file) {
        const std::string_view lexicon = builtInTeachingFile(file);
        if (lexicon.empty()) throw FormatError(ErrorCode::TeachingNoBuiltInFile, {file}, where);
        return std::string(lexicon);
    });
}

const TeachingModel& TeachingModel::builtIn() {
    static const TeachingModel model = parseBuiltIn("model.json");
    return model;
}

const std::shared_ptr<const TeachingModel>& TeachingModel::builtInHeads() {
    static const std::shared_ptr<const TeachingModel> model =
        std::make_shared<const TeachingModel>(parseBuiltIn("heads.json"));
    return model;
}

TeachingModel TeachingModel::fromText(std::string_view modelJson,
                                      const std::vector<std::pair<std::string, std::string>>& lexicons) {
    return fromJson(parseText(modelJson, "model.json"), lexicons);
}

TeachingModel TeachingModel::fromJson(const nlohmann::json& model,
                                      const std::vector<std::pair<std::string, std::string>>& lexicons) {
    const std::string where = "model.json";
    std::set<std::string, std::less<>> read;
    TeachingModel result = parse(model, where, [&](const std::string& language, const std::string& file) {
        read.insert(language);
        for (const auto& [given, text] : lexicons)
            if (given == language) return text;
        throw FormatError(ErrorCode::TeachingLexiconNotGiven, {language, file}, where);
    });
    for (const auto& [language, text] : lexicons)  // the model has read every lexicon it lists
        if (read.count(language) == 0) throw FormatError(ErrorCode::TeachingLexiconNotListed, {language}, where);
    return result;
}

TeachingModel TeachingModel::load(const std::filesystem::path& modelJsonPath) {
    const std::string where = modelJsonPath.string();
    const nlohmann::json source = parseText(readWholeFile(modelJsonPath, limits::kMaxTeachingFileBytes), where);
    return parse(source, where, [&](const std::string&, const std::string& file) {
        return readWholeFile(modelJsonPath.parent_path() / file, limits::kMaxTeachingFileBytes);
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
