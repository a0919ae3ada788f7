#!/usr/bin/python3
"""Linear attention (Katharopoulos et al., 2020) computed independently with numpy.

Written from the definition in core/costlab/CostKernel.h's comment and README.md beside this
script, never from the C++ code: with phi(x) = elu(x) + 1 (x + 1 for x > 0, e^x otherwise),

    w_ij = phi(q_i) . phi(k_j) / sum_j' phi(q_i) . phi(k_j')   over the keys i sees,
    out_i = sum_j w_ij v_j,

formed here as the whole n x n matrix (the quadratic route the kernel avoids with its sums of
phi(k_j) v_j^T). A row that sees no key gets zero weights and a zero output. Runs with Debian's
/usr/bin/python3 and python3-numpy only.

    linear_attention.py INPUT.json -o OUT.json [--weights]

INPUT holds "q" and "k" (n x d) and "v" (n x d_v) as lists of rows, "mask" ("full", "causal" or
"padded") and, for "padded", "realKeys" (keys 0 ... realKeys - 1 are seen, the rest are not).
Writes {"output": n x d_v} and, with --weights, "weights": n x n, numbers with repr() (shortest
exact round trip).
"""
import argparse
import json
import sys

import numpy as np


def feature(x):
    """phi(x) = elu(x) + 1: x + 1 above 0, e^x at or below (the two meet at 1 for x = 0)."""
    return np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))


def visible(mask, n, real_keys):
    """n x n booleans, true where query i sees key j."""
    rows = np.arange(n)[:, None]
    columns = np.arange(n)[None, :]
    if mask == "full":
        return np.ones((n, n), dtype=bool)
    if mask == "causal":
        return columns <= rows
    if mask == "padded":
        if not 0 <= real_keys <= n:
            raise ValueError(f"realKeys {real_keys} is outside 0 ... {n}")
        return np.broadcast_to(columns < real_keys, (n, n))
    raise ValueError(f"unknown mask {mask!r}: full, causal or padded")


def linear_attention(q, k, v, mask, real_keys=0):
    """(output n x d_v, weights n x n) in float64."""
    n = q.shape[0]
    similarity = feature(q) @ feature(k).T  # every entry > 0
    similarity = np.where(visible(mask, n, real_keys), similarity, 0.0)
    totals = similarity.sum(axis=1, keepdims=True)
    weights = np.divide(similarity, totals, out=np.zeros_like(similarity), where=totals > 0)
    return weights @ v, weights


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--weights", action="store_true", help="also write the n x n weights")
    arguments = parser.parse_args()
    with open(arguments.input, encoding="utf-8") as f:
        case = json.load(f)
    q = np.asarray(case["q"], dtype=np.float64)
    k = np.asarray(case["k"], dtype=np.float64)
    v = np.asarray(case["v"], dtype=np.float64)
    if q.ndim != 2 or k.shape != q.shape or v.ndim != 2 or v.shape[0] != q.shape[0]:
        sys.exit(f"shapes q {q.shape}, k {k.shape}, v {v.shape}: need n x d, n x d, n x d_v")
    output, weights = linear_attention(q, k, v, case["mask"], int(case.get("realKeys", 0)))
    as_lists = lambda a: [[float(x) for x in row] for row in a]  # noqa: E731
    answer = {"output": as_lists(output)}
    if arguments.weights:
        answer["weights"] = as_lists(weights)
    with open(arguments.output, "w", encoding="utf-8") as f:
        json.dump(answer, f)


if __name__ == "__main__":
    main()
