#pragma once
// What the attention stack's and the head summaries' tests share: the chapter's sentence, token
// texts that name their place, and the sentences of the GPT-2 reference as test cases.
#include <ostream>
#include <string>

namespace attnviz::testing {

inline constexpr const char* kChapterSentence =
    "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.";

/// "t1", "t2", …: a token text that names its place (appended: GCC 12 warns falsely on "t" + string).
inline std::string tokenName(long number) {
    std::string name = "t";
    name += std::to_string(number);
    return name;
}

/// A sentence of tests/core/gpt2/forward_sentences.json, by its index, with a name for the test.
struct SentenceCase {
    std::string name;
    int sentence;  ///< its index in tests/core/gpt2/forward_sentences.json
};
inline void PrintTo(const SentenceCase& c, std::ostream* out) { *out << c.name; }

}  // namespace attnviz::testing
