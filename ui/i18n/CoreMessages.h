#pragma once
// The core (no Qt) explains a refused sentence or setting in English. The window shows these
// messages in the interface's language: the ones a user can cause from the window are matched
// here and translated; any other is shown as the core wrote it.
#include <QString>

namespace attnviz::ui {

/// message in the current interface language when it is one of the core's known messages
/// (empty sentence, too many tokens, heads not dividing d_model, …), else message unchanged.
[[nodiscard]] QString translatedCoreMessage(const QString& message);

}  // namespace attnviz::ui
