#pragma once
// Helpers shared by the tests that write screenshots (scripts/screenshots*.sh) and by the tests
// that need a long sentence of a known length.
#include <QDir>
#include <QString>
#include <QTest>
#include <QWidget>

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/text/Tokenizer.h"
#include "ui/shell/Examples.h"

/// Opens a screenshot test: skips it unless ATTNVIZ_SCREENSHOT_DIR names a folder, else declares
/// `path` (that folder) and `dir` (a QDir on it, created if need be). A macro because GTEST_SKIP
/// and ASSERT_TRUE return from the test itself.
#define ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(path, dir)                                                \
    const QString path = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");                            \
    if (path.isEmpty()) GTEST_SKIP() << "set ATTNVIZ_SCREENSHOT_DIR to write screenshots";          \
    QDir dir(path);                                                                                  \
    ASSERT_TRUE(dir.mkpath(QStringLiteral("."))) << "cannot create " << path.toStdString()

namespace attnviz::ui::testing {

/// Exactly `count` tokens of French and English text: the Examples' sentences one after the
/// other, repeated, cut after the count-th token.
inline QString sentenceOfTokens(int count) {
    std::string text = examples().constFirst().sentence.toStdString();
    for (qsizetype i = 1; tokenize(text, 100000).size() < static_cast<std::size_t>(count); ++i) {
        text.push_back(' ');
        text.append(examples()[i % examples().size()].sentence.toStdString());
    }
    const std::vector<Token> tokens = tokenize(text, 100000);
    return QString::fromStdString(text.substr(0, tokens[static_cast<std::size_t>(count - 1)].end));
}

/// Waits settleMs (tiles, charts and labels settle; a window-manager-less full screen too), then
/// writes widget as it looks into dir/name and prints the path and size. A write that fails fails
/// the test.
inline void saveScreenshot(QWidget& widget, const QDir& dir, const QString& name, int settleMs = 400) {
    QTest::qWait(settleMs);
    const QString path = dir.filePath(name);
    ASSERT_TRUE(widget.grab().save(path)) << "cannot write " << path.toStdString();
    std::printf("wrote %s (%dx%d)\n", qPrintable(path), widget.width(), widget.height());
}

}  // namespace attnviz::ui::testing
