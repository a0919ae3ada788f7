#pragma once
// The teaching model's lexicons: one text file per language giving each word its tags, which
// set dimensions of X (README "The teaching model").
#include <Eigen/Core>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attnviz {

/// What a tag of the lexicons does: set X's dimension `dimension` to `value` (times the
/// weight written after "=", if any).
struct LexiconTag {
    int dimension = 0;
    double value = 0;
};
/// The tags model.json declares (embedding[i].tags), by name.
using LexiconTags = std::map<std::string, LexiconTag, std::less<>>;

/// The words of a lexicon file, each with its row of X's lexical features, keyed by
/// embeddingKey(word). A line is word<TAB>tags[<TAB>comment]; tags are "tag" or "tag=weight",
/// separated by spaces; a line starting with '#' is a comment. dimensionNames are X's (for the
/// messages). Throws FormatError naming the file and the line ("lexicon_fr.tsv line 12: unknown
/// tag \"nom\" (known: …)").
[[nodiscard]] std::unordered_map<std::string, Eigen::VectorXd> readLexiconWords(
    std::string_view text, const std::string& fileName, const LexiconTags& tags,
    const std::vector<std::string>& dimensionNames);

}  // namespace attnviz
