#pragma once
// Qt Charts elides a title that is wider than its chart ("…over the k…"); it renders the title as
// HTML, so a title broken into lines with <br> shows whole.
#include <QFont>
#include <QString>

namespace attnviz::ui {

/// text broken between words into lines no wider than width (in font), each HTML-escaped, joined
/// by "<br>": what QChart::setTitle shows on as many lines as it needs. "n = 16" is never broken;
/// a single word wider than width keeps a line of its own.
[[nodiscard]] QString wrappedChartTitle(const QString& text, const QFont& font, double width);

}  // namespace attnviz::ui
