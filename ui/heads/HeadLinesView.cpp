#include "ui/heads/HeadLinesView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/heads/AttentionStack.h"
#include "ui/heads/HeadsPalette.h"
#include "ui/style/ScrollableRow.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

/// The area the columns and lines are painted in (inside the scroll area): it reports the
/// token under the mouse and clicks to the view.
class HeadLinesCanvas : public QWidget {
public:
    explicit HeadLinesCanvas(HeadLinesView* view) : view_(view) {
        setMouseTracking(true);
        setAutoFillBackground(true);
        setBackgroundRole(QPalette::Base);
    }

    [[nodiscard]] std::optional<TokenRef> tokenAt(QPointF point) const {
        const HeadLinesPainter* painter = view_->ensurePainter();
        if (painter == nullptr) return std::nullopt;
        return painter->tokenAt(painter->layout(rect()), point);
    }

protected:
    void paintEvent(QPaintEvent* event) override {
        const HeadLinesPainter* lines = view_->ensurePainter();
        if (lines == nullptr) return;
        QPainter painter(this);
        lines->paint(painter, rect(), event->rect());
    }
    void mouseMoveEvent(QMouseEvent* event) override { view_->setHovered(tokenAt(event->position())); }
    void leaveEvent(QEvent* /*event*/) override { view_->setHovered(std::nullopt); }
    void mousePressEvent(QMouseEvent* event) override {
        if (event->button() == Qt::LeftButton) view_->clicked(tokenAt(event->position()));
    }

private:
    HeadLinesView* view_;
};

namespace {

/// A chip's icon: the head's colour filled when its lines show, only outlined when they do not.
QIcon chipIcon(int head, bool dark, int side) {
    const QColor colour = headColour(head, dark);
    QPixmap on(side, side), off(side, side);
    on.fill(colour);
    off.fill(Qt::transparent);
    QPainter painter(&off);
    painter.setPen(QPen(colour, 2));
    painter.drawRect(QRectF(1, 1, side - 2, side - 2));
    painter.end();
    QIcon icon;
    icon.addPixmap(on, QIcon::Normal, QIcon::On);
    icon.addPixmap(off, QIcon::Normal, QIcon::Off);
    return icon;
}

}  // namespace

