#pragma once
// The model view's grid itself: thumbnails made on a worker (so that typing never waits for 144
// heads), laid out to the width it is given, a larger preview of the head under the mouse, a
// focus ring the arrow keys move, and a click or Enter that opens the head.
#include <QImage>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "ui/heads/HeadThumbnails.h"
#include "ui/heads/ModelGridPainter.h"
#include "ui/jobs/LatestJob.h"

namespace attnviz::ui {

class ModelGridCanvas : public QWidget {
    Q_OBJECT
public:
    explicit ModelGridCanvas(QWidget* parent = nullptr);
    ~ModelGridCanvas() override;

    /// Shows a new sentence's heads: the old thumbnails stay until the new ones are made. The
    /// stack's summaries, when not made yet (a large stack's), are made on the worker with the
    /// thumbnails, and kept by the stack.
    void setStack(std::shared_ptr<const AttentionStack> stack);
    [[nodiscard]] const std::shared_ptr<const AttentionStack>& stack() const { return stack_; }
    /// The stack's summaries once made (AttentionStack::summaries), else none.
    [[nodiscard]] const std::vector<HeadSummary>& summaries() const;
    /// The weights' colour map (a ColorMap name), as the main heatmap's.
    void setColorMap(const QString& name);
    /// The measure under the labels and the top heads outlined; sorted: highest first.
    void setMeasure(std::optional<HeadMeasure> measure, bool sorted);
    [[nodiscard]] std::optional<HeadMeasure> measure() const { return options_.measure; }
    [[nodiscard]] bool sorted() const { return options_.sorted; }
    /// Lays the grid out for a viewport of this size (the scroll area's): the largest labelled
    /// thumbnails that show every head; else (in layer-major order) the largest compact grid, its
    /// layers and heads along the axes; scrolling down only when neither fits.
    void fitTo(QSize viewport);

    /// The thumbnails are still being made on the worker, or wait for the grid to be shown.
    [[nodiscard]] bool hasPendingThumbnails() const { return pending_; }
    /// Makes the thumbnails at once on this thread (tests, the benchmark, the first show).
    void makeThumbnailsNow();
    [[nodiscard]] const ModelGridLayout& gridLayout() const { return layout_; }
    /// Which head (layer-major) each position shows.
    [[nodiscard]] const std::vector<int>& order() const { return order_; }
    /// Where head index (layer-major) is drawn: its thumbnail, in this widget's coordinates.
    [[nodiscard]] QRectF thumbnailRect(int layer, int head) const;
    /// The head (layer-major) framed by the keyboard's focus ring.
    [[nodiscard]] int focusHead() const;
    /// The head under the mouse, whose preview is drawn; −1: none.
    [[nodiscard]] int hoveredHead() const { return hovered_; }

    /// Smallest and largest side of a thumbnail, in pixels (kSmallestCompactSide: with the layers
    /// and heads written along the axes).
    static constexpr int kSmallestSide = 56;
    static constexpr int kSmallestCompactSide = 28;
    static constexpr int kLargestSide = 360;

signals:
    /// A head was clicked, or Enter pressed on it (0-based).
    void headActivated(int layer, int head);
    /// The summaries setStack did not have are made (summaries() holds them).
    void summariesMade();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    [[nodiscard]] QSize sizeHint() const override;

private:
    [[nodiscard]] ThumbnailLook look() const;
    [[nodiscard]] ModelGridOptions gridOptions() const;
    /// Makes the base images (and thumbnails at the current side) on the worker.
    void startThumbnails();
    /// The thumbnails at side from the base images, when the side or the images changed.
    void scaleThumbnails();
    void relayout();
    void paintPreview(QPainter& painter, int head) const;
    void activate(int head);

    struct Made {
        HeadImages images;
        bool summarized = false;  ///< the stack's summaries were made with the thumbnails
        std::vector<QImage> thumbnails;
        int side = 0;
    };
    void onThumbnailsMade(Made made);

    /// The summaries of shownStack_ once made, else none.
    [[nodiscard]] const std::vector<HeadSummary>& shownSummaries() const;

    std::shared_ptr<const AttentionStack> stack_;
    std::shared_ptr<const AttentionStack> shownStack_;  ///< the stack the thumbnails are of
    QString colorMap_ = QStringLiteral("Blues");
    ModelGridOptions options_;
    ModelGridLayout layout_;
    QSize viewport_{800, 600};
    std::vector<int> order_;
    HeadImages images_;
    std::vector<QImage> thumbnails_;
    int thumbnailSide_ = 0;
    int focusPosition_ = 0;
    int hovered_ = -1;
    QPointF hoverPoint_;
    bool pending_ = false;
    bool deferred_ = false;  ///< thumbnails wanted while hidden: made when shown
    /// Last, so that it is destroyed first: it cancels the thumbnails being made and waits.
    LatestJob<Made> thumbnailJob_{this};
};

}  // namespace attnviz::ui
