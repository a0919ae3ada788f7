#pragma once
// The head view as a figure that stands on its own (PNG, SVG, PDF; ui/export writes the files):
// a title, a legend of the heads shown in their colours (with their roles, when the model names
// them) and the two columns of tokens with their lines (HeadLinesPainter).
#include <QCoreApplication>
#include <QPainter>
#include <QSizeF>
#include <QString>

#include <optional>
#include <vector>

#include "ui/figures/Figure.h"
#include "ui/heads/HeadLinesPainter.h"

namespace attnviz {
class AttentionStack;
}

namespace attnviz::ui {

/// What a head view figure shows.
struct HeadViewOptions {
    QString title;                   ///< empty: HeadViewFigure::defaultTitle
    std::vector<bool> visibleHeads;  ///< visibleHeads[h]: head h draws its lines; empty: every head
    std::optional<TokenRef> focus;   ///< only this token's lines (the window's hovered or pinned token)
    bool darkTheme = false;          ///< a dark background (the window's dark theme); figures are light by default
};

/// Laid out once in the constructor (fonts need a QGuiApplication); paint() then draws on any
/// QPainter (QImage, QSvgGenerator, QPdfWriter) in figure units, top-left corner at (0, 0).
class HeadViewFigure final : public Figure {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::HeadViewFigure)

public:
    /// Reads layer (0-based) of stack. Throws ConfigError for a layer the stack lacks.
    HeadViewFigure(const AttentionStack& stack, int layer, HeadViewOptions options);

    [[nodiscard]] QSizeF size() const override { return size_; }
    [[nodiscard]] QString title() const override { return title_; }
    /// The legend as text ("head 1 · head 3 (previous token)"), for the files' descriptions.
    [[nodiscard]] QString description() const override;
    [[nodiscard]] QColor background() const override { return lines_.style().background; }
    [[nodiscard]] const HeadLinesPainter& lines() const { return lines_; }

    /// Fills the background and draws the figure.
    void paint(QPainter& painter) const override;

    /// "Head view — 4 heads" for a one-layer stack, "Head view — layer 3 of 12 · 12 heads"
    /// otherwise (layer 0-based; a person reads it from 1).
    [[nodiscard]] static QString defaultTitle(int layer, int layers, int heads);

private:
    struct LegendEntry {
        QRectF swatch, text;
        QString label;
        int head = 0;
    };

    HeadLinesPainter lines_;
    QFont titleFont_, legendFont_;
    QString title_;
    QRectF titleRect_, linesRect_, noteRect_;
    QString note_;  ///< how many lines are left out, when some are
    std::vector<LegendEntry> legend_;
    QSizeF size_;
};

/// The figure of layer (0-based) of stack, drawn with its top-left corner at (0, 0) (what
/// writeExport's head view and `attnviz export --view head` draw).
void paintHeadViewFigure(QPainter& painter, const AttentionStack& stack, int layer, const HeadViewOptions& options);

}  // namespace attnviz::ui
