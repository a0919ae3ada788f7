#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz (README "How to run the fuzzers"):
#   scripts/fuzz.sh [SECONDS] [TARGET…]   each target for SECONDS (default 20), all targets by default
# Installs what the fuzz preset needs if missing (clang, libFuzzer, the compiler-rt runtime),
# builds build/fuzz, then fuzzes each target one at a time over a COPY of its seeds and kept
# findings (the source tree is never written). A finding is saved in build/fuzz/findings/<target>/
# and fails the run (exit 1): minimise it, fix it, and keep it in tests/fuzz/regressions/<target>/.
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

packages=(clang libfuzzer-14-dev libclang-rt-14-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz: installing ${missing[*]}" >&2
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

[ -f build/fuzz/CMakeCache.txt ] || cmake --preset fuzz
cmake --build --preset fuzz -- $(printf 'fuzz_%s ' "${targets[@]}")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for target in "${targets[@]}"; do
  corpus="$work/$target"
  mkdir -p "$corpus" "build/fuzz/findings/$target"
  cp -r "tests/fuzz/corpus/$target/." "$corpus/"
  [ -d "tests/fuzz/regressions/$target" ] && cp -r "tests/fuzz/regressions/$target/." "$corpus/"
  echo "fuzz: $target for ${seconds} s" >&2
  # -timeout: one input slower than 10 s is a finding (a hang); -rss_limit_mb: so is 2 GB.
  if ! "build/fuzz/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="build/fuzz/findings/$target/" "$corpus" \
      > "build/fuzz/findings/$target.log" 2>&1; then
    echo "fuzz: $target FOUND A PROBLEM (build/fuzz/findings/$target/, log build/fuzz/findings/$target.log):" >&2
    grep -E "ERROR|property broken|SUMMARY|Test unit written" "build/fuzz/findings/$target.log" >&2 || true
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::average_exec_per_sec" "build/fuzz/findings/$target.log" \
      | sed "s/^/fuzz: $target /" >&2
  fi
done
exit $status
