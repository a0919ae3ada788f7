// Tokenizer: ICU word segmentation plus a few documented splitting rules.
// The full rule set is in README.md, section "Tokenizer rules"; the summary:
//   1. the input is validated as UTF-8 first (InputError naming the byte offset);
//   2. ICU's root word break iterator runs directly on the UTF-8 bytes (UText), so every
//      boundary it returns is a byte offset;
//   3. whitespace, control and format characters are dropped;
//   4. punctuation inside an ICU word is split off, except number separators between
//      digits (3.14, 1,000) and word-internal apostrophes / middle dots between letters;
//   5. French elisions (l' qu' …) are split after the apostrophe, English contractions
//      (n't 's 're 've 'll 'd 'm) are split before it (Penn Treebank style).
// No Qt here: ICU and the standard library only.
#include "core/text/Tokenizer.h"

#include "core/base/Errors.h"
#include "core/text/Utf8.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace attnviz {
namespace {

// ---------------------------------------------------------------------------------------
// Character classes.
// ---------------------------------------------------------------------------------------

constexpr UChar32 kApostrophe = 0x0027;         // '
constexpr UChar32 kRightSingleQuote = 0x2019;   // ’ (typographic apostrophe)

bool isApostrophe(UChar32 c) { return c == kApostrophe || c == kRightSingleQuote; }

std::uint32_t gcMask(UChar32 c) { return static_cast<std::uint32_t>(U_GET_GC_MASK(c)); }

/// Whitespace (White_Space, including no-break spaces) and C0/C1 controls.
bool isSpaceOrControl(UChar32 c) {
    return u_isUWhiteSpace(c) || (gcMask(c) & static_cast<std::uint32_t>(U_GC_CC_MASK)) != 0;
}

/// Whitespace, controls and format characters (ZWSP, ZWJ alone, BOM, bidi marks, …).
bool isIgnorable(UChar32 c) {
    return isSpaceOrControl(c) || (gcMask(c) & static_cast<std::uint32_t>(U_GC_CF_MASK)) != 0;
}

bool isPunctuation(UChar32 c) {
    return (gcMask(c) & static_cast<std::uint32_t>(U_GC_P_MASK)) != 0;
}

/// A letter or a combining mark (marks follow their letter: "é" may be e + U+0301).
bool isLetterOrMark(UChar32 c) {
    return (gcMask(c) & static_cast<std::uint32_t>(U_GC_L_MASK | U_GC_M_MASK)) != 0;
}

bool isDigit(UChar32 c) { return u_isdigit(c) != 0; }  // General_Category Nd

bool isAlphanumeric(UChar32 c) {
    return (gcMask(c) & static_cast<std::uint32_t>(U_GC_L_MASK | U_GC_N_MASK)) != 0;
}

/// Characters that stay attached to what precedes them (combining marks, ZWJ, …).
bool isGraphemeExtender(UChar32 c) {
    const auto gcb = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    return gcb == U_GCB_EXTEND || gcb == U_GCB_ZWJ || gcb == U_GCB_SPACING_MARK;
}

/// Separators kept inside a number when between two digits: 3.14, 1,000, 1'000, ٣٫١٤.
bool isNumberSeparator(UChar32 c) {
    return c == 0x002E || c == 0x002C || isApostrophe(c) || c == 0x066B || c == 0x066C;
}

/// Punctuation kept inside a word when between two letters: apostrophes (aujourd'hui,
/// O'Neill; elisions/contractions are split later), middle dot (Catalan col·lecció),
/// Greek ano teleia and hyphenation point used the same way, Hebrew gershayim and the
/// ASCII quote ICU keeps inside Hebrew acronyms (צה"ל).
bool isWordInternalPunctuation(UChar32 c) {
    return isApostrophe(c) || c == 0x00B7 || c == 0x0387 || c == 0x2027 || c == 0x05F4 ||
           c == 0x0022;
}

// ---------------------------------------------------------------------------------------
// Elisions and contractions.
// ---------------------------------------------------------------------------------------

/// French elided words, lower case, without the apostrophe.
constexpr std::array<std::u32string_view, 15> kElisions = {
    U"l", U"d", U"j", U"m", U"n", U"s", U"t", U"c", U"\u00E7", U"qu",
    U"jusqu", U"lorsqu", U"puisqu", U"quoiqu", U"presqu"};

/// Words that look like an elision but are not one: presqu'île(s) is one lexical word,
/// and "n't" typed alone is the English clitic.
constexpr std::array<std::u32string_view, 3> kElisionExceptions = {
    U"presqu'\u00EEle", U"presqu'\u00EEles", U"n't"};

/// English contraction suffixes split off before the apostrophe (n't is handled apart).
constexpr std::array<std::u32string_view, 6> kContractions = {U"s", U"re", U"ve",
                                                              U"ll", U"d", U"m"};

/// Case-insensitive (simple lower case) comparison of cps[from, to) with a lower-case
/// pattern in which '\'' matches both apostrophes.
bool equalsLower(const std::vector<CodePoint>& cps, std::size_t from, std::size_t to,
                 std::u32string_view pattern) {
    if (to - from != pattern.size()) return false;
    for (std::size_t k = 0; k < pattern.size(); ++k) {
        const UChar32 c = cps[from + k].c;
        const auto p = static_cast<UChar32>(pattern[k]);
        if (p == kApostrophe) {
            if (!isApostrophe(c)) return false;
        } else if (u_tolower(c) != p) {
            return false;
        }
    }
    return true;
}

template <std::size_t N>
bool inList(const std::vector<CodePoint>& cps, std::size_t from, std::size_t to,
            const std::array<std::u32string_view, N>& list) {
    for (const auto pattern : list) {
        if (equalsLower(cps, from, to, pattern)) return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------
// Token assembly.
// ---------------------------------------------------------------------------------------

enum class Kind { Word, LoneApostrophe, Other };

class Builder {
public:
    Builder(std::string_view text, std::size_t maxTokens) : text_(text), max_(maxTokens) {}

    /// Appends the token [begin, end); merges "1990" "'" "s" into "1990" "'s".
    void emit(std::size_t begin, std::size_t end, Kind kind, bool contractionSuffix) {
        const std::size_t n = tokens_.size();
        if (kind == Kind::Word && contractionSuffix && n >= 2 &&
            kinds_[n - 1] == Kind::LoneApostrophe && tokens_[n - 1].end == begin &&
            kinds_[n - 2] == Kind::Word && tokens_[n - 2].end == tokens_[n - 1].begin) {
            Token& apostrophe = tokens_[n - 1];
            apostrophe.end = end;
            apostrophe.text = std::string(text_.substr(apostrophe.begin, end - apostrophe.begin));
            kinds_[n - 1] = Kind::Other;
            return;
        }
        tokens_.push_back({std::string(text_.substr(begin, end - begin)), begin, end});
        kinds_.push_back(kind);
        // A lone apostrophe right after a word may still merge with the next token, so it
        // is not counted until then.
        const bool pending = kind == Kind::LoneApostrophe && n >= 1 &&
                             kinds_[n - 1] == Kind::Word && tokens_[n - 1].end == begin;
        if (tokens_.size() > max_ + (pending ? 1u : 0u)) throwTooMany();
    }

    std::vector<Token> finish() {
        if (tokens_.size() > max_) throwTooMany();
        if (tokens_.empty()) {
            throw InputError(ErrorCode::EmptySentence);
        }
        return std::move(tokens_);
    }

private:
    [[noreturn]] void throwTooMany() const {
        throw InputError(ErrorCode::MoreTokensThanLimit, {std::to_string(max_), std::to_string(max_)});
    }

    std::string_view text_;
    std::size_t max_;
    std::vector<Token> tokens_;
    std::vector<Kind> kinds_;
};

/// Splits one word piece cps[from, to) (no punctuation except kept apostrophes etc.).
void emitWord(const std::vector<CodePoint>& cps, std::size_t from, std::size_t to,
              Builder& out) {
    // French elisions, repeatedly from the front: qu'aujourd'hui -> qu' aujourd'hui.
    for (;;) {
        std::size_t a = from;
        while (a < to && !isApostrophe(cps[a].c)) ++a;
        if (a == from || a + 1 >= to) break;
        if (!inList(cps, from, a, kElisions)) break;
        if (inList(cps, from, to, kElisionExceptions)) break;
        out.emit(cps[from].begin, cps[a].end, Kind::Other, false);
        from = a + 1;
    }
    // English contractions, repeatedly from the back: shouldn't've -> should n't 've.
    std::array<std::size_t, 8> suffixStarts{};
    std::size_t suffixCount = 0;
    std::size_t stem = to;
    while (suffixCount < suffixStarts.size()) {
        // n't: "didn't" -> "did" "n't", "can't" -> "ca" "n't" (Penn Treebank).
        if (stem - from >= 4 && isApostrophe(cps[stem - 2].c) &&
            u_tolower(cps[stem - 3].c) == 'n' && u_tolower(cps[stem - 1].c) == 't') {
            stem -= 3;
            suffixStarts[suffixCount++] = stem;
            continue;
        }
        std::size_t a = stem;
        while (a > from && !isApostrophe(cps[a - 1].c)) --a;
        if (a <= from + 1) break;  // no apostrophe, or nothing before it
        --a;                       // a: the apostrophe
        if (!inList(cps, a + 1, stem, kContractions)) break;
        stem = a;
        suffixStarts[suffixCount++] = stem;
    }
    const bool isWord = isAlphanumeric(cps[from].c);
    const bool suffixLike = suffixCount == 0 && inList(cps, from, to, kContractions);
    out.emit(cps[from].begin, cps[stem - 1].end, isWord ? Kind::Word : Kind::Other, suffixLike);
    for (std::size_t k = 0; k < suffixCount; ++k) {
        // suffixStarts is ordered from the last suffix to the first one.
        const std::size_t start = suffixStarts[suffixCount - 1 - k];
        const std::size_t stop = k + 1 < suffixCount ? suffixStarts[suffixCount - 2 - k] : to;
        out.emit(cps[start].begin, cps[stop - 1].end, Kind::Other, false);
    }
}

/// Splits one ICU segment (already trimmed, not empty) into tokens.
void emitSegment(const std::vector<CodePoint>& cps, std::size_t from, std::size_t to,
                 Builder& out) {
    std::size_t pieceStart = from;
    std::size_t i = from;
    while (i < to) {
        const UChar32 c = cps[i].c;
        if (isSpaceOrControl(c)) {
            // Inside an ICU word only U+202F NARROW NO-BREAK SPACE (ExtendNumLet) can
            // occur; it separates tokens like any whitespace and is dropped.
            if (pieceStart < i) emitWord(cps, pieceStart, i, out);
            pieceStart = ++i;
            continue;
        }
        bool split = isPunctuation(c) &&
                     u_getIntPropertyValue(c, UCHAR_WORD_BREAK) != U_WB_ALETTER;  // ׳ geresh
        if (split && i > from && i + 1 < to) {
            const UChar32 before = cps[i - 1].c;
            const UChar32 after = cps[i + 1].c;
            if (isNumberSeparator(c) && isDigit(before) && isDigit(after)) split = false;
            if (isWordInternalPunctuation(c) && isLetterOrMark(before) && isLetterOrMark(after)) {
                split = false;
            }
        }
        if (!split) {
            ++i;
            continue;
        }
        if (pieceStart < i) emitWord(cps, pieceStart, i, out);
        std::size_t j = i + 1;
        while (j < to && isGraphemeExtender(cps[j].c)) ++j;
        const bool lone = isApostrophe(c) && j == i + 1;
        out.emit(cps[i].begin, cps[j - 1].end, lone ? Kind::LoneApostrophe : Kind::Other, false);
        i = j;
        pieceStart = j;
    }
    if (pieceStart < to) emitWord(cps, pieceStart, to, out);
}

/// One word break iterator per thread (ICU iterators are not thread-safe; creating one
/// per call costs more than the tokenizing of a short sentence).
icu::BreakIterator& wordIterator() {
    thread_local std::unique_ptr<icu::BreakIterator> iterator;
    if (!iterator) {
        UErrorCode status = U_ZERO_ERROR;
        iterator.reset(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
        if (U_FAILURE(status) || !iterator) {
            iterator.reset();
            throw Error(ErrorCode::IcuNoWordIterator, {u_errorName(status)});
        }
    }
    return *iterator;
}

/// Detaches the iterator from the caller's text and closes the UText, even on a throw.
class TextGuard {
public:
    TextGuard(icu::BreakIterator& iterator, UText* text) : iterator_(iterator), text_(text) {}
    ~TextGuard() {
        iterator_.setText(icu::UnicodeString());
        utext_close(text_);
    }
    TextGuard(const TextGuard&) = delete;
    TextGuard& operator=(const TextGuard&) = delete;

private:
    icu::BreakIterator& iterator_;
    UText* text_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view utf8, std::size_t maxTokens) {
    validateUtf8(utf8);
    Builder out(utf8, maxTokens);
    if (utf8.empty()) return out.finish();  // throws "empty"
    if (utf8.size() > limits::kMaxSentenceBytes) {
        throw InputError(ErrorCode::SentenceTooLong,
                         {std::to_string(utf8.size()), std::to_string(limits::kMaxSentenceBytes)});
    }

    icu::BreakIterator& iterator = wordIterator();
    UErrorCode status = U_ZERO_ERROR;
    UText text = UTEXT_INITIALIZER;
    utext_openUTF8(&text, utf8.data(), static_cast<std::int64_t>(utf8.size()), &status);
    if (U_FAILURE(status)) {
        throw Error(ErrorCode::IcuCannotOpen, {u_errorName(status)});
    }
    iterator.setText(&text, status);
    TextGuard guard(iterator, &text);
    if (U_FAILURE(status)) {
        throw Error(ErrorCode::IcuCannotSegment, {u_errorName(status)});
    }

    std::vector<CodePoint> cps;
    std::int32_t start = iterator.first();
    for (std::int32_t stop = iterator.next(); stop != icu::BreakIterator::DONE;
         start = stop, stop = iterator.next()) {
        decodeUtf8(utf8, static_cast<std::size_t>(start), static_cast<std::size_t>(stop), cps);
        std::size_t from = 0;
        std::size_t to = cps.size();
        while (from < to && isSpaceOrControl(cps[from].c)) ++from;
        while (to > from && isSpaceOrControl(cps[to - 1].c)) --to;
        bool ignorable = true;
        for (std::size_t k = from; k < to && ignorable; ++k) ignorable = isIgnorable(cps[k].c);
        if (ignorable) continue;
        emitSegment(cps, from, to, out);
    }
    return out.finish();
}

}  // namespace attnviz
