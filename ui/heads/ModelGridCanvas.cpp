#include "ui/heads/ModelGridCanvas.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "core/base/Errors.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

std::vector<QImage> thumbnailsAt(const HeadImages& images, int side, const MaskedLook& look) {
    const QImage overlay = hatchOverlay(images, side, look);
    std::vector<QImage> out;
    out.reserve(images.images.size());
    for (const QImage& base : images.images) out.push_back(scaledThumbnail(base, side, overlay));
    return out;
}

}  // namespace

ModelGridCanvas::ModelGridCanvas(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
}

ModelGridCanvas::~ModelGridCanvas() = default;

namespace {

const std::vector<HeadSummary>& summariesOf(const std::shared_ptr<const AttentionStack>& stack) {
    static const std::vector<HeadSummary> none;
    return stack && stack->hasSummaries() ? stack->summaries() : none;
}

}  // namespace

const std::vector<HeadSummary>& ModelGridCanvas::summaries() const { return summariesOf(stack_); }

const std::vector<HeadSummary>& ModelGridCanvas::shownSummaries() const { return summariesOf(shownStack_); }

ThumbnailLook ModelGridCanvas::look() const { return ThumbnailLook::of(colorMap_, isDark(palette())); }

ModelGridOptions ModelGridCanvas::gridOptions() const {
    ModelGridOptions options = options_;
    options.font = font();
    options.text = palette().color(QPalette::Text);
    options.background = palette().color(QPalette::Base);
    options.focus = palette().color(QPalette::Highlight);
    options.locale = locale();
    options.focusHead = hasFocus() ? focusHead() : -1;
    return options;
}

void ModelGridCanvas::setStack(std::shared_ptr<const AttentionStack> stack) {
    stack_ = std::move(stack);
    hovered_ = -1;
    startThumbnails();
}

void ModelGridCanvas::setColorMap(const QString& name) {
    if (name == colorMap_) return;
    colorMap_ = name;
    startThumbnails();
}

void ModelGridCanvas::setMeasure(std::optional<HeadMeasure> measure, bool sorted) {
    options_.measure = measure;
    options_.sorted = sorted && measure.has_value();
    relayout();
}

void ModelGridCanvas::startThumbnails() {
    thumbnailJob_.cancel();
    if (!stack_) return;
    pending_ = true;
    // A hidden grid (another tab) makes its thumbnails when shown: the worker's cores stay with
    // the views on screen while the sentence is typed.
    deferred_ = !isVisible();
    if (deferred_) return;
    const int side = thumbnailSide_ > 0 ? thumbnailSide_ : layout_.side();
    const bool summarize = !stack_->hasSummaries();
    thumbnailJob_.start(
        [stack = stack_, look = look(), side, summarize](const JobControl& control) {
            Made made;
            try {
                if (summarize) (void)stack->summaries(&control.cancelFlag());  // kept by the stack
                made.summarized = summarize;
                made.images = makeHeadImages(*stack, look, &control.cancelFlag());
                if (side > 0) made.thumbnails = thumbnailsAt(made.images, side, look.masked);
                made.side = side;
            } catch (const Cancelled&) {
                // a newer sentence's thumbnails follow: LatestJob drops this result
            }
            return made;
        },
        [this](Made made) { onThumbnailsMade(std::move(made)); });
}

void ModelGridCanvas::onThumbnailsMade(Made made) {
    pending_ = false;
    images_ = std::move(made.images);
    shownStack_ = stack_;
    thumbnails_ = std::move(made.thumbnails);
    thumbnailSide_ = made.side;
    relayout();
    if (made.summarized) emit summariesMade();
}

void ModelGridCanvas::makeThumbnailsNow() {
    if (!stack_) return;
    thumbnailJob_.cancel();
    pending_ = false;
    deferred_ = false;
    const bool summarize = !stack_->hasSummaries();
    if (summarize) (void)stack_->summaries();
    images_ = makeHeadImages(*stack_, look());
    shownStack_ = stack_;
    thumbnails_.clear();
    thumbnailSide_ = 0;
    relayout();
    if (summarize) emit summariesMade();
}

