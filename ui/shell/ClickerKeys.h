#pragma once
#include <QObject>

class QKeyEvent;

namespace attnviz::ui {

class MainWindow;
class PresentationMode;

/// The keys a presentation clicker sends step through the computation from any focus of the
/// window: → and Page Down go one step further, ← and Page Up one step back. ← and → stay the
/// focused widget's own where they edit or adjust something (a text box, a spin box, a slider, a
/// combo box). In presentation mode they act from every tab (the first press shows the
/// step-by-step view) and Esc leaves; in the window they act while the step-by-step view is shown.
class ClickerKeys : public QObject {
    Q_OBJECT
public:
    /// Watches every key of the application for window (an application event filter).
    ClickerKeys(MainWindow* window, PresentationMode* presentation);
    ~ClickerKeys() override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Handles key (or says it would, when perform is false): true when it is the clicker's.
    bool handle(const QKeyEvent& key, bool perform);
    void step(int direction);

    MainWindow* window_;
    PresentationMode* presentation_;
};

}  // namespace attnviz::ui
