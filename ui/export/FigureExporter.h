#pragma once
#include <QByteArray>
#include <QImage>

#include <filesystem>

#include "ui/export/FigureRenderer.h"

namespace attnviz::ui {

enum class ImageFormat { Png, Svg, Pdf };

struct ImageExportOptions {
    ImageFormat format = ImageFormat::Png;
    /// PNG only: device pixels per figure unit (1 = 96 dpi, 3.125 = 300 dpi). The PNG records
    /// the matching resolution. Build the renderer with the same FigureOptions::pixelAlignment.
    double scale = 2;
};

/// Default PNG scale: 192 dpi, sharp on screens and on paper at a column's width.
inline constexpr double kDefaultPngScale = 2;
/// A PNG at the default scale is at most this many pixels on its longer side (a paper's full text
/// width, 6.8 in, at 300 dpi); a larger figure gets a lower default scale (never below 1).
inline constexpr double kDefaultPngLongestSide = 2048;
/// kDefaultPngScale, lowered for a large figure (size in figure units) as said above.
[[nodiscard]] double defaultPngScale(QSizeF figureSize);
/// The largest PNG this program writes, in pixels (width × height).
inline constexpr double kLargestPngPixels = 400e6;

/// The figure as an image at scale (white background, no alpha), dots per metre set.
/// Throws IoError when the image would be too large to allocate.
[[nodiscard]] QImage renderFigureImage(const FigureRenderer& figure, double scale);
/// PNG bytes of renderFigureImage.
[[nodiscard]] QByteArray renderPng(const FigureRenderer& figure, double scale);
/// SVG 1.2 Tiny (QSvgGenerator): rectangles, lines and text elements; sized in px, viewBox in
/// figure units.
[[nodiscard]] QByteArray renderSvg(const FigureRenderer& figure);
/// PDF (QPdfWriter): one page the size of the figure (in whole points, rounded up), vector, with
/// embedded font subsets so that the text can be searched and copied.
[[nodiscard]] QByteArray renderPdf(const FigureRenderer& figure);

/// Renders and writes the figure through writeFileAtomically: on failure IoError names the path
/// and the reason, an existing file is left byte-identical and no temporary is left.
void exportFigure(const FigureRenderer& figure, const std::filesystem::path& path, const ImageExportOptions& options);

/// The format a file name asks for ("png", "svg", "pdf", case-insensitive suffix); Png otherwise.
[[nodiscard]] ImageFormat imageFormatForSuffix(const QString& suffix);

}  // namespace attnviz::ui
