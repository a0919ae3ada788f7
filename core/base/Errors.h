#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/ErrorCodes.h"

namespace attnviz {

/// A refusal apart from its wording, so that the window can say it in the interface's language:
/// what went wrong (code), the values its sentence takes (args: %1, %2 … in order), where it
/// went wrong (context: a file, a field path; never translated) and, for a value of the wrong
/// kind, what was found instead (detail: GotString, GotNull, …).
struct ErrorMessage {
    ErrorCode code = ErrorCode::Uncoded;
    std::vector<std::string> args;
    std::string context;
    std::optional<ErrorCode> detail;
    friend bool operator==(const ErrorMessage&, const ErrorMessage&) = default;
};

/// The message in English, on one line: "<context>: <code's sentence> <detail's sentence>"
/// ("session.config.heads: expected an integer (got a string)").
[[nodiscard]] std::string englishText(const ErrorMessage& message);

/// message placed inside `outer` (a file, a field): its context becomes "outer: context".
[[nodiscard]] ErrorMessage within(std::string_view outer, ErrorMessage message);

/// Fills template's %1 … %9 with args in one pass (an argument that holds "%2" stays as it is);
/// a placeholder without an argument is left as written.
[[nodiscard]] std::string fillTemplate(std::string_view text, const std::vector<std::string>& args);

/// Base of every error the core reports to a user. what() is one line, in English, naming the
/// problem and where it is; message() is the same as a code and its arguments.
class Error : public std::runtime_error {
public:
    /// A refusal of the core. Control characters in args and context are escaped ("\n" becomes
    /// the two characters \ n), so that what() is always one line.
    explicit Error(ErrorMessage message);
    Error(ErrorCode code, std::vector<std::string> args = {}, std::string context = {});
    /// A message worded outside the core (the window, the command line): code Uncoded, shown
    /// as written.
    explicit Error(std::string_view text);

    [[nodiscard]] const ErrorMessage& message() const { return message_; }
    [[nodiscard]] ErrorCode code() const { return message_.code; }

private:
    struct OneLine {};
    Error(ErrorMessage&& oneLine, OneLine);
    ErrorMessage message_;
};

// The core's refusals carry a code: these three take no free text.

/// The sentence cannot be used: invalid UTF-8, empty, too many tokens.
class InputError : public Error {
public:
    using Error::Error;
    explicit InputError(std::string_view) = delete;
};

/// The settings cannot be used: heads not dividing d_model, T <= 0, window < 1, …
class ConfigError : public Error {
public:
    using Error::Error;
    explicit ConfigError(std::string_view) = delete;
};

/// A file (trace JSON, CSV, session, weights) is damaged or of an unknown version.
class FormatError : public Error {
public:
    using Error::Error;
    explicit FormatError(std::string_view) = delete;
};

/// Reading or writing a file failed at the operating-system level.
class IoError : public Error {
public:
    using Error::Error;
};

/// The computation was cancelled by the caller (a newer request replaced it).
class Cancelled : public Error {
public:
    Cancelled() : Error(ErrorCode::Cancelled) {}
};

}  // namespace attnviz
