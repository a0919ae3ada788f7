#pragma once
#include <QObject>
#include <QPointer>

class QFocusFrame;
class QWidget;

namespace attnviz::ui {

/// Keeps one QFocusFrame around the widget that has the keyboard focus, in every window but
/// popups (menus, the lists of combo boxes), so that a keyboard user always sees where the
/// focus is. ClassroomStyle draws it.
class FocusRing : public QObject {
    Q_OBJECT
public:
    /// Starts following the focus; once per application, later calls do nothing.
    static void install();
    /// The widget the ring is around, or null (no focus, or a popup has it).
    [[nodiscard]] static QWidget* ringedWidget();
    /// The ring itself, for tests (null before the first focus change).
    [[nodiscard]] static QFocusFrame* frame();
    /// Hides the ring (presentation mode: the class watches the lesson, not the focus).
    static void setSuppressed(bool suppressed);

private:
    explicit FocusRing(QObject* parent);
    void follow(QWidget* widget);

    QPointer<QFocusFrame> frame_;
    bool suppressed_ = false;
};

}  // namespace attnviz::ui