HeadLinesView::HeadLinesView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("HeadLinesView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    layerLabel_ = new QLabel;
    layerBox_ = new QComboBox;
    layerLabel_->setBuddy(layerBox_);
    bar->addWidget(layerLabel_);
    bar->addWidget(layerBox_);
    headsLabel_ = new QLabel;
    bar->addWidget(headsLabel_);
    chipRow_ = new QWidget;
    auto* chips = new QHBoxLayout(chipRow_);
    chips->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(chipRow_);
    allButton_ = new QPushButton;
    noneButton_ = new QPushButton;
    bar->addWidget(allButton_);
    bar->addWidget(noneButton_);
    bar->addStretch(1);
    layout->addWidget(scrollableRow(bar));  // a long French row scrolls, never widens the window
    hint_ = new QLabel;
    hint_->setWordWrap(true);
    layout->addWidget(hint_);

    canvas_ = new HeadLinesCanvas(this);
    scroll_ = new QScrollArea;
    scroll_->setWidget(canvas_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    layout->addWidget(scroll_, 1);
    setFocusPolicy(Qt::StrongFocus);

    connect(layerBox_, &QComboBox::activated, this, [this](int index) {
        setLayer(index);
        emit layerChanged(layer_);
    });
    connect(allButton_, &QPushButton::clicked, this, &HeadLinesView::showAllHeads);
    connect(noneButton_, &QPushButton::clicked, this, &HeadLinesView::hideAllHeads);
    rebuildLayers();
    retranslateUi();
}

HeadLinesView::~HeadLinesView() = default;

void HeadLinesView::setStack(std::shared_ptr<const AttentionStack> stack) {
    const int heads = stack_ ? stack_->heads() : -1;
    const int layers = stack_ ? stack_->layers() : -1;
    const int tokens = stack_ ? stack_->size() : -1;
    stack_ = std::move(stack);
    painter_.reset();
    if (!stack_) {
        visible_.clear();
        hovered_.reset();
        pinned_.reset();
    } else {
        if (layer_ >= stack_->layers()) layer_ = 0;
        if (stack_->heads() != heads) visible_.assign(static_cast<std::size_t>(stack_->heads()), true);
        if (stack_->size() != tokens) {
            hovered_.reset();
            pinned_.reset();
        }
    }
    if (!stack_ || stack_->heads() != heads) rebuildChips();
    if (!stack_ || stack_->layers() != layers) rebuildLayers();
    refresh();
}

void HeadLinesView::setLayer(int layer) {
    if (!stack_ || layer < 0 || layer >= stack_->layers() || layer == layer_) return;
    layer_ = layer;
    layerBox_->setCurrentIndex(layer);
    painter_.reset();
    retranslateUi();  // the chips' tooltips name the layer's roles
    refresh();
}

void HeadLinesView::setHeadVisible(int head, bool visible) {
    const auto index = static_cast<std::size_t>(head);
    if (index >= visible_.size() || visible_[index] == visible) return;
    visible_[index] = visible;
    if (QToolButton* chip = headChip(head)) chip->setChecked(visible);
    refresh();
}

bool HeadLinesView::isHeadVisible(int head) const {
    const auto index = static_cast<std::size_t>(head);
    return index < visible_.size() && visible_[index];
}

void HeadLinesView::showAllHeads() {
    for (std::size_t head = 0; head < visible_.size(); ++head) setHeadVisible(static_cast<int>(head), true);
}

void HeadLinesView::hideAllHeads() {
    for (std::size_t head = 0; head < visible_.size(); ++head) setHeadVisible(static_cast<int>(head), false);
}

void HeadLinesView::setPinnedToken(std::optional<TokenRef> token) {
    if (token && (!stack_ || token->index < 0 || token->index >= stack_->size())) token.reset();
    if (pinned_ == token) return;
    pinned_ = token;
    refresh();
}

QToolButton* HeadLinesView::headChip(int head) const {
    const auto index = static_cast<std::size_t>(head);
    return index < chips_.size() ? chips_[index] : nullptr;
}

const HeadLinesPainter* HeadLinesView::linesPainter() const { return ensurePainter(); }

HeadViewOptions HeadLinesView::figureOptions() const {
    HeadViewOptions options;
    options.visibleHeads = visible_;
    options.focus = focusToken();
    return options;
}

HeadLinesPainter* HeadLinesView::ensurePainter() const {
    if (!stack_) return nullptr;
    if (!painter_) {
        painter_ = std::make_unique<HeadLinesPainter>(*stack_, layer_);
        configurePainter();
    }
    return painter_.get();
}

void HeadLinesView::configurePainter() const {
    HeadLinesStyle style = HeadLinesStyle::forFont(canvas_->font(), isDark(palette()));
    style.text = palette().color(QPalette::Text);
    style.background = palette().color(QPalette::Base);
    style.highlight = palette().color(QPalette::Highlight);
    painter_->setStyle(style);
    painter_->setVisibleHeads(visible_);
    painter_->setFocus(focusToken());
}

void HeadLinesView::refresh() {
    if (painter_) configurePainter();  // restyled in place: the weights stay
    // The rows' natural height sets how tall the canvas must be: taller than the view, it scrolls.
    // A hidden view (another tab) reads the weights when it is shown, not on every keystroke.
    if (!isVisible()) return;
    if (const HeadLinesPainter* painter = ensurePainter())
        canvas_->setMinimumSize(painter->naturalSize().toSize());
    else
        canvas_->setMinimumSize(0, 0);
    updateHint();
    canvas_->update();
}

void HeadLinesView::setHovered(std::optional<TokenRef> token) {
    if (hovered_ == token) return;
    hovered_ = token;
    if (!pinned_) refresh();
}

void HeadLinesView::clicked(std::optional<TokenRef> token) {
    setFocus(Qt::MouseFocusReason);
    setPinnedToken(token && pinned_ != token ? token : std::nullopt);
}

void HeadLinesView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
}

