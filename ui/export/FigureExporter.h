#pragma once
// The one encoder: any Figure's bytes as PNG, SVG or PDF (exportFile in ExportRequest.h writes
// them), and the pages it is made of.
#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QPainter>
#include <QSizeF>
#include <QString>

#include <functional>
#include <ostream>

#include "ui/export/ExportFormat.h"
#include "ui/export/FigureRenderer.h"
#include "ui/figures/Figure.h"

namespace attnviz::ui {

/// Default PNG scale: 192 dpi, sharp on screens and on paper at a column's width.
inline constexpr double kDefaultPngScale = 2;
/// A PNG at the default scale is at most this many pixels on its longer side (a paper's full text
/// width, 6.8 in, at 300 dpi); a larger figure gets a lower default scale (never below 1).
inline constexpr double kDefaultPngLongestSide = 2048;
/// kDefaultPngScale, lowered for a large figure (size in figure units) as said above.
[[nodiscard]] double defaultPngScale(QSizeF figureSize);
/// The largest PNG this program writes, in pixels (width × height).
inline constexpr double kLargestPngPixels = 400e6;

/// The figure as an image at scale (device pixels per figure unit: 1 = 96 dpi, 3.125 = 300 dpi),
/// white background, no alpha, dots per metre set. Throws Error when the image would be too large
/// to allocate.
[[nodiscard]] QImage renderFigureImage(const FigureRenderer& figure, double scale);
/// What paint draws on a size (figure units) page as an image at scale, on background, as
/// renderFigureImage makes it (same size limits). Throws Error when the image would be too large.
[[nodiscard]] QImage paintImage(QSizeF size, double scale, const QColor& background,
                                const std::function<void(QPainter&)>& paint);

/// The figure's file: PNG at pngScale (paintImage on its background; its title and description
/// as text chunks, the matching resolution; a FigureRenderer is built with pixelAlignment =
/// pngScale), SVG (paintSvg) or PDF (paintPdf, with the figure's pdfPageMargin around it, filled
/// with its background). Throws Error for CSV or JSON, which are not figures, and for an image
/// too large to make.
[[nodiscard]] QByteArray encodeFigure(const Figure& figure, ExportFormat format, double pngScale = kDefaultPngScale);

/// What paint draws on a size (figure units) page, as SVG 1.2 Tiny (QSvgGenerator): rectangles,
/// lines and text elements; sized in px, viewBox in figure units.
[[nodiscard]] QByteArray paintSvg(QSizeF size, const QString& title, const QString& description,
                                  const std::function<void(QPainter&)>& paint);
/// The same as a PDF (QPdfWriter): one page of that size (in whole points, rounded up), vector,
/// with embedded font subsets so that the text can be searched and copied.
[[nodiscard]] QByteArray paintPdf(QSizeF size, const QString& title, const std::function<void(QPainter&)>& paint);

/// bytes written to out as they are (an export's figure to its stream).
void writeBytes(std::ostream& out, const QByteArray& bytes);

}  // namespace attnviz::ui
