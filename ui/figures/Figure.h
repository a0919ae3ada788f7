#pragma once
// What every figure of the program is to the one encoder (encodeFigure, ui/export/FigureExporter.h):
// the heatmap, the model view, the head view, the cost lab's charts and the √d_k charts each
// draw themselves; how they become a PNG, an SVG or a PDF is written once.
#include <QColor>
#include <QPainter>
#include <QSizeF>
#include <QString>

#include <functional>
#include <utility>

namespace attnviz::ui {

/// White space a PDF page adds around a figure, in figure units: with the figure's own margin,
/// a quarter of an inch (24 units), so that the caption does not sit at the paper's edge.
inline constexpr double kPdfPageMargin = 14;

/// A drawing of a fixed size in figure units (1/96 inch), with the words a file keeps about it.
class Figure {
public:
    virtual ~Figure() = default;
    [[nodiscard]] virtual QSizeF size() const = 0;
    /// The file's title (PNG Title, SVG title, PDF title).
    [[nodiscard]] virtual QString title() const = 0;
    /// The file's description (PNG Description, SVG desc); empty: none.
    [[nodiscard]] virtual QString description() const { return {}; }
    /// What the image is filled with before painting (and a PDF's page around the figure).
    [[nodiscard]] virtual QColor background() const { return Qt::white; }
    /// White space a PDF page adds around the figure: kPdfPageMargin, or 0 for a chart whose
    /// page is its own drawing.
    [[nodiscard]] virtual double pdfPageMargin() const { return kPdfPageMargin; }
    /// Draws the figure with its top left at (0, 0), in figure units.
    virtual void paint(QPainter& painter) const = 0;

protected:
    Figure() = default;
    Figure(const Figure&) = default;
    Figure& operator=(const Figure&) = default;
};

/// A figure made of a drawing function: for charts that paint themselves onto a page of their
/// own size (the cost lab's, the √d_k study's, the technique comparison), with no PDF margin.
class PaintedFigure final : public Figure {
public:
    PaintedFigure(QSizeF size, QString title, std::function<void(QPainter&)> paint, QColor background = Qt::white)
        : size_(size), title_(std::move(title)), paint_(std::move(paint)), background_(background) {}
    [[nodiscard]] QSizeF size() const override { return size_; }
    [[nodiscard]] QString title() const override { return title_; }
    [[nodiscard]] QColor background() const override { return background_; }
    [[nodiscard]] double pdfPageMargin() const override { return 0; }
    void paint(QPainter& painter) const override { paint_(painter); }

private:
    QSizeF size_;
    QString title_;
    std::function<void(QPainter&)> paint_;
    QColor background_;
};

}  // namespace attnviz::ui
