// The display rules of GPT-2 tokens: what a projector shows must never be blank or U+FFFD.
#include "core/text/TokenDisplay.h"

#include "core/base/NumberText.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <cstdio>

namespace attnviz {
namespace {

void appendUtf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

void appendByte(std::string& out, unsigned char byte) {
    out += '<';
    out += hexByte(byte);
    out += '>';
}

/// "<U+00A0>": at least four hex digits, as Unicode writes code points.
void appendCodePoint(std::string& out, std::uint32_t c) {
    char digits[9];
    std::snprintf(digits, sizeof digits, "%04X", static_cast<unsigned>(c));
    out += "<U+";
    out += digits;
    out += '>';
}

/// Characters a screen shows as nothing (or as a box): white space, controls, format characters.
bool isInvisible(UChar32 c) {
    const auto mask = static_cast<std::uint32_t>(U_GET_GC_MASK(c));
    return u_isUWhiteSpace(c) || (mask & static_cast<std::uint32_t>(U_GC_CC_MASK | U_GC_CF_MASK)) != 0;
}

void appendCharacter(std::string& out, UChar32 c, std::string_view bytes) {
    if (c == ' ') {
        out += "\u2423";  // ␣ OPEN BOX
    } else if (c == '\n') {
        out += "\u21B5";  // ↵
    } else if (c == '\t') {
        out += "\u2192";  // →
    } else if (c < 0x20) {
        appendUtf8(out, 0x2400 + static_cast<std::uint32_t>(c));  // the Control Pictures block
    } else if (c == 0x7F) {
        out += "\u2421";  // ␡
    } else if (isInvisible(c)) {
        appendCodePoint(out, static_cast<std::uint32_t>(c));
    } else {
        out += bytes;
    }
}

}  // namespace

std::string readableToken(std::string_view bytes) {
    std::string out;
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    const auto size = static_cast<std::int64_t>(bytes.size());
    std::int64_t i = 0;
    while (i < size) {
        const std::int64_t start = i;
        UChar32 c = 0;
        U8_NEXT(data, i, size, c);  // c < 0: the bytes [start, i) are not a whole character
        if (c < 0) {
            for (std::int64_t k = start; k < i; ++k) appendByte(out, data[k]);
        } else {
            appendCharacter(out, c, bytes.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
        }
    }
    return out;
}

}  // namespace attnviz
