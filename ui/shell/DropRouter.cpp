#include "ui/shell/DropRouter.h"

#include <QDragMoveEvent>
#include <QDropEvent>
#include <QEvent>
#include <QWidget>

#include <utility>

namespace attnviz::ui {

DropRouter::DropRouter(QWidget* window) : QObject(window), window_(window) {
    window_->setAcceptDrops(true);
    window_->installEventFilter(this);
}

void DropRouter::addRoute(Pick pick, Open open) { routes_.push_back({std::move(pick), std::move(open)}); }

const DropRouter::Route* DropRouter::routeFor(const QMimeData* mime, QString& picked) const {
    if (mime == nullptr) return nullptr;
    for (const Route& route : routes_) {
        picked = route.pick(mime);
        if (!picked.isEmpty()) return &route;
    }
    return nullptr;
}

bool DropRouter::eventFilter(QObject* watched, QEvent* event) {
    if (watched != window_) return QObject::eventFilter(watched, event);
    QString picked;
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (routeFor(drag->mimeData(), picked) != nullptr) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        if (const Route* route = routeFor(drop->mimeData(), picked)) {
            drop->acceptProposedAction();
            route->open(picked);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace attnviz::ui
