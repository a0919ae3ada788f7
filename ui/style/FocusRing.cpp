#include "ui/style/FocusRing.h"

#include <QApplication>
#include <QFocusFrame>
#include <QMenu>
#include <QMenuBar>

namespace attnviz::ui {
namespace {

FocusRing*& instance() {
    static FocusRing* ring = nullptr;
    return ring;
}

bool wantsRing(const QWidget* widget) {
    if (widget == nullptr || widget->isWindow() || widget->parentWidget() == nullptr) return false;
    if (qobject_cast<const QMenu*>(widget) != nullptr || qobject_cast<const QMenuBar*>(widget) != nullptr) return false;
    return widget->window()->windowType() != Qt::Popup;
}

}  // namespace

FocusRing::FocusRing(QObject* parent) : QObject(parent) {
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { follow(now); });
}

void FocusRing::install() {
    if (instance() != nullptr) return;
    instance() = new FocusRing(qApp);
    instance()->follow(QApplication::focusWidget());
}

void FocusRing::follow(QWidget* widget) {
    if (suppressed_ || !wantsRing(widget)) {
        if (frame_) frame_->setWidget(nullptr);
        return;
    }
    // The frame is a child of the widget's parent: it goes away with it, and comes back here.
    if (!frame_) frame_ = new QFocusFrame(widget);
    frame_->setWidget(widget);
    frame_->show();
}

QWidget* FocusRing::ringedWidget() {
    return instance() != nullptr && instance()->frame_ ? instance()->frame_->widget() : nullptr;
}

QFocusFrame* FocusRing::frame() { return instance() != nullptr ? instance()->frame_.data() : nullptr; }

void FocusRing::setSuppressed(bool suppressed) {
    if (instance() == nullptr) return;
    instance()->suppressed_ = suppressed;
    instance()->follow(QApplication::focusWidget());
}

}  // namespace attnviz::ui
