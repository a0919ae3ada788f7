#include "ui/costlab/ComparisonFigure.h"

#include <QFontMetricsF>
#include <QImage>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "ui/costlab/TechniqueText.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {

namespace {

constexpr std::array<ComparisonMap, 3> kMaps = {ComparisonMap::Exact, ComparisonMap::Technique, ComparisonMap::Difference};

QFont bold(QFont font) {
    font.setBold(true);
    return font;
}

/// The comparison's entries in the table's order: exact, then each technique.
std::vector<const TechniqueComparison*> tableRows(const CostComparison& comparison) {
    std::vector<const TechniqueComparison*> rows = {&comparison.exact};
    for (const TechniqueComparison& technique : comparison.techniques) rows.push_back(&technique);
    return rows;
}

QString maskName(CostMask mask) {
    switch (mask) {
    case CostMask::Full: return ComparisonFigure::tr("no mask");
    case CostMask::Causal: return ComparisonFigure::tr("causal");
    case CostMask::Padded: return ComparisonFigure::tr("padded");
    }
    return {};
}

}  // namespace

namespace {

/// The value below which a share `quantile` of values lies (nth_element); 0 for none.
double quantileOf(std::vector<double> values, double quantile) {
    if (values.empty()) return 0;
    const auto at = static_cast<std::ptrdiff_t>(quantile * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + at, values.end());
    return values[static_cast<std::size_t>(at)];
}

}  // namespace

ComparisonScales comparisonScales(const CostComparison& comparison) {
    const TechniqueComparison& exact = comparison.exact;
    std::vector<double> weights, differences;
    for (int i = 0; i < comparison.n; ++i)
        for (int j = 0; j < comparison.n; ++j) {
            if (!exact.isKept(i, j)) continue;
            weights.push_back(exact.weights(i, j));
            for (const TechniqueComparison& technique : comparison.techniques)
                differences.push_back(std::abs(technique.difference(i, j)));
        }
    ComparisonScales scales;
    scales.weightsMax = quantileOf(weights, kScaleQuantile);
    scales.differenceMax = std::max(kSmallestDifferenceScale, quantileOf(differences, kScaleQuantile));
    // A matrix with no weight at all (every key masked) still gets a scale to draw.
    if (!(scales.weightsMax > 0)) scales.weightsMax = 1;
    return scales;
}

ComparisonFigure::ComparisonFigure(std::shared_ptr<const CostComparison> comparison, QStringList tokens,
                                   CostKernel technique, ComparisonLook look)
    : comparison_(std::move(comparison)),
      tokens_(std::move(tokens)),
      technique_(technique),
      look_(std::move(look)),
      scales_(comparisonScales(*comparison_)),
      weightsMap_(QStringLiteral("Blues")),
      differenceMap_(QStringLiteral("RdBu_r")) {
    if (look_.dark) {
        weightsMap_ = weightsMap_.forDarkBackground();
        differenceMap_ = differenceMap_.forDarkBackground();
    }
}

const RowMatrix<double>& ComparisonFigure::matrix(ComparisonMap map) const {
    switch (map) {
    case ComparisonMap::Exact: return comparison_->exact.weights;
    case ComparisonMap::Technique: return comparison_->of(technique_).weights;
    case ComparisonMap::Difference: break;
    }
    return comparison_->of(technique_).difference;
}

QString ComparisonFigure::title(ComparisonMap map) const {
    switch (map) {
    case ComparisonMap::Exact: return TechniqueText::name(CostKernel::Naive);
    case ComparisonMap::Technique: return TechniqueText::name(technique_);
    case ComparisonMap::Difference: break;
    }
    return tr("Difference: %1 − exact").arg(TechniqueText::name(technique_));
}

QString ComparisonFigure::subtitle(ComparisonMap map) const {
    const QLocale& locale = look_.locale;
    switch (map) {
    case ComparisonMap::Exact:
        return tr("n = %1, %2").arg(locale.toString(comparison_->n), maskName(comparison_->options.mask));
    case ComparisonMap::Technique: {
        const QString keeps =
            tr("keeps %1 of the cells").arg(TechniqueText::percent(comparison_->of(technique_).keptShare(), locale));
        const QString settings = TechniqueText::settings(technique_, comparison_->options, locale);
        return settings.isEmpty() ? keeps : settings + QStringLiteral(" · ") + keeps;
    }
    case ComparisonMap::Difference: break;
    }
    return tr("red: more weight than exact, blue: less");
}

QString ComparisonFigure::figureTitle() const {
    return tr("What each technique keeps: %1, n = %2")
        .arg(TechniqueText::name(technique_), look_.locale.toString(comparison_->n));
}

