#pragma once
#include <QFrame>

#include "ui/shell/NoticeBar.h"

class QLabel;
class QToolButton;

namespace attnviz::ui {

/// One short line for a first-time user, beside the sentence's label, naming three things to try: click a
/// cell, → to step, F11 to present (its tooltip says each in full). Its ✕ dismisses it for good
/// (AppSettings); it is never shown in presentation mode.
class FirstRunHint : public NoticeBar {
    Q_OBJECT
public:
    /// Shown unless the settings say it was dismissed.
    explicit FirstRunHint(QWidget* parent = nullptr);

    /// Hides the hint while presenting (and shows it again after, unless dismissed).
    void setPresenting(bool presenting);
    /// Hides it and remembers that it was dismissed.
    void dismiss();
    [[nodiscard]] bool isDismissed() const { return dismissed_; }
    [[nodiscard]] QToolButton* dismissButton() const { return dismiss_; }
    [[nodiscard]] QString text() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateVisibility();

    QLabel* text_ = nullptr;
    QToolButton* dismiss_ = nullptr;
    bool dismissed_ = false;
    bool presenting_ = false;
};

}  // namespace attnviz::ui
