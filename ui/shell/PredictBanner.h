#pragma once
#include <QFrame>
#include <QString>

#include "ui/shell/NoticeBar.h"

class QLabel;
class QPushButton;

namespace attnviz::ui {

/// The line above the heatmap during a predict round: the question or the outcome in large bold
/// text, a line of detail (progress, the count of right guesses, the keys), the button that goes
/// on (Reveal, Next Row, Finish) and End Round. Shows what it is given; PredictActions says what.
class PredictBanner : public NoticeBar {
    Q_OBJECT
public:
    explicit PredictBanner(QWidget* parent = nullptr);

    /// Shows the banner with these texts; an empty endText hides End Round.
    void showRound(const QString& headline, const QString& detail, const QString& advanceText, const QString& endText);

    [[nodiscard]] QString headline() const;
    [[nodiscard]] QString detail() const;
    [[nodiscard]] QPushButton* advanceButton() const { return advance_; }
    [[nodiscard]] QPushButton* endButton() const { return end_; }

signals:
    /// The button that goes on was clicked.
    void advanceRequested();
    void endRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();

    QLabel* headline_ = nullptr;
    QLabel* detail_ = nullptr;
    QPushButton* advance_ = nullptr;
    QPushButton* end_ = nullptr;
};

}  // namespace attnviz::ui
