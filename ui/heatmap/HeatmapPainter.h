#pragma once
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>
#include <vector>

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/MatrixSource.h"

namespace attnviz::ui {

/// How masked cells are hatched: a grey unlike the first or middle colour of any map, crossed by
/// diagonals.
struct MaskedLook {
    QColor fill{200, 200, 200};  ///< a light grey (figures, the light theme)
    QColor line{105, 105, 105};  ///< darker diagonals
    /// For a dark background (the window's dark theme): a dark grey crossed by light diagonals,
    /// so that half of a causal heatmap is not a light grey block.
    [[nodiscard]] static MaskedLook forDarkBackground() { return {{85, 85, 85}, {180, 180, 180}}; }
};

/// How cells look. Defaults follow the chapter's seaborn figure (Blues, values with 2 decimals).
struct HeatmapStyle {
    ColorMap colorMap;         ///< usually ColorMap(ColorMap::defaultName(source.kind()))
    double scaleMin = 0;       ///< value at the low end of the map (source.scaleMin())
    double scaleMax = 1;       ///< value at the high end (source.scaleMax())
    int decimals = 2;          ///< digits after the point in cells
    bool showValues = true;    ///< values are drawn only where they fit (valuesFit)
    QFont valueFont;           ///< font of the values in cells
    /// Values that do not fit a cell in valueFont may be drawn down to this fraction of its size
    /// (1 = never smaller, as presentation mode promises a digit height to the back of the room).
    double smallestValueScale = 1;
    double cellGap = 1;        ///< background between cells, in px; dropped for cells under 12 px
    QColor background = Qt::white;  ///< behind cells (seen in gaps), under labels of a figure
    QColor textColor = Qt::black;   ///< labels, titles, colour-bar ticks of a figure
    /// Rows drawn without their values and colours (a predict round's rows until revealed):
    /// hiddenFill, masked cells still hatched. Rows past the end are shown.
    std::vector<bool> hiddenRows;
    QColor hiddenFill = QColor(225, 225, 225);
    [[nodiscard]] bool isHiddenRow(int row) const {
        return row >= 0 && static_cast<std::size_t>(row) < hiddenRows.size() && hiddenRows[static_cast<std::size_t>(row)];
    }
    QLocale locale = QLocale::c();  ///< how numbers are written (formatValue): a point, or a comma in French
    MaskedLook masked;              ///< masked cells and the legend's swatch
};

/// What the colour bar spans and how its labels are written.
struct ColorBarScale {
    double min = 0;                 ///< the value at the bottom
    double max = 1;                 ///< the value at the top
    QLocale locale = QLocale::c();  ///< the labels' decimal separator
    /// Each row coloured against its own largest weight: the bar reads from 0 to "row's largest".
    bool perRow = false;
};

/// One label of the colour bar.
struct ColorBarTick {
    double position = 0;  ///< 0 at the bottom of the bar, 1 at the top
    QString text;
};

/// The two axis titles of a heatmap.
struct AxisTitles {
    QString rows;     ///< drawn vertically on the left, e.g. "Queries"
    QString columns;  ///< drawn on top, e.g. "Keys"
};

/// Where each part of a heatmap figure goes (in painter/viewport coordinates).
struct HeatmapLayout {
    QRectF grid;            ///< the cells (whole grid for a figure, the visible part for a view)
    QRectF rowTitle;        ///< rows' axis title, drawn turned 90° counter-clockwise
    QRectF columnTitle;     ///< columns' axis title
    QRectF rowLabels;       ///< band left of the grid; labels right-aligned against the grid
    QRectF columnLabels;    ///< band above the grid; labels stand on its bottom edge (slanted ones
                            ///< reach columnLabelOverhang past its left end)
    QRectF colorBar;        ///< the colour gradient, maximum at the top
    QRectF colorBarLabels;  ///< tick labels right of the bar
    QRectF maskedLegend;    ///< hatched swatch + "masked", under the bar; empty when nothing is masked
    QSizeF size;            ///< everything, margins included
    double margin = 0;      ///< outer margin (left of the rows' title, right of the bar, below)
    double columnLabelAngle = 0;       ///< column labels level (0), slanted (−45) or upright (90): ColumnLabelPlan
    double columnLabelOverhang = 0;    ///< how far left of the grid slanted column labels reach
    bool columnLabelsCut = false;      ///< the band was too low for the longest labels: they end in "…"
    int rowLabelStep = 1;              ///< only every k-th row label is drawn (tiny cells)
    int columnLabelStep = 1;
};

/// One axis label as it is drawn: text (elided to its room) in box, a rectangle given in the
/// label's own frame, which is turned angle degrees counter-clockwise about anchor.
struct PlacedLabel {
    int index = 0;  ///< the row or column
    QString text;
    QPointF anchor;
    double angle = 0;
    QRectF box;         ///< the text's advance × the line height, relative to anchor
    bool bold = false;  ///< the selected row or column
    /// The box on the painter (viewport, figure) coordinates.
    [[nodiscard]] QPolygonF outline() const;
};

/// Draws a MatrixSource as a heatmap on any QPainter: QImage (the view's tiles, PNG exports),
/// QSvgGenerator and QPdfWriter (always as vector rectangles, lines and text, never a bitmap).
/// Masked cells are hatched grey, never the colour of a value. Reads the source only, so one
/// painter per thread may draw the same source concurrently.
class HeatmapPainter {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::HeatmapPainter)

public:
    /// Keeps a reference: the source must outlive the painter.
    HeatmapPainter(const MatrixSource& source, HeatmapStyle style);

