#include "ui/export/ExportRequest.h"

#include <QByteArray>

#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "core/heads/HeadExport.h"
#include "core/io/AtomicFile.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/ModelExport.h"
#include "ui/heads/HeadViewFigure.h"

namespace attnviz::ui {
namespace {

void requireTrace(const ExportRequest& request) {
    if (!request.trace && !request.stack) throw Error("there is nothing to export yet");
}

/// The head view's figure (PNG, SVG, PDF) of the request's stack, or of a stack of its trace.
void writeHeadView(const ExportRequest& request, std::ostream& out) {
    std::shared_ptr<const AttentionStack> stack = request.stack;
    int layer = request.layer;
    if (!stack && request.trace) {  // the trace's heads: its one layer (a model's trace is one of its layers)
        stack = std::make_shared<const AttentionStack>(AttentionStack::fromTrace(request.trace));
        layer = 0;
    }
    if (!stack) throw Error("there is nothing to export yet");
    HeadViewOptions options;
    options.title = request.title;
    options.visibleHeads = request.visibleHeads;
    const HeadViewFigure figure(*stack, layer, options);
    switch (request.format) {
        case ExportFormat::Png:
            writeBytes(out, encodeFigure(figure, ExportFormat::Png, request.pngScale.value_or(defaultPngScale(figure.size()))));
            break;
        case ExportFormat::Svg:
        case ExportFormat::Pdf: writeBytes(out, encodeFigure(figure, request.format)); break;
        case ExportFormat::Csv:
        case ExportFormat::Json: break;  // not figures: writeExport writes them as for the heatmap
    }
}

/// An SVG's or PDF's figure: large matrices as one image (kLargestVectorCells).
FigureOptions vectorFigureOptions(const ExportRequest& request) {
    FigureOptions options = exportFigureOptions(request, 1);
    options.cellsAsImageAbove = kLargestVectorCells;
    return options;
}

/// Weights without a trace (imported): the stack's layer and head are what is exported.
bool fromStack(const ExportRequest& request) { return !request.trace && request.stack; }

}  // namespace

MatrixSource exportSource(const ExportRequest& request) {
    requireTrace(request);
    const SourceOptions options{request.language, request.weightsRange};
    if (fromStack(request)) return {request.stack, request.layer, request.head, options};
    return {request.trace, request.step, request.head, options};
}

FigureOptions exportFigureOptions(const ExportRequest& request, double pixelAlignment) {
    FigureOptions options;
    options.title = request.title;
    options.colormap = request.colormap;
    options.showValues = request.showValues;
    options.showCaption = request.showCaption;
    options.locale = request.numberLocale;
    options.pixelAlignment = pixelAlignment;
    return options;
}

double exportPngScale(const ExportRequest& request, const MatrixSource& source) {
    if (request.pngScale) return *request.pngScale;
    // The size at the default scale decides whether a large figure gets a lower one.
    return defaultPngScale(FigureRenderer(source, exportFigureOptions(request, kDefaultPngScale)).size());
}

void writeExport(const ExportRequest& request, std::ostream& out) {
    switch (request.view) {
        case ExportView::Model: writeModelExport(request, out); return;
        case ExportView::Head:  // a figure of the head view; its CSV and JSON are the heatmap's data
            if (isFigureFormat(request.format)) {
                writeHeadView(request, out);
                return;
            }
            break;
        case ExportView::Heatmap: break;
    }
    requireTrace(request);
    switch (request.format) {
        case ExportFormat::Png: {
            const MatrixSource source = exportSource(request);
            const double scale = exportPngScale(request, source);
            writeBytes(out, encodeFigure(FigureRenderer(source, exportFigureOptions(request, scale)), ExportFormat::Png, scale));
            break;
        }
        case ExportFormat::Svg:
        case ExportFormat::Pdf: {
            const MatrixSource source = exportSource(request);
            writeBytes(out, encodeFigure(FigureRenderer(source, vectorFigureOptions(request)), request.format));
            break;
        }
        case ExportFormat::Csv:
            if (fromStack(request)) {
                writeHeadCsv(out, *request.stack, request.layer, request.head);
            } else {
                writeStepCsv(out, *request.trace, request.step, request.head);
            }
            break;
        case ExportFormat::Json:
            if (fromStack(request)) {
                writeHeadJson(out, *request.stack, request.layer, request.head);
            } else {
                writeTraceJson(out, *request.trace);
            }
            break;
    }
}

void exportFile(const ExportRequest& request) {
    writeFileAtomically(request.path, [&](std::ostream& out) { writeExport(request, out); });
}

}  // namespace attnviz::ui
