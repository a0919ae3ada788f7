// The teaching model: its files as compiled in, its named dimensions and matrices (checked against
// model.json parsed here independently), its lexicons, and the attention it gives on the example
// sentences: every rule's expected key is annotated by hand below, and must win its row by at
// least 0.1 in weight.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <numbers>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/model/Embedding.h"
#include "core/model/TeachingConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/core/model/TeachingTestFiles.h"
#include "tests/support/EigenAssertions.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TestData.h"

using attnviz::AttentionConfig;
using attnviz::AttentionTrace;
using attnviz::FormatError;
using attnviz::ProjectionPreset;
using attnviz::TeachingModel;
using attnviz::testing::messageOf;
using attnviz::testing::projectFile;
using attnviz::testing::secondLargest;
using attnviz::testing::teachingFile;

namespace fs = std::filesystem;

namespace {

fs::path teachingDir() { return projectFile("resources/teaching"); }

/// The example sentences of ui/shell/Examples.cpp (checked against that file below).
struct Example {
    const char* id;
    const char* language;
    const char* sentence;
};
const Example kExamples[] = {
    {"fr1", "fr", "L'animal n'a pas traversé la rue parce qu'il était trop fatigué."},
    {"en1", "en", "The animal didn't cross the street because it was too tired."},
    {"fr2", "fr", "Le chat est assis"},
    {"en2", "en", "The cat is sitting"},
    {"fr3", "fr",
     "La professeure a expliqué la leçon aux élèves, puis elle leur a demandé de résumer ce qu'ils avaient compris."},
    {"en3", "en",
     "The teacher explained the lesson to the students, then she asked them to summarize what they had understood."},
    {"fr4", "fr",
     "Quand la banque a fermé ses portes, les clients qui attendaient devant l'entrée sont rentrés chez eux sans "
     "leur argent."},
    {"en4", "en",
     "When the bank closed its doors, the customers who were waiting at the entrance went home without their money."},
};

const Example& example(const std::string& id) {
    for (const Example& e : kExamples)
        if (id == e.id) return e;
    throw std::runtime_error("no example " + id);
}

/// A row that a rule decides: query token → the key it must look at most.
struct Expectation {
    const char* rule;
    const char* example;
    int query;
    const char* queryText;
    int key;
    const char* keyText;
};

// Annotated by hand (token positions as the tokenizer gives them, README "Tokenizer rules").
const Expectation kExpectations[] = {
    // A pronoun looks for the living noun it stands for, agreeing in number and gender.
    {"pronoun", "fr1", 10, "il", 1, "animal"},
    {"pronoun", "en1", 8, "it", 1, "animal"},
    {"pronoun", "fr3", 10, "elle", 1, "professeure"},
    {"pronoun", "fr3", 11, "leur", 7, "élèves"},
    {"pronoun", "fr3", 18, "ils", 7, "élèves"},
    {"pronoun", "en3", 10, "she", 1, "teacher"},
    {"pronoun", "en3", 12, "them", 7, "students"},
    {"pronoun", "en3", 16, "they", 7, "students"},
    {"pronoun", "fr4", 10, "qui", 9, "clients"},
    {"pronoun", "fr4", 18, "eux", 9, "clients"},
    {"pronoun", "fr4", 20, "leur", 9, "clients"},  // "leur argent": whose money? the clients'
    {"pronoun", "en4", 9, "who", 8, "customers"},
    // A determiner looks for the noun right after it.
    {"determiner", "fr1", 0, "L'", 1, "animal"},
    {"determiner", "fr1", 6, "la", 7, "rue"},
    {"determiner", "en1", 0, "The", 1, "animal"},
    {"determiner", "en1", 5, "the", 6, "street"},
    {"determiner", "fr2", 0, "Le", 1, "chat"},
    {"determiner", "en2", 0, "The", 1, "cat"},
    {"determiner", "fr3", 0, "La", 1, "professeure"},
    {"determiner", "fr3", 4, "la", 5, "leçon"},
    {"determiner", "fr3", 6, "aux", 7, "élèves"},
    {"determiner", "en3", 0, "The", 1, "teacher"},
    {"determiner", "en3", 3, "the", 4, "lesson"},
    {"determiner", "en3", 6, "the", 7, "students"},
    {"determiner", "fr4", 1, "la", 2, "banque"},
    {"determiner", "fr4", 5, "ses", 6, "portes"},
    {"determiner", "fr4", 8, "les", 9, "clients"},
    {"determiner", "fr4", 13, "l'", 14, "entrée"},
    {"determiner", "en4", 1, "the", 2, "bank"},
    {"determiner", "en4", 4, "its", 5, "doors"},
    {"determiner", "en4", 7, "the", 8, "customers"},
    {"determiner", "en4", 13, "the", 14, "entrance"},
    {"determiner", "en4", 18, "their", 19, "money"},
    // A negation looks for the verb right after it.
    {"negation", "fr1", 2, "n'", 3, "a"},
    {"negation", "fr1", 4, "pas", 5, "traversé"},
    {"negation", "en1", 3, "n't", 4, "cross"},
};
// Determiners, pronouns and negations of the examples that no rule decides, and why.
const std::set<std::pair<std::string, int>> kUndecided = {
    {"fr3", 16},  // "ce qu'ils avaient compris": "ce" is a pronoun here, a determiner in the lexicon; no noun follows
};

/// The lexicon read here, independently of the code under test: key → tags.
std::map<std::string, std::set<std::string>> readLexicon(const std::string& text) {
    std::map<std::string, std::set<std::string>> words;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos) continue;
        std::istringstream tags(line.substr(tab + 1));
        std::set<std::string> set;
        for (std::string tag; tags >> tag;) set.insert(tag);
        words[line.substr(0, tab)] = set;
    }
    return words;
}