    /// Style for source: its kind's default map ("Blues" or "RdBu_r"), its scale, 2 decimals.
    [[nodiscard]] static HeatmapStyle defaultStyle(const MatrixSource& source);
    /// "Queries"/"Keys" for n × n steps, "Tokens"/"Dimensions" for the others (translated).
    [[nodiscard]] static AxisTitles defaultAxisTitles(const MatrixSource& source);

    [[nodiscard]] const HeatmapStyle& style() const { return style_; }
    [[nodiscard]] const MatrixSource& source() const { return source_; }

    /// Whether style.showValues is on and every value text fits in cells of this size, in
    /// valueFont or a font down to smallestValueScale of it.
    [[nodiscard]] bool valuesFit(QSizeF cell) const { return valueFontFor(cell).has_value(); }
    /// The font values are drawn in for cells of this size: valueFont when they fit in it, else
    /// the largest smaller one (down to smallestValueScale) they fit in; nothing when none does.
    [[nodiscard]] std::optional<QFont> valueFontFor(QSizeF cell) const;
    /// The smallest cell every value text fits in, in the smallest font valueFontFor may choose
    /// (its width and its digits' height, with padding); empty when values are off.
    [[nodiscard]] QSizeF smallestCellForValues() const;
    /// Size a value text takes in font for the fit: its advance, and the height of the digits' ink
    /// with a quarter more around it (values are centred on their digits, so the line's leading
    /// needs no room, but rows of numbers must not run together).
    [[nodiscard]] static QSizeF valueTextSize(const QFont& font, const QString& text);
    /// Where a value of row falls on the style's map: on the style's scale, or on 0 … the row's
    /// largest weight when the source colours each row on its own (MatrixSource::coloursPerRow).
    [[nodiscard]] double positionOf(double value, int row) const;
    /// Fill colour of a value of row.
    [[nodiscard]] QColor colorOf(double value, int row) const { return style_.colorMap.colorAt(positionOf(value, row)); }

    /// Draws the cells of range, cell (0, 0)'s top-left corner being at gridOrigin (painter
    /// coordinates; it may be far outside the device when drawing a tile). Fetches values by
    /// blocks of at most 64k cells. Returns how many cells got their value written.
    int paintCells(QPainter& painter, const CellRange& range, QPointF gridOrigin, QSizeF cell) const;
    /// The same pixels as paintCells on an image of device pixel ratio 1, written directly
    /// instead of through a painter, when nothing needs one: no masked cell, no value in cells,
    /// an opaque background under gaps, a 32-bit RGB format. gridOrigin is in pixels. Returns
    /// false, drawing nothing, when it does not apply.
    bool paintCellsToImage(QImage& image, const CellRange& range, QPoint gridOrigin, QSize cell) const;

    /// The font labels in labelFont are measured in for a layout: its bold (the selected row's
    /// and column's labels are bold), so that a worker can measure them ahead.
    [[nodiscard]] static QFont measuredLabelFont(const QFont& labelFont);
    /// Layout of a figure whose visible grid is gridSize, with labels in labelFont; the column
    /// labels' band at most columnBand px high (longer labels are cut with "…").
    [[nodiscard]] HeatmapLayout layout(QSizeF gridSize, QSizeF cell, const QFont& labelFont,
                                       double columnBand = kUnlimited) const;
    /// Layout of the whole matrix at this cell size (an export), at (0, 0).
    [[nodiscard]] HeatmapLayout figureLayout(QSizeF cell, const QFont& labelFont, double columnBand = kUnlimited) const;
    /// No limit on the column labels' band but the longest label's (a few lines).
    static constexpr double kUnlimited = 1e9;
    /// Draws the whole figure (titles, labels, cells, colour bar, masked legend) at (0, 0), sized
    /// figureLayout(cell, labelFont).size; background filled. For exports (PNG, SVG, PDF).
    void paintFigure(QPainter& painter, QSizeF cell, const QFont& labelFont, const AxisTitles& titles,
                     std::optional<CellIndex> selected = std::nullopt) const;

