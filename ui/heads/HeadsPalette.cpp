#include "ui/heads/HeadsPalette.h"

#include <array>

namespace attnviz::ui {

QColor headColour(int head, bool darkTheme) {
    // Okabe & Ito (2008), without black: it is the text's colour.
    static constexpr std::array<QRgb, 8> kColours{0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                                  0x0072B2, 0xD55E00, 0xCC79A7, 0x999999};
    const int index = head < 0 ? 0 : head;
    QColor colour(kColours[static_cast<std::size_t>(index) % kColours.size()]);
    const int round = index / static_cast<int>(kColours.size());
    // Later rounds go darker by 25 % each (at most three times), so that 12 or 16 heads stay apart.
    for (int r = 0; r < round % 4; ++r) colour = colour.darker(125);
    return darkTheme ? colour.lighter(130) : colour;
}

}  // namespace attnviz::ui