void ModelGridCanvas::fitTo(QSize viewport) {
    viewport_ = viewport;
    relayout();
}

void ModelGridCanvas::relayout() {
    const AttentionStack* stack = shownStack_.get();
    if (stack == nullptr) {
        layout_ = {};
        order_.clear();
        update();
        return;
    }
    const int lines = modelGridLabelLines(*stack, options_);
    const auto fits = [&](const ModelGridLayout& layout) {
        return layout.size().width() <= viewport_.width() && layout.size().height() <= viewport_.height();
    };
    // The largest labelled thumbnails that show every head; else, in layer-major order, a compact
    // grid with the layers and heads along its axes; else labelled ones scrolling down.
    const auto largest = [&](bool axisLabels, int smallest, bool needHeight) -> std::optional<ModelGridLayout> {
        for (int side = kLargestSide; side >= smallest; side -= 2) {
            ModelGridLayout layout(stack->layers(), stack->heads(), side, font(), lines, axisLabels);
            if (needHeight ? fits(layout) : layout.size().width() <= viewport_.width()) return layout;
        }
        return std::nullopt;
    };
    std::optional<ModelGridLayout> chosen = largest(false, kSmallestSide, true);
    if (!chosen && !options_.sorted) chosen = largest(true, kSmallestCompactSide, true);
    if (!chosen) chosen = largest(false, kSmallestSide, false);
    if (!chosen) chosen = ModelGridLayout(stack->layers(), stack->heads(), kSmallestSide, font(), lines);
    layout_ = *chosen;
    order_ = modelGridOrder(shownSummaries().size() == static_cast<std::size_t>(stack->layers() * stack->heads())
                                ? shownSummaries()
                                : std::vector<HeadSummary>(static_cast<std::size_t>(stack->layers() * stack->heads())),
                            options_.measure, options_.sorted);
    focusPosition_ = std::clamp(focusPosition_, 0, std::max(0, layout_.count() - 1));
    scaleThumbnails();
    setFixedSize(layout_.size().toSize());
    update();
}

void ModelGridCanvas::scaleThumbnails() {
    if (images_.images.empty() || layout_.side() == thumbnailSide_) return;
    thumbnailSide_ = layout_.side();
    thumbnails_ = thumbnailsAt(images_, thumbnailSide_, look().masked);
}

QRectF ModelGridCanvas::thumbnailRect(int layer, int head) const {
    if (!shownStack_) return {};
    const int index = layer * shownStack_->heads() + head;
    const auto it = std::find(order_.begin(), order_.end(), index);
    return it == order_.end() ? QRectF() : layout_.thumbnail(static_cast<int>(it - order_.begin()));
}

int ModelGridCanvas::focusHead() const {
    return focusPosition_ < static_cast<int>(order_.size()) ? order_[static_cast<std::size_t>(focusPosition_)] : -1;
}

QSize ModelGridCanvas::sizeHint() const { return layout_.size().toSize(); }

void ModelGridCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (!shownStack_) return;
    const auto draw = [this](QPainter& p, int head, const QRectF& rect) {
        if (head < static_cast<int>(thumbnails_.size())) p.drawImage(rect.topLeft(), thumbnails_[static_cast<std::size_t>(head)]);
    };
    paintModelGrid(painter, layout_, *shownStack_, shownSummaries(), draw, gridOptions());
    if (hovered_ >= 0) paintPreview(painter, hovered_);
}

