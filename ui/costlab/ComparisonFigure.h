#pragma once
// The picture of "What each technique keeps", drawn the same in the view and in an export:
// exact attention's weights, the chosen technique's weights and their difference, side by side
// with their colour bars; in an export, the numbers of every technique and what each trades
// under them.
#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

#include "core/costlab/CostComparison.h"
#include "ui/heatmap/ColorMap.h"

namespace attnviz::ui {

/// The three maps, left to right.
enum class ComparisonMap { Exact, Technique, Difference };

/// How the figure looks: the window's font and colours, or an export's.
struct ComparisonLook {
    QFont font;
    QColor text = Qt::black;
    QColor background = Qt::white;
    bool dark = false;  ///< the colour maps' and the hatching's variants for a dark background
    QLocale locale = QLocale::c();
};

/// The colour scales, shared by every technique so that switching techniques compares like with
/// like: weights on [0, the 99th percentile of exact's visible weights], differences on ±(the
/// 99th percentile of every technique's |difference| on them), never narrower than
/// ±kSmallestDifferenceScale (Flash's rounding, ~1e-16, stays white instead of filling the map
/// with noise). Colours saturate beyond: on a long text the few large weights would otherwise
/// leave every other cell white (exact's ~1/n), and the weights a window or sparse row
/// renormalises over fewer keys come out darker than exact's, as they are.
struct ComparisonScales {
    double weightsMax = 1;
    double differenceMax = 1;
};
inline constexpr double kSmallestDifferenceScale = 1e-3;
inline constexpr double kScaleQuantile = 0.99;
[[nodiscard]] ComparisonScales comparisonScales(const CostComparison& comparison);

class ComparisonFigure {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::ComparisonFigure)

public:
    /// The technique's map draws the visible cells it does not keep in this flat sand colour, apart
    /// from its small weights (near the colour of 0), from any blue of the map (its hue is blue's
    /// opposite) and from masked cells (hatched grey): what it dropped.
    [[nodiscard]] static QColor droppedColour(bool dark) { return dark ? QColor(74, 62, 42) : QColor(236, 224, 192); }

    /// tokens label the rows and columns (when they fit); technique is one of kComparedTechniques.
    ComparisonFigure(std::shared_ptr<const CostComparison> comparison, QStringList tokens, CostKernel technique,
                     ComparisonLook look);

    /// Token labels are drawn for at most this many tokens, in cells at least ¾ of a line high.
    static constexpr int kMostLabels = 48;
    /// Up to this many tokens each cell is a vector rectangle (masked ones hatched); beyond, the
    /// map is an image of a pixel per cell, scaled without smoothing.
    static constexpr int kMostVectorCells = 64;

    /// The largest side of a map for which the maps fit in available (at least 1).
    [[nodiscard]] double mapSideFor(QSizeF available) const;
    /// The maps' size, titles, labels and colour bars included, for maps of side × side.
    [[nodiscard]] QSizeF mapsSize(double side) const;
    /// Where a map's cells are, the maps drawn at (0, 0) with maps of side × side.
    [[nodiscard]] QRectF gridRect(ComparisonMap map, double side) const;
    /// Draws the maps at (0, 0) with maps of side × side (background not filled).
    void paintMaps(QPainter& painter, double side) const;
    /// The map and cell (query, key) under point, for maps of side × side; nothing elsewhere.
    struct CellHit {
        ComparisonMap map;
        int query = 0, key = 0;
    };
    [[nodiscard]] std::optional<CellHit> cellAt(QPointF point, double side) const;

    /// The matrix a map shows.
    [[nodiscard]] const RowMatrix<double>& matrix(ComparisonMap map) const;
    /// A map's title ("Exact (the chapter's code)", "Sliding window + global", "Difference: … − exact").
    [[nodiscard]] QString title(ComparisonMap map) const;

    /// The export: a title line, the maps, then a table of every technique's numbers and a line
    /// per technique of what it trades; background filled.
    [[nodiscard]] QSizeF figureSize() const;
    void paintFigure(QPainter& painter) const;
    /// The export's title: "What each technique keeps: sliding window + global, n = 13".
    [[nodiscard]] QString figureTitle() const;

private:
    struct Bands {
        bool labels = false;
        double rowLabels = 0;     ///< width left of the first map
        double columnLabels = 0;  ///< height above the maps
        double title = 0;
        double bar = 0;           ///< colour bar plus its labels
        double legend = 0;        ///< under the maps: the dropped cells' swatch, the masked cells' one
    };
    [[nodiscard]] Bands bandsFor(double side) const;
    [[nodiscard]] QString subtitle(ComparisonMap map) const;
    void paintCells(QPainter& painter, ComparisonMap map, const QRectF& grid) const;
    void paintLegend(QPainter& painter, double side) const;
    [[nodiscard]] QColor colourOf(ComparisonMap map, double value) const;
    [[nodiscard]] double tableHeight(double width) const;
    /// The side of the maps in an export.
    [[nodiscard]] double figureMapSide() const;
    void paintTable(QPainter& painter, const QRectF& area) const;

    std::shared_ptr<const CostComparison> comparison_;
    QStringList tokens_;
    CostKernel technique_;
    ComparisonLook look_;
    ComparisonScales scales_;
    ColorMap weightsMap_, differenceMap_;
};

}  // namespace attnviz::ui
