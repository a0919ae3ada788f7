#include "ui/shell/PresentationMode.h"

#include <QApplication>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMenuBar>
#include <QScreen>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/TextEntry.h"
#include "ui/style/FocusRing.h"

namespace attnviz::ui {
namespace {

constexpr double kReferenceScreenHeight = 1080;
constexpr double kExplainerWidthShare = 0.30;

}  // namespace

PresentationMode::PresentationMode(MainWindow* window) : QObject(window), window_(window) {
    connect(window_, &MainWindow::traceChanged, this, [this] {
        if (active_) scheduleFit();
    });
}

PresentationMode::~PresentationMode() {
    if (active_) qApp->removeEventFilter(this);
}

double PresentationMode::scaledForScreen(double pixels, QSize screen) {
    return pixels * std::max(1.0, screen.height() / kReferenceScreenHeight);
}

double PresentationMode::digitHeight(const QFont& font) {
    return QFontMetricsF(font).tightBoundingRect(QStringLiteral("0123456789")).height();
}

QFont PresentationMode::fontWithDigitHeight(const QFont& base, double pixels) {
    QFont font = base;
    double points = 6;
    font.setPointSizeF(points);
    while (digitHeight(font) < pixels && points < 400) {
        points += 0.5;
        font.setPointSizeF(points);
    }
    return font;
}

QDockWidget* PresentationMode::explainerDock() const {
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
        if (dock->widget() == window_->explainer()) return dock;
    return nullptr;
}

void PresentationMode::enter() {
    if (active_) return;
    active_ = true;
    savedGeometry_ = window_->geometry();
    savedState_ = window_->saveState();
    savedWindowState_ = window_->windowState();
    savedFont_ = window_->font();
    savedShowValues_ = window_->heatmap()->showValues();
    // The digit height promised to the back of the room: values are never drawn smaller.
    savedValueScales_ = {window_->heatmap()->smallestValueScale(), window_->stepper()->heatmap()->smallestValueScale()};
    window_->heatmap()->setSmallestValueScale(1);
    window_->stepper()->heatmap()->setSmallestValueScale(1);
    savedMenuBar_ = !window_->menuBar()->isHidden();
    savedStatusBar_ = !window_->statusBar()->isHidden();

    const QSize screen = window_->screen() != nullptr ? window_->screen()->geometry().size() : QSize(1920, 1080);
    // Never smaller than the text the teacher already chose.
    const QFont text = fontWithDigitHeight(savedFont_, scaledForScreen(kTextDigitPixels, screen));
    const QFont values = fontWithDigitHeight(savedFont_, scaledForScreen(kValueDigitPixels, screen));
    if (text.pointSizeF() > savedFont_.pointSizeF()) {
        window_->setFont(text);
        QToolTip::setFont(text);
    }
    valueFont_ = values.pointSizeF() > window_->font().pointSizeF() ? values : window_->font();
    window_->heatmap()->setFont(valueFont_);
    window_->stepper()->heatmap()->setFont(valueFont_);
    fittedArea_ = fittedMatrix_ = QSize();

    QDockWidget* explainer = explainerDock();
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>()) {
        if (dock == explainer) {
            dock->setFloating(false);
            dock->show();
        } else {
            dock->hide();
        }
    }
    for (QToolBar* bar : window_->findChildren<QToolBar*>()) bar->hide();
    window_->menuBar()->hide();
    window_->statusBar()->hide();
    window_->showFullScreen();
    if (explainer != nullptr)
        window_->resizeDocks({explainer}, {static_cast<int>(screen.width() * kExplainerWidthShare)}, Qt::Horizontal);
    qApp->installEventFilter(this);
    FocusRing::setSuppressed(true);
    if (QWidget* page = window_->tabs()->currentWidget()) page->setFocus(Qt::OtherFocusReason);
    window_->refitHeatmap();
    scheduleFit();
    emit activeChanged(true);
}

void PresentationMode::scheduleFit() {
    if (fitScheduled_) return;
    fitScheduled_ = true;
    QTimer::singleShot(0, this, &PresentationMode::fitHeatmapText);
}

