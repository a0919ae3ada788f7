// GPT-2's pre-tokenization pattern, matched by hand on ICU's character classes: the alternatives
// are tried in the pattern's order at each position, as a backtracking regex engine does.
#include "core/text/Gpt2PreTokenizer.h"

#include "core/text/Utf8.h"

#include <unicode/uchar.h>

#include <array>
#include <cstdint>
#include <string_view>

namespace attnviz {
namespace {

/// The pattern's classes: \s, \p{L}, \p{N}, and the rest ([^\s\p{L}\p{N}]).
enum class CharClass { Space, Letter, Number, Other };

CharClass classOf(UChar32 c) {
    if (u_isUWhiteSpace(c)) return CharClass::Space;  // White_Space, as the `regex` package's \s
    const auto mask = static_cast<std::uint32_t>(U_GET_GC_MASK(c));
    if ((mask & static_cast<std::uint32_t>(U_GC_L_MASK)) != 0) return CharClass::Letter;
    if ((mask & static_cast<std::uint32_t>(U_GC_N_MASK)) != 0) return CharClass::Number;
    return CharClass::Other;
}

/// encoder.py's contractions, case-sensitive ("'S" is not one), in the pattern's order.
constexpr std::array<std::string_view, 7> kGpt2Contractions = {"s", "t", "re", "ve", "m", "ll", "d"};

class Matcher {
public:
    explicit Matcher(std::string_view text) : text_(text) {
        decodeUtf8(text, 0, text.size(), cps_);
        classes_.reserve(cps_.size());
        for (const CodePoint& cp : cps_) classes_.push_back(classOf(cp.c));
    }

    [[nodiscard]] std::size_t size() const { return cps_.size(); }
    [[nodiscard]] const CodePoint& at(std::size_t i) const { return cps_[i]; }

    /// The end (in code points) of the pattern's match that starts at code point i.
    [[nodiscard]] std::size_t matchAt(std::size_t i) const {
        if (cps_[i].c == '\'') {
            for (const std::string_view suffix : kGpt2Contractions) {
                if (text_.substr(cps_[i].end, suffix.size()) == suffix) return i + 1 + suffix.size();
            }
        }
        // ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+': an optional U+0020, then a run of one class.
        for (const CharClass run : {CharClass::Letter, CharClass::Number, CharClass::Other}) {
            const std::size_t start = cps_[i].c == ' ' && i + 1 < size() && classes_[i + 1] == run ? i + 1 : i;
            if (classes_[start] == run) return runEnd(start, run);
        }
        // Here code point i is white space. '\s+(?!\S)' takes the run when it ends the text, else the
        // run less its last character, which is then followed by white space; '\s+' takes one
        // character alone before a non-space.
        const std::size_t end = runEnd(i, CharClass::Space);
        if (end == size() || end - 1 == i) return end;
        return end - 1;
    }

private:
    [[nodiscard]] std::size_t runEnd(std::size_t start, CharClass run) const {
        std::size_t end = start;
        while (end < size() && classes_[end] == run) ++end;
        return end;
    }

    std::string_view text_;
    std::vector<CodePoint> cps_;
    std::vector<CharClass> classes_;
};

}  // namespace

std::vector<ByteSpan> gpt2Pieces(std::string_view utf8) {
    const Matcher matcher(utf8);
    std::vector<ByteSpan> pieces;
    for (std::size_t i = 0; i < matcher.size();) {
        const std::size_t end = matcher.matchAt(i);
        pieces.push_back({matcher.at(i).begin, matcher.at(end - 1).end});
        i = end;
    }
    return pieces;
}

}  // namespace attnviz
