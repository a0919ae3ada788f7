#include "ui/shell/PredictActions.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QTabWidget>

#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PredictBanner.h"
#include "ui/shell/Selection.h"
#include "ui/shell/TextEntry.h"

namespace attnviz::ui {
namespace {

/// "1st", "2nd", "3rd", "4th", … "11th", "21st": one template per ending, for the translations.
QString ordinal(int n) {
    if (n == 1) return PredictActions::tr("1st");
    const int last = n % 10, lastTwo = n % 100;
    if (last == 1 && lastTwo != 11) return PredictActions::tr("%1st").arg(n);
    if (last == 2 && lastTwo != 12) return PredictActions::tr("%1nd").arg(n);
    if (last == 3 && lastTwo != 13) return PredictActions::tr("%1rd").arg(n);
    return PredictActions::tr("%1th").arg(n);
}

}  // namespace

PredictActions::PredictActions(MainWindow* window) : QObject(window), window_(window) {
    setObjectName(QStringLiteral("predictActions"));
    everyRow_ = new QAction(this);
    everyRow_->setObjectName(QStringLiteral("predictAction"));
    everyRow_->setCheckable(true);
    everyRow_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    connect(everyRow_, &QAction::triggered, this, [this] { round_.isActive() ? end() : startEveryRow(); });
    thisRow_ = new QAction(this);
    thisRow_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(thisRow_, &QAction::triggered, this, &PredictActions::startThisRow);
    // On the window too: their shortcuts must work while the menu bar is hidden (presentation).
    window_->addAction(everyRow_);
    window_->addAction(thisRow_);

    connect(window_->predictBanner(), &PredictBanner::advanceRequested, this, &PredictActions::advance);
    connect(window_->predictBanner(), &PredictBanner::endRequested, this, &PredictActions::end);
    connect(window_->selection(), &Selection::changed, this, [this] {
        // A click on a key of the row being guessed marks it as the guess.
        const Selection* selection = window_->selection();
        const auto trace = window_->currentTrace();
        const int row = round_.current();
        if (trace && row >= 0 && selection->query() == row && selection->key() >= 0 &&
            !trace->mask().isMasked(row, selection->key()) &&
            (showingOutcome_ || round_.guess(row) != selection->key())) {
            round_.setGuess(selection->key());
            showingOutcome_ = false;
            apply();
            emit changed();
            return;
        }
        updateActions();
    });
    window_->installEventFilter(this);  // its LanguageChange
    retranslateUi();
    updateActions();
}

PredictActions::~PredictActions() {
    if (filtering_) qApp->removeEventFilter(this);
}

void PredictActions::startEveryRow() {
    if (const auto trace = window_->currentTrace()) start(guessableRows(*trace, shownHead()));
}

void PredictActions::startThisRow() {
    const auto trace = window_->currentTrace();
    const int row = window_->selectedQuery();
    if (!trace || !isGuessable(*trace, shownHead(), row)) return;
    start({row});
}

void PredictActions::start(std::vector<int> rows) {
    if (rows.empty()) return;
    round_ = PredictRound(std::move(rows));
    sentence_ = window_->currentTraceSentence();
    showingOutcome_ = false;
    window_->tabs()->setCurrentWidget(window_->heatmap());
    window_->selectCell(-1, -1);  // a selected cell of a hidden row would point at its answer
    apply();
    emit changed();
}

void PredictActions::end() {
    if (!round_.isActive()) return;
    round_ = PredictRound();
    sentence_.clear();
    showingOutcome_ = false;
    apply();
    emit changed();
}

void PredictActions::moveGuess(int direction) {
    const auto trace = window_->currentTrace();
    const int row = round_.current();
    if (!trace || row < 0 || row >= trace->size() || showingOutcome_) return;
    const std::optional<int> key = movedGuess(visibleKeys(*trace, row), round_.guess(row), direction);
    if (!key) return;
    round_.setGuess(*key);
    window_->selectCell(row, *key);
    apply();
    emit changed();
}

void PredictActions::advance() {
    if (!round_.isActive()) return;
    if (showingOutcome_) {
        if (round_.isFinished()) return end();
        showingOutcome_ = false;
        window_->selectCell(-1, -1);  // the next row starts without a guess
        apply();
        emit changed();
        return;
    }
    const int row = round_.current();
    round_.reveal();
    showingOutcome_ = true;
    apply();
    // The answer's cell, so that the explanation shows how its weight is made.
    if (const auto trace = window_->currentTrace(); trace && row < trace->size())
        window_->selectCell(row, judgeGuess(*trace, shownHead(), row, std::nullopt).bestKey);
    emit changed();
}

void PredictActions::setRound(const PredictRound& round, const QString& sentence) {
    round_ = round;
    sentence_ = round.isActive() ? sentence : QString();
    showingOutcome_ = round_.isFinished();  // a finished round shows its last outcome
    apply();
    emit changed();
}

bool PredictActions::hidesRow(int row) const {
    return window_->currentTraceSentence() == sentence_ && round_.isHidden(row);
}

void PredictActions::followTrace() {
    const auto trace = window_->currentTrace();
    if (round_.isActive() && trace) {
        if (window_->currentTraceSentence() == sentence_) round_.keepRowsBelow(trace->realTokenCount());
        if (window_->currentTraceSentence() != sentence_ || !round_.isActive()) {  // another sentence: over
            round_ = PredictRound();
            sentence_.clear();
            showingOutcome_ = false;
        }
    }
    apply();
}

void PredictActions::apply() {
    const auto trace = window_->currentTrace();
    const bool onScreen = trace && round_.isActive() && window_->currentTraceSentence() == sentence_;
    std::vector<bool> hidden;
    std::optional<CellIndex> guessCell;
    if (onScreen) {
        hidden.assign(static_cast<std::size_t>(trace->size()), false);
        for (const int row : round_.hiddenRows())
            if (row < trace->size()) hidden[static_cast<std::size_t>(row)] = true;
        const int shown = showingOutcome_ ? round_.lastRevealed() : round_.current();
        if (const std::optional<int> key = round_.guess(shown); key && shown >= 0 && *key < trace->size())
            guessCell = CellIndex{shown, *key};
    }
    window_->heatmap()->setHiddenRows(hidden);
    window_->stepper()->heatmap()->setHiddenRows(hidden);
    window_->heatmap()->setGuessCell(guessCell);
    if (onScreen)
        showBanner();
    else
        window_->predictBanner()->hide();
    // The round's keys are watched while it is on, wherever the focus is.
    if (round_.isActive() != filtering_) {
        filtering_ = round_.isActive();
        if (filtering_)
            qApp->installEventFilter(this);
        else
            qApp->removeEventFilter(this);
    }
    updateActions();
}

int PredictActions::shownHead() const {
    const std::shared_ptr<const MatrixSource> weights = window_->currentSource(Step::Weights);
    return weights ? weights->head() : 0;
}

QString PredictActions::tokenText(int index) const {
    const auto trace = window_->currentTrace();
    if (!trace || index < 0 || index >= trace->size()) return {};
    return QString::fromStdString(trace->tokens()[static_cast<std::size_t>(index)].text);
}

QString PredictActions::outcomeText(int row) const {
    const GuessOutcome outcome = judgeGuess(*window_->currentTrace(), shownHead(), row, round_.guess(row));
    const QString query = tokenText(row);
    const QString best = tokenText(outcome.bestKey);
    const QString bestWeight = formatValue(outcome.bestWeight);
    const int others = outcome.bestCount - 1;  // keys as large as the one named (a uniform row: all)
    if (!outcome.guess) {
        return others == 0 ? tr("No guess: “%1” attends most to “%2” (%3).").arg(query, best, bestWeight)
                           : tr("No guess: “%1” attends most to “%2” and %n other key(s) alike (%3).", nullptr, others)
                                 .arg(query, best, bestWeight);
    }
    if (outcome.right()) {
        const QString guess = tokenText(*outcome.guess);
        return others == 0 ? tr("Right! “%1” attends most to “%2” (%3).").arg(query, guess, bestWeight)
                           : tr("Right! “%1” attends most to “%2”, and as much to %n other key(s) (%3).", nullptr,
                                others)
                                 .arg(query, guess, bestWeight);
    }
    const QString guessed = tr("Your guess “%1” is %2: weight %3;")
                                .arg(tokenText(*outcome.guess), ordinal(outcome.rank), formatValue(outcome.guessWeight));
    const QString answer = others == 0
                               ? tr("“%1” attends most to “%2” (%3).").arg(query, best, bestWeight)
                               : tr("“%1” attends most to “%2” and %n other key(s) alike (%3).", nullptr, others)
                                     .arg(query, best, bestWeight);
    return guessed + QLatin1Char(' ') + answer;
}

void PredictActions::showBanner() {
    const auto trace = window_->currentTrace();
    const auto revealed = static_cast<int>(round_.revealedRows().size());
    const auto total = static_cast<int>(round_.rows().size());
    const int right = rightGuesses(round_, *trace, shownHead());
    const QString count = tr("%1 of %2 guessed right").arg(right).arg(revealed);
    QStringList detail;
    QString headline, advanceText, endText = tr("End Round");
    if (showingOutcome_) {
        headline = outcomeText(round_.lastRevealed());
        if (round_.isFinished()) {
            detail << tr("Round over: %1").arg(count) << tr("Enter or Page Down: end the round");
            advanceText = tr("Finish");
            endText.clear();
        } else {
            detail << count << tr("Enter or Page Down: next row");
            advanceText = tr("Next Row");
        }
    } else {
        const int row = round_.current();
        headline = tr("Which key does “%1” attend to most?").arg(tokenText(row));
        if (const std::optional<int> key = round_.guess(row))
            headline += QLatin1Char(' ') + tr("Guess: “%1”.").arg(tokenText(*key));
        if (total > 1) detail << tr("Row %1 of %2").arg(revealed + 1).arg(total);
        if (revealed > 0) detail << count;
        detail << tr("← →: choose a key · Enter or Page Down: reveal");
        advanceText = tr("Reveal");
    }
    window_->predictBanner()->showRound(headline, detail.join(QStringLiteral(" · ")), advanceText, endText);
}

void PredictActions::updateActions() {
    const auto trace = window_->currentTrace();
    everyRow_->setEnabled(trace != nullptr);
    everyRow_->setChecked(round_.isActive());
    const int row = window_->selectedQuery();
    thisRow_->setEnabled(trace && isGuessable(*trace, shownHead(), row));
}

bool PredictActions::wantsKey(const QKeyEvent& key) const {
    if (!round_.isActive() || window_->tabs()->currentWidget() != window_->heatmap()) return false;
    if ((key.modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    if (isTextEntry(QApplication::focusWidget())) return false;
    switch (key.key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_PageUp:
        case Qt::Key_PageDown:
        case Qt::Key_Return:
        case Qt::Key_Enter: return true;
        default: return false;
    }
}

bool PredictActions::eventFilter(QObject* watched, QEvent* event) {
    if (watched == window_ && event->type() == QEvent::LanguageChange) retranslateUi();
    const bool shortcut = event->type() == QEvent::ShortcutOverride;
    if (round_.isActive() && (shortcut || event->type() == QEvent::KeyPress)) {
        const auto* widget = qobject_cast<QWidget*>(watched);
        const auto* key = static_cast<QKeyEvent*>(event);
        if (widget != nullptr && widget->window() == window_ && wantsKey(*key)) {
            // An accepted ShortcutOverride keeps the key from any shortcut: the press comes here.
            event->accept();
            if (!shortcut) {
                if (key->key() == Qt::Key_Left || key->key() == Qt::Key_PageUp)
                    moveGuess(-1);
                else if (key->key() == Qt::Key_Right)
                    moveGuess(+1);
                else
                    advance();
            }
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void PredictActions::retranslateUi() {
    everyRow_->setText(tr("P&redict, then Reveal"));
    everyRow_->setToolTip(tr("Hide every row of weights; the class guesses which key each query attends to most, "
                             "row by row: ←/→ choose, Enter reveals (Ctrl+P again: end)"));
    thisRow_->setText(tr("Predict &This Row"));
    thisRow_->setToolTip(tr("Hide the selected query's row of weights until the class has guessed"));
    if (round_.isActive()) apply();
}

}  // namespace attnviz::ui
