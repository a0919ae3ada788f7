#include "ui/heads/HeadThumbnails.h"

#include <QPainter>

#include <algorithm>

#include "core/base/Errors.h"
#include "core/base/WorkerPool.h"

namespace attnviz::ui {

ThumbnailLook ThumbnailLook::of(const QString& mapName, bool darkBackground) {
    ThumbnailLook look{ColorMap(mapName), MaskedLook{}};
    if (darkBackground) {  // as HeatmapView::heatmapStyle
        look.colorMap = look.colorMap.forDarkBackground();
        look.masked = MaskedLook::forDarkBackground();
    }
    return look;
}

int thumbnailBlock(int tokens) { return std::max(1, (tokens + kThumbnailCells - 1) / kThumbnailCells); }

namespace {

int pooledSide(int tokens) {
    const int block = thumbnailBlock(tokens);
    return (tokens + block - 1) / block;
}

}  // namespace

QImage headBaseImage(const AttentionStack& stack, int layer, int head, const ThumbnailLook& look) {
    const int n = stack.size();
    const int block = thumbnailBlock(n);
    const int side = pooledSide(n);
    const Eigen::MatrixXd weights = stack.weights(layer, head);
    QImage image(side, side, QImage::Format_RGB32);
    const QRgb maskedFill = look.masked.fill.rgb();
    for (int y = 0; y < side; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < side; ++x) {
            // The largest visible weight of the block: a sharp pattern stays visible when pooled.
            double largest = -1;
            for (int i = y * block; i < std::min(n, (y + 1) * block); ++i)
                for (int j = x * block; j < std::min(n, (x + 1) * block); ++j)
                    if (!stack.isMasked(i, j)) largest = std::max(largest, weights(i, j));
            line[x] = largest < 0 ? maskedFill : look.colorMap.rgbAt(look.colorMap.position(largest, 0, 1));
        }
    }
    return image;
}

QRegion maskedPixels(const AttentionStack& stack) {
    const int n = stack.size();
    const int block = thumbnailBlock(n);
    const int side = pooledSide(n);
    QRegion region;
    for (int y = 0; y < side; ++y) {
        int runStart = -1;  // one rectangle per run of masked pixels along the row
        for (int x = 0; x <= side; ++x) {
            bool masked = x < side;
            for (int i = y * block; masked && i < std::min(n, (y + 1) * block); ++i)
                for (int j = x * block; masked && j < std::min(n, (x + 1) * block); ++j)
                    masked = stack.isMasked(i, j);
            if (masked && runStart < 0) runStart = x;
            if (!masked && runStart >= 0) {
                region += QRect(runStart, y, x - runStart, 1);
                runStart = -1;
            }
        }
    }
    return region;
}

HeadImages makeHeadImages(const AttentionStack& stack, const ThumbnailLook& look, const std::atomic<bool>* cancel) {
    HeadImages out;
    out.block = thumbnailBlock(stack.size());
    out.cells = pooledSide(stack.size());
    const int count = stack.layers() * stack.heads();
    out.images.resize(static_cast<std::size_t>(count));
    const double work = static_cast<double>(count) * stack.size() * stack.size() * 64;
    parallelFor(count, threadsForWork(work), [&](int index, unsigned) {
        if (cancel != nullptr && cancel->load()) return;
        out.images[static_cast<std::size_t>(index)] =
            headBaseImage(stack, index / stack.heads(), index % stack.heads(), look);
    });
    if (cancel != nullptr && cancel->load()) throw Cancelled();
    out.masked = maskedPixels(stack);
    return out;
}

QImage hatchOverlay(const HeadImages& images, int side, const MaskedLook& look) {
    if (images.masked.isEmpty() || images.cells <= 0 || side <= 0) return {};
    QImage overlay(side, side, QImage::Format_ARGB32_Premultiplied);
    overlay.fill(Qt::transparent);
    QPainter painter(&overlay);
    const double scale = static_cast<double>(side) / images.cells;
    for (const QRect& run : images.masked) {
        const QRectF rect(run.x() * scale, run.y() * scale, run.width() * scale, run.height() * scale);
        HeatmapPainter::paintMaskedCell(painter, rect, QPointF(0, 0), look);
    }
    return overlay;
}

QImage scaledThumbnail(const QImage& base, int side, const QImage& overlay) {
    QImage out(side, side, QImage::Format_RGB32);
    QPainter painter(&out);
    // Blocks of whole pixels keep every cell's exact colour; only a larger image is smoothed down.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, base.width() > side);
    painter.drawImage(QRectF(0, 0, side, side), base);
    if (!overlay.isNull()) painter.drawImage(0, 0, overlay);
    return out;
}

}  // namespace attnviz::ui
