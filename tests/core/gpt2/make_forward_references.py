#!/usr/bin/python3
"""The expected numbers of the forward pass's tests (gpt2_forward_test.cpp), made at test time by
the independent numpy reference: runs `gpt2_reference.py forward` on every checkpoint named below
and every sentence of forward_sentences.json, two at a time, into OUT_DIR/<checkpoint>_<i>.json.

    make_forward_references.py CHECKPOINTS_DIR OUT_DIR
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "..", "..", "reference", "gpt2", "gpt2_reference.py")
CHECKPOINTS = ["f32", "f16", "bf16", "f32_n_inner"]


def main(checkpoints_dir, out_dir):
    with open(os.path.join(HERE, "forward_sentences.json"), encoding="utf-8") as f:
        sentences = json.load(f)
    os.makedirs(out_dir, exist_ok=True)
    runs = [[sys.executable, REFERENCE, "forward", os.path.join(checkpoints_dir, name), "--text", text,
             "-o", os.path.join(out_dir, f"{name}_{i}.json")]
            for name in CHECKPOINTS for i, text in enumerate(sentences)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda run: subprocess.run(run, capture_output=True, text=True), runs))
    failed = [r for r in results if r.returncode != 0]
    for r in failed:
        print(" ".join(r.args[2:5]), r.stderr.strip(), file=sys.stderr)
    print(f"{len(results) - len(failed)} references written, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
