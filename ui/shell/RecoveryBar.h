#pragma once
#include <QFrame>

#include "ui/shell/NoticeBar.h"

class QLabel;
class QPushButton;

namespace attnviz::ui {

/// The bar above the sentence that offers the work of a window that did not close normally:
/// what happened, Restore and Discard. In the colours of the message bar (MessageBar), never a
/// dialog: the window stays usable while the bar waits. Hidden until offer().
class RecoveryBar : public NoticeBar {
    Q_OBJECT
public:
    explicit RecoveryBar(QWidget* parent = nullptr);

    /// Shows the bar for a copy saved at savedAt (a local date and time, as the user reads it).
    void offer(const QString& savedAt);

    [[nodiscard]] QLabel* text() const { return text_; }
    [[nodiscard]] QPushButton* restoreButton() const { return restore_; }
    [[nodiscard]] QPushButton* discardButton() const { return discard_; }

signals:
    void restoreRequested();
    void discardRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* text_ = nullptr;
    QPushButton* restore_ = nullptr;
    QPushButton* discard_ = nullptr;
    QString savedAt_;
};

}  // namespace attnviz::ui