ComparisonFigure::Bands ComparisonFigure::bandsFor(double side) const {
    const QFontMetricsF metrics(look_.font);
    const double line = metrics.height();
    const int n = comparison_->n;
    Bands bands;
    bands.labels = n > 0 && n <= kMostLabels && side / n >= 0.75 * line;
    if (bands.labels) {
        double widest = 0;
        for (const QString& token : tokens_) widest = std::max(widest, metrics.horizontalAdvance(token));
        bands.rowLabels = widest + line / 2;
        bands.columnLabels = std::min(widest, 8 * line) + line / 2;
    }
    bands.title = 2 * line + line / 4;
    const double labels = std::max(
        HeatmapPainter::colorBarLabelWidth(look_.font, {0, scales_.weightsMax, look_.locale}),
        HeatmapPainter::colorBarLabelWidth(look_.font, {-scales_.differenceMax, scales_.differenceMax, look_.locale}));
    bands.bar = 0.9 * line + line / 3 + labels;
    bands.legend = 1.5 * line;
    return bands;
}

QSizeF ComparisonFigure::mapsSize(double side) const {
    const Bands bands = bandsFor(side);
    const double line = QFontMetricsF(look_.font).height();
    const double margin = line / 2;
    const double width = 2 * margin + bands.rowLabels + 3 * side + 2 * line + 2 * (line / 2) + 2 * bands.bar;
    const double height = 2 * margin + bands.title + bands.columnLabels + side + bands.legend;
    return {width, height};
}

double ComparisonFigure::mapSideFor(QSizeF available) const {
    // The bands depend on the side only through whether labels are drawn: try with, then without.
    const auto sideFor = [&](double probe) {
        const QSizeF fixed = mapsSize(probe) - QSizeF(3 * probe, probe);
        return std::max(1.0, std::min((available.width() - fixed.width()) / 3, available.height() - fixed.height()));
    };
    const double large = sideFor(1e6);
    if (bandsFor(large).labels) return large;
    const double small = sideFor(1);
    return bandsFor(small).labels ? std::min(large, small) : small;
}

QRectF ComparisonFigure::gridRect(ComparisonMap map, double side) const {
    const Bands bands = bandsFor(side);
    const double line = QFontMetricsF(look_.font).height();
    const double margin = line / 2;
    double left = margin + bands.rowLabels;
    if (map != ComparisonMap::Exact) left += side + line;
    if (map == ComparisonMap::Difference) left += side + line / 2 + bands.bar + line;
    return {left, margin + bands.title + bands.columnLabels, side, side};
}

QColor ComparisonFigure::colourOf(ComparisonMap map, double value) const {
    if (map == ComparisonMap::Difference)
        return differenceMap_.colorFor(value, -scales_.differenceMax, scales_.differenceMax);
    return weightsMap_.colorFor(value, 0, scales_.weightsMax);
}

void ComparisonFigure::paintCells(QPainter& painter, ComparisonMap map, const QRectF& grid) const {
    const int n = comparison_->n;
    if (n == 0) return;
    const RowMatrix<double>& values = matrix(map);
    const TechniqueComparison& exact = comparison_->exact;  // its kept cells are the visible ones
    const TechniqueComparison& technique = comparison_->of(technique_);
    const MaskedLook masked = look_.dark ? MaskedLook::forDarkBackground() : MaskedLook{};
    const QColor dropped = droppedColour(look_.dark);
    const auto colour = [&](int i, int j) {
        if (map == ComparisonMap::Technique && !technique.isKept(i, j)) return dropped;
        return colourOf(map, values(i, j));
    };
    if (n > kMostVectorCells) {
        QImage image(n, n, QImage::Format_RGB32);
        for (int i = 0; i < n; ++i) {
            auto* row = reinterpret_cast<QRgb*>(image.scanLine(i));
            for (int j = 0; j < n; ++j) row[j] = exact.isKept(i, j) ? colour(i, j).rgb() : masked.fill.rgb();
        }
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(grid, image);
        painter.restore();
        return;
    }
    const double cell = grid.width() / n;
    const double gap = cell >= 12 ? 1 : 0;  // gaps only where cells are large enough to show them
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const QRectF rect(grid.left() + j * cell, grid.top() + i * cell, cell - gap, cell - gap);
            if (exact.isKept(i, j))
                painter.fillRect(rect, colour(i, j));
            else
                HeatmapPainter::paintMaskedCell(painter, rect, grid.topLeft(), masked);
        }
}

