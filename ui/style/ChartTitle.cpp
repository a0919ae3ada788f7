#include "ui/style/ChartTitle.h"

#include <QFontMetricsF>
#include <QStringList>

namespace attnviz::ui {

QString wrappedChartTitle(const QString& text, const QFont& font, double width) {
    const QFontMetricsF metrics(font);
    // "n = 16" stays on one line: "=" holds on to the words on either side.
    QStringList words;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!words.isEmpty() && (word == QLatin1String("=") || words.last().endsWith(QLatin1String(" ="))))
            words.last() += QLatin1Char(' ') + word;
        else
            words << word;
    }
    QStringList lines;
    QString line;
    for (const QString& word : words) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line.toHtmlEscaped();
            line = word;
        } else {
            line = longer;
        }
    }
    lines << line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

}  // namespace attnviz::ui
