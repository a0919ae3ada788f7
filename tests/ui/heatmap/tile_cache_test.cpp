// TileCache without a widget: what it keeps, what it forgets, and its worker (held at a known
// point by a gate in the renderer, so that every ordering below is certain on any machine).
#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <vector>

#include "ui/heatmap/TileCache.h"

namespace attnviz::ui {
namespace {

constexpr int kTimeoutMs = 20000;

QImage tileImage(QColor colour) {
    QImage image(TileCache::kTileSize, TileCache::kTileSize, QImage::Format_ARGB32_Premultiplied);
    image.fill(colour);
    return image;
}

/// A renderer that records which tiles it rendered and on which thread, and that can hold the
/// worker before a chosen tile until the test opens the gate.
struct RecordingRenderer {
    std::mutex mutex;
    std::vector<TileIndex> rendered;
    std::vector<QThread*> threads;
    std::optional<TileIndex> holdBefore;
    QSemaphore reachedGate;
    QSemaphore gate;

    TileCache::Renderer renderer() {
        return [this](const TileIndex& tile) {
            if (holdBefore && tile == *holdBefore) {
                reachedGate.release();
                (void)gate.tryAcquire(1, kTimeoutMs);  // bounded: a failing test never hangs
            }
            const std::lock_guard lock(mutex);
            rendered.push_back(tile);
            threads.push_back(QThread::currentThread());
            return tileImage(Qt::darkBlue);
        };
    }
    int timesRendered(const TileIndex& tile) {
        const std::lock_guard lock(mutex);
        return static_cast<int>(std::count(rendered.begin(), rendered.end(), tile));
    }
};

TEST(TileCacheTest, FindsATileOnlyAtItsOwnZoomAndPlace) {
    TileCache cache;
    cache.insert({48, 48, 1, 2}, tileImage(Qt::red));
    const QImage* found = cache.find({48, 48, 1, 2});
    ASSERT_NE(found, nullptr) << "an inserted tile is found";
    EXPECT_EQ(found->pixelColor(0, 0), QColor(Qt::red));
    EXPECT_EQ(cache.find({40, 40, 1, 2}), nullptr) << "another zoom is another tile";
    EXPECT_EQ(cache.find({48, 40, 1, 2}), nullptr) << "cells of another height are another tile";
    EXPECT_EQ(cache.find({48, 48, 2, 1}), nullptr) << "row and column are not interchangeable";
    cache.insert({48, 48, 70000, 3}, tileImage(Qt::green));  // a 4,096-token matrix at the largest zoom
    EXPECT_NE(cache.find({48, 48, 70000, 3}), nullptr);
    EXPECT_EQ(cache.find({48, 48, 70000, 2}), nullptr);
}

TEST(TileCacheTest, InvalidateForgetsEveryTile) {
    TileCache cache;
    cache.insert({48, 48, 0, 0}, tileImage(Qt::red));
    cache.insert({48, 48, 1, 0}, tileImage(Qt::red));
    cache.invalidate();
    EXPECT_EQ(cache.find({48, 48, 0, 0}), nullptr);
    EXPECT_EQ(cache.find({48, 48, 1, 0}), nullptr);
}

TEST(TileCacheTest, ReserveKeepsAsManyTilesAsAskedFor) {
    // A 256 × 256 tile takes 256 KiB; the default room (96 MiB) holds 384 of them.
    constexpr int kTiles = 500;
    TileCache small;
    for (int i = 0; i < kTiles; ++i) small.insert({40, 40, i, 0}, tileImage(Qt::red));
    EXPECT_EQ(small.find({40, 40, 0, 0}), nullptr) << "without reserve the first tiles are evicted";

    TileCache reserved;
    reserved.reserve(kTiles, 1.0);
    for (int i = 0; i < kTiles; ++i) reserved.insert({40, 40, i, 0}, tileImage(Qt::red));
    for (int i = 0; i < kTiles; ++i) ASSERT_NE(reserved.find({40, 40, i, 0}), nullptr) << "tile " << i << " was evicted";
}

TEST(TileCacheTest, RendersMissingTilesOnTheWorkerAndSaysWhenDone) {
    TileCache cache;
    RecordingRenderer recorder;
    QSignalSpy ready(&cache, &TileCache::tileReady);
    QSignalSpy done(&cache, &TileCache::allRendered);
    const std::vector<TileIndex> tiles{{48, 48, 0, 0}, {48, 48, 1, 0}, {48, 48, 0, 1}};
    cache.renderInBackground(tiles, tiles, recorder.renderer());
    EXPECT_TRUE(cache.isRendering());
    ASSERT_TRUE(done.wait(kTimeoutMs)) << "the worker never finished";
    EXPECT_FALSE(cache.isRendering());
    EXPECT_EQ(ready.count(), 3);
    for (const TileIndex& tile : tiles) EXPECT_NE(cache.find(tile), nullptr) << tile.x << ", " << tile.y;
    for (QThread* thread : recorder.threads) EXPECT_NE(thread, QThread::currentThread()) << "rendered on the GUI thread";
}

TEST(TileCacheTest, ATileTheWorkerAlreadyRendersIsNotRenderedTwice) {
    TileCache cache;
    RecordingRenderer recorder;
    const TileIndex a{48, 48, 0, 0}, b{48, 48, 1, 0}, c{48, 48, 2, 0};
    recorder.holdBefore = a;
    QSignalSpy done(&cache, &TileCache::allRendered);
    cache.renderInBackground({a, b}, {a, b}, recorder.renderer());
    ASSERT_TRUE(recorder.reachedGate.tryAcquire(1, kTimeoutMs)) << "the worker never started";
    // The next paint: a and b are still missing, c is new; every tile stays on screen.
    cache.renderInBackground({a, b, c}, {a, b, c}, recorder.renderer());
    recorder.gate.release();
    ASSERT_TRUE(done.wait(kTimeoutMs));
    EXPECT_EQ(recorder.timesRendered(a), 1);
    EXPECT_EQ(recorder.timesRendered(b), 1);
    EXPECT_EQ(recorder.timesRendered(c), 1);
    for (const TileIndex& tile : {a, b, c}) EXPECT_NE(cache.find(tile), nullptr) << tile.x;
}

TEST(TileCacheTest, AJobWhoseTilesLeftTheScreenIsCancelledForTheNewOnes) {
    TileCache cache;
    RecordingRenderer recorder;
    const TileIndex a{48, 48, 0, 0}, b{48, 48, 1, 0}, c{48, 48, 9, 9};
    recorder.holdBefore = a;
    QSignalSpy done(&cache, &TileCache::allRendered);
    cache.renderInBackground({a, b}, {a, b}, recorder.renderer());
    ASSERT_TRUE(recorder.reachedGate.tryAcquire(1, kTimeoutMs));
    cache.renderInBackground({c}, {c}, recorder.renderer());  // scrolled far away
    recorder.gate.release();
    ASSERT_TRUE(done.wait(kTimeoutMs));
    EXPECT_EQ(recorder.timesRendered(b), 0) << "the rest of the old job was cancelled";
    EXPECT_EQ(recorder.timesRendered(c), 1);
    EXPECT_NE(cache.find(c), nullptr);
    EXPECT_NE(cache.find(a), nullptr) << "a tile already rendered is kept";
}

TEST(TileCacheTest, TilesOfAnOlderPictureAreDropped) {
    TileCache cache;
    RecordingRenderer recorder;
    const TileIndex a{48, 48, 0, 0};
    recorder.holdBefore = a;
    QSignalSpy done(&cache, &TileCache::allRendered);
    cache.renderInBackground({a}, {a}, recorder.renderer());
    ASSERT_TRUE(recorder.reachedGate.tryAcquire(1, kTimeoutMs));
    cache.invalidate();  // e.g. another colour map while a is being rendered
    recorder.gate.release();
    ASSERT_TRUE(done.wait(kTimeoutMs));
    EXPECT_EQ(recorder.timesRendered(a), 1);
    EXPECT_EQ(cache.find(a), nullptr) << "a tile of the old picture must not be shown";
    EXPECT_FALSE(cache.isRendering());
}

}  // namespace
}  // namespace attnviz::ui
