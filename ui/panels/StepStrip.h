#pragma once
#include <QWidget>

#include <vector>

class QToolButton;

namespace attnviz::ui {

/// The steps of the step-by-step view as buttons between "◀ Previous" and "Next ▶", each one
/// always whole and in sight: on one row when they fit, else on two rows, and on a very narrow view
/// with the arrows alone on Previous and Next (their tooltips keep the words). No scroll buttons
/// hiding steps ("9 ·V ‹›"). The buttons take no keyboard focus: the keys stay with the step view.
class StepStrip : public QWidget {
    Q_OBJECT
public:
    explicit StepStrip(int steps, QWidget* parent = nullptr);

    void setStepText(int index, const QString& text);
    /// "◀ Previous" and "Next ▶": shown whole when there is room, else their arrows alone (the
    /// whole texts stay the buttons' accessible names).
    void setNavigationTexts(const QString& previous, const QString& next);
    /// Marks the current step; Previous and Next are enabled when there is a step that way.
    void setCurrent(int index);
    [[nodiscard]] int current() const { return current_; }

    [[nodiscard]] QToolButton* previousButton() const { return previous_; }
    [[nodiscard]] QToolButton* nextButton() const { return next_; }
    [[nodiscard]] QToolButton* stepButton(int index) const;
    /// Rows the steps take at the current width (1 or 2).
    [[nodiscard]] int rows() const { return rows_; }

    /// One row, Previous and Next with their words; at least two rows with the arrows alone.
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

signals:
    void stepChosen(int index);

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// How the strip is laid out at a width: rows of steps, and arrows alone on Previous/Next.
    struct Arrangement {
        int rows = 1;
        bool arrowsOnly = false;
    };
    [[nodiscard]] Arrangement arrangementFor(int width) const;
    /// Width of the strip on `rows` rows, Previous and Next with their words or not.
    [[nodiscard]] int widthFor(int rows, bool arrowsOnly) const;
    [[nodiscard]] int rowHeight() const;
    /// Puts every button in place for the current width, and takes the height of its rows.
    void arrange();

    QToolButton* previous_ = nullptr;
    QToolButton* next_ = nullptr;
    std::vector<QToolButton*> steps_;
    QString previousText_, nextText_;
    int current_ = 0;
    int rows_ = 1;
};

}  // namespace attnviz::ui
