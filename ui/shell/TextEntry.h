#pragma once

class QWidget;

namespace attnviz::ui {

/// Whether widget edits text, where ←, →, Enter and the like move a cursor or end a line: the
/// window's own keys (presentation steps, a predict round) leave those keys to it.
[[nodiscard]] bool isTextEntry(const QWidget* widget);

}  // namespace attnviz::ui
