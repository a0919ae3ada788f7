#!/bin/sh
# Writes PNG screenshots of the model view ("All heads") into the folder given as argument:
#   heads_01_teaching_heads_roles.png                   the four-head teaching model, each head's role
#   heads_02_teaching_previous_token_sorted_table.png   sorted by previous-token share, the table
#   heads_03_model_12x12.png                            a generated 12 × 12 checkpoint, every head
#   heads_04_model_12x12_hover.png                      one head enlarged under the mouse
#   heads_05_model_12x12_previous_token_outlined.png    the top previous-token heads outlined
#   heads_06_presentation.png                           presentation mode
#
# The 12 × 12 model is generated (tests/reference/heads/make_grid_checkpoint.py: GPT-2's
# vocabulary, seeded random weights, n_embd 96) into BUILD_DIR/gpt2_checkpoints/grid_12x12 if it
# is not there yet. The window runs as in scripts/screenshots.sh.
#
# Usage: scripts/screenshots_heads.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR defaults to build/release)
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTPUT_FOLDER [BUILD_DIR]" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-"$root/build/release"}
grid="$build/gpt2_checkpoints/grid_12x12"
if [ ! -f "$grid/model.safetensors" ]; then
    /usr/bin/python3 "$root/tests/reference/heads/make_grid_checkpoint.py" "$grid"
fi
ATTNVIZ_SCREENSHOT_GRID_MODEL="$grid" ATTNVIZ_SCREENSHOTS=ModelGridScreenshots exec "$root/scripts/screenshots.sh" "$1" "$build"
