#include "ui/heatmap/HeatmapGeometry.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

namespace attnviz::ui {
namespace {

constexpr QChar kMinus(0x2212);
constexpr QChar kInfinity(0x221E);

// A C-locale number text ("-0.50", "1e-05") as a person reads it: no sign on a text that shows
// zero ("-0.00" → "0.00"), the locale's decimal separator, U+2212 for every minus.
QString forReader(QString text, const QLocale& locale) {
    const bool showsZero = std::none_of(text.cbegin(), text.cend(),
                                        [](QChar c) { return c >= QLatin1Char('1') && c <= QLatin1Char('9'); });
    if (showsZero && text.startsWith(QLatin1Char('-'))) text.remove(0, 1);
    text.replace(QLatin1Char('.'), locale.decimalPoint());
    return text.replace(QLatin1Char('-'), kMinus);
}

std::optional<QString> nonFiniteText(double value) {
    if (std::isnan(value)) return QStringLiteral("NaN");
    if (std::isinf(value)) return value < 0 ? QString(kMinus) + kInfinity : QString(kInfinity);
    return std::nullopt;
}

int clampIndex(double index, int count) {
    if (!(index > 0)) return 0;
    if (index >= count) return count;
    return static_cast<int>(index);
}

// Smallest of 1, 2, 5 × 10^k that is ≥ x (x ≥ 1).
int roundUp125(double x) {
    for (int decade = 1;; decade *= 10) {
        for (const int m : {1, 2, 5})
            if (m * decade >= x) return m * decade;
        if (decade > 100'000'000) return std::numeric_limits<int>::max();
    }
}

}  // namespace

std::optional<CellIndex> cellAt(const GridGeometry& grid, QPointF point) {
    if (!(grid.cell.width() > 0) || !(grid.cell.height() > 0)) return std::nullopt;
    if (point.x() < grid.area.left() || point.x() >= grid.area.right() || point.y() < grid.area.top() ||
        point.y() >= grid.area.bottom())
        return std::nullopt;
    const QPointF content = point - grid.area.topLeft() + grid.scroll;
    const double col = std::floor(content.x() / grid.cell.width());
    const double row = std::floor(content.y() / grid.cell.height());
    if (col < 0 || row < 0 || col >= grid.cols || row >= grid.rows) return std::nullopt;
    return CellIndex{static_cast<int>(row), static_cast<int>(col)};
}

QRectF cellRect(const GridGeometry& grid, CellIndex cell) {
    const QPointF origin = grid.gridOrigin();
    return {QPointF(origin.x() + cell.col * grid.cell.width(), origin.y() + cell.row * grid.cell.height()),
            grid.cell};
}

CellRange cellsIn(QRectF contentRect, QSizeF cell, int rows, int cols) {
    if (!(cell.width() > 0) || !(cell.height() > 0) || contentRect.isEmpty() || rows <= 0 || cols <= 0) return {};
    CellRange range;
    range.colBegin = clampIndex(std::floor(contentRect.left() / cell.width()), cols);
    range.colEnd = clampIndex(std::ceil(contentRect.right() / cell.width()), cols);
    range.rowBegin = clampIndex(std::floor(contentRect.top() / cell.height()), rows);
    range.rowEnd = clampIndex(std::ceil(contentRect.bottom() / cell.height()), rows);
    if (range.isEmpty()) return {};
    return range;
}

CellRange visibleCells(const GridGeometry& grid) {
    return cellsIn(QRectF(grid.scroll, grid.area.size()), grid.cell, grid.rows, grid.cols);
}

QPointF scrollToShow(const GridGeometry& grid, CellIndex cell) {
    const auto axis = [](double scroll, double view, double start, double size, double content) {
        if (start < scroll)
            scroll = start;
        else if (start + size > scroll + view)
            scroll = start + size - view;
        return std::clamp(scroll, 0.0, std::max(0.0, content - view));
    };
    const QSizeF content = grid.contentSize();
    const QSizeF size = grid.cell;
    return {axis(grid.scroll.x(), grid.area.width(), cell.col * size.width(), size.width(), content.width()),
            axis(grid.scroll.y(), grid.area.height(), cell.row * size.height(), size.height(), content.height())};
}

int clampCellSize(int cellSize) { return std::clamp(cellSize, kMinCellSize, kMaxCellSize); }

QSize clampCell(QSize cell) { return {clampCellSize(cell.width()), clampCellSize(cell.height())}; }

int zoomedCellSize(int cellSize, int steps) {
    int size = clampCellSize(cellSize);
    for (; steps > 0; --steps) size = clampCellSize(std::max(size + 1, static_cast<int>(std::lround(size * 1.25))));
    for (; steps < 0; ++steps) size = clampCellSize(std::min(size - 1, static_cast<int>(std::lround(size / 1.25))));
    return size;
}

QSize zoomedCell(QSize cell, int steps) {
    return {zoomedCellSize(cell.width(), steps), zoomedCellSize(cell.height(), steps)};
}

QPointF scrollAfterZoom(const GridGeometry& before, QSizeF newCell, QPointF anchor) {
    if (!(before.cell.width() > 0) || !(before.cell.height() > 0)) return before.scroll;
    const QPointF inArea = anchor - before.area.topLeft();
    const QPointF content = inArea + before.scroll;
    return QPointF(content.x() * newCell.width() / before.cell.width(),
                   content.y() * newCell.height() / before.cell.height()) -
           inArea;
}

double levelLabelGap(double lineHeight) { return std::max(6.0, std::round(lineHeight * 0.5)); }

double stackedLabelGap(double lineHeight) { return std::max(1.0, std::round(lineHeight * 0.1)); }

ColumnLabelPlan planColumnLabels(double widestLabel, double lineHeight, double cellWidth) {
    if (!(cellWidth > 0)) return {90, std::numeric_limits<int>::max(), widestLabel};
    if (widestLabel + levelLabelGap(lineHeight) <= cellWidth) return {0, 1, lineHeight};
    const double stacked = lineHeight + stackedLabelGap(lineHeight);
    const double sin45 = std::sqrt(0.5);
    // Turned labels are parallel: neighbours are cellWidth apart across the grid, and
    // cellWidth · sin 45° apart across the labels at 45°.
    const ColumnLabelPlan upright{90, labelStep(cellWidth, stacked), widestLabel};
    const ColumnLabelPlan slanted{-45, labelStep(cellWidth * sin45, stacked), (widestLabel + lineHeight) * sin45};
    if (slanted.step == 1 && (upright.step > 1 || slanted.height < upright.height)) return slanted;
    return upright;
}

double slantedOverhang(const std::vector<double>& firstWidths, double lineHeight, double cellWidth) {
    // A label's box, turned 45° about its lower right corner at its column's centre, reaches
    // (width + line / 2) · sin 45° to the left of that centre.
    const double sin45 = std::sqrt(0.5);
    double reach = 0;
    for (std::size_t i = 0; i < firstWidths.size(); ++i) {
        const double centre = (static_cast<double>(i) + 0.5) * cellWidth;  // from the grid's left edge
        reach = std::max(reach, (firstWidths[i] + lineHeight / 2) * sin45 - centre);
    }
    return reach;
}

int labelStep(double cellSize, double labelExtent) {
    if (!(cellSize > 0)) return std::numeric_limits<int>::max();
    if (labelExtent <= cellSize) return 1;
    return roundUp125(labelExtent / cellSize);
}

std::vector<int> labelledIndices(int begin, int end, int step, int kept) {
    step = std::max(1, step);
    begin = std::max(0, begin);
    std::vector<int> indices;
    const bool keep = kept >= begin && kept < end;
    for (int i = begin + (step - begin % step) % step; i < end; i += step) {
        if (keep && i != kept && std::abs(i - kept) < step) continue;
        if (keep && i > kept && (indices.empty() || indices.back() < kept)) indices.push_back(kept);
        indices.push_back(i);
    }
    if (keep && (indices.empty() || indices.back() < kept)) indices.push_back(kept);
    return indices;
}

bool valueFitsInCell(QSizeF textSize, QSizeF cell, double padding) {
    return textSize.width() + 2 * padding <= cell.width() && textSize.height() + 2 * padding <= cell.height();
}

QString formatValue(double value, int decimals, const QLocale& locale) {
    if (auto special = nonFiniteText(value)) return *special;
    return forReader(QString::number(value, 'f', std::clamp(decimals, 0, 17)), locale);
}

QString formatExactValue(double value, const QLocale& locale) {
    if (auto special = nonFiniteText(value)) return *special;
    std::array<char, 64> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return forReader(QString::fromLatin1(buffer.data(), result.ptr - buffer.data()), locale);
}

QString formatSignificant(double value, int digits, const QLocale& locale) {
    if (auto special = nonFiniteText(value)) return *special;
    return forReader(QString::number(value, 'g', std::clamp(digits, 1, 17)), locale);
}

QString cellText(double value, bool masked, int decimals, const QLocale& locale) {
    if (masked) return std::isinf(value) && value < 0 ? formatValue(value, decimals, locale) : QString();
    return formatValue(value, decimals, locale);
}

QString maskedText() { return QCoreApplication::translate("attnviz::ui::HeatmapView", "masked"); }

QString widestValueText(double min, double max, int decimals, const QLocale& locale) {
    const QString a = formatValue(std::isfinite(min) ? min : 0.0, decimals, locale);
    const QString b = formatValue(std::isfinite(max) ? max : 0.0, decimals, locale);
    return a.size() >= b.size() ? a : b;
}

std::vector<double> niceTicks(double min, double max, int maxTicks) {
    if (!std::isfinite(min) || !std::isfinite(max)) return {};
    if (max < min) std::swap(min, max);
    if (max == min) return {min};
    maxTicks = std::max(2, maxTicks);
    const double rough = (max - min) / (maxTicks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10 * magnitude;
    for (const double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * magnitude >= rough * (1 - 1e-9)) {
            step = m * magnitude;
            break;
        }
    }
    const double tolerance = step * 1e-9;
    const double first = std::ceil((min - tolerance) / step);
    std::vector<double> ticks;
    for (double k = first;; k += 1) {
        double tick = k * step;
        if (tick > max + tolerance) break;
        if (std::abs(tick) < tolerance) tick = 0;
        ticks.push_back(tick);
        if (static_cast<int>(ticks.size()) > maxTicks) break;
    }
    if (ticks.size() < 2) return {min, max};
    return ticks;
}

int tickDecimals(const std::vector<double>& ticks) {
    for (int decimals = 0; decimals < 10; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        const bool exact = std::all_of(ticks.begin(), ticks.end(), [scale](double t) {
            const double scaled = t * scale;
            return std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, std::abs(scaled));
        });
        if (exact) return decimals;
    }
    return 10;
}

}  // namespace attnviz::ui
