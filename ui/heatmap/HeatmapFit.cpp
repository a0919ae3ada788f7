#include "ui/heatmap/HeatmapFit.h"

#include <algorithm>
#include <cmath>

#include "ui/heatmap/HeatmapGeometry.h"

namespace attnviz::ui {
namespace {

/// The largest cell at which the whole figure fits area, its labels laid out for cells of
/// `guess`; a side of 0 when nothing fits.
QSize filling(const FitInput& input, QSizeF guess) {
    const QSizeF grid(input.cols * guess.width(), input.rows * guess.height());
    const QSizeF chrome = input.figureSize(guess) - grid;
    const double width = input.area.width() - chrome.width() - kFitSlack;
    const double height = input.area.height() - chrome.height() - kFitSlack;
    return {std::max(0, static_cast<int>(std::floor(width / input.cols))),
            std::max(0, static_cast<int>(std::floor(height / input.rows)))};
}

/// The cell one pixel narrower or lower where the figure overflows area; the same cell when it
/// fits (or cannot shrink).
QSize shrunkToFit(const FitInput& input, QSize cell) {
    const QSizeF size = input.figureSize(QSizeF(cell));
    const bool wide = size.width() + kFitSlack > input.area.width();
    const bool tall = size.height() + kFitSlack > input.area.height();
    return clampCell(QSize(cell.width() - (wide ? 1 : 0), cell.height() - (tall ? 1 : 0)));
}

/// Never taller than wide; never more than kWidestCellShape times as wide as tall, unless the
/// numbers need the width.
QSize shaped(QSize cell, QSizeF numbers) {
    const int height = std::min(cell.height(), cell.width());
    const int widest = std::max(kWidestCellShape * height, static_cast<int>(std::ceil(numbers.width())));
    return {std::min(cell.width(), widest), height};
}

}  // namespace

QSize fittedCell(const FitInput& input, FitPolicy policy) {
    if (policy == FitPolicy::None || input.rows <= 0 || input.cols <= 0 || !input.figureSize)
        return clampCell(input.defaultCell);
    // Labels are laid out for the cell they will have: start from the numbers' cell (or the
    // default), then from each result until it no longer moves.
    const QSizeF first = input.numbers.isEmpty() ? QSizeF(input.defaultCell) : input.numbers.expandedTo(input.labels);
    QSize cell = filling(input, first);
    for (int round = 0; round < 4; ++round) {
        const QSize next = filling(input, QSizeF(clampCell(cell)));
        if (next == cell) break;
        cell = next;
    }
    // Turned labels can still need a pixel or two more: smaller cells until the figure fits.
    const auto fitted = [&input](QSize size) {
        for (int round = 0; round < 64; ++round) {
            const QSize smaller = shrunkToFit(input, size);
            if (smaller == size) break;
            size = smaller;
        }
        return size;
    };
    const QSize filled = fitted(clampCell(cell));  // the view's width and height, before the shape rule
    cell = fitted(shaped(filled, input.numbers));

    if (input.numbers.isEmpty()) return cell;
    const QSizeF least = input.numbers.expandedTo(input.labels);
    if (cell.width() >= least.width() && cell.height() >= least.height()) return cell;
    // Readable cells, as wide as the view allows: the rows scroll, the columns need not.
    const QSize readable = shaped(QSize(std::max(filled.width(), static_cast<int>(std::ceil(least.width()))),
                                        std::max(cell.height(), static_cast<int>(std::ceil(least.height())))),
                                  input.numbers);
    if (policy == FitPolicy::NumbersFirst) return clampCell(readable);
    // A little scrolling keeps the numbers; past that, the whole matrix as an overview.
    const bool close = cell.width() >= 0.75 * least.width() && cell.height() >= 0.75 * least.height();
    return close ? clampCell(readable) : cell;
}

}  // namespace attnviz::ui
