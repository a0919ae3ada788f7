#pragma once
#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QRect>
#include <QSize>

#include <utility>

class QDockWidget;

namespace attnviz::ui {

class HeatmapView;
class MainWindow;

/// Presentation mode of a MainWindow, for a projector: full screen; only the sentence, the
/// heatmap, the step-by-step view and the explainer shown (the other docks, the toolbars, the
/// menu and status bars hidden; the explainer beside the heatmap, in the room the heatmap's
/// numbers leave; the steps take the whole width and the sentence box's height, the tokens
/// staying above them); text large enough to read from
/// the back of the room: the sentence and its tokens kSentenceDigitPixels high on a 1920 × 1080
/// screen (proportionally more on a larger one), numbers in the heatmap's cells at least
/// kValueDigitPixels, in the steps' cells kStepDigitPixels, growing up to kMaxGrowth times that
/// when the cells have room; when they do not fit at that size, the cells show colours only.
/// The clicker's keys step through the computation (ClickerKeys); the focus ring is hidden;
/// Esc leaves and restores the window as it was (layout, size, fonts).
class PresentationMode : public QObject {
    Q_OBJECT
public:
    explicit PresentationMode(MainWindow* window);

    [[nodiscard]] bool isActive() const { return active_; }
    void enter();
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }

    /// Height of a digit in a heatmap cell, in a step's cell, and of the other text, on a
    /// 1920 × 1080 screen (pixels).
    static constexpr double kValueDigitPixels = 24;
    static constexpr double kStepDigitPixels = 16;
    static constexpr double kSentenceDigitPixels = 21;
    static constexpr double kTextDigitPixels = 17;
    /// The numbers grow at most this many times when the cells leave room.
    static constexpr double kMaxGrowth = 3;
    /// Labels may be drawn this much smaller than the other text, so that every row and column
    /// keeps its label.
    static constexpr double kSmallestLabelScale = 0.75;
    /// Shares of the screen's width the explainer takes beside the heatmap: at least, and at most
    /// (also when the heatmap can show no numbers).
    static constexpr double kExplainerLeastShare = 0.2;
    static constexpr double kExplainerMostShare = 0.3;
    /// pixels on a 1080-pixel-high screen, scaled to screen's height (never less than pixels).
    [[nodiscard]] static double scaledForScreen(double pixels, QSize screen);
    /// The ink height of the digits 0–9 in font (what a student sees of a number).
    [[nodiscard]] static double digitHeight(const QFont& font);
    /// base at the smallest point size (in half points) whose digits are at least pixels high.
    [[nodiscard]] static QFont fontWithDigitHeight(const QFont& base, double pixels);

signals:
    void activeChanged(bool active);

private:
    [[nodiscard]] QDockWidget* explainerDock() const;
    /// The explainer beside the heatmap; the explainer and the sentence box away while the steps
    /// are shown, which need the room.
    void placeExplainer();
    /// view's numbers at least digitPixels high (never smaller), up to kMaxGrowth times that.
    void setValueDigits(HeatmapView& view, double digitPixels, QSize screen) const;
    /// savedFont_ with digits of pixels on a 1080-line screen, or savedFont_ if that is larger.
    [[nodiscard]] QFont textFont(double pixels, QSize screen) const;
    [[nodiscard]] QSize screenSize() const;

    MainWindow* window_;
    bool active_ = false;
    QRect savedGeometry_;  ///< the window's geometry when neither maximized nor full screen
    QByteArray savedState_;
    Qt::WindowStates savedWindowState_;
    QFont savedFont_;
    std::pair<double, double> savedValueScales_{1, 1};  ///< the heatmap's and the step view's, to restore
    bool savedMenuBar_ = true;
    bool savedStatusBar_ = true;
};

}  // namespace attnviz::ui
