#!/bin/sh
# Writes PNG screenshots of the colour ranges, the dark theme and French numbers at 1920×1080 into
# the folder given as argument, each window picture in the light and the dark theme (<theme>):
#   colour_chapter_<theme>.png                the chapter's sentence, "il" → "animal" selected
#   colour_chapter_scaled_<theme>.png         its step 6 (÷√d_k): the diverging map
#   colour_causal295_<range>_<theme>.png      a 295-token causal heatmap, colour range 0to1, data, row
#   colour_causal295_<range>_figure.png       the same, exported as a figure (light theme)
#   colour_chapter_causal_fr_<theme>.png      the chapter's sentence, causal, in French (0,67)
#   colour_chapter_causal_fr_<theme>_figure.png   its figure exported from the French window
#   colour_chapter_causal_fr_data_<theme>.png the same window, colour range "smallest to largest"
#   colour_presentation_fr_<theme>.png        presentation mode, in French
#
# How: scripts/screenshots.sh, running the ColourScreenshots test of ui_tests.
#
# Usage: scripts/screenshots_colour.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR: build/release)
set -eu
ATTNVIZ_SCREENSHOTS=ColourScreenshots exec "$(dirname "$0")/screenshots.sh" "$@"
