#include "ui/heatmap/TileCache.h"

#include <algorithm>
#include <cmath>

namespace attnviz::ui {
namespace {

constexpr int kDefaultCapacityKiB = 96 * 1024;

bool contains(const std::vector<TileIndex>& tiles, const TileIndex& tile) {
    return std::find(tiles.begin(), tiles.end(), tile) != tiles.end();
}

qint64 costKiB(const QImage& image) { return image.sizeInBytes() / 1024; }

}  // namespace

TileCache::TileCache(QObject* parent) : QObject(parent) {
    tiles_.setMaxCost(kDefaultCapacityKiB);
}

TileCache::~TileCache() = default;

quint64 TileCache::keyOf(const TileIndex& tile) {
    // Cells of at most kMaxCellSize (200) px a side: 8 bits each; 24 bits for each tile index.
    return (static_cast<quint64>(tile.cellWidth & 0xff) << 56) | (static_cast<quint64>(tile.cellHeight & 0xff) << 48) |
           (static_cast<quint64>(static_cast<quint32>(tile.x) & 0xffffffu) << 24) |
           static_cast<quint64>(static_cast<quint32>(tile.y) & 0xffffffu);
}

const QImage* TileCache::find(const TileIndex& tile) const { return tiles_.object(keyOf(tile)); }

void TileCache::insert(const TileIndex& tile, QImage image) {
    const qint64 cost = costKiB(image);
    tiles_.insert(keyOf(tile), new QImage(std::move(image)), cost);
}

void TileCache::reserve(qsizetype tiles, qreal devicePixelRatio) {
    const double side = std::ceil(kTileSize * devicePixelRatio);
    const auto tileKiB = static_cast<qint64>(side * side * 4 / 1024);
    const qint64 needed = static_cast<qint64>(tiles) * tileKiB;
    if (needed > tiles_.maxCost()) tiles_.setMaxCost(needed);
}

void TileCache::invalidate() {
    ++generation_;
    tiles_.clear();
    wanted_.clear();
    inFlight_.clear();
    renderer_ = nullptr;
    job_.stop();
}

void TileCache::renderInBackground(const std::vector<TileIndex>& missing, const std::vector<TileIndex>& visible,
                                   Renderer renderer) {
    renderer_ = std::move(renderer);
    wanted_.clear();
    for (const TileIndex& tile : missing)
        if (!contains(inFlight_, tile)) wanted_.push_back(tile);
    const bool stale = std::any_of(inFlight_.begin(), inFlight_.end(),
                                   [&visible](const TileIndex& tile) { return !contains(visible, tile); });
    if (job_.isRunning() && stale && !wanted_.empty()) job_.stop();
    startJob();
}

void TileCache::startJob() {
    if (job_.isRunning() || wanted_.empty() || !renderer_) return;
    std::vector<TileIndex> tiles;
    tiles.swap(wanted_);
    inFlight_ = tiles;
    // job_ waits for its work when it is destroyed, so `this` outlives the job; calls queued to
    // a deleted cache are dropped by Qt.
    job_.start(
        [this, tiles = std::move(tiles), render = renderer_, generation = generation_](const JobControl& control) {
            int rendered = 0;
            for (const TileIndex& tile : tiles) {
                if (control.cancelled()) break;
                QImage image = render(tile);
                QMetaObject::invokeMethod(
                    this,
                    [this, tile, image = std::move(image), generation] { onTileRendered(tile, image, generation); },
                    Qt::QueuedConnection);
                ++rendered;
            }
            return rendered;
        },
        [this](int) { onJobFinished(); });
}

void TileCache::onTileRendered(const TileIndex& tile, const QImage& image, quint64 generation) {
    if (generation != generation_) return;
    inFlight_.erase(std::remove(inFlight_.begin(), inFlight_.end(), tile), inFlight_.end());
    insert(tile, image);
    emit tileReady();
}

void TileCache::onJobFinished() {
    inFlight_.clear();
    if (!wanted_.empty())
        startJob();
    else
        emit allRendered();
}

}  // namespace attnviz::ui
