#pragma once
// One colour per head, the same in the head view's lines, the model view's labels and the legend,
// so that "the orange head" means one head everywhere.
#include <QColor>

namespace attnviz::ui {

/// The colour of head `head` (0-based): Okabe and Ito's eight colours, told apart by people with
/// the common colour-vision deficiencies, then the same hues darker for heads 9 to 16, and so on.
/// On a dark background (darkTheme) each colour is lightened so that thin lines stay visible.
[[nodiscard]] QColor headColour(int head, bool darkTheme = false);

}  // namespace attnviz::ui
