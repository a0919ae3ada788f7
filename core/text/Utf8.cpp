// UTF-8 validation and decoding, shared by the word tokenizer and GPT-2's byte-level BPE.
#include "core/text/Utf8.h"

#include "core/base/Errors.h"
#include "core/base/NumberText.h"

#include <string>

namespace attnviz {
namespace {

[[noreturn]] void throwInvalidUtf8(std::size_t offset, unsigned char byte, ErrorCode why) {
    throw InputError(why, {std::to_string(offset), hexByte(byte)});
}

}  // namespace

void validateUtf8(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char b = p[i];
        if (b < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char lo = 0x80;  // allowed range of the second byte
        unsigned char hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) {
            length = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            if (b == 0xE0) lo = 0xA0;  // below: overlong
            if (b == 0xED) hi = 0x9F;  // above: UTF-16 surrogates U+D800..U+DFFF
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            if (b == 0xF0) lo = 0x90;  // below: overlong
            if (b == 0xF4) hi = 0x8F;  // above: beyond U+10FFFF
        } else if (b >= 0x80 && b <= 0xBF) {
            throwInvalidUtf8(i, b, ErrorCode::Utf8LoneContinuation);
        } else if (b == 0xC0 || b == 0xC1) {
            throwInvalidUtf8(i, b, ErrorCode::Utf8Overlong);
        } else {
            throwInvalidUtf8(i, b, ErrorCode::Utf8BeyondUnicode);
        }
        if (i + 1 >= n) throwInvalidUtf8(i, b, ErrorCode::Utf8CutByTheEnd);
        const unsigned char second = p[i + 1];
        if (second < lo || second > hi) {
            if (second < 0x80 || second > 0xBF) {
                throwInvalidUtf8(i, b, ErrorCode::Utf8Truncated);
            } else if (b == 0xED) {
                throwInvalidUtf8(i, b, ErrorCode::Utf8Surrogate);
            } else if (b == 0xF4) {
                throwInvalidUtf8(i, b, ErrorCode::Utf8BeyondUnicode);
            } else {
                throwInvalidUtf8(i, b, ErrorCode::Utf8Overlong);
            }
        }
        for (std::size_t k = 2; k < length; ++k) {
            if (i + k >= n) throwInvalidUtf8(i, b, ErrorCode::Utf8CutByTheEnd);
            const unsigned char c = p[i + k];
            if (c < 0x80 || c > 0xBF) throwInvalidUtf8(i, b, ErrorCode::Utf8Truncated);
        }
        i += length;
    }
}

void decodeUtf8(std::string_view s, std::size_t begin, std::size_t end, std::vector<CodePoint>& out) {
    out.clear();
    std::size_t i = begin;
    while (i < end) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t length = 1;
        std::uint32_t c = b;
        if (b >= 0xF0) {
            length = 4;
            c = b & 0x07u;
        } else if (b >= 0xE0) {
            length = 3;
            c = b & 0x0Fu;
        } else if (b >= 0xC0) {
            length = 2;
            c = b & 0x1Fu;
        }
        for (std::size_t k = 1; k < length; ++k) {
            c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
        }
        out.push_back({static_cast<std::int32_t>(c), i, i + length});
        i += length;
    }
}

}  // namespace attnviz
