#pragma once
#include <QFrame>
#include <QString>

#include "ui/shell/NoticeBar.h"

class QLabel;
class QToolButton;

namespace attnviz::ui {

/// The bar above the sentence that says why an input or a computation cannot be used: a warning
/// icon, the message in bold (selectable, to be copied), and ✕ to hide it. Hidden while there is
/// nothing to say.
class MessageBar : public NoticeBar {
    Q_OBJECT
public:
    explicit MessageBar(QWidget* parent = nullptr);

    /// Shows text (replacing the message shown, if any).
    void showMessage(const QString& text);
    void hideMessage();
    /// The message shown; empty while the bar is hidden.
    [[nodiscard]] QString message() const;
    [[nodiscard]] QToolButton* hideButton() const { return hide_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* text_ = nullptr;
    QToolButton* hide_ = nullptr;
};

}  // namespace attnviz::ui
