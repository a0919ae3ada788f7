#include "core/base/Errors.h"

namespace attnviz {
namespace {

#define ATTNVIZ_ERROR_CODE_TEXT(code, text) text,
constexpr const char* kTemplates[] = {ATTNVIZ_ERROR_CODES(ATTNVIZ_ERROR_CODE_TEXT)};
#undef ATTNVIZ_ERROR_CODE_TEXT
#define ATTNVIZ_ERROR_CODE_NAME(code, text) #code,
constexpr const char* kNames[] = {ATTNVIZ_ERROR_CODES(ATTNVIZ_ERROR_CODE_NAME)};
#undef ATTNVIZ_ERROR_CODE_NAME

/// text with its control characters written as escapes (\n, \t, \r, \u001b …): a field name or
/// a value from a file can hold a newline, a message cannot.
std::string oneLine(std::string text) {
    static constexpr char kLowerHex[] = "0123456789abcdef";
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7F) {
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else {
            out += "\\u00";
            out += kLowerHex[byte >> 4];
            out += kLowerHex[byte & 0x0F];
        }
    }
    return out;
}

ErrorMessage oneLine(ErrorMessage message) {
    for (std::string& arg : message.args) arg = oneLine(std::move(arg));
    message.context = oneLine(std::move(message.context));
    return message;
}

}  // namespace

const char* englishTemplate(ErrorCode code) { return kTemplates[static_cast<int>(code)]; }

const char* errorCodeName(ErrorCode code) { return kNames[static_cast<int>(code)]; }

std::string fillTemplate(std::string_view text, const std::vector<std::string>& args) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        const auto index = static_cast<std::size_t>(next - '1');
        if (text[i] == '%' && next >= '1' && next <= '9' && index < args.size()) {
            out += args[index];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string englishText(const ErrorMessage& message) {
    std::string text = message.context.empty() ? std::string() : message.context + ": ";
    text += fillTemplate(englishTemplate(message.code), message.args);
    if (message.detail) {
        text += ' ';
        text += englishTemplate(*message.detail);
    }
    return text;
}

ErrorMessage within(std::string_view outer, ErrorMessage message) {
    message.context = message.context.empty() ? std::string(outer) : std::string(outer) + ": " + message.context;
    return message;
}

Error::Error(ErrorMessage message) : Error(oneLine(std::move(message)), OneLine{}) {}

Error::Error(ErrorCode code, std::vector<std::string> args, std::string context)
    : Error(ErrorMessage{code, std::move(args), std::move(context), std::nullopt}) {}

Error::Error(std::string_view text) : Error(ErrorMessage{ErrorCode::Uncoded, {std::string(text)}, {}, std::nullopt}) {}

Error::Error(ErrorMessage&& message, OneLine) : std::runtime_error(englishText(message)), message_(std::move(message)) {}

}  // namespace attnviz
