#pragma once
// Colour checks for rendered pixels, with the few units of tolerance antialiasing and colour
// rounding need.
#include <QRgb>

#include <algorithm>
#include <cstdlib>

namespace attnviz::testing {

/// The largest difference between the red, green and blue channels of two colours (0 to 255).
inline int channelDistance(QRgb a, QRgb b) {
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

/// True for a neutral grey: red, green and blue within 3 of each other.
inline bool isGrey(QRgb pixel) {
    return std::abs(qRed(pixel) - qGreen(pixel)) <= 3 && std::abs(qGreen(pixel) - qBlue(pixel)) <= 3;
}

}  // namespace attnviz::testing
