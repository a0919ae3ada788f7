#include "core/base/NumberText.h"

#include <array>
#include <charconv>
#include <system_error>

namespace attnviz {

std::string shortestText(double value) {
    // 32 characters hold any double's shortest form (at most 24), so to_chars cannot fail here.
    std::array<char, 32> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return error == std::errc{} ? std::string(buffer.data(), end) : std::string();
}

std::string hexByte(unsigned char byte) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    return {kDigits[byte >> 4], kDigits[byte & 0x0F]};
}

std::string errnoText(int err) { return std::generic_category().message(err); }

}  // namespace attnviz