std::vector<std::string> names(const std::vector<attnviz::TeachingDimension>& dimensions) {
    std::vector<std::string> list;
    for (const auto& d : dimensions) list.push_back(d.name);
    return list;
}

std::vector<std::string> namesInJson(const nlohmann::json& list) {
    std::vector<std::string> out;
    for (const auto& item : list) out.push_back(item.at("name").get<std::string>());
    return out;
}

}  // namespace

TEST(TeachingModel, CompiledInFilesAreTheResources) {
    for (const char* name : {"model.json", "lexicon_fr.tsv", "lexicon_en.tsv"})
        EXPECT_EQ(attnviz::builtInTeachingFile(name), teachingFile(name)) << name << " differs from resources/teaching";
    EXPECT_TRUE(attnviz::builtInTeachingFile("nothing.txt").empty());
    EXPECT_TRUE(TeachingModel::load(teachingDir() / "model.json").sameSource(TeachingModel::builtIn()));
}

TEST(TeachingModel, NamedDimensionsAndMatricesMatchModelJson) {
    const nlohmann::json model = nlohmann::json::parse(teachingFile("model.json"));
    const TeachingModel& teaching = TeachingModel::builtIn();
    const std::vector<std::string> embedding = namesInJson(model.at("embedding"));
    ASSERT_EQ(embedding.size(), 20u);
    EXPECT_EQ(teaching.dimensions(), 20);
    EXPECT_EQ(teaching.defaultHeads(), model.at("default_heads").get<int>());
    EXPECT_EQ(names(teaching.embeddingDimensions()), embedding);
    EXPECT_EQ(names(teaching.queryDimensions()), namesInJson(model.at("query")));
    EXPECT_EQ(names(teaching.keyDimensions()), namesInJson(model.at("key")));
    EXPECT_EQ(names(teaching.valueDimensions()), embedding) << "V's dimensions default to X's";
    EXPECT_EQ(names(teaching.outputDimensions()), embedding);
    EXPECT_EQ(teaching.embeddingDimensions()[2].explanation, model["embedding"][2]["explanation"].get<std::string>());
    EXPECT_EQ(teaching.languages(), (std::vector<std::string>{"fr", "en"}));

    // Rebuild the four matrices from the rules, here, and compare.
    const auto index = [](const nlohmann::json& list, const std::string& name) {
        for (std::size_t i = 0; i < list.size(); ++i)
            if (list[i].at("name") == name) return static_cast<Eigen::Index>(i);
        ADD_FAILURE() << "no dimension " << name;
        return Eigen::Index{0};
    };
    std::map<std::string, Eigen::MatrixXd> w;
    for (const char* m : {"W_Q", "W_K", "W_V", "W_O"}) w[m] = Eigen::MatrixXd::Zero(20, 20);
    ASSERT_EQ(teaching.rules().size(), model.at("rules").size());
    for (std::size_t r = 0; r < model["rules"].size(); ++r) {
        const nlohmann::json& rule = model["rules"][r];
        EXPECT_EQ(teaching.rules()[r].name, rule.at("name").get<std::string>());
        EXPECT_EQ(teaching.rules()[r].entries.size(), rule.at("entries").size());
        for (const nlohmann::json& entry : rule["entries"]) {
            const std::string m = entry.at("matrix");
            if (entry.contains("diagonal")) {
                w[m].diagonal().setConstant(entry["diagonal"].get<double>());
                continue;
            }
            const nlohmann::json& rows = model["embedding"];
            const nlohmann::json& cols = m == "W_Q" ? model["query"] : model["key"];
            ASSERT_TRUE(m == "W_Q" || m == "W_K") << "this model writes W_V and W_O as diagonals only";
            w[m](index(rows, entry.at("row")), index(cols, entry.at("column"))) = entry.at("value").get<double>();
        }
    }
    const attnviz::Projections& p = teaching.projections();
    EXPECT_EIGEN_NEAR(p.wq, w["W_Q"], 0, 0);
    EXPECT_EIGEN_NEAR(p.wk, w["W_K"], 0, 0);
    EXPECT_EIGEN_NEAR(p.wv, w["W_V"], 0, 0);
    EXPECT_EIGEN_NEAR(p.wo, w["W_O"], 0, 0);
    // A few entries by hand: the pronoun → living-being rule and the fast hand.
    EXPECT_EQ(p.wq(2, 1), 8.0);
    EXPECT_EQ(p.wk(1, 1), 1.0);
    EXPECT_EQ(p.wq(16, 12), 8.0);
    EXPECT_EQ(p.wk(12, 12), 1.0);
    EXPECT_EQ(p.wv, Eigen::MatrixXd::Identity(20, 20));
}

