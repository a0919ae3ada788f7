#pragma once
#include <Eigen/Core>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/model/Projections.h"
#include "core/model/TeachingLexicon.h"
#include "core/text/Tokenizer.h"

namespace attnviz {

class JsonReader;

inline constexpr const char* kTeachingModelFormatName = "attnviz-teaching-model";
/// Version 2 added "heads" (each head's role); version 1 files are read as before.
inline constexpr int kTeachingModelFormatVersion = 2;

/// One named dimension of X, Q, K, V or the output; also a head's role (TeachingModel::heads).
struct TeachingDimension {
    std::string name;         ///< what a student reads on the axis ("pronoun", "looks for a living being")
    std::string explanation;  ///< one or two sentences
    friend bool operator==(const TeachingDimension&, const TeachingDimension&) = default;
};

/// One entry of a rule: W[row, column] = value, rows and columns named; or value on the whole
/// diagonal (diagonal = true, row and column empty).
struct TeachingEntry {
    std::string matrix;  ///< "W_Q", "W_K", "W_V" or "W_O"
    std::string row;
    std::string column;
    int rowIndex = -1;
    int columnIndex = -1;
    bool diagonal = false;
    double value = 0;
    friend bool operator==(const TeachingEntry&, const TeachingEntry&) = default;
};

/// A named rule: the entries of W_Q, W_K, W_V, W_O it writes, and why.
struct TeachingRule {
    std::string name;
    std::string explanation;
    std::vector<TeachingEntry> entries;
    friend bool operator==(const TeachingRule&, const TeachingRule&) = default;
};

/// X for a sentence under the teaching model.
struct TeachingInput {
    std::string language;     ///< the lexicon used: "fr", "en", …
    std::vector<bool> known;  ///< per token: the word is in that lexicon
    Eigen::MatrixXd x;        ///< n × dimensions()
};

/// The interpretable teaching model: named dimensions, a lexicon per language, and W_Q, W_K,
/// W_V, W_O written entry by entry by named rules (resources/teaching/model.json and
/// lexicon_*.tsv; README "The teaching model"). Immutable once made; safe to share between
/// threads.
class TeachingModel {
public:
    /// The model compiled into the program from resources/teaching. Parsed once, on first use.
    /// Throws FormatError only if the compiled-in files are damaged (a build error, caught by tests).
    [[nodiscard]] static const TeachingModel& builtIn();
    /// The four-head model compiled in from resources/teaching/heads.json (same lexicons), one
    /// instance shared by every config that uses it (TeachingConfig.h: usesTeachingHeads).
    [[nodiscard]] static const std::shared_ptr<const TeachingModel>& builtInHeads();

    /// A model from the text of a model.json and of its lexicons, keyed by language ("fr" → the
    /// TSV text). Every language the model lists must be given. Throws FormatError naming the
    /// file and the place ("model.json: rules[2].entries[0].row: \"pronom\" is not a dimension of
    /// X"; "lexicon_fr.tsv line 12: unknown tag \"nom\"").
    [[nodiscard]] static TeachingModel fromText(
        std::string_view modelJson, const std::vector<std::pair<std::string, std::string>>& lexicons);
    /// The same from a parsed model.json.
    [[nodiscard]] static TeachingModel fromJson(const nlohmann::json& model,
                                                const std::vector<std::pair<std::string, std::string>>& lexicons);
    /// From a model.json file; its lexicons are read from the files it names, beside it.
    /// IoError when a file cannot be read, FormatError (prefixed with the path) when damaged.
    [[nodiscard]] static TeachingModel load(const std::filesystem::path& modelJsonPath);

    [[nodiscard]] const std::string& name() const { return name_; }
    [[nodiscard]] const std::string& description() const { return description_; }
    /// d_model: the number of dimensions of X (and of Q, K, V, the output).
    [[nodiscard]] int dimensions() const { return static_cast<int>(embedding_.size()); }
    [[nodiscard]] int defaultHeads() const { return defaultHeads_; }
    /// Each head's role (name and explanation, model.json's "heads"), as many as defaultHeads();
    /// empty for a model without roles (the one-head model). Translated by localized().
    [[nodiscard]] const std::vector<TeachingDimension>& heads() const { return heads_; }

    /// Names of the columns of X (= rows of W_Q, W_K, W_V).
    [[nodiscard]] const std::vector<TeachingDimension>& embeddingDimensions() const { return embedding_; }
    /// Names of the columns of Q (= of W_Q), of K, of V, of the output (= of W_O).
    [[nodiscard]] const std::vector<TeachingDimension>& queryDimensions() const { return query_; }
    [[nodiscard]] const std::vector<TeachingDimension>& keyDimensions() const { return key_; }
    [[nodiscard]] const std::vector<TeachingDimension>& valueDimensions() const { return value_; }
    [[nodiscard]] const std::vector<TeachingDimension>& outputDimensions() const { return output_; }
    /// dimension's (or a head's role's) name and explanation in language ("fr", …) from
    /// model.json's "translations" (keyed by the written name), else as written, in English. A translation without an
    /// explanation keeps the written one.
    [[nodiscard]] TeachingDimension localized(const TeachingDimension& dimension, std::string_view language) const;
    /// The rules, in the file's order; each entry of W_Q … W_O that is not 0 belongs to exactly one.
    [[nodiscard]] const std::vector<TeachingRule>& rules() const { return rules_; }
    /// W_Q, W_K, W_V, W_O, each dimensions() × dimensions().
    [[nodiscard]] const Projections& projections() const { return projections_; }

