#include "ui/shell/ClickerKeys.h"

#include <QApplication>
#include <QKeyEvent>
#include <QTabWidget>

#include "ui/panels/StepperView.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/PresentationMode.h"
#include "ui/shell/TextEntry.h"

namespace attnviz::ui {
ClickerKeys::ClickerKeys(MainWindow* window, PresentationMode* presentation)
    : QObject(window), window_(window), presentation_(presentation) {
    qApp->installEventFilter(this);
}

ClickerKeys::~ClickerKeys() { qApp->removeEventFilter(this); }

bool ClickerKeys::handle(const QKeyEvent& key, bool perform) {
    if ((key.modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    const bool presenting = presentation_->isActive();
    if (key.key() == Qt::Key_Escape && presenting) {
        if (perform) presentation_->leave();
        return true;
    }
    if (window_->predictActions()->wantsKey(key)) return false;  // a round on the weights: its keys
    // In the window, the steps' keys only while the steps are shown; elsewhere they are the
    // heatmap's and the token strip's own (cells, tokens).
    if (!presenting && window_->tabs()->currentWidget() != window_->stepper()) return false;
    const bool arrowsTaken = usesArrowKeys(QApplication::focusWidget());
    int direction = 0;
    switch (key.key()) {
        case Qt::Key_PageDown: direction = 1; break;
        case Qt::Key_PageUp: direction = -1; break;
        case Qt::Key_Right: direction = arrowsTaken ? 0 : 1; break;
        case Qt::Key_Left: direction = arrowsTaken ? 0 : -1; break;
        default: break;
    }
    if (direction == 0) return false;
    if (perform) step(direction);
    return true;
}

void ClickerKeys::step(int direction) {
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

bool ClickerKeys::eventFilter(QObject* watched, QEvent* event) {
    const bool shortcut = event->type() == QEvent::ShortcutOverride;
    if (shortcut || event->type() == QEvent::KeyPress) {
        const auto* widget = qobject_cast<QWidget*>(watched);
        if (widget != nullptr && widget->window() == window_ && handle(*static_cast<QKeyEvent*>(event), !shortcut)) {
            // An accepted ShortcutOverride turns off the shortcuts for this key (the step view's
            // own →/← among them), so the key press comes back here and is handled once.
            event->accept();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace attnviz::ui