TEST(TeachingModel, EveryDimensionHasAFrenchNameAndExplanation) {
    // A French classroom never reads an English dimension name (the explainer, the steps' columns,
    // the Weights panel); a language the model does not have keeps the written names.
    const TeachingModel& model = TeachingModel::builtIn();
    for (const auto* list : {&model.embeddingDimensions(), &model.queryDimensions(), &model.keyDimensions(),
                             &model.valueDimensions(), &model.outputDimensions()})
        for (const attnviz::TeachingDimension& dimension : *list) {
            const attnviz::TeachingDimension french = model.localized(dimension, "fr");
            EXPECT_NE(french.name, dimension.name) << dimension.name;
            EXPECT_NE(french.explanation, dimension.explanation) << dimension.name;
            EXPECT_FALSE(french.explanation.empty()) << dimension.name;
            EXPECT_EQ(model.localized(dimension, "de"), dimension) << dimension.name;
            EXPECT_EQ(model.localized(dimension, "en"), dimension) << dimension.name;
        }
    const auto frenchName = [&](const std::vector<attnviz::TeachingDimension>& list, std::size_t i) {
        return model.localized(list[i], "fr").name;
    };
    // Written out from the chapter's example: "il" looks for a living being, "animal" is one.
    EXPECT_EQ(model.queryDimensions()[1].name, "looks for a living being");
    EXPECT_EQ(frenchName(model.queryDimensions(), 1), "cherche un être vivant");
    EXPECT_EQ(model.keyDimensions()[1].name, "is a living being");
    EXPECT_EQ(frenchName(model.keyDimensions(), 1), "est un être vivant");
    EXPECT_EQ(frenchName(model.embeddingDimensions(), 2), "pronom");
    EXPECT_EQ(frenchName(model.queryDimensions(), 4), "libre 5");
}

TEST(TeachingModel, LexiconsHoldAtLeast400WordsEach) {
    for (const auto& [language, file] : {std::pair{"fr", "lexicon_fr.tsv"}, std::pair{"en", "lexicon_en.tsv"}}) {
        const auto words = readLexicon(teachingFile(file));
        EXPECT_GE(words.size(), 400u) << file;
        EXPECT_EQ(TeachingModel::builtIn().lexiconSize(language), words.size()) << file;
    }
}

