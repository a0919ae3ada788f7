#include "core/model/TeachingLexicon.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/base/Errors.h"
#include "core/model/Embedding.h"

namespace attnviz {
namespace {

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const std::size_t last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

std::string knownTags(const LexiconTags& tags) {
    std::string list;
    for (const auto& [name, tag] : tags) list += (list.empty() ? "" : ", ") + name;
    return list;
}

/// One line's place in messages: its file and number, the code's %1 and %2.
struct LinePlace {
    const std::string& file;
    int line;
    [[noreturn]] void fail(ErrorCode code, std::vector<std::string> details = {}) const {
        details.insert(details.begin(), {file, std::to_string(line)});
        throw FormatError(code, std::move(details));
    }
};

/// The features the tags of one line give (the text between the word's tab and the comment's).
Eigen::VectorXd featuresOf(std::string_view tagText, const LexiconTags& tags, const std::vector<std::string>& names,
                           const LinePlace& place) {
    Eigen::VectorXd features = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(names.size()));
    std::vector<bool> set(names.size(), false);
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
                place.fail(ErrorCode::LexiconBadWeight, {std::string(item)});
        }
        const auto tag = tags.find(tagName);
        if (tag == tags.end()) place.fail(ErrorCode::LexiconUnknownTag, {std::string(tagName), knownTags(tags)});
        const auto dimension = static_cast<std::size_t>(tag->second.dimension);
        if (set[dimension]) place.fail(ErrorCode::LexiconTagsCollide, {names[dimension]});
        set[dimension] = true;
        features[tag->second.dimension] = tag->second.value * weight;
    }
    return features;
}

}  // namespace

std::unordered_map<std::string, Eigen::VectorXd> readLexiconWords(std::string_view text, const std::string& fileName,
                                                                  const LexiconTags& tags,
                                                                  const std::vector<std::string>& dimensionNames) {
    std::unordered_map<std::string, Eigen::VectorXd> words;
    std::unordered_map<std::string, int> firstLine;
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
        const LinePlace place{fileName, lineNumber};
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos) place.fail(ErrorCode::LexiconNoTab);
        const std::string_view word = trimmed(line.substr(0, tab));
        if (word.empty()) place.fail(ErrorCode::LexiconNoWord);
        if (word.find_first_of(" \t") != std::string_view::npos)
            place.fail(ErrorCode::LexiconWordWithSpace, {std::string(word)});
        std::string_view tagText = line.substr(tab + 1);
        if (const std::size_t comment = tagText.find('\t'); comment != std::string_view::npos)
            tagText = tagText.substr(0, comment);
        Eigen::VectorXd features = featuresOf(tagText, tags, dimensionNames, place);
        std::string key = embeddingKey(word);
        if (const auto seen = firstLine.find(key); seen != firstLine.end())
            place.fail(ErrorCode::LexiconWordTwice, {std::string(word), std::to_string(seen->second)});
        firstLine.emplace(key, lineNumber);
        words.emplace(std::move(key), std::move(features));
    }
    return words;
}

}  // namespace attnviz
