#pragma once
#include <QByteArray>
#include <QFont>
#include <QList>
#include <QObject>
#include <QRect>
#include <QSize>

#include <utility>

class QDockWidget;
class QKeyEvent;
class QToolBar;

namespace attnviz::ui {

class MainWindow;

/// Presentation mode of a MainWindow, for a projector: full screen; only the sentence, the
/// heatmap, the step-by-step view and the explainer shown (the other docks, the toolbars, the
/// menu and status bars hidden); text large enough to read from the back of the room (a value in
/// a heatmap cell at least kValueDigitPixels high on a 1920 × 1080 screen, proportionally more on
/// a larger one; when the matrix leaves room, its text grows further to fill the view). → and
/// PageDown go one step further in the computation, ← and PageUp one step
/// back, wherever the focus is (except ←/→ while typing in a text box), and the focus ring is
/// hidden; Esc leaves and restores
/// the window as it was (layout, size, fonts).
class PresentationMode : public QObject {
    Q_OBJECT
public:
    explicit PresentationMode(MainWindow* window);
    ~PresentationMode() override;

    [[nodiscard]] bool isActive() const { return active_; }
    void enter();
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }

    /// Height of a digit in a heatmap cell, and of a digit of the other text, on a 1920 × 1080
    /// screen (pixels).
    static constexpr double kValueDigitPixels = 24;
    static constexpr double kTextDigitPixels = 17;
    /// The heatmap's text grows at most this many times when a small matrix leaves room.
    static constexpr double kMaxGrowth = 3;
    /// pixels on a 1080-pixel-high screen, scaled to screen's height (never less than pixels).
    [[nodiscard]] static double scaledForScreen(double pixels, QSize screen);
    /// The ink height of the digits 0–9 in font (what a student sees of a number).
    [[nodiscard]] static double digitHeight(const QFont& font);
    /// base at the smallest point size (in half points) whose digits are at least pixels high.
    [[nodiscard]] static QFont fontWithDigitHeight(const QFont& base, double pixels);

signals:
    void activeChanged(bool active);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// What the key does in presentation mode: +1 / −1 step, 0 leave, nullopt nothing.
    [[nodiscard]] bool handleKey(const QKeyEvent& key, bool perform);
    void step(int direction);
    [[nodiscard]] QDockWidget* explainerDock() const;
    void scheduleFit();
    /// Grows the heatmap's text (from the 24 px one) while the whole matrix still fits its view.
    void fitHeatmapText();

    MainWindow* window_;
    bool active_ = false;
    QRect savedGeometry_;  ///< the window's geometry when neither maximized nor full screen
    QByteArray savedState_;
    Qt::WindowStates savedWindowState_;
    QFont savedFont_;
    QFont valueFont_;       ///< the heatmaps' font in presentation mode, before fitHeatmapText
    std::pair<double, double> savedValueScales_{1, 1};  ///< the heatmap's and the step view's, to restore
    QSize fittedArea_;      ///< the view size fitHeatmapText last worked for
    QSize fittedMatrix_;    ///< and the matrix (rows × columns)
    bool fitScheduled_ = false;
    bool savedMenuBar_ = true;
    bool savedStatusBar_ = true;
    bool savedShowValues_ = true;
};

}  // namespace attnviz::ui
