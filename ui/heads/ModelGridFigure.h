#pragma once
// The model view as a figure that stands on its own (PNG, SVG, PDF): a title, a line saying what
// is shown, the grid of every layer × head (ModelGridPainter) and the weights' colour bar, with
// the masked legend when cells are masked.
#include <QCoreApplication>
#include <QFont>
#include <QPainter>
#include <QSizeF>
#include <QString>

#include <optional>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "ui/figures/Figure.h"
#include "ui/heads/HeadThumbnails.h"
#include "ui/heads/ModelGridPainter.h"

namespace attnviz::ui {

struct ModelFigureOptions {
    QString title;                                  ///< empty: defaultTitle
    QString colormap = QStringLiteral("Blues");     ///< the weights' map
    std::optional<HeadMeasure> measure;             ///< written under each head, top heads outlined
    bool sorted = false;                            ///< heads by the measure, highest first
    QLocale locale = QLocale::c();
    /// Device pixels per figure unit of a PNG (1 for SVG and PDF): the thumbnails' resolution.
    double pixelScale = 1;
};

class ModelGridFigure final : public Figure {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::ModelGridFigure)

public:
    /// Keeps references: stack and summaries must outlive the figure.
    ModelGridFigure(const AttentionStack& stack, const std::vector<HeadSummary>& summaries,
                    ModelFigureOptions options);

    [[nodiscard]] QSizeF size() const override { return size_; }
    [[nodiscard]] QString title() const override { return title_; }
    /// "layers × heads: 12 × 12 · tokens: 64".
    [[nodiscard]] const QString& caption() const { return caption_; }
    [[nodiscard]] QString description() const override { return caption_; }
    /// Side of a thumbnail, in figure units.
    [[nodiscard]] int thumbnailSide() const { return layout_.side(); }
    /// Where head (layer, head) is drawn, in figure units.
    [[nodiscard]] QRectF thumbnailRect(int layer, int head) const;
    /// Up to this many tokens a thumbnail is drawn as vector rectangles; beyond, as an image
    /// (so that an SVG or PDF of 144 heads of 1,024 tokens stays small).
    static constexpr int kVectorTokens = 32;

    /// Draws the figure at (0, 0), background filled.
    void paint(QPainter& painter) const override;

    /// "Attention weights — every head" (one layer), "… — every layer and head".
    [[nodiscard]] static QString defaultTitle(const AttentionStack& stack);

private:
    void paintThumbnail(QPainter& painter, int head, const QRectF& rect) const;

    const AttentionStack& stack_;
    const std::vector<HeadSummary>& summaries_;
    ModelFigureOptions options_;
    ThumbnailLook look_;
    HeadImages images_;  ///< base images (only when drawn as images)
    QFont labelFont_, titleFont_;
    QString title_, caption_;
    ModelGridLayout layout_;
    QPointF gridOrigin_;
    QRectF titleRect_, captionRect_, colorBar_, colorBarLabels_, maskedLegend_;
    QSizeF size_;
};

}  // namespace attnviz::ui
