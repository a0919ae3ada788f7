#pragma once
#include <QFrame>

#include "ui/shell/NoticeBar.h"

class QLabel;
class QPushButton;

namespace attnviz::ui {

/// Shown above the heatmap while the weights are the random preset's: says in plain words that
/// they mean nothing, and offers the teaching model instead (useTeachingModel).
class UntrainedBanner : public NoticeBar {
    Q_OBJECT
public:
    explicit UntrainedBanner(QWidget* parent = nullptr);

    [[nodiscard]] QPushButton* useTeachingButton() const { return useTeaching_; }

signals:
    /// "Use the teaching model" was clicked.
    void useTeachingModel();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* text_ = nullptr;
    QPushButton* useTeaching_ = nullptr;
};

}  // namespace attnviz::ui
