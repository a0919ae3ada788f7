#!/bin/sh
# Writes PNG screenshots of the AttnViz window into the folder given as argument:
#   01_main_window.png        the window as it opens: the chapter's sentence, the teaching model
#   02_step_NN_<step>.png     the step-by-step view, one per step (x … output), named dimensions
#   03_causal.png             random weights with the causal mask on
#   04_300_tokens.png         a 300-token sentence
#   05_bad_input_message.png  an empty sentence: the message bar, the last result kept
#   06_random_untrained.png   the random preset and its "untrained weights" banner
#   07_teaching_model_q.png   the teaching model's Q, columns named
#   08_weight_editor.png      the Weights dock (W_Q … W_O as editable tables)
#
# How: the window is driven by a test-like helper, the WindowScreenshots test of ui_tests, which
# is skipped unless ATTNVIZ_SCREENSHOT_DIR is set. It runs on a virtual X server (xvfb-run, the
# xcb platform, 1920×1080×24) and grabs the window with QWidget::grab, so it needs no window
# manager, no xdotool and no timing guesses: it waits for each result before grabbing.
#
# Usage: scripts/screenshots.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR defaults to build/release)
# ATTNVIZ_SCREENSHOTS names another screenshot test of ui_tests (scripts/screenshots_classroom.sh),
# ATTNVIZ_SCREEN_SIZE another size of the virtual screen (WIDTHxHEIGHT, scripts/screenshots_projector.sh).
# ATTNVIZ_SCREENSHOT_EXECUTABLE another test executable of tests/ui (ui_recovery_tests with
# ATTNVIZ_SCREENSHOTS=RecoveryScreenshots: the restore bar).
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTPUT_FOLDER [BUILD_DIR]" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
build=${2:-"$root/build/release"}

if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DATTNVIZ_BUILD_UI=ON -DATTNVIZ_BUILD_BENCHMARKS=OFF
fi
executable=${ATTNVIZ_SCREENSHOT_EXECUTABLE:-ui_tests}
ninja -j2 -C "$build" "$executable"

ATTNVIZ_SCREENSHOT_DIR="$out" QT_QPA_PLATFORM=xcb \
    xvfb-run -a -s "-screen 0 ${ATTNVIZ_SCREEN_SIZE:-1920x1080}x24" \
    "$build/tests/ui/$executable" --gtest_filter="${ATTNVIZ_SCREENSHOTS:-WindowScreenshots}.*"
ls "$out"/*.png
