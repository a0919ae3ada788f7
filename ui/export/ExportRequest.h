#pragma once
// The one way to export: the export dialog and `attnviz export` both fill an ExportRequest and
// call exportFile.
#include <QLocale>
#include <QString>

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/heads/AttentionStack.h"
#include "ui/export/ExportFormat.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/MatrixSource.h"

namespace attnviz::ui {

/// Which picture a figure draws (`attnviz export --view`).
enum class ExportView {
    Heatmap,  ///< one matrix: queries against keys (or a step's matrix)
    Model,    ///< the grid of every layer × head (ui/heads)
    Head,     ///< the head view: tokens in two columns, a line per query–key weight (ui/heads)
};

/// What to export from a trace, how it looks, and where it goes.
struct ExportRequest {
    std::shared_ptr<const AttentionTrace> trace;
    ExportView view = ExportView::Heatmap;
    /// Every layer and head of the sentence: what the model and head views draw, and the only
    /// source of imported weights (which have no trace).
    std::shared_ptr<const AttentionStack> stack;
    int layer = 0;  ///< 0-based layer of stack the heatmap and head views show
    /// The head view's heads: visibleHeads[h] draws head h's lines; empty: every head.
    std::vector<bool> visibleHeads;
    Step step = Step::Weights;  ///< the figure's or the CSV's matrix (JSON holds every step)
    int head = 0;               ///< 0 … h−1 as the core counts them, or kAllHeads
    ExportFormat format = ExportFormat::Png;
    std::filesystem::path path;  ///< exportFile's target

    // How a figure looks (PNG, SVG, PDF); CSV and JSON ignore these.
    QString title;     ///< empty: FigureRenderer::defaultTitle
    QString colormap;  ///< a ColorMap name; empty: ColorMap::defaultName of the step's values
    WeightsRange weightsRange = WeightsRange::Fixed;
    bool showValues = true;   ///< numbers in the cells, where they fit
    bool showCaption = true;  ///< the settings line under the heatmap
    /// The language of the teaching model's dimension names ("fr", …; empty: as written). Titles
    /// and captions are in the interface's language (the installed translator).
    std::string language;
    /// How a figure writes its numbers: a point (the command line, whatever the system's locale),
    /// or the interface's language from the window (a decimal comma in French). CSV and JSON
    /// always write a point.
    QLocale numberLocale = QLocale::c();
    /// PNG device pixels per figure unit (dpi / 96); empty: defaultPngScale of the figure's size.
    std::optional<double> pngScale;
};

/// The request's matrix as a figure draws it: its step, head, language and weights' range; without
/// a trace, the weights of the stack's layer and head.
[[nodiscard]] MatrixSource exportSource(const ExportRequest& request);
/// The request's figure options, cells aligned to whole device pixels at pixelAlignment (the PNG
/// scale; 1 for SVG, PDF and previews).
[[nodiscard]] FigureOptions exportFigureOptions(const ExportRequest& request, double pixelAlignment);
/// request.pngScale, or defaultPngScale of the figure source gives.
[[nodiscard]] double exportPngScale(const ExportRequest& request, const MatrixSource& source);

/// Writes what the file holds to out: the figure (PNG, SVG, PDF; needs a QGuiApplication for its
/// fonts), the step's matrix (CSV, MatrixCsv) or the whole trace (JSON, TraceJson); without a
/// trace, the stack's layer and head (CSV, JSON: core/heads/HeadExport). Throws Error.
void writeExport(const ExportRequest& request, std::ostream& out);
/// writeExport into request.path through writeFileAtomically: on failure IoError names the path
/// and the reason, an existing file is left byte-identical and no temporary is left.
void exportFile(const ExportRequest& request);

}  // namespace attnviz::ui
