#include "ui/export/ExportFormat.h"

#include <array>

namespace attnviz::ui {
namespace {

constexpr std::array kFormats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv,
                                 ExportFormat::Json};

}  // namespace

std::optional<ExportFormat> exportFormatFromName(const QString& name) {
    for (const ExportFormat format : kFormats)
        if (name.compare(exportFormatSuffix(format), Qt::CaseInsensitive) == 0) return format;
    return std::nullopt;
}

QString exportFormatSuffix(ExportFormat format) {
    switch (format) {
        case ExportFormat::Png: return QStringLiteral("png");
        case ExportFormat::Svg: return QStringLiteral("svg");
        case ExportFormat::Pdf: return QStringLiteral("pdf");
        case ExportFormat::Csv: return QStringLiteral("csv");
        case ExportFormat::Json: return QStringLiteral("json");
    }
    return {};
}

bool isFigureFormat(ExportFormat format) {
    return format == ExportFormat::Png || format == ExportFormat::Svg || format == ExportFormat::Pdf;
}

}  // namespace attnviz::ui
