#pragma once
// The one typeface of every exported figure (heatmap, model view, head view): DejaVu Sans, which
// Debian installs with Qt, so a figure looks the same on every machine whatever its fonts.
#include <QFont>

namespace attnviz::ui {

/// Text sizes shared by every figure, in figure units: the title, and the token labels.
inline constexpr int kFigureTitlePixels = 17;
inline constexpr int kFigureLabelPixels = 13;

/// DejaVu Sans at `pixels` figure units (1/96 in), bold when asked.
[[nodiscard]] inline QFont figureFont(int pixels, bool bold = false) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

}  // namespace attnviz::ui
