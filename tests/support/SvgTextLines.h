#pragma once
// The texts of an SVG file as the command line wrote it, without an XML library (the command
// line's tests link the core only).
#include <string>

namespace attnviz::testing {

/// The text of an SVG's <text> elements, each followed by a newline (entities as written).
inline std::string svgTextLines(const std::string& svg) {
    std::string texts;
    for (std::size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
        const std::size_t begin = svg.find('>', at) + 1;
        texts += svg.substr(begin, svg.find("</text>", begin) - begin) + "\n";
    }
    return texts;
}

}  // namespace attnviz::testing
