#pragma once
// Small texts of numbers that several writers need.
#include <string>

namespace attnviz {

/// The shortest decimal text that reads back to the same double (std::to_chars): "0.1", "1e-07".
[[nodiscard]] std::string shortestText(double value);

/// A byte as two upper-case hex digits ("0A").
[[nodiscard]] std::string hexByte(unsigned char byte);

/// What the system says of an errno value ("No such file or directory").
[[nodiscard]] std::string errnoText(int err);

/// value rounded up to a multiple of `multiple` (both positive).
[[nodiscard]] constexpr int roundUp(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace attnviz
