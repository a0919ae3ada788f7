#pragma once
// Helpers shared by the main-window tests: wait for a result with a deadline, drive widgets with
// real events.
#include <QAbstractButton>
#include <QCheckBox>
#include <QDeadlineTimer>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStyleOptionButton>
#include <QTest>

#include <functional>

#include <gtest/gtest.h>

#include "core/attention/AttentionTrace.h"
#include "core/model/TeachingConfig.h"
#include "ui/shell/Examples.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/SessionActions.h"
#include "ui/shell/WeightsActions.h"

namespace attnviz::ui::testing {

/// Processes events until predicate holds or timeoutMs passes; returns the predicate's last value.
inline bool waitUntil(const std::function<bool()>& predicate, int timeoutMs = 20000) {
    QDeadlineTimer deadline(timeoutMs);
    while (!predicate()) {
        if (deadline.hasExpired()) return false;
        QTest::qWait(5);
    }
    return true;
}

/// Opens path through actions (read off the GUI thread) and waits until it is shown (true) or
/// refused (false).
inline bool openSessionAndWait(SessionActions& actions, const QString& path) {
    QSignalSpy finished(&actions, &SessionActions::loadFinished);
    actions.openSession(path);
    return waitUntil([&] { return finished.count() > 0; }, 60000) && finished.at(0).at(0).toBool();
}

/// Loads the weights of path through actions (read off the GUI thread) and waits until they are
/// in use (true) or refused (false).
inline bool loadWeightsAndWait(WeightsActions& actions, const QString& path) {
    QSignalSpy finished(&actions, &WeightsActions::loadFinished);
    actions.loadWeights(path);
    return waitUntil([&] { return finished.count() > 0; }, 60000) && finished.at(0).at(0).toBool();
}

/// True once the window shows a trace of sentence under config, with nothing pending.
inline bool showsResultFor(const MainWindow& window, const QString& sentence, const AttentionConfig& config) {
    const auto trace = window.currentTrace();
    return !window.isBusy() && trace && window.currentTraceSentence() == sentence && trace->config() == config;
}

inline bool waitForResult(const MainWindow& window, const QString& sentence, const AttentionConfig& config) {
    return waitUntil([&] { return showsResultFor(window, sentence, config); });
}

/// Waits until no computation is pending (debounce and worker).
inline bool waitIdle(const MainWindow& window) {
    return waitUntil([&] { return !window.isBusy(); });
}

/// Resizes and shows window, and waits until it shows its start-up result: the default
/// example on the teaching model.
inline ::testing::AssertionResult opensOnTheDefaultExample(MainWindow& window, QSize size = {1600, 960}) {
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return ::testing::AssertionFailure() << "the window is never shown";
    if (!waitForResult(window, examples().constFirst().sentence, teachingConfig()))
        return ::testing::AssertionFailure() << "no result for the default example: " << window.message().toStdString();
    return ::testing::AssertionSuccess();
}

/// Types text key by key; characters outside ASCII (é, ’) go as key events carrying their text,
/// since QTest::keyClicks only knows ASCII keys.
inline void typeText(QWidget* widget, const QString& text) {
    for (const QChar c : text) {
        if (c.unicode() < 0x80)
            QTest::keyClick(widget, static_cast<char>(c.unicode()));
        else
            QTest::sendKeyEvent(QTest::Click, widget, Qt::Key_unknown, QString(c), Qt::NoModifier);
    }
}

/// Replaces the sentence by typing it: Ctrl+A selects everything, then the keys are typed.
inline void typeSentence(QPlainTextEdit* edit, const QString& text) {
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Delete);
    else
        typeText(edit, text);
}

/// Clicks a check box on its indicator (a click at the centre of a wide box can miss its label).
inline void clickCheckBox(QCheckBox* box) {
    QStyleOptionButton option;
    option.initFrom(box);
    const QRect indicator = box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    QTest::mouseClick(box, Qt::LeftButton, {}, indicator.center());
}

/// The trace the core computes for sentence and config, independently of the window.
inline AttentionTrace coreTrace(const QString& sentence, const AttentionConfig& config) {
    return AttentionTrace::compute(sentence.toStdString(), config);
}

}  // namespace attnviz::ui::testing
