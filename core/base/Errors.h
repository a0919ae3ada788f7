#pragma once
#include <stdexcept>
#include <string>

namespace attnviz {

/// Base of every error the core reports to a user. what() is one line, in English,
/// naming the problem (and where it is: byte offset, matrix name, option, …).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The sentence cannot be used: invalid UTF-8, empty, too many tokens.
class InputError : public Error {
public:
    using Error::Error;
};

/// The settings cannot be used: heads not dividing d_model, T <= 0, window < 1, …
class ConfigError : public Error {
public:
    using Error::Error;
};

/// A file (trace JSON, CSV, session, weights) is damaged or of an unknown version.
class FormatError : public Error {
public:
    using Error::Error;
};

/// Reading or writing a file failed at the operating-system level.
class IoError : public Error {
public:
    using Error::Error;
};

/// The computation was cancelled by the caller (a newer request replaced it).
class Cancelled : public Error {
public:
    Cancelled() : Error("computation cancelled") {}
};

}  // namespace attnviz
