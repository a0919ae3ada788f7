#pragma once
// The core (no Qt) words its refusals in English, and gives each a code and its arguments
// (core/base/ErrorCodes.h). The window says them in the interface's language from the code: one
// tr() template per code, the arguments put in their places. Adding a refusal to the core is one
// template here; no sentence is recognised by its wording.
#include <QString>

#include <exception>

#include "core/base/Errors.h"

namespace attnviz::ui {

/// The refusal in the current interface language: its place (a file, a field path) as written,
/// then its code's sentence with its arguments, then its detail ("(got a string)").
[[nodiscard]] QString translatedCoreMessage(const ErrorMessage& message);
[[nodiscard]] QString translatedCoreMessage(const Error& error);
/// Any failure as the window says it: a core refusal translated, anything else (a library's or
/// the system's message) as written.
[[nodiscard]] QString translatedFailure(const std::exception& failure);

/// A code's sentence in the current interface language, %1, %2 … standing for its arguments.
[[nodiscard]] QString coreMessageTemplate(ErrorCode code);

}  // namespace attnviz::ui
