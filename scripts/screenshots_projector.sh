#!/bin/sh
# Writes PNG screenshots of the chapter's sentence ("L'animal n'a pas traversé la rue parce
# qu'il était trop fatigué.") as common projectors show it, into the folder given as argument:
#   projector_<W>x<H>_<en|fr>_<light|dark>_<window|presentation>_<weights|softmax|q>.png
# at 1920×1080, 1366×768 and 1280×720: the window (maximized, less a title bar) and presentation
# mode, the attention weights tab, the softmax step and the Q step (15 × 20, named columns).
#
# How: scripts/screenshots.sh, running the ProjectorScreenshots test of ui_tests once per screen
# size (a virtual X server of that size, QWidget::grab once each result is on screen).
#
# Usage: scripts/screenshots_projector.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR: build/release)
set -eu
for size in 1920x1080 1366x768 1280x720; do
    ATTNVIZ_SCREENSHOTS=ProjectorScreenshots ATTNVIZ_SCREEN_SIZE=$size "$(dirname "$0")/screenshots.sh" "$@"
done