void HeadLinesView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && pinned_) {
        setPinnedToken(std::nullopt);
        return;
    }
    QWidget::keyPressEvent(event);
}

void HeadLinesView::rebuildChips() {
    for (QToolButton* chip : chips_) delete chip;
    chips_.clear();
    const int heads = stack_ ? stack_->heads() : 0;
    const int side = fontMetrics().height() * 2 / 3;
    for (int head = 0; head < heads; ++head) {
        auto* chip = new QToolButton;
        chip->setCheckable(true);
        chip->setChecked(isHeadVisible(head));
        chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        chip->setIcon(chipIcon(head, isDark(palette()), side));
        chip->setIconSize(QSize(side, side));
        chip->setText(QString::number(head + 1));
        connect(chip, &QToolButton::toggled, this, [this, head](bool on) { setHeadVisible(head, on); });
        chipRow_->layout()->addWidget(chip);
        chips_.push_back(chip);
    }
    headsLabel_->setVisible(heads > 0);
    allButton_->setVisible(heads > 1);
    noneButton_->setVisible(heads > 1);
    retranslateUi();
}

void HeadLinesView::rebuildLayers() {
    layerBox_->clear();
    const int layers = stack_ ? stack_->layers() : 0;
    for (int layer = 0; layer < layers; ++layer) layerBox_->addItem(tr("Layer %1").arg(layer + 1));
    layerBox_->setCurrentIndex(layer_);
    layerLabel_->setVisible(layers > 1);
    layerBox_->setVisible(layers > 1);
}

void HeadLinesView::retranslateUi() {
    layerLabel_->setText(tr("&Layer"));
    headsLabel_->setText(tr("Heads:"));
    allButton_->setText(tr("All"));
    allButton_->setToolTip(tr("Show the lines of every head."));
    noneButton_->setText(tr("None"));
    noneButton_->setToolTip(tr("Hide every head's lines, then turn on the heads to compare."));
    updateHint();
    for (std::size_t head = 0; head < chips_.size(); ++head) {
        const QString role =
            stack_ ? QString::fromStdString(stack_->headRole(layer_, static_cast<int>(head))) : QString();
        QString tip = tr("Head %1: show or hide its lines.").arg(head + 1);
        if (!role.isEmpty()) tip = tr("Head %1 (%2): show or hide its lines.").arg(head + 1).arg(role);
        chips_[head]->setToolTip(tip);
    }
    for (int layer = 0; layer < layerBox_->count(); ++layer) layerBox_->setItemText(layer, tr("Layer %1").arg(layer + 1));
}

void HeadLinesView::updateHint() {
    QString hint = tr("A line joins a query (left) to a key (right); its opacity is the weight, its colour the "
                      "head. Hover a token to see only its lines, click to keep them.");
    const HeadLinesPainter* painter = painter_.get();
    if (painter != nullptr && painter->linesDrawn() < painter->linesVisible()) {
        const QLocale numbers = locale();
        hint += QLatin1Char(' ') + tr("Only the %1 strongest of %2 lines are drawn (weights from %3).")
                                       .arg(numbers.toString(painter->linesDrawn()), numbers.toString(painter->linesVisible()),
                                            numbers.toString(painter->linesThreshold(), 'f', 3));
    }
    hint_->setText(hint);
}

void HeadLinesView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    switch (event->type()) {
        case QEvent::LanguageChange: retranslateUi(); break;
        case QEvent::PaletteChange:
            rebuildChips();  // the chips' colours follow the theme
            refresh();
            break;
        case QEvent::FontChange: refresh(); break;
        default: break;
    }
}

}  // namespace attnviz::ui
