#!/usr/bin/env bash
# The sanitizer builds of CI (README "Continuous integration"):
#   scripts/sanitize.sh asan   clang, AddressSanitizer + UndefinedBehaviorSanitizer: the core's, the
#                              window's and the command line's tests and the fuzz targets' replays
#   scripts/sanitize.sh tsan   ThreadSanitizer: the tests that run code on several threads
# Installs what is missing (the program's packages and clang's), configures build/<preset> once,
# builds it incrementally through the compiler cache, and runs the preset's tests two at a time.
# Any other arguments go to ctest (scripts/sanitize.sh asan -R Heatmap).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/packages.sh
source scripts/packages.sh

preset="${1:-}"
case "$preset" in
  asan | tsan) shift ;;
  *)
    echo "usage: scripts/sanitize.sh asan|tsan [ctest options]" >&2
    exit 2
    ;;
esac

attnviz_install_missing "${attnviz_packages[@]}" "${attnviz_sanitizer_packages[@]}"
[ -f "build/$preset/CMakeCache.txt" ] || cmake --preset "$preset"
cmake --build --preset "$preset"
ctest --preset "$preset" "$@"
