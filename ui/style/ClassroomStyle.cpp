#include "ui/style/ClassroomStyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace attnviz::ui {

ClassroomStyle::ClassroomStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {
    setObjectName(QStringLiteral("ClassroomStyle"));
}

int ClassroomStyle::pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const {
    if (metric == PM_FocusFrameHMargin || metric == PM_FocusFrameVMargin) return kFocusRingWidth;
    return QProxyStyle::pixelMetric(metric, option, widget);
}

void ClassroomStyle::drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                                 const QWidget* widget) const {
    if (element == CE_FocusFrame && option != nullptr) {
        // The frame's mask keeps only the ring; filling its whole rectangle draws the ring.
        painter->fillRect(option->rect, option->palette.color(QPalette::Active, QPalette::Highlight));
        return;
    }
    QProxyStyle::drawControl(element, option, painter, widget);
}

}  // namespace attnviz::ui
