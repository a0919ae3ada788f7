#pragma once
// `--view model`: the grid of every layer × head as a figure (PNG, SVG, PDF: ModelGridFigure),
// or every head's five summaries as data (CSV, JSON: HeadSummaryTable).
#include <ostream>

#include "ui/export/ExportRequest.h"
#include "ui/heads/ModelGridFigure.h"

namespace attnviz::ui {

/// The figure options of a model-view request: its title, colour map and PNG scale.
[[nodiscard]] ModelFigureOptions modelFigureOptions(const ExportRequest& request, double pixelScale);
/// Writes the request's stack as the model view in its format. Throws Error without a stack.
void writeModelExport(const ExportRequest& request, std::ostream& out);

}  // namespace attnviz::ui
