#pragma once
#include <QColor>
#include <QPalette>
#include <QString>

#include <optional>

namespace attnviz::ui {

/// The window's colours. System follows the desktop's palette (Qt 6.4 cannot ask for the
/// desktop's colour scheme, so "dark" means a window colour of lightness below 128).
enum class Theme { System, Light, Dark };

/// "system", "light", "dark": the names kept in the settings.
[[nodiscard]] QString themeKey(Theme theme);
[[nodiscard]] std::optional<Theme> themeFromKey(const QString& key);

/// Light and dark palettes for the Fusion style. Every text role contrasts with its background
/// by at least 7:1 (WCAG AAA) and the highlight, which also draws the keyboard focus ring,
/// by at least 3:1 against the window (WCAG non-text contrast).
[[nodiscard]] QPalette lightPalette();
[[nodiscard]] QPalette darkPalette();
/// True when the palette's window colour is dark (lightness below 128).
[[nodiscard]] bool isDark(const QPalette& palette);

/// Uses the Fusion style with a visible focus ring (installed once) and the theme's palette,
/// for the whole application. Widgets receive QEvent::PaletteChange.
void applyTheme(Theme theme);
/// The theme last applied (System before any call).
[[nodiscard]] Theme currentTheme();

/// Red for warnings and masked cells in text, readable on the palette's base and window colours.
[[nodiscard]] QColor warningTextColor(const QPalette& palette);

}  // namespace attnviz::ui
