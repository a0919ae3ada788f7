#include "core/base/SettingParsers.h"

#include <charconv>
#include <limits>

namespace attnviz {
namespace {

constexpr std::string_view kSpaces = " \t\r\n\f\v";

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(kSpaces);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kSpaces) - first + 1);
}

/// Digits only (no sign, no spaces inside), fitting T.
template <typename T>
std::optional<T> parseDigits(std::string_view text) {
    if (text.empty()) return std::nullopt;
    for (const char c : text)
        if (c < '0' || c > '9') return std::nullopt;
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

std::optional<std::uint64_t> parseSeed(std::string_view text) {
    return parseDigits<std::uint64_t>(trimmed(text));
}

std::optional<std::vector<int>> parseTokenPositions(std::string_view text) {
    std::vector<int> positions;
    constexpr std::string_view kSeparators = ",; \t\r\n\f\v";
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t begin = text.find_first_not_of(kSeparators, at);
        if (begin == std::string_view::npos) break;
        std::size_t end = text.find_first_of(kSeparators, begin);
        if (end == std::string_view::npos) end = text.size();
        const std::optional<int> position = parseDigits<int>(text.substr(begin, end - begin));
        if (!position) return std::nullopt;
        positions.push_back(*position);
        at = end;
    }
    return positions;
}

ParsedHead parseHead(std::string_view text, int heads) {
    const std::string_view word = trimmed(text);
    if (word == "mean") return {ParsedHead::Problem::None, kAllHeads};
    const std::optional<int> number = parseDigits<int>(word);
    if (!number) return {ParsedHead::Problem::NotAHead, 0};
    if (*number == 0) return {ParsedHead::Problem::Zero, 0};
    if (heads > 0 && *number > heads) return {ParsedHead::Problem::BeyondLast, 0};
    return {ParsedHead::Problem::None, *number - 1};
}

}  // namespace attnviz