    /// The languages with a lexicon, in the file's order (the first wins a tie in embed).
    [[nodiscard]] std::vector<std::string> languages() const;
    /// Number of words in a language's lexicon (0 for a language the model does not have).
    [[nodiscard]] std::size_t lexiconSize(std::string_view language) const;
    /// A word's lexical features (the position dimensions are 0), matched through embeddingKey;
    /// nullopt when the language's lexicon does not have it.
    [[nodiscard]] std::optional<Eigen::VectorXd> wordFeatures(std::string_view language,
                                                              std::string_view token) const;
    /// X for tokens: lexicon features of the language whose lexicon knows the most tokens (all 0
    /// for an unknown word, "[PAD]" included), plus the position dimensions when withPositions
    /// (0 otherwise).
    [[nodiscard]] TeachingInput embed(const std::vector<Token>& tokens, bool withPositions = true) const;

    /// model.json as parsed (what a config file stores for a model that is not the built-in one).
    [[nodiscard]] const nlohmann::json& sourceJson() const { return source_; }
    /// The lexicons' texts as given, by language.
    [[nodiscard]] const std::vector<std::pair<std::string, std::string>>& lexiconTexts() const {
        return lexiconTexts_;
    }
    /// Same model.json and same lexicon texts.
    [[nodiscard]] bool sameSource(const TeachingModel& other) const;

private:
    struct PositionFeature {
        bool sine = false;
        double degreesPerToken = 0;
        double offset = 0;
        std::vector<int> onlyFor;  ///< dimensions whose largest value gates the feature; empty: every token
    };
    struct Lexicon {
        std::string language;
        std::string fileName;
        std::unordered_map<std::string, Eigen::VectorXd> words;
    };

    /// Reads the lexicon text of (language, file name).
    using LexiconReader = std::function<std::string(const std::string& language, const std::string& file)>;

    TeachingModel() = default;

    // Reading model.json (TeachingModelJson.cpp). Messages name places inside the file as
    // "<where>: rules[0].entries[1].row: …".
    /// The text of a model.json as JSON (FormatError "<where>: damaged JSON: …").
    [[nodiscard]] static nlohmann::json parseText(std::string_view text, const std::string& where);
    /// The compiled-in model.json-like file fileName and the lexicons it names.
    [[nodiscard]] static TeachingModel parseBuiltIn(std::string_view fileName);
    /// The model, section by section (the methods below, in the file's dependency order).
    [[nodiscard]] static TeachingModel parse(const nlohmann::json& model, const std::string& where,
                                             const LexiconReader& readLexicon);
    /// "embedding" (X's dimensions), "query", "key", and "value", "output" (X's when absent).
    void readDimensions(const JsonReader& root);
    /// embedding[i].position: the sine or cosine features of X's position dimensions.
    void readPositions(const JsonReader& embedding);
    /// "translations": {"fr": {"<written name>": {"name": …, "explanation": …}, …}, …}
    void readTranslations(const JsonReader& translations);
    /// "default_heads": a number of heads that divides d_model.
    void readDefaultHeads(const JsonReader& heads);
    /// "heads" (version 2): [{"name": …, "explanation": …}, …], one role per default head.
    void readHeads(const JsonReader& heads, int version);
    /// "rules": each named rule and the entries of W_Q, W_K, W_V, W_O it writes.
    void readRules(const JsonReader& rules);
    [[nodiscard]] TeachingEntry readEntry(const JsonReader& item) const;
    /// "lexicons": [{"language": "fr", "file": "lexicon_fr.tsv"}, …], each file's words.
    void readLexicons(const JsonReader& lexicons, const LexiconTags& tags, const LexiconReader& readLexicon);
    /// The dimensions naming a matrix's rows (X's, or V's for W_O) and its columns.
    [[nodiscard]] const std::vector<TeachingDimension>& rowNames(std::string_view matrix) const;
    [[nodiscard]] const std::vector<TeachingDimension>& columnNames(std::string_view matrix) const;

    std::string name_, description_;
    int defaultHeads_ = 1;
    std::vector<TeachingDimension> heads_;
    std::vector<TeachingDimension> embedding_, query_, key_, value_, output_;
    std::vector<std::optional<PositionFeature>> positions_;  ///< per X dimension
    std::vector<TeachingRule> rules_;
    /// language → written name → translated dimension
    std::map<std::string, std::map<std::string, TeachingDimension, std::less<>>, std::less<>> translations_;
    Projections projections_;
    std::vector<Lexicon> lexicons_;
    nlohmann::json source_;
    std::vector<std::pair<std::string, std::string>> lexiconTexts_;
};

/// The text of a file of resources/teaching as compiled into the program ("model.json",
/// "heads.json", "lexicon_fr.tsv", "lexicon_en.tsv"); empty for any other name.
[[nodiscard]] std::string_view builtInTeachingFile(std::string_view fileName);

}  // namespace attnviz
