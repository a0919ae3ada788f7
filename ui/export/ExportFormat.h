#pragma once
#include <QString>

#include <optional>

namespace attnviz::ui {

/// What an export writes: a figure (PNG, SVG, PDF), one step's matrix (CSV) or the whole trace
/// (JSON). The export dialog and `attnviz export` offer exactly these.
enum class ExportFormat { Png, Svg, Pdf, Csv, Json };

/// The format a name or a file's suffix says: "png", "svg", "pdf", "csv" or "json",
/// case-insensitive; nullopt for anything else.
[[nodiscard]] std::optional<ExportFormat> exportFormatFromName(const QString& name);
/// The format's file suffix, without the dot: "png", "svg", "pdf", "csv", "json".
[[nodiscard]] QString exportFormatSuffix(ExportFormat format);
/// PNG, SVG and PDF: a drawn figure (the others are numbers).
[[nodiscard]] bool isFigureFormat(ExportFormat format);

}  // namespace attnviz::ui
