#include "ui/style/ScrollableRow.h"

#include <QLayout>
#include <QScrollBar>

namespace attnviz::ui {
namespace {

/// Keeps the area exactly as high as its row (and its scroll bar, when it shows one).
class RowArea : public QScrollArea {
public:
    QSize sizeHint() const override {
        const QWidget* row = widget();
        const int bar = horizontalScrollBar()->isVisible() ? horizontalScrollBar()->sizeHint().height() : 0;
        return {row->sizeHint().width(), row->sizeHint().height() + bar};
    }
    QSize minimumSizeHint() const override { return {0, sizeHint().height()}; }
};

}  // namespace

QScrollArea* scrollableRow(QLayout* row) {
    auto* content = new QWidget;
    row->setContentsMargins(0, 0, 0, 0);
    content->setLayout(row);
    auto* area = new RowArea;
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    area->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    area->setAutoFillBackground(false);
    area->viewport()->setAutoFillBackground(false);
    return area;
}

}  // namespace attnviz::ui
