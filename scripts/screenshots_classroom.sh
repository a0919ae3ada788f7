#!/bin/sh
# Writes PNG screenshots of presentation mode, in French, in the light and the dark theme, and of a
# predict round in English and French, at 1920×1080 (a projector), into the folder given as argument:
#   classroom_normal_fr_<theme>.png                 the window before presentation mode
#   classroom_presentation_fr_<theme>_chat.png      "Le chat est assis", a cell selected
#   classroom_presentation_fr_<theme>_step6.png     the step view at step 6 (÷√d_k)
#   classroom_presentation_fr_<theme>_chapter.png   the chapter's 15-token sentence
#   classroom_presentation_fr_<theme>_why_scale.png the "Pourquoi √d_k ?" tab
#   predict_<en|fr>_window_guess.png               a predict round in the window: «la» hidden, «animal» guessed
#   predict_<en|fr>_window_reveal.png              the same row revealed, the guess outlined, its rank said
#   predict_<en|fr>_presentation_guess.png         the chapter's «il» in presentation mode, «rue» guessed
#   predict_<en|fr>_presentation_reveal.png        and revealed
#
# How: scripts/screenshots.sh, running the ClassroomScreenshots test of ui_tests instead of the
# window's (a virtual X server at 1920×1080, QWidget::grab once each result is on screen).
#
# Usage: scripts/screenshots_classroom.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR: build/release)
set -eu
ATTNVIZ_SCREENSHOTS=ClassroomScreenshots exec "$(dirname "$0")/screenshots.sh" "$@"
