#pragma once
// Long sentences for tests: "mot0 mot1 … mot36 mot0 …", one token per word under every tokenizer
// rule, the words repeating so that attention has equal keys to find.
#include <string>
#include <string_view>

namespace attnviz::testing {

/// `count` words, `prefix` followed by i % distinct, separated by single spaces.
inline std::string repeatedWords(int count, std::string_view prefix = "mot", int distinct = 37) {
    std::string text;
    for (int i = 0; i < count; ++i) {
        if (i > 0) text += ' ';
        text += prefix;
        text += std::to_string(i % distinct);
    }
    return text;
}

}  // namespace attnviz::testing
