#!/usr/bin/python3
"""Speed of AttnViz's float32 attention against the chapter's own PyTorch code, in one run.

Runs build/release/tests/bench/attention_benchmark (Google Benchmark, median of 5) and
../shared/bench/anchor_torch.py (2 threads, OpenBLAS; 3 runs, median of their medians), each
with and without the causal mask,
and prints per n: both medians in ms, both GFLOP/s (4·n²·d_k) and the ratio torch / AttnViz.
Then the machine's float32 ceiling (the benchmark's fmaPeak: fused multiply-adds on every
thread, nothing from memory) and what fraction of it a 5x lead over the chapter's code needs.
Usage: scripts/bench_attention.py [path/to/attention_benchmark]
"""
import json
import os
import re
import statistics
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
benchmark = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build/release/tests/bench/attention_benchmark")
anchor = os.path.join(root, "..", "shared", "bench", "anchor_torch.py")


def attnviz_medians(causal):
    name = "attentionCausal" if causal else "attentionFull"
    out = subprocess.run([benchmark, f"--benchmark_filter=^{name}/", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    medians, isa = {}, "?"
    for entry in json.loads(out)["benchmarks"]:
        if entry.get("aggregate_name") == "median":
            n = int(entry["run_name"].split("/")[1])
            medians[n] = entry["real_time"]  # ms (the benchmark's unit)
            isa = entry.get("label", isa)
    return medians, isa


def torch_medians(causal, runs=3):
    # The anchor once per run; per n the median of its runs' medians (one run of it sometimes
    # takes 30x longer at n = 256, which would flatter the ratio).
    env = dict(os.environ, THREADS="2")
    args = ["/usr/bin/python3", anchor] + (["--causal"] if causal else [])
    per_n = {}
    for _ in range(runs):
        out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
        for m in re.finditer(r"n=\s*(\d+) median_ms=\s*([\d.]+)", out):
            per_n.setdefault(int(m.group(1)), []).append(float(m.group(2)))
    return {n: statistics.median(values) for n, values in per_n.items()}


def fma_peak():
    out = subprocess.run([benchmark, "--benchmark_filter=^fmaPeak", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    for entry in json.loads(out)["benchmarks"]:
        if entry.get("aggregate_name") == "median":
            return entry["GFLOP/s"], int(entry["threads"])
    return float("nan"), 0


print(f"{'mask':7} {'n':>5} {'AttnViz ms':>11} {'GFLOP/s':>8} {'torch ms':>10} {'GFLOP/s':>8} {'torch/AttnViz':>14}")
need, reach = {}, {}
for causal in (False, True):
    ours, isa = attnviz_medians(causal)
    theirs = torch_medians(causal)
    for n in sorted(ours):
        if n not in theirs:
            continue
        flops = 4.0 * n * n * 64
        if not causal:
            need[n] = 5 * flops / theirs[n] / 1e6
            reach[n] = flops / ours[n] / 1e6
        print(f"{'causal' if causal else 'full':7} {n:5d} {ours[n]:11.3f} {flops / ours[n] / 1e6:8.1f} "
              f"{theirs[n]:10.3f} {flops / theirs[n] / 1e6:8.1f} {theirs[n] / ours[n]:13.1f}x")
print(f"(AttnViz kernel: {isa}; machine: {os.cpu_count()} cores; medians)")
peak, threads = fma_peak()
print(f"This machine's float32 ceiling (fused multiply-adds only, {threads} threads): {peak:.0f} GFLOP/s.")
print("5x the chapter's code would need, per n (full mask):")
for n in sorted(need):
    print(f"  n={n:5d}: {need[n]:6.0f} GFLOP/s = {need[n] / peak:4.0%} of the ceiling (we reach {reach[n] / peak:4.0%})")