void PresentationMode::fitHeatmapText() {
    fitScheduled_ = false;
    HeatmapView* view = window_->heatmap();
    if (!active_ || !view->source()) return;
    // The view's size with its scroll bars counted in, so that the bars this brings or removes
    // do not ask for another fit.
    QSize area = view->viewport()->size();
    if (view->verticalScrollBar()->isVisible()) area.rwidth() += view->verticalScrollBar()->width();
    if (view->horizontalScrollBar()->isVisible()) area.rheight() += view->horizontalScrollBar()->height();
    const QSize matrix(view->source()->cols(), view->source()->rows());
    if (area == fittedArea_ && matrix == fittedMatrix_) return;
    fittedArea_ = area;
    fittedMatrix_ = matrix;

    QFont font = valueFont_;
    view->setFont(font);
    window_->refitHeatmap();
    const double largest = fontWithDigitHeight(valueFont_, kMaxGrowth * digitHeight(valueFont_)).pointSizeF();
    for (int round = 0; round < 3; ++round) {
        // The whole figure at the default cell size for this font, against the view.
        const HeatmapLayout& layout = view->currentLayout();
        const double cell = view->defaultCellSize();
        const double width = layout.size.width() - layout.grid.width() + matrix.width() * cell;
        const double height = layout.size.height() - layout.grid.height() + matrix.height() * cell;
        const double scale = std::min(area.width() / width, area.height() / height) * 0.97;
        if (scale < 1.03 || font.pointSizeF() >= largest) break;
        font.setPointSizeF(std::min(font.pointSizeF() * scale, largest));
        view->setFont(font);
        window_->refitHeatmap();
    }
    // Back to a smaller text if the estimate overshot: the whole matrix, numbers included.
    const auto overflows = [view] {
        return view->cellSize() < view->defaultCellSize() || view->horizontalScrollBar()->maximum() > 0 ||
               view->verticalScrollBar()->maximum() > 0;
    };
    for (int round = 0; round < 12 && font.pointSizeF() > valueFont_.pointSizeF() && overflows(); ++round) {
        font.setPointSizeF(std::max(valueFont_.pointSizeF(), font.pointSizeF() * 0.92));
        view->setFont(font);
        window_->refitHeatmap();
    }
    // A long sentence: its cells are too small for numbers at any readable size, and a label on
    // every other row would hide half the tokens. Every token's label matters more: the text
    // shrinks, down to the presentation's other text, until each row and column has its label.
    const auto labelsSkipped = [view] {
        return view->currentLayout().rowLabelStep > 1 || view->currentLayout().columnLabelStep > 1;
    };
    const double smallest = window_->font().pointSizeF();
    for (int round = 0; round < 20 && font.pointSizeF() > smallest && labelsSkipped(); ++round) {
        font.setPointSizeF(std::max(smallest, font.pointSizeF() * 0.92));
        view->setFont(font);
        window_->refitHeatmap();
    }
    // Numbers in the cells only at the size promised to the back of the room.
    view->setShowValues(savedShowValues_ && font.pointSizeF() >= valueFont_.pointSizeF());
}

void PresentationMode::leave() {
    if (!active_) return;
    active_ = false;
    qApp->removeEventFilter(this);
    FocusRing::setSuppressed(false);
    window_->heatmap()->setFont(QFont());
    window_->heatmap()->setShowValues(savedShowValues_);
    window_->heatmap()->setSmallestValueScale(savedValueScales_.first);
    window_->stepper()->heatmap()->setSmallestValueScale(savedValueScales_.second);
    window_->stepper()->heatmap()->setFont(QFont());
    window_->setFont(savedFont_);
    QToolTip::setFont(savedFont_);
    window_->menuBar()->setVisible(savedMenuBar_);
    window_->statusBar()->setVisible(savedStatusBar_);
    window_->restoreState(savedState_);
    window_->setWindowState(savedWindowState_);
    if (!(savedWindowState_ & (Qt::WindowMaximized | Qt::WindowFullScreen))) window_->setGeometry(savedGeometry_);
    window_->refitHeatmap();
    emit activeChanged(false);
}

bool PresentationMode::handleKey(const QKeyEvent& key, bool perform) {
    if ((key.modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    if (window_->predictActions()->wantsKey(key)) return false;  // a round on the weights: its keys
    const bool typing = isTextEntry(QApplication::focusWidget());
    int direction = 0;
    switch (key.key()) {
        case Qt::Key_PageDown: direction = 1; break;
        case Qt::Key_PageUp: direction = -1; break;
        case Qt::Key_Right:
            if (typing) return false;
            direction = 1;
            break;
        case Qt::Key_Left:
            if (typing) return false;
            direction = -1;
            break;
        case Qt::Key_Escape:
            if (perform) leave();
            return true;
        default: return false;
    }
    if (perform) step(direction);
    return true;
}

void PresentationMode::step(int direction) {
    // The first press shows the step-by-step view where it was; the next ones move in it.
    StepperView* stepper = window_->stepper();
    if (window_->tabs()->currentWidget() != stepper) {
        window_->tabs()->setCurrentWidget(stepper);
        return;
    }
    if (direction > 0)
        stepper->next();
    else
        stepper->previous();
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
    if (active_ && event->type() == QEvent::Resize && watched == window_->heatmap()->viewport()) scheduleFit();
    const bool shortcut = event->type() == QEvent::ShortcutOverride;
    if (active_ && (shortcut || event->type() == QEvent::KeyPress)) {
        const auto* widget = qobject_cast<QWidget*>(watched);
        if (widget != nullptr && widget->window() == window_ && handleKey(*static_cast<QKeyEvent*>(event), !shortcut)) {
            // An accepted ShortcutOverride turns off the shortcuts for this key (the step view's
            // own →/← among them), so the key press comes back here and is handled once.
            event->accept();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace attnviz::ui
