#pragma once
#include "app/cli/CommandLine.h"

namespace attnviz::app {

/// Runs `attnviz export`: computes the trace and writes the requested file. Needs no display:
/// images are drawn under a QGuiApplication on the "offscreen" platform (set here); CSV, JSON
/// and sessions need no Qt application at all. Returns the exit status (0 success, 1 failure,
/// 2 bad usage) after printing any problem as one line on standard error.
[[nodiscard]] int runExport(const ExportOptions& options, const char* programPath);

}  // namespace attnviz::app
