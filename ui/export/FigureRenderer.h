#pragma once
#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QPainter>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

#include "ui/figures/Figure.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/MatrixSource.h"

namespace attnviz::ui {

/// Figure units per inch: one unit is one CSS/screen pixel (PNG at scale 1 is 96 dpi).
inline constexpr double kFigureUnitsPerInch = 96.0;

/// What a standalone figure shows.
struct FigureOptions {
    QString title;            ///< empty: defaultFigureTitle(…)
    QString colormap;         ///< empty: ColorMap::defaultName(source.kind())
    bool showValues = true;   ///< numbers in the cells, drawn where they fit
    bool showCaption = true;  ///< the settings line under the heatmap
    /// How numbers are written in the cells, on the colour bar and in the caption (formatValue):
    /// a point by default (the command line), the interface's language from the window.
    QLocale locale = QLocale::c();
    /// Device pixels per figure unit the figure will be drawn at (PNG scale; 1 for SVG and PDF).
    /// Cell edges are put on whole device pixels at this scale, so adjacent cells never show a
    /// seam of background between them.
    double pixelAlignment = 1;
    /// Above this many cells (0: no limit) the cells are drawn as one image, one pixel or a few
    /// per cell, without values, and a caption line says so: an SVG or PDF drawing every cell
    /// grows with n² (about 1 GB of memory at 1,000 tokens). kLargestVectorCells for those.
    qint64 cellsAsImageAbove = 0;
};

/// SVG and PDF draw at most this many cells one by one (256 × 256); larger matrices are embedded
/// as an image. Values never fit in cells that small anyway (the figure's grid is ~640 units).
inline constexpr qint64 kLargestVectorCells = qint64{256} * 256;

/// A heatmap figure that stands on its own, for a paper or a slide: title, axis titles, token
/// labels on both axes, cells (via HeatmapPainter: masked cells hatched as in the window, values
/// where they fit), the colour bar with its scale, and a caption with every setting that made the
/// numbers. Layout is done once in the constructor (fonts need a QGuiApplication); paint() can
/// then draw on any QPainter (QImage, QSvgGenerator, QPdfWriter) in figure units.
class FigureRenderer final : public Figure {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::FigureRenderer)

public:
    /// Keeps a reference: the source must outlive the renderer.
    FigureRenderer(const MatrixSource& source, FigureOptions options);

    [[nodiscard]] const MatrixSource& source() const { return source_; }
    /// The whole figure, in figure units.
    [[nodiscard]] QSizeF size() const override { return size_; }
    /// The title as drawn (FigureOptions::title, or the default one).
    [[nodiscard]] QString title() const override { return title_; }
    /// The settings caption as drawn: its lines separated by "\n"; empty when turned off. Its last
    /// line is cellsAsImageNote when the cells are an image (also without the settings).
    [[nodiscard]] const QString& caption() const { return caption_; }
    [[nodiscard]] QString description() const override { return caption_; }
    [[nodiscard]] const HeatmapStyle& style() const { return heatmap_.style(); }
    [[nodiscard]] QColor background() const override { return heatmap_.style().background; }
    /// Side of a cell, in figure units.
    [[nodiscard]] double cellSize() const { return cellSize_; }
    /// The cells' area and one cell, in figure units.
    [[nodiscard]] QRectF gridRect() const;
    [[nodiscard]] QRectF cellRect(int row, int col) const;
    /// Whether values are drawn in the cells (asked for, and they fit).
    [[nodiscard]] bool valuesShown() const { return heatmap_.valuesFit(QSizeF(cellSize_, cellSize_)); }
    /// Whether the cells are one embedded image (FigureOptions::cellsAsImageAbove).
    [[nodiscard]] bool cellsAsImage() const { return cellsAsImage_; }
    /// The caption line that says the cells are an image: "4096 × 4096 cells drawn as one image…".
    [[nodiscard]] static QString cellsAsImageNote(int rows, int cols);
    /// The caption's lines as laid out, top to bottom, in figure units (empty without a caption).
    [[nodiscard]] std::vector<QRectF> captionLineRects() const;

    /// Draws the figure with its top-left corner at (0, 0), background filled.
    void paint(QPainter& painter) const override;

    /// "Attention weights — head 1" (head = 0: heads are counted from 1 in what a person reads),
    /// "Scores QKᵀ — mean of 2 heads", "Queries Q — all 2 heads", …
    [[nodiscard]] static QString defaultTitle(Step step, int head, int heads);
    /// One line with the settings: n, d_model, heads and the head shown (from 1), d_k, scaling,
    /// T (written for locale), the masks, positions, projections and the seed.
    [[nodiscard]] static QString settingsCaption(const AttentionTrace& trace, Step step, int head,
                                                 const QLocale& locale = QLocale::c());
    /// The title of a stack's head without a trace: "Attention weights — layer 2 · head 3",
    /// "… — layer 2 · mean of 12 heads" (counted from 1).
    [[nodiscard]] static QString stackTitle(const AttentionStack& stack, int layer, int head);
    /// The caption of weights without a trace: "imported weights · n = 5 · layers × heads: 2 × 3 · no mask".
    [[nodiscard]] static QString stackCaption(const AttentionStack& stack);
    /// What the weights' colours span, as the caption names it: "colours: 0 to 1", "colours:
    /// smallest to largest weight (0.03 to 0.31)" (the colour bar's end labels), "colours: each
    /// row against its largest weight". Empty for signed matrices (their bar is centred on 0).
    [[nodiscard]] static QString colourRangeCaption(const MatrixSource& source, const QLocale& locale = QLocale::c());

private:
    void paintHeatmap(QPainter& painter) const;
    void paintCellImage(QPainter& painter, QPointF gridOrigin) const;

    const MatrixSource& source_;
    FigureOptions options_;
    HeatmapPainter heatmap_;
    QFont labelFont_, titleFont_, captionFont_;
    QString title_, caption_;
    double cellSize_ = 1;
    bool cellsAsImage_ = false;
    HeatmapLayout layout_;
    QPointF heatmapOrigin_;  ///< where the HeatmapPainter figure's (0, 0) goes
    struct CaptionLine {
        QRectF rect;
        QString text;
    };
    QRectF titleRect_;
    std::vector<CaptionLine> captionLines_;
    QSizeF size_;
};

}  // namespace attnviz::ui