void ComparisonFigure::paintMaps(QPainter& painter, double side) const {
    const Bands bands = bandsFor(side);
    const QFontMetricsF metrics(look_.font);
    const double line = metrics.height();
    const double margin = line / 2;
    const int n = comparison_->n;
    painter.save();
    painter.setFont(look_.font);
    painter.setPen(look_.text);
    for (const ComparisonMap map : kMaps) {
        const QRectF grid = gridRect(map, side);
        // Titles may run over the gap and the colour bar beside the map, not into the next map.
        const double room = side + (map == ComparisonMap::Exact ? line * 0.75 : bands.bar);
        painter.setFont(bold(look_.font));
        painter.drawText(QRectF(grid.left(), margin, room, line), Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetricsF(bold(look_.font)).elidedText(title(map), Qt::ElideRight, room));
        painter.setFont(look_.font);
        painter.drawText(QRectF(grid.left(), margin + line, room, line), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(subtitle(map), Qt::ElideRight, room));
        paintCells(painter, map, grid);
        if (bands.labels)
            HeatmapPainter::paintColumnLabels(painter, tokens_, 0, n, 1, 90,
                                              QRectF(grid.left(), grid.top() - bands.columnLabels, side,
                                                     bands.columnLabels - line / 4),
                                              grid.left(), side / n);
    }
    if (bands.labels) {
        const QRectF first = gridRect(ComparisonMap::Exact, side);
        HeatmapPainter::paintRowLabels(painter, tokens_, 0, n, 1,
                                       QRectF(margin, first.top(), bands.rowLabels - line / 4, side), first.top(),
                                       side / n);
    }
    const auto paintBar = [&](ComparisonMap map, const ColorMap& colours, ColorBarScale scale) {
        const QRectF grid = gridRect(map, side);
        const QRectF bar(grid.right() + line / 2, grid.top(), 0.9 * line, side);
        const QRectF labels(bar.right() + line / 3, grid.top(), bands.bar - 0.9 * line - line / 3, side);
        HeatmapPainter::paintColorBar(painter, bar, labels, colours, scale);
    };
    paintBar(ComparisonMap::Technique, weightsMap_, {0, scales_.weightsMax, look_.locale});
    paintLegend(painter, side);
    paintBar(ComparisonMap::Difference, differenceMap_, {-scales_.differenceMax, scales_.differenceMax, look_.locale});
    painter.restore();
}

void ComparisonFigure::paintLegend(QPainter& painter, double side) const {
    const QFontMetricsF metrics(look_.font);
    const double line = metrics.height();
    const QRectF grid = gridRect(ComparisonMap::Technique, side);
    const QRectF swatch(grid.left(), grid.bottom() + line / 2, 0.8 * line, 0.8 * line);
    painter.fillRect(swatch, droppedColour(look_.dark));
    painter.drawRect(swatch);
    const QString text = tr("not kept (weight 0)");
    const double textLeft = swatch.right() + line / 3;
    painter.drawText(QRectF(textLeft, swatch.top(), metrics.horizontalAdvance(text) + 1, swatch.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, text);
    const TechniqueComparison& exact = comparison_->exact;
    const auto cells = static_cast<std::int64_t>(comparison_->n) * comparison_->n;
    if (exact.visibleCells == cells) return;
    const double left = textLeft + metrics.horizontalAdvance(text) + line;
    HeatmapPainter::paintMaskedLegend(painter, QRectF(left, swatch.top(), 8 * line, swatch.height()),
                                      look_.dark ? MaskedLook::forDarkBackground() : MaskedLook{});
}

std::optional<ComparisonFigure::CellHit> ComparisonFigure::cellAt(QPointF point, double side) const {
    const int n = comparison_->n;
    for (const ComparisonMap map : kMaps) {
        const QRectF grid = gridRect(map, side);
        if (n == 0 || !grid.contains(point)) continue;
        const double cell = side / n;
        const int query = std::clamp(static_cast<int>((point.y() - grid.top()) / cell), 0, n - 1);
        const int key = std::clamp(static_cast<int>((point.x() - grid.left()) / cell), 0, n - 1);
        return CellHit{map, query, key};
    }
    return std::nullopt;
}

// --- The export ---------------------------------------------------------------------------------

namespace {

/// The table's columns: a header and each row's text.
struct TableColumn {
    QString header;
    std::vector<QString> cells;
};

std::vector<TableColumn> tableColumns(const CostComparison& comparison, const QLocale& locale) {
    std::vector<TableColumn> columns = {{ComparisonFigure::tr("technique"), {}},
                                        {ComparisonFigure::tr("max |output error|"), {}},
                                        {ComparisonFigure::tr("mean KL(technique ‖ exact)"), {}},
                                        {ComparisonFigure::tr("exact weight dropped"), {}},
                                        {ComparisonFigure::tr("cells kept"), {}},
                                        {ComparisonFigure::tr("FLOPs"), {}},
                                        {ComparisonFigure::tr("memory beyond Q, K, V"), {}}};
    for (const TechniqueComparison* row : tableRows(comparison)) {
        columns[0].cells.push_back(TechniqueText::name(row->kernel));
        columns[1].cells.push_back(TechniqueText::outputError(row->maxOutputError, locale));
        columns[2].cells.push_back(TechniqueText::bits(row->meanKlBits, locale));
        columns[3].cells.push_back(TechniqueText::percent(row->meanDroppedMass, locale));
        columns[4].cells.push_back(TechniqueText::percent(row->keptShare(), locale));
        columns[5].cells.push_back(TechniqueText::flops(row->flops, locale));
        columns[6].cells.push_back(TechniqueText::bytes(row->memoryBeyondInputs(), locale));
    }
    return columns;
}

/// Each column's width: its bold header's or its widest cell's.
std::vector<double> columnWidths(const std::vector<TableColumn>& columns, const QFont& font) {
    const QFontMetricsF metrics(font);
    const QFontMetricsF boldMetrics(bold(font));
    std::vector<double> widths;
    for (const TableColumn& column : columns) {
        double width = boldMetrics.horizontalAdvance(column.header);
        for (const QString& cell : column.cells) width = std::max(width, metrics.horizontalAdvance(cell));
        widths.push_back(width);
    }
    return widths;
}

QString tradeLine(const TechniqueComparison& row) {
    return TechniqueText::name(row.kernel) + QStringLiteral(": ") + TechniqueText::trade(row.kernel);
}

}  // namespace

double ComparisonFigure::tableHeight(double width) const {
    const QFontMetricsF metrics(look_.font);
    const double line = metrics.height();
    double height = line * static_cast<double>(tableRows(*comparison_).size() + 1) + line / 2;
    for (const TechniqueComparison* row : tableRows(*comparison_))
        height += metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, tradeLine(*row)).height();
    return height;
}

