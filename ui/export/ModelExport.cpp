#include "ui/export/ModelExport.h"

#include <QByteArray>

#include "core/base/Errors.h"
#include "core/heads/HeadSummaryTable.h"
#include "ui/export/FigureExporter.h"

namespace attnviz::ui {
ModelFigureOptions modelFigureOptions(const ExportRequest& request, double pixelScale) {
    ModelFigureOptions options;
    options.title = request.title;
    if (!request.colormap.isEmpty()) options.colormap = request.colormap;
    options.locale = request.numberLocale;
    options.pixelScale = pixelScale;
    return options;
}

void writeModelExport(const ExportRequest& request, std::ostream& out) {
    if (!request.stack) throw Error("there is nothing to export yet");
    const AttentionStack& stack = *request.stack;
    const std::vector<HeadSummary>& summaries = stack.summaries();
    switch (request.format) {
        case ExportFormat::Png: {
            // The default scale as for a heatmap: 2, lowered for a large figure.
            // The figure's size does not depend on the scale: measured once at 1 for the default scale.
            const double scale = request.pngScale.value_or(
                defaultPngScale(ModelGridFigure(stack, summaries, modelFigureOptions(request, 1)).size()));
            writeBytes(out, encodeFigure(ModelGridFigure(stack, summaries, modelFigureOptions(request, scale)),
                                         ExportFormat::Png, scale));
            break;
        }
        case ExportFormat::Svg:
        case ExportFormat::Pdf:
            writeBytes(out, encodeFigure(ModelGridFigure(stack, summaries, modelFigureOptions(request, 1)), request.format));
            break;
        case ExportFormat::Csv: writeHeadSummariesCsv(out, stack, summaries); break;
        case ExportFormat::Json: writeHeadSummariesJson(out, stack, summaries); break;
    }
}

}  // namespace attnviz::ui
