#pragma once
#include <iostream>

#include "app/cli/CommandLine.h"

namespace attnviz::app {

/// Runs `attnviz export`: computes the trace and writes the requested file (ui::exportFile, or
/// the session). Needs no display: figures are drawn under a QGuiApplication on the "offscreen"
/// platform (set here); CSV, JSON and sessions need no Qt application at all. Returns the exit
/// status (0 success, 1 failure, 2 bad usage) after writing any problem to errors as one line,
/// "attnviz export: …" (standard error unless a test listens).
[[nodiscard]] int runExport(const ExportOptions& options, const char* programPath, std::ostream& errors = std::cerr);

}  // namespace attnviz::app
