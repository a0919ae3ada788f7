#!/usr/bin/python3
"""What each technique keeps: exact attention against Flash, sliding window + global tokens,
block-sparse and linear attention, computed independently with numpy.

Written from the definitions in core/costlab/CostKernel.h, core/costlab/CostComparison.h and
README.md beside this script, never from the C++ code. Runs with Debian's /usr/bin/python3 and
python3-numpy only.

    technique_comparison.py INPUT.json -o OUT.json

INPUT: {"q", "k", "v": lists of rows (n × d, n × d, n × d_v), "mask": "full" | "causal" |
"padded", "real_keys", "window", "global_tokens", "block_size", "global_blocks",
"random_blocks" (must be 0: the seeded random blocks are the kernels' own tests' business)}.
OUT: {"exact": {...}, "flash": {...}, "window": {...}, "sparse": {...}, "linear": {...}}, each
{"weights", "output", "max_output_error", "mean_kl_bits", "mean_dropped_mass", "emptied_rows",
"kept_cells", "visible_cells"}, numbers as Python's repr (the shortest exact round trip).
"""
import argparse
import json
import math
import sys

import numpy as np


def visible_mask(n, mask, real_keys):
    """True where query i may see key j under the lab's mask."""
    rows, cols = np.indices((n, n))
    if mask == "full":
        return np.ones((n, n), dtype=bool)
    if mask == "causal":
        return cols <= rows
    if mask == "padded":
        return cols < real_keys
    raise ValueError(f"unknown mask {mask!r}")


def window_keeps(n, window, global_tokens):
    rows, cols = np.indices((n, n))
    is_global = np.zeros(n, dtype=bool)
    is_global[list(global_tokens)] = True
    return (np.abs(rows - cols) < window) | is_global[rows] | is_global[cols]


def sparse_keeps(n, block_size, global_blocks, causal):
    """Query block I keeps key blocks I-1, I, I+1 and the global blocks; a global block keeps all."""
    blocks = -(-n // block_size)
    kept_blocks = np.zeros((blocks, blocks), dtype=bool)
    for query_block in range(blocks):
        for key_block in range(blocks):
            local = abs(query_block - key_block) <= 1
            global_pair = key_block < global_blocks or query_block < global_blocks
            if causal and key_block > query_block:
                continue
            kept_blocks[query_block, key_block] = local or global_pair
    block_of = np.arange(n) // block_size
    return kept_blocks[block_of[:, None], block_of[None, :]]


def softmax_over(scores, keep):
    """Row softmax over the kept cells, 0 elsewhere and on rows that keep nothing."""
    weights = np.zeros_like(scores)
    for i in range(scores.shape[0]):
        if keep[i].any():
            row = scores[i, keep[i]]
            e = np.exp(row - row.max())
            weights[i, keep[i]] = e / e.sum()
    return weights


def log2_softmax_over(scores, keep):
    """log2 of softmax_over, from the scores (finite on every kept cell), -inf elsewhere."""
    logs = np.full_like(scores, -np.inf)
    for i in range(scores.shape[0]):
        if keep[i].any():
            row = scores[i, keep[i]]
            shifted = row - row.max()
            logs[i, keep[i]] = (shifted - np.log(np.exp(shifted).sum())) / math.log(2)
    return logs


def phi(x):
    """elu(x) + 1: x + 1 for x > 0, exp(x) otherwise."""
    return np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))


def linear_weights(q, k, visible):
    kernel = phi(q) @ phi(k).T
    kernel = np.where(visible, kernel, 0.0)
    sums = kernel.sum(axis=1, keepdims=True)
    return np.divide(kernel, sums, out=np.zeros_like(kernel), where=sums > 0)


def metrics(weights, kept, output, exact_weights, exact_log2, exact_output, visible):
    """The comparison's numbers of one technique (definitions in README.md)."""
    kl_rows, kl_sum, dropped_sum, key_rows, emptied = 0, 0.0, 0.0, 0, 0
    for i in range(weights.shape[0]):
        if not visible[i].any():
            continue
        key_rows += 1
        kept_row = kept[i] & visible[i]
        if not kept_row.any():
            emptied += 1
            dropped_sum += 1.0
            continue
        dropped_sum += exact_weights[i, visible[i] & ~kept_row].sum()
        positive = kept_row & (weights[i] > 0)
        t = weights[i, positive]
        kl_sum += max(0.0, float((t * (np.log2(t) - exact_log2[i, positive])).sum()))
        kl_rows += 1
    return {
        "weights": weights.tolist(),
        "output": output.tolist(),
        "max_output_error": float(np.abs(output - exact_output).max()) if output.size else 0.0,
        "mean_kl_bits": kl_sum / kl_rows if kl_rows else 0.0,
        "mean_dropped_mass": dropped_sum / key_rows if key_rows else 0.0,
        "emptied_rows": emptied,
        "kept_cells": int((kept & visible).sum()),
        "visible_cells": int(visible.sum()),
    }


def compare(data):
    q = np.array(data["q"], dtype=np.float64)
    k = np.array(data["k"], dtype=np.float64)
    v = np.array(data["v"], dtype=np.float64)
    if data.get("random_blocks", 0) != 0:
        raise ValueError("random_blocks must be 0 here")
    n, d = q.shape
    visible = visible_mask(n, data["mask"], data.get("real_keys", n))
    scores = (q @ k.T) / (math.sqrt(d) if d > 0 else 1.0)
    exact_weights = softmax_over(scores, visible)
    exact_log2 = log2_softmax_over(scores, visible)
    exact_output = exact_weights @ v
    kept = {
        "exact": visible,
        "flash": visible,
        "window": visible & window_keeps(n, data["window"], data["global_tokens"]),
        "sparse": visible & sparse_keeps(n, data["block_size"], data["global_blocks"], data["mask"] == "causal"),
        "linear": visible,
    }
    result = {}
    for name, keep in kept.items():
        weights = linear_weights(q, k, visible) if name == "linear" else softmax_over(scores, keep)
        result[name] = metrics(weights, keep, weights @ v, exact_weights, exact_log2, exact_output, visible)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("-o", "--output", required=True)
    arguments = parser.parse_args()
    with open(arguments.input, encoding="utf-8") as f:
        data = json.load(f)
    result = compare(data)
    with open(arguments.output, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
