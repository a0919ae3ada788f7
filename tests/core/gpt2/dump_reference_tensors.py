#!/usr/bin/python3
"""Writes what the numpy reference reads from each good test checkpoint, for the C++ loader's
tests to compare with: the sizes of config.json and, for every tensor the forward pass uses,
its shape, its first values and a checksum of all its float32 bit patterns.

    /usr/bin/python3 dump_reference_tensors.py CHECKPOINTS_DIR OUT.json

CHECKPOINTS_DIR is what tests/reference/gpt2/make_checkpoints.py wrote. The reading is the
reference's own (safetensors_file.py, gpt2_model.py): no code is shared with the C++.
checksum = sum over i of bits(value[i]) * (i + 1), modulo 2**64, values in row-major order.
"""

import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "reference", "gpt2"))

from gpt2_model import read_config, read_weights  # noqa: E402


def checksum(values):
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).ravel().astype(np.uint64)
    weights = np.arange(1, bits.size + 1, dtype=np.uint64)
    return int(np.sum(bits * weights, dtype=np.uint64))


def describe(folder):
    sizes = read_config(folder)
    tensors = {}
    for name, values in read_weights(folder, sizes).items():
        as_float32 = values.astype(np.float32)  # the reference widened float32 exactly
        tensors[name] = {"shape": list(values.shape),
                         "first": [float(v) for v in as_float32.ravel()[:3]],
                         "checksum": str(checksum(as_float32))}
    return {"config": sizes, "tensors": tensors}


def main(checkpoints, out):
    with open(os.path.join(checkpoints, "checkpoints.json"), encoding="utf-8") as f:
        good = json.load(f)["good"]
    dump = {name: describe(os.path.join(checkpoints, name)) for name in sorted(good)}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(dump, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
