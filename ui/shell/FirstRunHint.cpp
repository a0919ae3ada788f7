#include "ui/shell/FirstRunHint.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "ui/shell/AppSettings.h"

namespace attnviz::ui {
namespace {

/// A label that asks for its text on one line but wraps when the window has less room (in French
/// on a 1280-pixel screen the line is wider than the views): it never widens the window and
/// squeezes the docks.
class OneLineLabel : public QLabel {
public:
    OneLineLabel() { setWordWrap(true); }
    [[nodiscard]] QSize sizeHint() const override {
        const int margins = contentsMargins().left() + contentsMargins().right() + 2 * margin();
        return {fontMetrics().horizontalAdvance(text()) + margins + 2, QLabel::sizeHint().height()};
    }
};

}  // namespace

FirstRunHint::FirstRunHint(QWidget* parent)
    : NoticeBar(Tone::Tip, parent), dismissed_(AppSettings().firstRunHintDismissed()) {
    setObjectName(QStringLiteral("firstRunHint"));
    text_ = new OneLineLabel;
    dismiss_ = new QToolButton;
    dismiss_->setAutoRaise(true);
    connect(dismiss_, &QToolButton::clicked, this, &FirstRunHint::dismiss);
    row()->addWidget(text_, 1);
    row()->addWidget(dismiss_, 0, Qt::AlignVCenter);
    retranslateUi();
    if (dismissed_) hide();  // else shown with the window (showing it here would open a window of its own)
}

void FirstRunHint::setPresenting(bool presenting) {
    presenting_ = presenting;
    updateVisibility();
}

void FirstRunHint::dismiss() {
    dismissed_ = true;
    AppSettings().setFirstRunHintDismissed();
    updateVisibility();
}

QString FirstRunHint::text() const { return text_->text(); }

void FirstRunHint::updateVisibility() { setVisible(!dismissed_ && !presenting_); }

void FirstRunHint::changeEvent(QEvent* event) {
    NoticeBar::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void FirstRunHint::retranslateUi() {
    text_->setText(tr("<b>Try:</b> click a cell · <i>Step by step</i>, then → · F11 to present"));
    setToolTip(tr("Three things to try: click a cell of the heatmap to see how its weight is computed; open the "
                  "Step by step tab and press → to go through the computation; press F11 to present to a class."));
    dismiss_->setText(tr("✕"));
    dismiss_->setToolTip(tr("Hide this hint for good"));
}

}  // namespace attnviz::ui
