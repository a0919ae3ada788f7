#pragma once
// The model view's picture, drawn the same in the window and in an export: every layer × head as
// a small heatmap (HeadThumbnails), each labelled "layer L · head H" (from 1) and its role, a
// measure's value under it when one is chosen, the heads that score highest on it outlined.
#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QRectF>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"

namespace attnviz::ui {

/// What the grid shows beside its thumbnails.
struct ModelGridOptions {
    QFont font;                 ///< the labels' (the window's, large in presentation mode)
    QColor text = Qt::black;    ///< labels
    QColor background = Qt::white;
    QColor outline = QColor(230, 97, 0);  ///< around the top heads: orange, seen on either theme
    QColor focus = QColor(0, 90, 200);     ///< the keyboard's focus ring (the palette's highlight)
    QLocale locale = QLocale::c();
    /// A measure: its value under each label, and the heads that score highest on it outlined.
    std::optional<HeadMeasure> measure;
    bool sorted = false;        ///< heads in the measure's order, highest first (with measure only)
    int focusHead = -1;  ///< head index (layer-major) framed as the keyboard's focus; −1: none
};

/// Where each head of a layers × heads grid goes: rows of `columns` cells, each a thumbnail of
/// side × side and its labels under it. Cells are numbered by position (row-major); which head
/// a position shows is the order's (modelGridOrder).
class ModelGridLayout {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::ModelGridLayout)

public:
    ModelGridLayout() = default;
    /// labelLines: lines of text under each thumbnail (the label, the role, the measure).
    /// axisLabels: a compact grid instead, for many small heads in layer-major order: "layer L"
    /// left of each row, "head H" above each column, no text under the thumbnails.
    ModelGridLayout(int layers, int heads, int side, const QFont& font, int labelLines, bool axisLabels = false);

    [[nodiscard]] int rows() const { return rows_; }
    [[nodiscard]] int columns() const { return columns_; }
    [[nodiscard]] int count() const { return rows_ * columns_; }
    [[nodiscard]] int side() const { return side_; }
    /// The thumbnail of position, and the band of labels under it.
    [[nodiscard]] QRectF thumbnail(int position) const;
    [[nodiscard]] QRectF labels(int position) const;
    /// The thumbnail and its labels.
    [[nodiscard]] QRectF cell(int position) const;
    /// The position whose cell holds point, or −1.
    [[nodiscard]] int positionAt(QPointF point) const;
    /// Everything, with a margin on each side.
    [[nodiscard]] QSizeF size() const;
    /// Whether "layer L · head H" fits under a thumbnail, else "L · H" in short.
    [[nodiscard]] bool fullLabels() const { return fullLabels_; }
    /// Whether the layers and heads are written along the axes instead of under each thumbnail.
    [[nodiscard]] bool axisLabels() const { return axisLabels_; }
    /// The band left of row `row` ("layer L") and the one above column `column` ("head H");
    /// empty without axis labels.
    [[nodiscard]] QRectF rowLabel(int row) const;
    [[nodiscard]] QRectF columnLabel(int column) const;

    /// "layer 3 · head 5" (layer and head 0-based in, counted from 1 out).
    [[nodiscard]] static QString headLabel(int layer, int head);
    /// "L3 · H5": the same in short, when the thumbnails are too narrow for headLabel.
    [[nodiscard]] static QString shortHeadLabel(int layer, int head);
    /// The cell's width for thumbnails of side: the side, or the widest full label when it is
    /// less than twice the side, else the widest short label when wider.
    [[nodiscard]] static double cellWidthFor(int layers, int heads, int side, const QFont& font);
    /// The measure's name, as the view's list and the tables say it ("previous token").
    [[nodiscard]] static QString measureName(HeadMeasure measure);
    /// The measure's value as the grid writes it: "1.42 bits", "2.3 tokens", "0.85".
    [[nodiscard]] static QString measureValue(HeadMeasure measure, double value, const QLocale& locale);

private:
    int rows_ = 0, columns_ = 0, side_ = 0;
    double cellWidth_ = 0, labelHeight_ = 0, gap_ = 0, margin_ = 0;
    double rowBand_ = 0, columnBand_ = 0;  ///< axis labels' room, left and top
    bool fullLabels_ = true;
    bool axisLabels_ = false;
};

/// Which head each position shows: layer-major, or sorted by the measure (highest first; ties in
/// layer-major order) when options.sorted and a measure are set.
[[nodiscard]] std::vector<int> modelGridOrder(const std::vector<HeadSummary>& summaries,
                                              std::optional<HeadMeasure> measure, bool sorted);
/// How many heads are outlined as scoring highest: a tenth of them, at least one.
[[nodiscard]] int outlinedHeadCount(int heads);
/// The outlinedHeadCount heads that score highest on measure (true at their layer-major index).
[[nodiscard]] std::vector<bool> topHeads(const std::vector<HeadSummary>& summaries, HeadMeasure measure);
/// Lines of labels under each thumbnail: the label, the role when the stack names any, the
/// measure's value when one is chosen.
[[nodiscard]] int modelGridLabelLines(const AttentionStack& stack, const ModelGridOptions& options);

/// Draws one head's thumbnail (layer-major index) into a rectangle.
using ThumbnailDrawer = std::function<void(QPainter& painter, int head, const QRectF& rect)>;
/// Draws the grid with layout's origin at (0, 0): each head's thumbnail (drawn by draw) at its
/// position, its labels, the top heads' outlines and the focus ring.
void paintModelGrid(QPainter& painter, const ModelGridLayout& layout, const AttentionStack& stack,
                    const std::vector<HeadSummary>& summaries, const ThumbnailDrawer& draw,
                    const ModelGridOptions& options);

}  // namespace attnviz::ui
