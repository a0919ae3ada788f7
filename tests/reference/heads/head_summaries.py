#!/usr/bin/python3
"""The five per-head summaries of AttnViz's model view, computed independently with numpy.

Written from the definitions in core/heads/HeadSummary.h's comments and README.md beside this
script, never from the C++ code. Runs with Debian's /usr/bin/python3 and python3-numpy only.

    head_summaries.py summarize INPUT -o OUT.json [--mask none|causal|MASK]
    head_summaries.py make-imported OUT_DIR

summarize: INPUT is a .npy of shape (layers, heads, n, n), (heads, n, n) or (n, n), or a JSON
file whose "attentions" is [layer][head][row][column] (what tests/reference/gpt2's `forward`
writes, and what the C++ tests write). The mask is "none" (the default), "causal" (key j > query
i masked) or a file holding one n × n boolean mask for every head (true: masked), as .npy or as
a JSON list of rows. Writes {"layers", "heads", "n", "summaries": [layer][head]{"entropy",
"distance", "previous", "first", "same"}}, numbers with repr() (shortest exact round trip).

make-imported: writes a fixed seeded attention array as a model computed elsewhere would give it
(README.md, "The imported arrays"), each (n, n) slice as its own .npy, and its summaries.
"""
import argparse
import json
import os
import sys

import numpy as np

MEASURES = ("entropy", "distance", "previous", "first", "same")


def mask_of(rule, n):
    """The n × n boolean mask (true: key j masked for query i) of a rule: None, "causal" or an array."""
    if rule is None or (isinstance(rule, str) and rule == "none"):
        return np.zeros((n, n), dtype=bool)
    if isinstance(rule, str) and rule == "causal":
        return np.triu(np.ones((n, n), dtype=bool), k=1)
    mask = np.asarray(rule, dtype=bool)
    if mask.shape != (n, n):
        raise ValueError(f"the mask is {mask.shape}, the weights are {n} × {n}")
    return mask


def summarize_head(weights, mask):
    """The five measures of one head: weights n × n (float64), mask n × n (true: masked).

    Masked cells count as weight 0 whatever the array holds there. Each measure is a mean over the
    rows that keep at least one key; previous-token only over those rows with i >= 1. With no such
    row a measure is 0.
    """
    n = weights.shape[0]
    w = np.where(mask, 0.0, weights.astype(np.float64))
    kept = ~mask.all(axis=1)  # rows with a key left
    rows = np.arange(n)
    result = dict.fromkeys(MEASURES, 0.0)
    if not kept.any():
        return result
    positive = w > 0
    plogp = np.zeros_like(w)
    plogp[positive] = w[positive] * np.log2(w[positive])  # 0 · log 0 = 0
    entropy = -plogp.sum(axis=1)
    distance = (w * np.abs(rows[:, None] - rows[None, :])).sum(axis=1)
    result["entropy"] = float(entropy[kept].mean())
    result["distance"] = float(distance[kept].mean())
    result["first"] = float(w[kept, 0].mean())
    result["same"] = float(np.diagonal(w)[kept].mean())
    later = kept & (rows >= 1)
    if later.any():
        previous = np.zeros(n)
        previous[1:] = w[rows[1:], rows[1:] - 1]
        result["previous"] = float(previous[later].mean())
    return result


def summarize(weights, rule=None):
    """[layer][head] → the five measures, weights of shape (layers, heads, n, n)."""
    weights = np.asarray(weights, dtype=np.float64)
    n = weights.shape[-1]
    mask = mask_of(rule, n)
    return [[summarize_head(head, mask) for head in layer] for layer in weights]


def as_four_dimensions(weights):
    """(n, n) → (1, 1, n, n); (heads, n, n) → (1, heads, n, n); (layers, heads, n, n) as is."""
    weights = np.asarray(weights, dtype=np.float64)
    if weights.ndim < 2 or weights.ndim > 4 or weights.shape[-1] != weights.shape[-2]:
        raise ValueError(f"weights of shape {weights.shape} are not (layers, heads, n, n), (heads, n, n) or (n, n)")
    while weights.ndim < 4:
        weights = weights[np.newaxis]
    return weights


def read_array(path, key):
    if path.endswith(".npy"):
        return np.load(path, allow_pickle=False)
    with open(path, encoding="utf-8") as f:
        value = json.load(f)
    return np.array(value[key] if key is not None else value)


def write_summaries(path, weights, summaries):
    out = {"layers": int(weights.shape[0]), "heads": int(weights.shape[1]), "n": int(weights.shape[2]),
           "summaries": summaries}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f)
        f.write("\n")


def run_summarize(args):
    weights = as_four_dimensions(read_array(args.input, None if args.input.endswith(".npy") else "attentions"))
    rule = args.mask if args.mask in ("none", "causal") else read_array(args.mask, None)
    write_summaries(args.output, weights, summarize(weights, rule))
    return 0


# --- The imported arrays -----------------------------------------------------------------------

IMPORTED_SEED = 20261201
IMPORTED_LAYERS, IMPORTED_HEADS, IMPORTED_N = 2, 3, 6


def imported_array(causal):
    """float32 (layers, heads, n, n): row-wise softmax of seeded scores, each head at its own
    sharpness, with two heads of a known role in layer 0 (head 1: previous token, head 2: first
    token) whose measures can be read off by eye. Causal: keys j > i are 0 before normalising."""
    generator = np.random.default_rng(IMPORTED_SEED + (1 if causal else 0))
    n = IMPORTED_N
    scores = generator.standard_normal((IMPORTED_LAYERS, IMPORTED_HEADS, n, n))
    sharpness = np.array([0.5, 2.0, 6.0])[None, :, None, None]
    scores = scores * sharpness
    if causal:
        scores = np.where(np.triu(np.ones((n, n), dtype=bool), k=1), -np.inf, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    previous = np.zeros((n, n))
    previous[0, 0] = 1.0
    previous[np.arange(1, n), np.arange(n - 1)] = 1.0
    first = np.zeros((n, n))
    first[:, 0] = 1.0
    weights[0, 1] = previous
    weights[0, 2] = first
    return weights.astype(np.float32)


def run_make_imported(args):
    os.makedirs(args.out_dir, exist_ok=True)
    for name, causal in (("full", False), ("causal", True)):
        weights = imported_array(causal)
        np.save(os.path.join(args.out_dir, f"{name}.npy"), weights)
        for layer in range(weights.shape[0]):
            for head in range(weights.shape[1]):
                np.save(os.path.join(args.out_dir, f"{name}_l{layer}_h{head}.npy"), weights[layer, head])
        summaries = summarize(weights, "causal" if causal else None)
        write_summaries(os.path.join(args.out_dir, f"{name}_summaries.json"), weights, summaries)
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("summarize")
    s.add_argument("input")
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--mask", default="none")
    m = commands.add_parser("make-imported")
    m.add_argument("out_dir")
    args = parser.parse_args(argv)
    try:
        return run_summarize(args) if args.command == "summarize" else run_make_imported(args)
    except (OSError, ValueError, KeyError) as error:
        print(f"head_summaries.py: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
