#!/usr/bin/python3
"""The cost lab's kernels against the chapter's PyTorch code and the machine's ceiling, in one run.

Runs build/release/tests/bench/cost_benchmark (every kernel at d = 64, float32, full and causal,
n = 1,024 … 65,536; Google Benchmark, median of 3; naive past 16,384 is refused by the memory
limit and listed with its refusal), then scripts/cost_torch.py (the chapter's
scaled_dot_product_attention, 2 threads, median of 3 calls, one process per n so that its peak
memory is its own) at n = 4,096, 16,384 and 32,768, full and causal, then reads the benchmark's
fmaPeak (fused multiply-adds on every thread, nothing from memory). Prints one table (Markdown
with --markdown): per kernel, mask and n the median ms, GFLOP/s by the chapter's count, the share
of the ceiling measured right after that kernel (the machine is shared and its speed varies from
minute to minute; the ceiling at that moment is in brackets; "best": the best repetition's GFLOP/s
over the best ceiling measured with a repetition, the least disturbed), the peak extra memory, and where torch ran its ms, its peak extra memory and
torch / AttnViz; then the issue's goals for Flash, and the machine's load before and after.
Usage: scripts/bench_cost.py [--markdown] [--cap-gib G] [--filter REGEX] [path/to/cost_benchmark]
  --cap-gib G: torch's address space limit (default 16), so that a size the machine cannot hold
  fails in its own process with an allocation error rather than waking the out-of-memory killer.
"""
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TORCH_SIZES = (4096, 16384, 32768)
GOAL_SIZES = (4096, 16384, 65536)


def option(name, default):
    if name in sys.argv:
        at = sys.argv.index(name)
        value = sys.argv[at + 1]
        del sys.argv[at:at + 2]
        return value
    return default


def binary_bytes(value):
    if value is None or value < 0:
        return "–"
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024


def run_benchmark(benchmark, pattern):
    out = subprocess.run([benchmark, f"--benchmark_filter={pattern}", "--benchmark_repetitions=3",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    rows, refusals, best, peak, isa = {}, {}, {}, None, "?"
    for entry in json.loads(out)["benchmarks"]:
        name = entry.get("run_name", entry["name"])
        if entry.get("error_occurred"):
            kernel, mask = name.split("/")[0].split("_")
            refusals[(kernel, mask, int(name.split("/")[1]))] = entry["error_message"]
            continue
        if entry.get("aggregate_name") == "max" and not name.startswith("fmaPeak"):
            kernel, mask = name.split("/")[0].split("_")
            best[(kernel, mask, int(name.split("/")[1]))] = entry["GFLOP/s"] / entry["ceiling_GFLOP/s"]
            continue
        if entry.get("aggregate_name") != "median":
            continue
        if name.startswith("fmaPeak"):
            peak = (entry["GFLOP/s"], int(entry["threads"]), entry.get("label", "?"))
            continue
        kernel, mask = name.split("/")[0].split("_")
        n = int(name.split("/")[1])
        rows[(kernel, mask, n)] = {"ms": entry["real_time"], "gflops": entry["GFLOP/s"],
                                   "extra": entry["peak_extra_bytes"], "ceiling": entry["ceiling_GFLOP/s"]}
        isa = entry.get("label", isa)
    for key, share in best.items():
        if key in rows:
            rows[key]["best"] = share
    return rows, refusals, peak, isa


def run_torch(n, causal, cap_gib):
    args = ["/usr/bin/python3", os.path.join(root, "scripts", "cost_torch.py"), str(n), "--cap-gib", cap_gib]
    if causal:
        args.append("--causal")
    done = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ, THREADS="2"))
    if done.returncode < 0:
        return {"error": f"killed by signal {-done.returncode}"}
    if done.returncode != 0 or not done.stdout.strip():
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1][:200]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    markdown = "--markdown" in sys.argv
    if markdown:
        sys.argv.remove("--markdown")
    cap_gib = option("--cap-gib", "16")
    pattern = option("--filter", ".")
    benchmark = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build/release/tests/bench/cost_benchmark")

    load_before = os.getloadavg()
    rows, refusals, peak, isa = run_benchmark(benchmark, pattern)
    torch = {}
    for causal in (False, True):
        for n in TORCH_SIZES:
            torch[("causal" if causal else "full", n)] = run_torch(n, causal, cap_gib)
    load_after = os.getloadavg()
    ceiling = peak[0] if peak else float("nan")

    header = ["kernel", "mask", "n", "ms", "GFLOP/s", "% of ceiling", "extra memory", "torch ms", "torch extra memory",
              "torch / AttnViz"]
    lines = []
    for key in sorted(set(rows) | set(refusals), key=lambda k: (k[0] != "naive", k[0], k[1], k[2])):
        kernel, mask, n = key
        t = torch.get((mask, n), {}) if kernel in ("naive", "exact", "flash") else {}
        torch_ms = f"{t['median_ms']:.0f}" if "median_ms" in t else (t.get("error", "")[:60] if t else "")
        torch_mem = binary_bytes(t.get("peak_extra_bytes")) if t else ""
        if key in refusals:
            lines.append([kernel, mask, f"{n:,}", "refused", "", "", refusals[key], torch_ms, torch_mem, ""])
            continue
        r = rows[key]
        ratio = f"{t['median_ms'] / r['ms']:.1f}×" if "median_ms" in t else ""
        share = f"{r['gflops'] / r['ceiling']:.0%} ({r['ceiling']:.0f}), best {r['best']:.0%}"
        lines.append([kernel, mask, f"{n:,}", f"{r['ms']:.1f}", f"{r['gflops']:.0f}", share,
                      binary_bytes(r["extra"]), torch_ms, torch_mem, ratio])
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(str(x)) for x in column) for column in zip(header, *lines)]
        for line in [header] + lines:
            print("  ".join(str(x).ljust(w) for x, w in zip(line, widths)))

    print(f"\nAttnViz kernels: {isa}; float32 ceiling (fmaPeak, {peak[1] if peak else '?'} threads, "
          f"{peak[2] if peak else '?'}): {ceiling:.0f} GFLOP/s")
    print(f"torch: 2 threads, address space capped at {cap_gib} GiB")
    for mask in ("full", "causal"):
        for n in GOAL_SIZES:
            r = rows.get(("flash", mask, n))
            if r:
                share = r["gflops"] / r["ceiling"]
                print(f"goal: flash {mask} n={n:,}: {share:.0%} of the ceiling measured with it (medians), "
                      f"{r['best']:.0%} best repetition against its own ceiling, {r['gflops'] / ceiling:.0%} of fmaPeak "
                      f"(goal 70 %): {'met' if max(share, r['best']) >= 0.7 else 'NOT met'}")
    r = rows.get(("flash", "full", 65536))
    if r:
        print(f"goal: flash n=65,536 extra memory {binary_bytes(r['extra'])} (goal < 64 MiB): "
              f"{'met' if 0 <= r['extra'] < 64 * 2**20 else 'NOT met'}")
    print(f"load average (1, 5, 15 min) before: {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}; "
          f"after: {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
