#pragma once
// The look every notice of the window shares (a message, the restore offer, the untrained-weights
// banner, the predict round, the first-run tip): a framed band in its tone's colours, the same in
// the light and the dark theme so that it reads on both, an optional icon at its left, and a row
// that the notice fills with its text and buttons.
#include <QFrame>
#include <QStyle>

class QHBoxLayout;
class QLabel;

namespace attnviz::ui {

class NoticeBar : public QFrame {
public:
    enum class Tone {
        Warning,    ///< dark text on pale yellow: a problem, or work to restore
        Untrained,  ///< dark blue on pale blue: what the numbers do not mean
        Predict,    ///< dark brown on pale orange, framed in the guess's orange: the class's round
        Tip,        ///< dark green on pale green, as low as a line: a tip, not a warning
    };

protected:
    NoticeBar(Tone tone, QWidget* parent);

    /// The row the notice lays its text and buttons in.
    [[nodiscard]] QHBoxLayout* row() const { return row_; }
    /// A standard icon at the row's left, one and a half lines high.
    void addIcon(QStyle::StandardPixmap icon);
    /// A label for the notice's text, added to the row (stretching): wraps, selectable by the
    /// mouse, bold when asked.
    QLabel* addText(bool bold);

private:
    QHBoxLayout* row_;
};

}  // namespace attnviz::ui