TEST(TeachingModel, ExamplesAreThoseOfTheWindowAndEveryWordIsKnown) {
    // ui/shell/Examples.cpp splits long sentences over adjacent string literals: join them first.
    const std::string source = attnviz::readFileBytes(projectFile("ui/shell/Examples.cpp"));
    const std::string joined = std::regex_replace(source, std::regex("\"\\s*\n\\s*\""), "");
    for (const Example& e : kExamples) {
        EXPECT_NE(joined.find(std::string("\"") + e.sentence + "\""), std::string::npos)
            << e.id << " is not (or no longer) an example of ui/shell/Examples.cpp";
        const auto tokens = attnviz::tokenize(e.sentence);
        const attnviz::TeachingInput input = TeachingModel::builtIn().embed(tokens);
        EXPECT_EQ(input.language, e.language) << e.sentence;
        for (std::size_t i = 0; i < tokens.size(); ++i)
            EXPECT_TRUE(input.known[i]) << '"' << tokens[i].text << "\" of " << e.id << " is not in the lexicon";
    }
}

TEST(TeachingModel, FeaturesComeFromTheLexiconCaseInsensitively) {
    const TeachingModel& teaching = TeachingModel::builtIn();
    // animal: noun, living being, singular (+1), masculine (−1): lexicon_fr.tsv.
    Eigen::VectorXd animal = Eigen::VectorXd::Zero(20);
    animal[0] = 1;
    animal[1] = 1;
    animal[10] = 1;
    animal[11] = -1;
    EXPECT_EQ(*teaching.wordFeatures("fr", "animal"), animal);
    EXPECT_EQ(*teaching.wordFeatures("fr", "ANIMAL"), animal);
    EXPECT_EQ(*teaching.wordFeatures("fr", "L'"), *teaching.wordFeatures("fr", "l’"));
    EXPECT_FALSE(teaching.wordFeatures("fr", "zorglub").has_value());
    EXPECT_FALSE(teaching.wordFeatures("de", "animal").has_value());
    // "a" is a verb in French and a determiner in English.
    EXPECT_EQ((*teaching.wordFeatures("fr", "a"))[4], 1.0);
    EXPECT_EQ((*teaching.wordFeatures("en", "a"))[3], 1.0);
}

TEST(TeachingModel, PositionsAreClockHandsAndOnlyDeterminersAndNegationsPointAhead) {
    const auto tokens = attnviz::tokenize(example("fr1").sentence);
    const Eigen::MatrixXd x = TeachingModel::builtIn().embed(tokens).x;
    const double deg = std::numbers::pi / 180;
    // "la" at position 6: its place (30°·6, 10°·6) and the next one (30°·7, 10°·7).
    EXPECT_NEAR(x(6, 12), -1.0, 1e-15);          // cos 180°
    EXPECT_NEAR(x(6, 13), 0.0, 1e-15);           // sin 180°
    EXPECT_NEAR(x(6, 14), 0.5, 1e-15);           // cos 60°
    EXPECT_NEAR(x(6, 15), std::sqrt(3) / 2, 1e-15);
    EXPECT_NEAR(x(6, 16), -std::sqrt(3) / 2, 1e-15);  // cos 210°
    EXPECT_NEAR(x(6, 17), -0.5, 1e-15);               // sin 210°
    EXPECT_NEAR(x(6, 18), std::cos(70 * deg), 1e-15);
    EXPECT_NEAR(x(6, 19), std::sin(70 * deg), 1e-15);
    // "il" (10) is not a determiner: no next place.
    EXPECT_EQ(x.row(10).tail(4), Eigen::RowVectorXd::Zero(4));
    EXPECT_NEAR(x(10, 12), 0.5, 1e-15);  // cos 300°
    // Positions off: the four hands are 0 everywhere, the lexicon features stay.
    const Eigen::MatrixXd still = TeachingModel::builtIn().embed(tokens, false).x;
    EXPECT_EQ(still.rightCols(8), Eigen::MatrixXd::Zero(15, 8));
    EXPECT_EQ(still.leftCols(12), x.leftCols(12));
}