void ComparisonFigure::paintTable(QPainter& painter, const QRectF& area) const {
    const QFontMetricsF metrics(look_.font);
    const double line = metrics.height();
    const std::vector<TableColumn> columns = tableColumns(*comparison_, look_.locale);
    const std::vector<double> widths = columnWidths(columns, look_.font);
    painter.save();
    painter.setPen(look_.text);
    double x = area.left();
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const double width = widths[c];
        // Numbers right-aligned under their header, names left-aligned.
        const Qt::Alignment align = (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter;
        painter.setFont(bold(look_.font));
        painter.drawText(QRectF(x, area.top(), width, line), align, columns[c].header);
        painter.setFont(look_.font);
        for (std::size_t r = 0; r < columns[c].cells.size(); ++r)
            painter.drawText(QRectF(x, area.top() + line * static_cast<double>(r + 1), width, line), align,
                             columns[c].cells[r]);
        x += width + line;
    }
    double y = area.top() + line * static_cast<double>(columns[0].cells.size() + 1) + line / 2;
    for (const TechniqueComparison* row : tableRows(*comparison_)) {
        const QRectF box = metrics.boundingRect(QRectF(area.left(), y, area.width(), 1e6), Qt::TextWordWrap, tradeLine(*row));
        painter.drawText(QRectF(area.left(), y, area.width(), box.height()), Qt::TextWordWrap, tradeLine(*row));
        y += box.height();
    }
    painter.restore();
}

double ComparisonFigure::figureMapSide() const {
    // Cells of 28 units for a sentence, maps of 480 units at most for a long text.
    return std::clamp(28.0 * comparison_->n, 240.0, 480.0);
}

QSizeF ComparisonFigure::figureSize() const {
    const double line = QFontMetricsF(look_.font).height();
    const QSizeF maps = mapsSize(figureMapSide());
    double table = 0;
    for (const double width : columnWidths(tableColumns(*comparison_, look_.locale), look_.font)) table += width + line;
    const double width = std::max(maps.width(), table + line);
    return {width, 1.5 * line + maps.height() + tableHeight(width - line) + line};
}

void ComparisonFigure::paintFigure(QPainter& painter) const {
    const QSizeF size = figureSize();
    const double line = QFontMetricsF(look_.font).height();
    const double side = figureMapSide();
    painter.fillRect(QRectF(QPointF(0, 0), size), look_.background);
    painter.save();
    painter.setPen(look_.text);
    painter.setFont(bold(look_.font));
    painter.drawText(QRectF(line / 2, line / 4, size.width() - line, line), Qt::AlignLeft | Qt::AlignVCenter,
                     figureTitle());
    painter.translate(0, 1.5 * line);
    paintMaps(painter, side);
    const double mapsHeight = mapsSize(side).height();
    paintTable(painter, QRectF(line / 2, mapsHeight, size.width() - line, size.height() - mapsHeight));
    painter.restore();
}

}  // namespace attnviz::ui
