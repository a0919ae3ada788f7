#include "ui/costlab/ComparisonCanvas.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "ui/costlab/TechniqueText.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

ComparisonCanvas::ComparisonCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ComparisonCanvas::setComparison(std::shared_ptr<const CostComparison> comparison, QStringList tokens, CostKernel technique) {
    comparison_ = std::move(comparison);
    tokens_ = std::move(tokens);
    technique_ = technique;
    fitHeight();
    update();
}

void ComparisonCanvas::fitHeight() {
    const std::optional<ComparisonFigure> shown = figure();
    if (!shown) {
        setMaximumHeight(QWIDGETSIZE_MAX);
        return;
    }
    // The side the width allows; the height follows from it, never the other way round (no loop).
    const double side = shown->mapSideFor(QSizeF(width(), 1e6));
    const auto needed = static_cast<int>(std::ceil(shown->mapsSize(side).height()));
    setMaximumHeight(std::max(needed, minimumSizeHint().height()));
}

void ComparisonCanvas::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeight();
}

void ComparisonCanvas::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitHeight();
}

ComparisonLook ComparisonCanvas::look() const {
    ComparisonLook look;
    look.font = font();
    look.text = palette().color(QPalette::WindowText);
    look.background = palette().color(QPalette::Window);
    look.dark = isDark(palette());
    look.locale = locale();
    return look;
}

std::optional<ComparisonFigure> ComparisonCanvas::figure() const {
    if (!comparison_) return std::nullopt;
    return ComparisonFigure(comparison_, tokens_, technique_, look());
}

double ComparisonCanvas::mapSide() const {
    const std::optional<ComparisonFigure> shown = figure();
    return shown ? shown->mapSideFor(size()) : 0.0;
}

void ComparisonCanvas::paintEvent(QPaintEvent*) {
    const std::optional<ComparisonFigure> shown = figure();
    if (!shown) return;
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window));
    shown->paintMaps(painter, shown->mapSideFor(size()));
}

bool ComparisonCanvas::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const std::optional<ComparisonFigure> shown = figure();
    const std::optional<ComparisonFigure::CellHit> hit =
        shown ? shown->cellAt(help->pos(), shown->mapSideFor(size())) : std::nullopt;
    if (!hit || !comparison_->exact.isKept(hit->query, hit->key)) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const int i = hit->query, j = hit->key;
    const QLocale numbers = locale();
    const auto label = [&](int index) { return index < tokens_.size() ? tokens_[index] : numbers.toString(index); };
    const TechniqueComparison& technique = comparison_->of(technique_);
    const QString tip = tr("%1 → %2\nexact: %3\n%4: %5\ndifference: %6")
                            .arg(label(i), label(j), numbers.toString(comparison_->exact.weights(i, j), 'g', 6),
                                 TechniqueText::name(technique_), numbers.toString(technique.weights(i, j), 'g', 6),
                                 numbers.toString(technique.difference(i, j), 'g', 6));
    QToolTip::showText(help->globalPos(), tip, this);
    return true;
}

QSize ComparisonCanvas::minimumSizeHint() const {
    const int line = QFontMetricsF(font()).height() > 0 ? static_cast<int>(QFontMetricsF(font()).height()) : 16;
    return {20 * line, 10 * line};
}

QSize ComparisonCanvas::sizeHint() const { return minimumSizeHint() * 2; }

}  // namespace attnviz::ui
