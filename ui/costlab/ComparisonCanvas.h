#pragma once
// The maps of "What each technique keeps" on screen: ComparisonFigure in the window's font and
// theme, as large as the widget allows, each cell's three numbers in its tooltip.
#include <QWidget>

#include <memory>

#include "ui/costlab/ComparisonFigure.h"

namespace attnviz::ui {

class ComparisonCanvas : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonCanvas(QWidget* parent = nullptr);

    /// Shows comparison (null: nothing) with its tokens, technique's maps beside exact's.
    void setComparison(std::shared_ptr<const CostComparison> comparison, QStringList tokens, CostKernel technique);
    /// The figure as drawn now (nothing before a comparison), and the side of its maps.
    [[nodiscard]] std::optional<ComparisonFigure> figure() const;
    [[nodiscard]] double mapSide() const;
    /// The look of the window: its font, its palette's colours, dark or not, its locale.
    [[nodiscard]] ComparisonLook look() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] QSize sizeHint() const override;

private:
    /// No taller than the maps need at this width: the room left goes to the page's table.
    void fitHeight();

    std::shared_ptr<const CostComparison> comparison_;
    QStringList tokens_;
    CostKernel technique_ = CostKernel::Window;
};

}  // namespace attnviz::ui
