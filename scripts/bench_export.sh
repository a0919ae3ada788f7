#!/usr/bin/env bash
# Whole-process time of one heatmap PNG: the chapter's seaborn code against `attnviz export`.
#   scripts/bench_export.sh [RUNS]        RUNS per tool and size (default 5; median reported)
# Environment: ATTNVIZ=path/to/attnviz (default: the first of build/release, build-exp, build).
# Sizes: n = 8, 32, 64 with values in cells; n = 128, 512 without. Goal: attnviz >= 20x faster.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
anchor=../shared/bench/anchor_seaborn.py
python=/usr/bin/python3

if [ ! -f "$anchor" ]; then
  echo "bench_export: $anchor not found (run from a checkout beside shared/)" >&2
  exit 1
fi
if ! "$python" -c "import seaborn" 2>/dev/null; then
  echo "bench_export: seaborn is missing for $python (apt-get install python3-seaborn)" >&2
  exit 1
fi
attnviz="${ATTNVIZ:-}"
if [ -z "$attnviz" ]; then
  for candidate in build/release/app/attnviz build-exp/app/attnviz build/app/attnviz; do
    if [ -x "$candidate" ]; then attnviz="$candidate"; break; fi
  done
fi
if [ -z "$attnviz" ] || [ ! -x "$attnviz" ]; then
  echo "bench_export: no attnviz executable; build first (scripts/attnviz.sh build) or set ATTNVIZ" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

exec "$python" - "$runs" "$anchor" "$attnviz" "$work" <<'PY'
import os, statistics, subprocess, sys, time

runs, anchor, attnviz, work = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}

def median_seconds(command):
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)  # warm the caches once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)

print(f"attnviz: {attnviz}; {runs} runs each, median wall time of the whole process; no display")
print(f"{'n':>5} {'values':>7} {'seaborn (s)':>12} {'attnviz (s)':>12} {'speed-up':>9}  goal >= 20x")
met = True
for n, values in [(8, True), (32, True), (64, True), (128, False), (512, False)]:
    sentence = os.path.join(work, f"s{n}.txt")
    with open(sentence, "w") as f:
        f.write(" ".join(f"t{i}" for i in range(n)))
    seaborn = [sys.executable, anchor, "--n", str(n), "-o", os.path.join(work, f"seaborn{n}.png")]
    if values:
        seaborn.insert(4, "--annot")
    ours = [attnviz, "export", "--text-file", sentence, "--values" if values else "--no-values",
            "-o", os.path.join(work, f"attnviz{n}.png")]
    a = median_seconds(seaborn)
    b = median_seconds(ours)
    ratio = a / b
    met = met and ratio >= 20
    print(f"{n:>5} {'yes' if values else 'no':>7} {a:>12.3f} {b:>12.3f} {ratio:>8.1f}x  {'met' if ratio >= 20 else 'NOT met'}",
          flush=True)
print("all sizes meet the goal" if met else "some sizes miss the goal")
PY