TEST(TeachingModel, UnknownWordsAreNeutralFlaggedAndLookEverywhereAlike) {
    const AttentionConfig config = attnviz::teachingConfig();
    const auto tokens = attnviz::tokenize("Le zorglub est assis");
    const attnviz::TeachingInput input = TeachingModel::builtIn().embed(tokens);
    EXPECT_EQ(input.known, (std::vector<bool>{true, false, true, true}));
    EXPECT_EQ(input.x.row(1).head(12), Eigen::RowVectorXd::Zero(12)) << "unknown: no lexical feature";
    const AttentionTrace trace = AttentionTrace::compute("Le zorglub est assis", config);
    const Eigen::MatrixXd weights = trace.matrix(attnviz::Step::Weights, 0);
    for (int j = 0; j < 4; ++j) EXPECT_NEAR(weights(1, j), 0.25, 1e-12) << "the unknown word's row is uniform";
}

class TeachingRules : public ::testing::TestWithParam<int> {};

// Default heads (1): every rule in one head. 2 heads: head 0 holds the pronoun and agreement rules,
// head 1 the determiner, negation and place rules; the mean must still decide every row.
INSTANTIATE_TEST_SUITE_P(Heads, TeachingRules, ::testing::Values(1, 2), [](const ::testing::TestParamInfo<int>& param) {
    return std::to_string(param.param) + (param.param == 1 ? "_head" : "_heads");
});

TEST_P(TeachingRules, EveryRuleWinsItsRowOnTheExamples) {
    AttentionConfig config = attnviz::teachingConfig();
    ASSERT_EQ(config.heads, 1) << "the default";
    config.heads = GetParam();
    std::map<std::string, double> smallest;
    std::map<std::string, AttentionTrace> traces;
    for (const Example& e : kExamples) traces.emplace(e.id, AttentionTrace::compute(e.sentence, config));

    std::set<std::pair<std::string, int>> decided;
    for (const Expectation& x : kExpectations) {
        const AttentionTrace& trace = traces.at(x.example);
        ASSERT_EQ(trace.tokens()[static_cast<std::size_t>(x.query)].text, x.queryText) << x.example;
        ASSERT_EQ(trace.tokens()[static_cast<std::size_t>(x.key)].text, x.keyText) << x.example;
        const Eigen::VectorXd row = trace.matrix(attnviz::Step::Weights, attnviz::kAllHeads).row(x.query).transpose();
        const double margin = row[x.key] - secondLargest(row, x.key);
        EXPECT_GE(margin, 0.1) << x.rule << ": \"" << x.queryText << "\" (" << x.example << ") should look at \""
                               << x.keyText << "\"; weights " << row.transpose();
        smallest[x.rule] = smallest.count(x.rule) ? std::min(smallest[x.rule], margin) : margin;
        decided.emplace(x.example, x.query);
    }

    // Punctuation looks at nothing in particular: its row is uniform to rounding, |w − 1/n| ≤ 1e-12.
    double worstPunctuation = 0;
    int punctuationRows = 0;
    const auto fr = readLexicon(teachingFile("lexicon_fr.tsv"));
    const auto en = readLexicon(teachingFile("lexicon_en.tsv"));
    for (const Example& e : kExamples) {
        const AttentionTrace& trace = traces.at(e.id);
        const auto& lexicon = std::string(e.language) == "fr" ? fr : en;
        const Eigen::MatrixXd weights = trace.matrix(attnviz::Step::Weights, attnviz::kAllHeads);
        for (int i = 0; i < trace.size(); ++i) {
            const std::set<std::string>& tags = lexicon.at(attnviz::embeddingKey(trace.tokens()[static_cast<std::size_t>(i)].text));
            if (tags.count("punctuation")) {
                ++punctuationRows;
                for (int j = 0; j < trace.size(); ++j)
                    worstPunctuation = std::max(worstPunctuation, std::abs(weights(i, j) - 1.0 / trace.size()));
            }
            // Every determiner, pronoun and negation of the examples is decided above (or listed as undecided).
            if (tags.count("determiner") || tags.count("pronoun") || tags.count("negation")) {
                const bool listed = decided.count({e.id, i}) || kUndecided.count({e.id, i});
                EXPECT_TRUE(listed) << '"' << trace.tokens()[static_cast<std::size_t>(i)].text << "\" (" << e.id
                                    << ", position " << i << ") has a rule but no expectation";
            }
        }
    }
    EXPECT_EQ(punctuationRows, 10);
    EXPECT_LE(worstPunctuation, 1e-12);

    std::cout << "[ margins  ] " << config.heads << " head(s), smallest winning margin per rule:";
    for (const auto& [rule, margin] : smallest) std::cout << " " << rule << " " << margin << ";";
    std::cout << " punctuation max |w - 1/n| " << worstPunctuation << "\n";
}

