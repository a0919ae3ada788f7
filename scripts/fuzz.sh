#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz (README "How to run the fuzzers"):
#   scripts/fuzz.sh [SECONDS] [TARGET…]   each target for SECONDS (default 20), all targets by default
# Installs what is missing (clang, libFuzzer, the sanitizer runtimes), builds the fuzz targets of
# build/asan (the asan preset), then fuzzes the targets two at a time, each over a COPY of its
# seeds and kept findings (the source tree is never written). A finding is saved in
# build/asan/findings/<target>/ and fails the run (exit 1): minimise it, fix it, and keep it in
# tests/fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
[ $# -gt 0 ] && shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in tests/fuzz/*_fuzz.cpp; do
    name="$(basename "$source" _fuzz.cpp)"
    targets+=("$name")
  done
fi

# shellcheck source=scripts/packages.sh
source scripts/packages.sh
attnviz_install_missing "${attnviz_packages[@]}" "${attnviz_sanitizer_packages[@]}"

# The fuzz targets are those of the asan preset's build (clang, ASan + UBSan, libFuzzer).
[ -f build/asan/CMakeCache.txt ] || cmake --preset asan
cmake --build --preset asan --target $(printf 'fuzz_%s ' "${targets[@]}")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
findings=build/asan/findings

# fuzz_one TARGET: fuzzes one target over a copy of its seeds and kept findings; exit 1 on a finding.
fuzz_one() {
  local target="$1" corpus="$work/$1"
  mkdir -p "$corpus" "$findings/$target"
  cp -r "tests/fuzz/corpus/$target/." "$corpus/"
  [ -d "tests/fuzz/regressions/$target" ] && cp -r "tests/fuzz/regressions/$target/." "$corpus/"
  echo "fuzz: $target for ${seconds} s" >&2
  # -timeout: one input slower than 10 s is a finding (a hang); -rss_limit_mb: so is 2 GB.
  if ! "build/asan/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="$findings/$target/" "$corpus" > "$findings/$target.log" 2>&1; then
    echo "fuzz: $target FOUND A PROBLEM ($findings/$target/, log $findings/$target.log):" >&2
    grep -E "ERROR|property broken|SUMMARY|Test unit written" "$findings/$target.log" >&2 || true
    # The input itself, so that a finding of a CI run (whose clone is gone) can be replayed:
    # echo … | base64 -d > input; build/asan/tests/fuzz/fuzz_<target> input
    local unit
    for unit in "$findings/$target"/*; do
      [ -f "$unit" ] || continue
      if [ "$(stat -c %s "$unit")" -le 65536 ]; then
        echo "fuzz: $target $(basename "$unit") in base64: $(base64 -w0 "$unit")" >&2
      fi
    done
    return 1
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec" "$findings/$target.log" \
    | sed "s/^/fuzz: $target /" >&2
}

# Two targets at a time, one per core.
jobs=2
status=0
running=0
for target in "${targets[@]}"; do
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