    /// Axis titles in their layout rectangles (rows' title turned 90° counter-clockwise).
    static void paintAxisTitles(QPainter& painter, const HeatmapLayout& layout, const AxisTitles& titles);
    /// Where row labels labels[begin … end) go (labelledIndices: every step-th, and highlighted,
    /// if any, always, in bold), in font: right-aligned in band, row r centred on
    /// gridTop + (r + ½)·cellHeight.
    [[nodiscard]] static std::vector<PlacedLabel> placeRowLabels(const QFont& font, const QStringList& labels,
                                                                 int begin, int end, int step, const QRectF& band,
                                                                 double gridTop, double cellHeight,
                                                                 int highlighted = -1);
    /// Where column labels go: standing on band's bottom edge, column c centred on
    /// gridLeft + (c + ½)·cellWidth; level, slanted (angle −45, ending on the column) or upright
    /// (angle 90, starting on it).
    [[nodiscard]] static std::vector<PlacedLabel> placeColumnLabels(const QFont& font, const QStringList& labels,
                                                                    int begin, int end, int step, double angle,
                                                                    const QRectF& band, double gridLeft,
                                                                    double cellWidth, int highlighted = -1);
    /// Draws placed labels in the painter's font (bold ones in its bold) and pen.
    static void paintLabels(QPainter& painter, const std::vector<PlacedLabel>& labels);
    /// placeRowLabels in the painter's font, then paintLabels.
    static void paintRowLabels(QPainter& painter, const QStringList& labels, int begin, int end, int step,
                               const QRectF& band, double gridTop, double cellHeight, int highlighted = -1);
    /// placeColumnLabels in the painter's font, then paintLabels.
    static void paintColumnLabels(QPainter& painter, const QStringList& labels, int begin, int end, int step,
                                  double angle, const QRectF& band, double gridLeft, double cellWidth,
                                  int highlighted = -1);
    /// The colour bar of this painter's style: its scale and locale.
    [[nodiscard]] ColorBarScale colorBarScale() const;
    /// Colour bar for scale on map (max at the top) with its labels drawn in labels (left-aligned),
    /// using the painter's font and pen colour.
    static void paintColorBar(QPainter& painter, const QRectF& bar, const QRectF& labels, const ColorMap& map,
                              const ColorBarScale& scale);
    /// The labels of a colour bar barHeight px tall whose labels are textHeight px tall: both ends
    /// always (the range the colours span), and the round values between them that do not touch
    /// an end's label. Numbers get the decimals that tell the round values apart, and at least
    /// two when an end is not a round value. Per row: "0" and "row's largest" (translated).
    [[nodiscard]] static std::vector<ColorBarTick> colorBarTicks(const ColorBarScale& scale, double barHeight,
                                                                 double textHeight);
    /// Width needed by the colour bar's labels in font.
    [[nodiscard]] static double colorBarLabelWidth(const QFont& font, const ColorBarScale& scale);
    /// Hatched swatch (a square of the rect's height) then "masked", in the painter's font.
    static void paintMaskedLegend(QPainter& painter, const QRectF& rect, const MaskedLook& look = {});

    /// One masked cell: look's fill with its diagonals; lines are phased on phaseOrigin so that
    /// neighbouring cells (and tiles) join up.
    static void paintMaskedCell(QPainter& painter, const QRectF& rect, QPointF phaseOrigin,
                                const MaskedLook& look = {});
    /// Background of masked cells in figures and the light theme (MaskedLook's default).
    [[nodiscard]] static QColor hatchBackground() { return MaskedLook{}.fill; }
    /// Diagonal lines of masked cells in figures and the light theme.
    [[nodiscard]] static QColor hatchLine() { return MaskedLook{}.line; }
    /// The selected cell (cellRect: its whole square, gap included) framed from the outside: a
    /// white ring against the cell, then a black one, so that the frame stands out on any colour
    /// and on either theme's background, and never covers the number in the cell. The rings are
    /// 2 px each (1 px for cells under 12 px), and reach that far outside cellRect.
    void paintSelection(QPainter& painter, const QRectF& cellRect) const;
    /// How far paintSelection draws outside the cell.
    [[nodiscard]] static double selectionReach(double cellSize);
    /// A predict round's guess: an outline in guessColor() (thicker on larger cells) on the edge of
    /// cellRect, mostly outside the selection's frame (the two may mark the same cell).
    static void paintGuess(QPainter& painter, const QRectF& cellRect);
    /// Orange: unlike any colour of the maps, and seen on light and dark backgrounds.
    [[nodiscard]] static QColor guessColor() { return {230, 97, 0}; }

private:
    /// How far left of the grid the first columns' labels reach when slanted, in font.
    [[nodiscard]] double firstLabelsOverhang(const QFont& font, double line, double longest, double cellWidth,
                                             int step) const;
    /// Returns how many cells got their value written.
    int paintRows(QPainter& painter, int rowBegin, int rowEnd, int colBegin, int colEnd, QPointF gridOrigin,
                  QSizeF cell, bool withValues) const;

    const MatrixSource& source_;
    HeatmapStyle style_;
};

}  // namespace attnviz::ui
