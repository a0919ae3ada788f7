#!/bin/sh
# Writes PNG screenshots of the panels beside the heatmap, for the chapter's sentence with « il »
# → « animal » selected, in English and French, light and dark, at 1920 × 1080, 1366 × 768 and
# 1280 × 720, into the folder given as argument; each file is named
# <width>x<height>_<language>_<theme>_<what>.png:
#   window, row_chart, explainer, controls   the window and three of its docks
#   row_chart_causal                         the row of « a » with the causal mask (masked keys)
#   steps                                    the step view at step 9 (·V), its strip of steps
#   why_scale                                the "Why √d_k?" tab
#   presentation, presentation_why_scale     presentation mode (1920 × 1080 only)
#
# How: scripts/screenshots.sh, running the PanelScreenshots test of ui_tests instead of the
# window's (a virtual X server at 1920×1080, QWidget::grab once each result is on screen).
#
# Usage: scripts/screenshots_panels.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR: build/release)
set -eu
ATTNVIZ_SCREENSHOTS=PanelScreenshots exec "$(dirname "$0")/screenshots.sh" "$@"
