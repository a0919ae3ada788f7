#pragma once
#include <QCache>
#include <QImage>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "ui/jobs/LatestJob.h"

namespace attnviz::ui {

/// One square piece of a picture too large to draw at once: kTileSize pixels at the zoom where
/// a cell is cellWidth × cellHeight pixels, the x-th column and y-th row of tiles counted from the
/// picture's top left.
struct TileIndex {
    int cellWidth = 0;
    int cellHeight = 0;
    int x = 0;
    int y = 0;
    friend bool operator==(const TileIndex&, const TileIndex&) = default;
};

/// The rendered tiles of one picture (a heatmap's cells), kept for the next paint, and rendered
/// on a worker thread when a paint cannot wait for them. What a tile shows is the owner's
/// business: it hands over a Renderer, which runs on the worker and so must own what it reads.
/// The latest request wins: a job still rendering tiles that left the screen is cancelled for the
/// new ones, and tiles of an older picture (rendered before invalidate()) are dropped when they
/// arrive. The destructor cancels and waits.
class TileCache : public QObject {
    Q_OBJECT
public:
    /// Side of a tile in device-independent pixels.
    static constexpr int kTileSize = 256;
    /// Renders one tile (kTileSize × kTileSize at the owner's device pixel ratio).
    using Renderer = std::function<QImage(const TileIndex&)>;

    explicit TileCache(QObject* parent = nullptr);
    ~TileCache() override;

    /// The tile if it was rendered since the last invalidate(), else null.
    [[nodiscard]] const QImage* find(const TileIndex& tile) const;
    /// Keeps image as tile (the least recently used tiles go when the cache is full).
    void insert(const TileIndex& tile, QImage image);
    /// Makes room for at least this many tiles at this device pixel ratio; never shrinks.
    void reserve(qsizetype tiles, qreal devicePixelRatio);
    /// Forgets every tile and cancels the worker's job: the picture changed.
    void invalidate();

    /// Renders the missing tiles on the worker with renderer, except those a running job already
    /// renders. visible is every tile on screen: a running job that still has tiles no longer on
    /// screen is cancelled, so that the new ones start sooner.
    void renderInBackground(const std::vector<TileIndex>& missing, const std::vector<TileIndex>& visible,
                            Renderer renderer);
    /// True while the worker renders or tiles wait for it.
    [[nodiscard]] bool isRendering() const { return job_.isRunning() || !wanted_.empty(); }

signals:
    /// A tile rendered on the worker is now in the cache.
    void tileReady();
    /// The worker has rendered everything it was asked for (or was cancelled) and waits for more.
    void allRendered();

private:
    [[nodiscard]] static quint64 keyOf(const TileIndex& tile);
    void startJob();
    void onTileRendered(const TileIndex& tile, const QImage& image, quint64 generation);
    void onJobFinished();

    QCache<quint64, QImage> tiles_;
    std::vector<TileIndex> wanted_;    ///< tiles on screen waiting for the worker
    std::vector<TileIndex> inFlight_;  ///< tiles the running job was given
    Renderer renderer_;                ///< the last request's
    quint64 generation_ = 0;  ///< counts invalidate() calls: a tile of an older picture is dropped
    /// One job at a time, which hands each tile over as soon as it is rendered. A job is stopped
    /// (not cancelled): its end is still delivered, since that is when the next job starts.
    /// Last, so that it is destroyed first: it cancels the job and waits for it.
    LatestJob<int> job_{this};
};

}  // namespace attnviz::ui
