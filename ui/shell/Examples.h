#pragma once
#include <QList>
#include <QString>

namespace attnviz::ui {

/// One example sentence of the Examples menu.
struct Example {
    QString language;  ///< "fr" or "en"
    QString sentence;
};

/// The chapter's sentences, each in French then English, and two longer ones. The first is the
/// chapter's opening example, the one the window opens on.
[[nodiscard]] const QList<Example>& examples();

}  // namespace attnviz::ui
