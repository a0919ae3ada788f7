#include "ui/style/Theme.h"

#include <QApplication>
#include <QStyle>

#include "ui/style/ClassroomStyle.h"
#include "ui/style/FocusRing.h"

namespace attnviz::ui {
namespace {

Theme& themeState() {
    static Theme theme = Theme::System;
    return theme;
}

/// Captured once, before the first palette change: what "System" goes back to.
QPalette& capturedSystemPalette() {
    static QPalette palette = QApplication::palette();
    return palette;
}

void setGroupColors(QPalette& palette, QPalette::ColorGroup group, const QColor& window, const QColor& windowText,
                    const QColor& base, const QColor& alternateBase, const QColor& text, const QColor& button,
                    const QColor& highlight, const QColor& highlightedText, const QColor& placeholder,
                    const QColor& link) {
    palette.setColor(group, QPalette::Window, window);
    palette.setColor(group, QPalette::WindowText, windowText);
    palette.setColor(group, QPalette::Base, base);
    palette.setColor(group, QPalette::AlternateBase, alternateBase);
    palette.setColor(group, QPalette::Text, text);
    palette.setColor(group, QPalette::Button, button);
    palette.setColor(group, QPalette::ButtonText, windowText);
    palette.setColor(group, QPalette::BrightText, QColor(0xff, 0x52, 0x52));
    palette.setColor(group, QPalette::Highlight, highlight);
    palette.setColor(group, QPalette::HighlightedText, highlightedText);
    palette.setColor(group, QPalette::PlaceholderText, placeholder);
    palette.setColor(group, QPalette::Link, link);
    palette.setColor(group, QPalette::LinkVisited, link);
    palette.setColor(group, QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
    palette.setColor(group, QPalette::ToolTipText, Qt::black);
}

void setBevels(QPalette& palette, const QColor& button) {
    palette.setColor(QPalette::Light, button.lighter(150));
    palette.setColor(QPalette::Midlight, button.lighter(125));
    palette.setColor(QPalette::Mid, button.darker(130));
    palette.setColor(QPalette::Dark, button.darker(160));
    palette.setColor(QPalette::Shadow, Qt::black);
}

}  // namespace

QString themeKey(Theme theme) {
    switch (theme) {
        case Theme::System: return QStringLiteral("system");
        case Theme::Light: return QStringLiteral("light");
        case Theme::Dark: return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

std::optional<Theme> themeFromKey(const QString& key) {
    for (Theme theme : {Theme::System, Theme::Light, Theme::Dark})
        if (themeKey(theme) == key) return theme;
    return std::nullopt;
}

QPalette lightPalette() {
    QPalette palette;
    const QColor window(0xef, 0xef, 0xef), ink(0x1a, 0x1a, 0x1a);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        setGroupColors(palette, group, window, ink, Qt::white, QColor(0xf3, 0xf3, 0xf3), Qt::black, window,
                       QColor(0x1d, 0x5f, 0xa0), Qt::white, QColor(0x55, 0x55, 0x55), QColor(0x0b, 0x57, 0xa4));
    const QColor disabled(0x7a, 0x7a, 0x7a);
    setGroupColors(palette, QPalette::Disabled, window, disabled, window, window, disabled, window,
                   QColor(0x91, 0x91, 0x91), Qt::white, disabled, disabled);
    setBevels(palette, window);
    return palette;
}

QPalette darkPalette() {
    QPalette palette;
    const QColor window(0x2d, 0x2d, 0x2d), ink(0xf0, 0xf0, 0xf0), base(0x1e, 0x1e, 0x1e);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        setGroupColors(palette, group, window, ink, base, QColor(0x2a, 0x2a, 0x2a), ink, QColor(0x3a, 0x3a, 0x3a),
                       QColor(0x5a, 0xa9, 0xff), Qt::black, QColor(0xa8, 0xa8, 0xa8), QColor(0x8c, 0xc4, 0xff));
    const QColor disabled(0x8c, 0x8c, 0x8c);
    setGroupColors(palette, QPalette::Disabled, window, disabled, window, window, disabled, QColor(0x35, 0x35, 0x35),
                   QColor(0x50, 0x50, 0x50), disabled, disabled, disabled);
    setBevels(palette, QColor(0x3a, 0x3a, 0x3a));
    return palette;
}

bool isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

void applyTheme(Theme theme) {
    (void)capturedSystemPalette();
    if (qobject_cast<ClassroomStyle*>(QApplication::style()) == nullptr) QApplication::setStyle(new ClassroomStyle);
    FocusRing::install();
    themeState() = theme;
    switch (theme) {
        case Theme::System: QApplication::setPalette(capturedSystemPalette()); break;
        case Theme::Light: QApplication::setPalette(lightPalette()); break;
        case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    }
}

Theme currentTheme() { return themeState(); }

QColor warningTextColor(const QPalette& palette) {
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb7, 0x1c, 0x1c);
}

}  // namespace attnviz::ui
