#!/usr/bin/python3
"""A generated GPT-2 checkpoint of GPT-2 small's shape of heads, 12 layers × 12 heads (n_embd 96,
so 8 dimensions per head), seeded random weights as make_checkpoints.py makes them, GPT-2's own
vocabulary and merges: what the model view's screenshots show as "a 12 × 12 model".

    make_grid_checkpoint.py OUT_FOLDER
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpt2"))
import make_checkpoints  # noqa: E402


def main(out_folder):
    config = dict(make_checkpoints.BASE_CONFIG, n_layer=12, n_head=12, n_embd=96)
    weights = make_checkpoints.make_weights(config, np.random.default_rng(make_checkpoints.SEED))
    os.makedirs(out_folder, exist_ok=True)
    make_checkpoints.write_config(out_folder, config)
    make_checkpoints.write_vocab_files(out_folder)
    header, data = make_checkpoints.safetensors_parts(weights, {"*": "F32"})
    make_checkpoints.write_safetensors(os.path.join(out_folder, "model.safetensors"),
                                       make_checkpoints.header_bytes(header), data)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