void ModelGridCanvas::paintPreview(QPainter& painter, int head) const {
    const AttentionStack& stack = *shownStack_;
    const int layer = head / stack.heads(), inLayer = head % stack.heads();
    const QFontMetricsF metrics(font());
    const double line = std::ceil(metrics.height());
    const int side = std::max(240, std::min(3 * layout_.side(), 480));
    QStringList lines{ModelGridLayout::headLabel(layer, inLayer)};
    const std::string& role = stack.headRole(layer, inLayer);
    if (!role.empty()) lines << QString::fromStdString(role);
    if (static_cast<std::size_t>(head) < shownSummaries().size()) {
        const HeadSummary& summary = shownSummaries()[static_cast<std::size_t>(head)];
        for (int m = 0; m < kHeadMeasureCount; ++m) {
            const auto measure = static_cast<HeadMeasure>(m);
            lines << ModelGridLayout::measureName(measure) + QStringLiteral(": ") +
                         ModelGridLayout::measureValue(measure, summary.value(measure), locale());
        }
    }
    double textWidth = 0;
    for (const QString& text : lines) textWidth = std::max(textWidth, metrics.horizontalAdvance(text));
    const double pad = std::round(line * 0.5);
    const QSizeF box(std::max<double>(side, textWidth) + 2 * pad, side + static_cast<double>(lines.size()) * line + 3 * pad);
    // Beside the cursor, inside the widget's visible part.
    const QRect visible = visibleRegion().boundingRect();
    QPointF at = hoverPoint_ + QPointF(16, 16);
    if (at.x() + box.width() > visible.right()) at.setX(hoverPoint_.x() - 16 - box.width());
    if (at.y() + box.height() > visible.bottom()) at.setY(visible.bottom() - box.height());
    at.setX(std::max<double>(at.x(), visible.left()));
    at.setY(std::max<double>(at.y(), visible.top()));
    const QRectF frame(at, box);
    painter.save();
    painter.fillRect(frame, palette().color(QPalette::Base));
    painter.setPen(QPen(palette().color(QPalette::Text), 1));
    painter.drawRect(frame);
    const ThumbnailLook look = this->look();
    const QImage big = scaledThumbnail(images_.images[static_cast<std::size_t>(head)], side,
                                       hatchOverlay(images_, side, look.masked));
    painter.drawImage(QPointF(frame.left() + (frame.width() - side) / 2, frame.top() + pad), big);
    painter.setFont(font());
    for (int i = 0; i < lines.size(); ++i)
        painter.drawText(QRectF(frame.left() + pad, frame.top() + 2 * pad + side + i * line, frame.width() - 2 * pad, line),
                         Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
    painter.restore();
}

void ModelGridCanvas::mouseMoveEvent(QMouseEvent* event) {
    const int position = layout_.positionAt(event->position());
    const int head = position >= 0 && position < static_cast<int>(order_.size()) ? order_[static_cast<std::size_t>(position)] : -1;
    hoverPoint_ = event->position();
    if (head != hovered_ || head >= 0) {
        hovered_ = head;
        update();
    }
}

void ModelGridCanvas::leaveEvent(QEvent*) {
    hovered_ = -1;
    update();
}

void ModelGridCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const int position = layout_.positionAt(event->position());
    if (position < 0 || position >= static_cast<int>(order_.size())) return;
    focusPosition_ = position;
    activate(order_[static_cast<std::size_t>(position)]);
}

void ModelGridCanvas::activate(int head) {
    if (!shownStack_ || head < 0) return;
    emit headActivated(head / shownStack_->heads(), head % shownStack_->heads());
}

void ModelGridCanvas::keyPressEvent(QKeyEvent* event) {
    const int columns = std::max(1, layout_.columns()), count = layout_.count();
    int position = focusPosition_;
    switch (event->key()) {
        case Qt::Key_Left: position -= 1; break;
        case Qt::Key_Right: position += 1; break;
        case Qt::Key_Up: position -= columns; break;
        case Qt::Key_Down: position += columns; break;
        case Qt::Key_Home: position = 0; break;
        case Qt::Key_End: position = count - 1; break;
        case Qt::Key_Return:
        case Qt::Key_Enter: activate(focusHead()); return;
        default: QWidget::keyPressEvent(event); return;
    }
    if (position < 0 || position >= count) return;
    focusPosition_ = position;
    update();
}

void ModelGridCanvas::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (deferred_) startThumbnails();
}

void ModelGridCanvas::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    update();  // the focus ring
}

void ModelGridCanvas::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    update();
}

void ModelGridCanvas::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) startThumbnails();  // the dark theme's map
    if (event->type() == QEvent::FontChange) relayout();
}

}  // namespace attnviz::ui
