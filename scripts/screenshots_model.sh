#!/bin/sh
# Writes PNG screenshots of the window on a trained model into the folder given as argument:
#   model_01_heatmap_layer2_head3.png   layer 2, head 3 of a sentence, the next-token line
#   model_02_step_<step>.png            the steps X (ln_1), Q (with its bias), weights, output (c_proj)
#   model_03_mean_of_heads.png          the mean of the layer's heads
#
# The model is the generated f32 test checkpoint (tests/reference/gpt2/make_checkpoints.py: 2
# layers, 4 heads, n_embd 64, seeded random weights, GPT-2's own vocabulary and merges), written
# into BUILD_DIR/gpt2_checkpoints if it is not there yet; ATTNVIZ_SCREENSHOT_MODEL names another
# model folder (a downloaded gpt2, say). The window runs as in scripts/screenshots.sh.
#
# Usage: scripts/screenshots_model.sh OUTPUT_FOLDER [BUILD_DIR]   (BUILD_DIR defaults to build/release)
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTPUT_FOLDER [BUILD_DIR]" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-"$root/build/release"}
if [ -z "${ATTNVIZ_SCREENSHOT_MODEL:-}" ] && [ ! -f "$build/gpt2_checkpoints/f32/model.safetensors" ]; then
    /usr/bin/python3 "$root/tests/reference/gpt2/make_checkpoints.py" "$build/gpt2_checkpoints" --only f32
fi
ATTNVIZ_SCREENSHOTS=Gpt2WindowScreenshots exec "$root/scripts/screenshots.sh" "$1" "$build"
