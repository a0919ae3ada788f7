#pragma once
#include <QObject>
#include <QString>

#include <optional>

#include "core/attention/PredictRound.h"

class QAction;
class QKeyEvent;

namespace attnviz::ui {

class MainWindow;

/// Predict, then reveal, in a MainWindow: a query's row of weights (or every row) is hidden, the
/// class guesses which key the query attends to most, the teacher marks the guess and reveals;
/// the true weights come back with the guess outlined, and the banner says in words how the guess
/// ranks and what the answer is, row by row through the sentence, with a running count.
///
/// The actions: View → Predict, then Reveal (Ctrl+P: every row of the sentence; again: end the
/// round) and Predict This Row (Ctrl+Shift+P: the selected query's row). While a round is on and
/// the attention weights are shown, its keys are taken wherever the focus is (except while typing),
/// in the window and in presentation mode alike:
///   ← / →          move the guess along the keys the row may attend to (masked keys skipped);
///   Page Up        the same as ←, so that a two-button clicker can choose too;
///   Enter, Page Down   reveal the row; once revealed, go to the next row (the last: end).
/// On the Step by step tab, ←/→ and Page Up/Down step through the computation as ever. A click on
/// a cell of the row being guessed marks that key.
///
/// Hidden rows show neither numbers nor colours in the heatmap and in the step view's n × n steps;
/// the row chart and the explanation say they are hidden. The round is saved in sessions
/// (SessionActions) and ends when the sentence changes.
class PredictActions : public QObject {
    Q_OBJECT
public:
    explicit PredictActions(MainWindow* window);
    ~PredictActions() override;

    /// Starts a round over every row worth a guess on the head shown (guessableRows), from the first.
    void startEveryRow();
    /// Starts a round over the selected query's row, when it is worth a guess (isGuessable).
    void startThisRow();
    /// Ends the round: every row shown again.
    void end();
    /// Moves the guess of the row being guessed one key (+1: right, −1: left).
    void moveGuess(int direction);
    /// Reveals the row being guessed; once revealed, goes to the next row (after the last: end).
    void advance();

    /// The round, for sessions; sentence is the one its rows belong to (the window's once its
    /// result is on screen). Rows the sentence does not have are dropped then.
    [[nodiscard]] const PredictRound& round() const { return round_; }
    void setRound(const PredictRound& round, const QString& sentence);
    /// Whether row's weights are hidden now (in the round, not yet revealed, and the round's
    /// sentence on screen).
    [[nodiscard]] bool hidesRow(int row) const;
    /// The guess marked for row, if any.
    [[nodiscard]] std::optional<int> guess(int row) const { return round_.guess(row); }
    /// True between a reveal and the next row: the banner shows the outcome.
    [[nodiscard]] bool isShowingOutcome() const { return showingOutcome_; }

    /// Whether key is one of the round's keys here and now (PresentationMode leaves those to it).
    [[nodiscard]] bool wantsKey(const QKeyEvent& key) const;
    /// The window's new result is on screen: a round of another sentence ends, and rows this one
    /// does not have are dropped. Called by the window before it selects a cell in the result.
    void followTrace();

    [[nodiscard]] QAction* everyRowAction() const { return everyRow_; }
    [[nodiscard]] QAction* thisRowAction() const { return thisRow_; }

signals:
    /// The round changed (started, guess moved, revealed, next row, ended).
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Starts a round over rows (nothing when there are none).
    void start(std::vector<int> rows);
    /// The round on screen: hidden rows, guess outline, banner, actions.
    void apply();
    void showBanner();
    /// The head of the weights on screen (set with the trace; the selection's head follows after).
    [[nodiscard]] int shownHead() const;
    [[nodiscard]] QString tokenText(int index) const;
    /// "Your guess “rue” is 3rd: weight 0.05; “il” attends most to “animal” (0.67)."
    [[nodiscard]] QString outcomeText(int row) const;
    void updateActions();
    void retranslateUi();

    MainWindow* window_;
    PredictRound round_;
    QString sentence_;            ///< the sentence the round's rows belong to
    bool showingOutcome_ = false;  ///< the last revealed row's outcome is on show
    bool filtering_ = false;      ///< the application's key filter is installed
    QAction* everyRow_ = nullptr;
    QAction* thisRow_ = nullptr;
};

}  // namespace attnviz::ui
