#pragma once
#include <QColor>
#include <QRgb>
#include <QString>
#include <QStringList>

#include <optional>

#include "ui/heatmap/MatrixSource.h"

namespace attnviz::ui {

/// A named colour map with matplotlib's data and matplotlib's sampling: a 256-entry table,
/// t in [0, 1] picks entry min(⌊t·256⌋, 255) (so colours match seaborn/matplotlib figures).
///   "Blues"   sequential, ColorBrewer via matplotlib (the chapter's heatmap), light → dark
///   "viridis" sequential, perceptually uniform
///   "cividis" sequential, colour-vision-deficiency friendly
///   "RdBu_r"  diverging (matplotlib's RdBu reversed): negative blue, 0 near white (#f7f7f7),
///             positive red
/// Each map has a variant for a dark background (the window's dark theme), where 0, or the
/// centre of a diverging map, is dark and large values are light, so that a matrix of small
/// weights is not a white block in a dark window: Blues turned round, from its darkest blue to a
/// light blue (#9ecae1, not its near-white classes); viridis and cividis as they are (they
/// already start dark); RdBu_r with a dark grey centre between its own blues and reds, light
/// blue and light red (#92c5de, #f4a582) at the ends.
/// A value object: cheap to copy, immutable, usable from any thread.
class ColorMap {
public:
    enum class Kind { Sequential, Diverging };

    /// The map called name; "Blues" when the name is unknown (see byName to detect that).
    explicit ColorMap(const QString& name = QStringLiteral("Blues"));
    /// The map called name, or nothing when no map has that name (names are case-sensitive).
    [[nodiscard]] static std::optional<ColorMap> byName(const QString& name);

    /// Every map name: the sequential ones, then the diverging ones.
    [[nodiscard]] static QStringList names();
    /// "Blues", "viridis", "cividis": for weights in [0, 1].
    [[nodiscard]] static QStringList sequentialNames();
    /// "RdBu_r": for signed values, centred on 0.
    [[nodiscard]] static QStringList divergingNames();
    /// "Blues" for ValueKind::Weights, "RdBu_r" for ValueKind::Signed.
    [[nodiscard]] static QString defaultName(ValueKind kind);

    [[nodiscard]] QString name() const;
    [[nodiscard]] Kind kind() const;
    /// The same map for a dark background (see the class comment); itself if it is one already.
    [[nodiscard]] ColorMap forDarkBackground() const;
    [[nodiscard]] bool isForDarkBackground() const { return dark_; }

    /// Colour at t in [0, 1] (clamped; NaN counts as 0).
    [[nodiscard]] QColor colorAt(double t) const { return QColor::fromRgb(rgbAt(t)); }
    /// Same as colorAt, as an opaque QRgb (no allocation: for tight loops).
    [[nodiscard]] QRgb rgbAt(double t) const;
    /// Where value falls on the map for a scale [min, max]: sequential maps spread [min, max]
    /// over [0, 1]; diverging maps centre 0 at 0.5 and put ±max(|min|, |max|) at the ends.
    /// Clamped to [0, 1]; a degenerate range gives 0 (sequential) or 0.5 (diverging).
    [[nodiscard]] double position(double value, double min, double max) const;
    /// colorAt(position(value, min, max)).
    [[nodiscard]] QColor colorFor(double value, double min, double max) const {
        return colorAt(position(value, min, max));
    }
    /// Convenience: ColorMap(name).colorFor(value, min, max).
    [[nodiscard]] static QColor map(const QString& name, double value, double min, double max);

    /// WCAG 2 relative luminance of an sRGB colour, in [0, 1].
    [[nodiscard]] static double relativeLuminance(const QColor& color);
    /// WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05), in [1, 21], order-independent.
    [[nodiscard]] static double contrastRatio(const QColor& a, const QColor& b);
    /// Black or white, whichever has the higher WCAG contrast against background.
    [[nodiscard]] static QColor textColorFor(const QColor& background);

    friend bool operator==(const ColorMap& a, const ColorMap& b) = default;

private:
    explicit ColorMap(int index, bool dark = false) : index_(index), dark_(dark) {}
    int index_ = 0;
    bool dark_ = false;
};

}  // namespace attnviz::ui
