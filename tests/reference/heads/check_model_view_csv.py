#!/usr/bin/python3
"""`attnviz export --view model -o heads.csv` against numpy: the five summaries of every head
(README "All heads at a glance"), computed here from weights the program did not summarize:
  - the teaching model (4 heads): the weights of the trace JSON the same command line writes;
  - a generated GPT-2 checkpoint: the attentions of the independent numpy forward pass
    (tests/reference/gpt2/gpt2_reference.py, written by the gpt2_forward_references fixture);
  - imported weights: tests/fixtures/imported/good/layers_heads_f4.npy read by numpy.
Exits 1 naming the first head and measure that differ.

    check_model_view_csv.py ATTNVIZ CHECKPOINT_DIR FORWARD_REFERENCE_JSON
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

MEASURES = ["entropy", "distance", "previous", "first", "same"]


def summaries(w, masked=None):
    """The five measures of one head's n × n weights: means over rows with a key left."""
    n = w.shape[0]
    masked = np.zeros((n, n), bool) if masked is None else masked
    rows = [i for i in range(n) if not masked[i].all()]
    i = np.arange(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        plogp = np.where(w > 0, w * np.log2(np.where(w > 0, w, 1)), 0.0)
    entropy = -plogp.sum(axis=1)
    distance = (w * np.abs(i[:, None] - i[None, :])).sum(axis=1)
    previous = [w[r, r - 1] for r in rows if r >= 1]
    return {"entropy": np.mean(entropy[rows]), "distance": np.mean(distance[rows]),
            "previous": np.mean(previous) if previous else 0.0,
            "first": np.mean(w[rows, 0]), "same": np.mean(w[rows, rows])}


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    header = list(rows[0].keys()) if rows else []
    if header != ["layer", "head", "role"] + MEASURES:
        raise SystemExit(f"FAIL: {path}: header {header}")
    return rows


def compare(label, rows, expected, tolerance):
    """expected[(layer, head)] = summaries; layers and heads from 1, layer-major order."""
    if [(int(r["layer"]), int(r["head"])) for r in rows] != list(expected):
        raise SystemExit(f"FAIL: {label}: rows {[(r['layer'], r['head']) for r in rows]}")
    for r in rows:
        want = expected[(int(r["layer"]), int(r["head"]))]
        for m in MEASURES:
            if abs(float(r[m]) - want[m]) > tolerance:
                raise SystemExit(f"FAIL: {label}: layer {r['layer']} head {r['head']} {m}: "
                                 f"{r[m]} (numpy {want[m]:.12g})")


def run(attnviz, *args):
    done = subprocess.run([attnviz, "export", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"FAIL: attnviz export {' '.join(args)}: {done.stderr.strip()}")


def main(attnviz, checkpoint, reference_path):
    with tempfile.TemporaryDirectory() as tmp:
        # The teaching model, 4 heads, causal (masked cells are 0 and count for nothing).
        sentence = "L'animal n'a pas traversé la rue parce qu'il était trop fatigué."
        trace_path, csv_path = os.path.join(tmp, "trace.json"), os.path.join(tmp, "heads.csv")
        run(attnviz, "--text", sentence, "--heads", "4", "--causal", "-o", trace_path)
        run(attnviz, "--text", sentence, "--heads", "4", "--causal", "--view", "model", "-o", csv_path)
        with open(trace_path, encoding="utf-8") as f:
            trace = json.load(f)
        expected = {}
        for h, head in enumerate(trace["heads"]):
            w = np.array(head["weights"], dtype=float)
            n = w.shape[0]
            expected[(1, h + 1)] = summaries(w, np.triu(np.ones((n, n), bool), 1))
        compare("teaching model", read_csv(csv_path), expected, 1e-12)

        # The checkpoint: the numpy forward pass's attentions (layers, heads, n, n), float32 inputs.
        with open(reference_path, encoding="utf-8") as f:
            reference = json.load(f)
        attentions = np.array(reference["attentions"], dtype=float)
        run(attnviz, "--model", checkpoint, "--text", "The cat sat on the mat.", "--view", "model",
            "-o", csv_path)
        expected = {(l + 1, h + 1): summaries(attentions[l, h])
                    for l in range(attentions.shape[0]) for h in range(attentions.shape[1])}
        compare("checkpoint", read_csv(csv_path), expected, 1e-5)

        # Imported weights (layers, heads, n, n), float32 as numpy saved them, no mask.
        fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures",
                               "imported", "good", "layers_heads_f4.npy")
        weights = np.load(fixture).astype(float)
        run(attnviz, "--attention", fixture, "--view", "model", "-o", csv_path)
        expected = {(l + 1, h + 1): summaries(weights[l, h])
                    for l in range(weights.shape[0]) for h in range(weights.shape[1])}
        compare("imported", read_csv(csv_path), expected, 1e-12)
    print("model view CSV: every head's summaries match numpy")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
