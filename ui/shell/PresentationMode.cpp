#include "ui/shell/PresentationMode.h"

#include <QApplication>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QToolTip>

#include <algorithm>

#include "ui/costlab/CostLabPanel.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/CellExplainer.h"
#include "ui/panels/StepperView.h"
#include "ui/panels/TokenStrip.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PredictActions.h"
#include "ui/style/FocusRing.h"

namespace attnviz::ui {
namespace {

constexpr double kReferenceScreenHeight = 1080;

}  // namespace

PresentationMode::PresentationMode(MainWindow* window) : QObject(window), window_(window) {
    connect(window_->tabs(), &QTabWidget::currentChanged, this, [this] {
        if (active_) placeExplainer();
    });
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

QSize PresentationMode::screenSize() const {
    return window_->screen() != nullptr ? window_->screen()->geometry().size() : QSize(1920, 1080);
}

QFont PresentationMode::textFont(double pixels, QSize screen) const {
    // Never smaller than the text the teacher already chose.
    const QFont font = fontWithDigitHeight(savedFont_, scaledForScreen(pixels, screen));
    return font.pointSizeF() > savedFont_.pointSizeF() ? font : savedFont_;
}

void PresentationMode::setValueDigits(HeatmapView& view, double digitPixels, QSize screen) const {
    const QFont smallest = fontWithDigitHeight(savedFont_, scaledForScreen(digitPixels, screen));
    const QFont largest = fontWithDigitHeight(savedFont_, scaledForScreen(digitPixels * kMaxGrowth, screen));
    view.setValueFont(largest);
    view.setSmallestValueScale(smallest.pointSizeF() / largest.pointSizeF());
}

void PresentationMode::enter() {
    if (active_) return;
    active_ = true;
    savedGeometry_ = window_->geometry();
    savedState_ = window_->saveState();
    savedWindowState_ = window_->windowState();
    savedFont_ = window_->font();
    savedValueScales_ = {window_->heatmap()->smallestValueScale(), window_->stepper()->heatmap()->smallestValueScale()};
    savedMenuBar_ = !window_->menuBar()->isHidden();
    savedStatusBar_ = !window_->statusBar()->isHidden();

    const QSize screen = screenSize();
    const QFont text = textFont(kTextDigitPixels, screen);
    window_->setFont(text);
    QToolTip::setFont(text);
    // The sentence is what the lesson is about: larger than the rest.
    const QFont sentence = textFont(kSentenceDigitPixels, screen);
    window_->sentenceEdit()->setFont(sentence);
    window_->tokenStrip()->setFont(sentence);
    window_->headView()->setFont(sentence);  // its tokens are the sentence's, its lines thicken with them
    // The digit heights promised to the back of the room: numbers are never drawn smaller.
    setValueDigits(*window_->heatmap(), kValueDigitPixels, screen);
    setValueDigits(*window_->stepper()->heatmap(), kStepDigitPixels, screen);
    // Every token keeps its label: smaller labels rather than one on every other row.
    window_->heatmap()->setSmallestLabelScale(kSmallestLabelScale);
    window_->stepper()->heatmap()->setSmallestLabelScale(kSmallestLabelScale);
    window_->explainer()->setPresentationLayout(true);

    QDockWidget* explainer = explainerDock();
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>()) {
        if (dock == explainer)
            dock->setFloating(false);
        else
            dock->hide();
    }
    for (QToolBar* bar : window_->findChildren<QToolBar*>()) bar->hide();
    window_->menuBar()->hide();
    window_->statusBar()->hide();
    window_->showFullScreen();
    placeExplainer();
    FocusRing::setSuppressed(true);
    if (QWidget* page = window_->tabs()->currentWidget()) page->setFocus(Qt::OtherFocusReason);
    emit activeChanged(true);
}

void PresentationMode::placeExplainer() {
    // The steps and the cost lab take the whole width, and the sentence box's height (the tokens
    // stay above them); the lab's charts are not about the sentence.
    const bool steps = window_->tabs()->currentWidget() == window_->stepper() ||
                       window_->tabs()->currentWidget() == window_->costLab();
    window_->setSentenceBoxVisible(!steps);
    QDockWidget* explainer = explainerDock();
    if (explainer == nullptr) return;
    explainer->setVisible(!steps);
    if (steps) return;
    // What the heatmap needs for its numbers and labels goes first (within bounds): the frames
    // around its view are the central area's width less the view's.
    const int screen = screenSize().width();
    const QSizeF figure = window_->heatmap()->readableFigureSize();
    const int frames = window_->centralWidget()->width() - window_->heatmap()->viewport()->width() +
                       window_->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent);
    double width = screen - std::ceil(figure.width()) - frames;
    // No numbers (or not even with the explainer at its narrowest): the heatmap is an overview,
    // which takes any width, and the explainer the most.
    if (figure.isEmpty() || width < screen * kExplainerLeastShare) width = screen * kExplainerMostShare;
    width = std::min(width, screen * kExplainerMostShare);
    window_->resizeDocks({explainer}, {static_cast<int>(width)}, Qt::Horizontal);
}

void PresentationMode::leave() {
    if (!active_) return;
    active_ = false;
    FocusRing::setSuppressed(false);
    for (HeatmapView* view : {window_->heatmap(), window_->stepper()->heatmap()}) {
        view->setValueFont(std::nullopt);
        view->setSmallestLabelScale(1);
    }
    window_->heatmap()->setSmallestValueScale(savedValueScales_.first);
    window_->stepper()->heatmap()->setSmallestValueScale(savedValueScales_.second);
    window_->explainer()->setPresentationLayout(false);
    window_->setSentenceBoxVisible(true);
    window_->sentenceEdit()->setFont(QFont());  // the window's font again
    window_->tokenStrip()->setFont(QFont());
    window_->headView()->setFont(QFont());
    window_->setFont(savedFont_);
    QToolTip::setFont(savedFont_);
    window_->menuBar()->setVisible(savedMenuBar_);
    window_->statusBar()->setVisible(savedStatusBar_);
    window_->restoreState(savedState_);
    window_->setWindowState(savedWindowState_);
    if (!(savedWindowState_ & (Qt::WindowMaximized | Qt::WindowFullScreen))) window_->setGeometry(savedGeometry_);
    emit activeChanged(false);
}

}  // namespace attnviz::ui
