#!/bin/sh
# Writes PNG screenshots of presentation mode, in French, in the light and the dark theme, at
# 1920×1080 (a projector), into the folder given as argument:
#   classroom_normal_fr_<theme>.png                 the window before presentation mode
#   classroom_presentation_fr_<theme>_chat.png      "Le chat est assis", a cell selected
#   classroom_presentation_fr_<theme>_step6.png     the step view at step 6 (÷√d_k)
#   classroom_presentation_fr_<theme>_chapter.png   the chapter's 15-token sentence
#   classroom_presentation_fr_<theme>_why_scale.png the "Pourquoi √d_k ?" tab
#
# How: the ClassroomScreenshots test of ui_tests drives the window (skipped unless
# ATTNVIZ_SCREENSHOT_DIR is set), on a virtual X server (xvfb-run, xcb, 1920×1080×24), and grabs
# it with QWidget::grab once each result is on screen.
#
# Usage: scripts/screenshots_classroom.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR: build-class)
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTPUT_FOLDER [BUILD_DIR]" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
build=${2:-"$root/build-class"}

if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DATTNVIZ_BUILD_UI=ON -DATTNVIZ_BUILD_BENCHMARKS=OFF
fi
ninja -j2 -C "$build" ui_tests

ATTNVIZ_SCREENSHOT_DIR="$out" QT_QPA_PLATFORM=xcb \
    xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$build/tests/ui_tests" --gtest_filter='ClassroomScreenshots.*'
ls "$out"/classroom_*.png