TEST(TeachingModel, ConfigValidationExplainsDimensionsAndHeads) {
    AttentionConfig config = attnviz::teachingConfig();
    EXPECT_EQ(config.preset, ProjectionPreset::Teaching);
    EXPECT_EQ(config.dModel, 20);
    EXPECT_NO_THROW(config.validate());
    config.heads = 3;
    EXPECT_EQ(messageOf<attnviz::ConfigError>([&] { config.validate(); }),
              "3 heads do not divide the teaching model's 20 dimensions: choose 1, 2, 4, 5, 10 or 20 heads");
    config.heads = 1;
    config.dModel = 8;
    EXPECT_EQ(messageOf<attnviz::ConfigError>([&] { config.validate(); }),
              "the teaching model has 20 dimensions: d_model must be 20 (it is 8)");
    // The default config is untouched: random projections, d_model 8.
    const AttentionConfig defaults;
    EXPECT_EQ(defaults.preset, ProjectionPreset::Random);
    EXPECT_EQ(defaults.dModel, 8);
    EXPECT_EQ(defaults.teachingModel, nullptr);
    // withTeachingModel keeps everything else.
    AttentionConfig causal;
    causal.mask.causal = true;
    causal.heads = 2;
    const AttentionConfig switched = attnviz::withTeachingModel(causal);
    EXPECT_TRUE(switched.mask.causal);
    EXPECT_EQ(switched.heads, 2);
    EXPECT_EQ(switched.dModel, 20);
    EXPECT_NO_THROW((void)AttentionTrace::compute("Le chat est assis", switched));
}

TEST(TeachingModel, TraceUsesTheModelsMatricesAndInput) {
    const AttentionTrace trace = AttentionTrace::compute("Le chat est assis", attnviz::teachingConfig());
    const TeachingModel& teaching = TeachingModel::builtIn();
    EXPECT_EQ(trace.projections().wq, teaching.projections().wq);
    EXPECT_EQ(trace.x(), teaching.embed(trace.tokens()).x);
    EXPECT_EQ(trace.output(), trace.context()) << "W_O is the identity";
}

TEST(TeachingModel, ConfigJsonRoundTripsThePresetAndAnOwnModel) {
    const AttentionConfig builtIn = attnviz::teachingConfig();
    const nlohmann::json json = attnviz::configToJson(builtIn);
    EXPECT_EQ(json["preset"], "teaching");
    EXPECT_FALSE(json.contains("teaching_model")) << "the built-in model is not copied into files";
    EXPECT_TRUE(attnviz::configFromJson(json) == builtIn);

    // A teacher's own model: the built-in one with one more word.
    const std::string lexicon = teachingFile("lexicon_fr.tsv") + "zorglub\tnoun living singular masculine\n";
    auto own = std::make_shared<const TeachingModel>(TeachingModel::fromText(
        teachingFile("model.json"), {{"fr", lexicon}, {"en", teachingFile("lexicon_en.tsv")}}));
    const AttentionConfig config = attnviz::withTeachingModel(AttentionConfig{}, own);
    const AttentionConfig back = attnviz::configFromJson(nlohmann::json::parse(attnviz::configToJson(config).dump()));
    ASSERT_NE(back.teachingModel, nullptr);
    EXPECT_TRUE(back == config);
    EXPECT_FALSE(back == builtIn);
    EXPECT_TRUE(back.teachingModel->wordFeatures("fr", "zorglub").has_value());

    // With it, "il" finds the zorglub.
    const AttentionTrace trace = AttentionTrace::compute("Le zorglub dort parce qu'il est fatigué.", back);
    const Eigen::VectorXd row = trace.matrix(attnviz::Step::Weights, 0).row(5).transpose();
    ASSERT_EQ(trace.tokens()[5].text, "il");
    EXPECT_GE(row[1] - secondLargest(row, 1), 0.1) << row.transpose();
}

