#pragma once

class QWidget;

namespace attnviz::ui {

/// Whether widget edits text, where ←, →, Enter and the like move a cursor or end a line: the
/// window's own keys (presentation steps, a predict round) leave those keys to it.
[[nodiscard]] bool isTextEntry(const QWidget* widget);

/// Whether ← and → belong to widget: it edits text (isTextEntry) or adjusts a value with them
/// (a slider, a list); the clicker's keys leave them to it.
[[nodiscard]] bool usesArrowKeys(const QWidget* widget);

}  // namespace attnviz::ui
