#pragma once
// The small heatmaps of the model view: one image per head, coloured exactly as the main heatmap
// colours the same weights (the same ColorMap, masked cells hatched by HeatmapPainter's own
// hatching), made once per sentence and scaled to the grid's size when it changes.
#include <QImage>
#include <QRegion>

#include <atomic>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {

/// A thumbnail's base image holds one pixel per cell up to this many tokens; a longer sentence is
/// pooled in square blocks (each pixel the largest weight of its block), so memory stays bounded.
inline constexpr int kThumbnailCells = 128;

/// How thumbnails look: the main heatmap's map and masked look (their dark variants in the dark theme).
struct ThumbnailLook {
    ColorMap colorMap;
    MaskedLook masked;
    /// The look of the window's heatmap for the weights' map mapName, on a dark background or not.
    [[nodiscard]] static ThumbnailLook of(const QString& mapName, bool darkBackground);
};

/// Every head's base image and the stack's masked cells (the same for every head of a stack).
struct HeadImages {
    int cells = 0;  ///< side of each base image, in pixels: n, or n pooled to at most kThumbnailCells
    int block = 1;  ///< tokens per pixel of a base image
    std::vector<QImage> images;  ///< layer-major (index layer·heads + head), masked pixels in masked.fill
    QRegion masked;              ///< pixels of the base images whose every cell is masked
};

/// Side of the base images for n tokens, and the tokens each pixel pools.
[[nodiscard]] int thumbnailBlock(int tokens);
/// One head's base image: each pixel the colour of its weight (the largest of its block) on
/// look's map over 0 … 1 (the main heatmap's fixed range), masked pixels in look.masked.fill.
[[nodiscard]] QImage headBaseImage(const AttentionStack& stack, int layer, int head, const ThumbnailLook& look);
/// The pixels of a base image whose whole block is masked.
[[nodiscard]] QRegion maskedPixels(const AttentionStack& stack);
/// Every head's base image (heads computed in parallel). Throws Cancelled when *cancel becomes true.
[[nodiscard]] HeadImages makeHeadImages(const AttentionStack& stack, const ThumbnailLook& look,
                                        const std::atomic<bool>* cancel = nullptr);

/// The hatching of the masked pixels at side × side (transparent elsewhere), drawn with
/// HeatmapPainter::paintMaskedCell: drawn over every thumbnail of the stack.
[[nodiscard]] QImage hatchOverlay(const HeadImages& images, int side, const MaskedLook& look);
/// A base image at side × side: cells as blocks of whole pixels where they fit (no smoothing,
/// so a cell keeps its exact colour), smoothed down when the image is larger than side; the
/// overlay (hatchOverlay at side, may be null) drawn on top.
[[nodiscard]] QImage scaledThumbnail(const QImage& base, int side, const QImage& overlay);

}  // namespace attnviz::ui