TEST(TeachingModel, DamagedModelsAndLexiconsAreRefusedWithTheirPlace) {
    const std::string model = teachingFile("model.json");
    const std::string en = teachingFile("lexicon_en.tsv");
    const auto withFrench = [&](const std::string& fr) {
        return messageOf<FormatError>([&] { (void)TeachingModel::fromText(model, {{"fr", fr}, {"en", en}}); });
    };
    EXPECT_EQ(withFrench("# comment\n\nchat\tnom singular\n"),
              "lexicon_fr.tsv line 3: unknown tag \"nom\" (known: adjective, adverb, determiner, feminine, linking, "
              "living, masculine, negation, noun, plural, pronoun, punctuation, singular, verb)");
    EXPECT_EQ(withFrench("chat\tnoun\nChat\tnoun living\n"), "lexicon_fr.tsv line 2: \"Chat\" is listed twice (first on line 1)");
    EXPECT_EQ(withFrench("chat noun\n"), "lexicon_fr.tsv line 1: expected the word, a tab, then its tags (no tab on this line)");
    EXPECT_EQ(withFrench("chat\tsingular plural\n"), "lexicon_fr.tsv line 1: two tags set the dimension \"number\"");
    EXPECT_EQ(withFrench("chat\tliving=x\n"), "lexicon_fr.tsv line 1: \"living=x\": the weight after = is not a number");
    // A weight scales the tag's value; a comment may follow a second tab.
    const TeachingModel half = TeachingModel::fromText(model, {{"fr", "chat\tliving=0.5 plural\tun chat à moitié vivant\n"}, {"en", en}});
    EXPECT_EQ((*half.wordFeatures("fr", "chat"))[1], 0.5);
    EXPECT_EQ((*half.wordFeatures("fr", "chat"))[10], -1.0);

    const auto withModel = [&](const std::string& from, const std::string& to) {
        std::string text = model;
        const std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        return messageOf<FormatError>([&] {
            (void)TeachingModel::fromText(text, {{"fr", teachingFile("lexicon_fr.tsv")}, {"en", en}});
        });
    };
    EXPECT_EQ(withModel(R"~("row": "pronoun", "column": "looks for a noun (who?)")~",
                        R"~("row": "pronom", "column": "looks for a noun (who?)")~"),
              "model.json: rules[0].entries[0].row: \"pronom\" is not a dimension of X");
    EXPECT_EQ(withModel(R"~("row": "pronoun", "column": "looks for a living being")~",
                        R"~("row": "pronoun", "column": "looks for a noun (who?)")~"),
              "model.json: rules[1].entries[0]: W_Q[pronoun, looks for a noun (who?)] is already written by the rule "
              "\"pronoun → noun\"");
    EXPECT_EQ(withModel(R"~("version": 1)~", R"~("version": 3)~"),
              "model.json: teaching model version 3 is newer than this program understands (2)");
    EXPECT_EQ(withModel(R"~({"name": "free 20", "explanation": "Unused: a place for a rule of your own."}
  ],
  "key")~",
                        R"~({"name": "free 20"}, {"name": "free 21"}
  ],
  "key")~"),
              "model.json: query: expected 20 dimensions (as many as X), there are 21");
    EXPECT_EQ(withModel(R"~("looks for a living being": {"name")~", R"~("looks for a dog": {"name")~"),
              "model.json: translations.fr[\"looks for a dog\"]: \"looks for a dog\" is not the name of a dimension or a head");
    EXPECT_EQ(withModel(R"~("noun": {"name": "nom", )~", R"~("noun": {"nom": "nom", )~"),
              "model.json: translations.fr[\"noun\"]: unknown field \"nom\"");
    EXPECT_EQ(withModel(R"~("noun": {"name": "nom", )~", R"~("noun": {"name": "", )~"),
              "model.json: translations.fr[\"noun\"].name: a translated name cannot be empty");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)TeachingModel::fromText(model, {{"fr", ""}}); }),
              "model.json: no lexicon given for the language \"en\" (lexicon_en.tsv)");
    EXPECT_EQ(messageOf<FormatError>([&] { (void)TeachingModel::fromText("{", {}); }).rfind("model.json: damaged JSON: ", 0), 0u);
}
