#!/usr/bin/python3
"""Speed of AttnViz's GPT-2 forward pass against PyTorch's, in one run (issue 11's goals).

Runs build/release/tests/bench/gpt2_forward_benchmark (Google Benchmark, median of 5) and
../shared/bench/anchor_gpt2_torch.py run (PyTorch, 2 threads; 3 runs, median of their medians)
on the same checkpoint of GPT-2 small's shapes, made by the anchor when missing (never commit it),
and prints per n: both medians in ms, both GFLOP/s (the anchor's count) and the ratio
torch / AttnViz; then the 20-token time, the machine's float32 ceiling (the benchmark's fmaPeak)
and the share of it reached at n = 1024, and the peak resident memory against the file's size.
Usage: scripts/bench_gpt2.py [CHECKPOINT_DIR (default /tmp/gpt2small)] [path/to/gpt2_forward_benchmark]
"""
import json
import os
import re
import statistics
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
checkpoint = sys.argv[1] if len(sys.argv) > 1 else "/tmp/gpt2small"
benchmark = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "build/release/tests/bench/gpt2_forward_benchmark")
anchor = os.path.join(root, "..", "shared", "bench", "anchor_gpt2_torch.py")
if not os.path.exists(anchor):  # a worktree under /work/wt sits one level deeper than /work/main
    anchor = "/work/shared/bench/anchor_gpt2_torch.py"
SIZES = [16, 64, 256, 1024]


def attnviz_run():
    out = subprocess.run([benchmark, checkpoint, "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    forward, peak = {}, {}
    for entry in json.loads(out)["benchmarks"]:
        if entry.get("aggregate_name") != "median":
            continue
        name = entry["run_name"]
        if name.startswith("forward/"):
            n = int(name.split("/")[1])
            forward[n] = (entry["real_time"], entry["GFLOP/s"])
            peak[n] = (entry["peak_MB"], entry["file_MB"], int(entry["threads"]))
        elif name.startswith("fmaPeak"):
            peak["fma"] = (entry["GFLOP/s"], int(entry["threads"]), entry.get("label", "?"))
    return forward, peak


def torch_medians(runs=3):
    # Per n the median of the runs' medians: one run of the anchor is sometimes far slower.
    per_n = {}
    for _ in range(runs):
        out = subprocess.run(["/usr/bin/python3", anchor, "run", checkpoint, "--n", ",".join(map(str, SIZES)),
                              "--threads", "2"], check=True, capture_output=True, text=True).stdout
        for m in re.finditer(r"n=\s*(\d+) median_ms=\s*([\d.]+) gflops=\s*([\d.]+)", out):
            per_n.setdefault(int(m.group(1)), []).append((float(m.group(2)), float(m.group(3))))
    return {n: (statistics.median(v[0] for v in values), statistics.median(v[1] for v in values))
            for n, values in per_n.items()}


if not os.path.exists(os.path.join(checkpoint, "model.safetensors")):
    subprocess.run(["/usr/bin/python3", anchor, "make", checkpoint], check=True)
theirs = torch_medians()
ours, extra = attnviz_run()
print(f"{'n':>5} {'AttnViz ms':>11} {'GFLOP/s':>8} {'torch ms':>10} {'GFLOP/s':>8} {'torch/AttnViz':>14}")
for n in SIZES:
    if n in ours and n in theirs:
        print(f"{n:5d} {ours[n][0]:11.1f} {ours[n][1]:8.1f} {theirs[n][0]:10.1f} {theirs[n][1]:8.1f} "
              f"{theirs[n][0] / ours[n][0]:13.2f}x")
fma, threads, isa = extra["fma"]
print(f"(medians; AttnViz on {extra[1024][2] if 1024 in extra else threads} threads, kernels {isa}; "
      f"machine: {os.cpu_count()} cores)")
if 20 in ours:
    print(f"20 tokens (all 144 heads): {ours[20][0]:.1f} ms")
print(f"float32 ceiling (fused multiply-adds only, {threads} threads): {fma:.0f} GFLOP/s")
if 1024 in ours:
    print(f"n = 1024: {ours[1024][1]:.0f} GFLOP/s = {ours[1024][1] / fma:.0%} of the ceiling")
    peak_mb, file_mb, _ = extra[1024]
    print(f"peak resident memory after n = 1024: {peak_mb:.0f} MB; the file: {file_mb:.0f} MB "
          f"(+{peak_mb - file_mb:.0f} MB)")
