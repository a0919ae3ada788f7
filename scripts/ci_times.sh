#!/usr/bin/env bash
# Times CI as CI runs it: clones this repository's HEAD into a new folder under /tmp, runs .ci/run
# there and prints each step's time, the total and the compiler cache's hits.
#   scripts/ci_times.sh [--empty-cache]
# --empty-cache clears the machine's compiler cache first (ccache -C): the run a fresh machine
# makes. Without it, the cache is what earlier builds on this machine left. The clone is removed
# at the end (KEEP_CLONE=1 keeps it); its log is kept as /tmp/attnviz_ci_times.log.
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"

empty=0
case "${1:-}" in
  --empty-cache) empty=1 ;;
  "") ;;
  *) echo "usage: scripts/ci_times.sh [--empty-cache]" >&2; exit 2 ;;
esac

clone="$(mktemp -d /tmp/attnviz_ci.XXXXXX)"
[ "${KEEP_CLONE:-0}" = 1 ] || trap 'rm -rf "$clone"' EXIT
git clone -q "$repository" "$clone"
log=/tmp/attnviz_ci_times.log

if command -v ccache > /dev/null; then
  [ "$empty" = 1 ] && ccache -C > /dev/null
  ccache -z > /dev/null
fi

start=$SECONDS
set +e
"$clone/.ci/run" > "$log" 2>&1
status=$?
set -e
total=$((SECONDS - start))

echo "| step | seconds | minutes |"
echo "|---|---|---|"
sed -n 's/^ci-step: \([a-z]*\) \([0-9]*\) s$/\1 \2/p' "$log" | while read -r name seconds; do
  printf '| %s | %d | %d:%02d |\n' "$name" "$seconds" $((seconds / 60)) $((seconds % 60))
done
printf '| **all** (%s cache%s) | %d | %d:%02d |\n' "$([ "$empty" = 1 ] && echo empty || echo warm)" \
  "$([ "$status" = 0 ] && echo ", passed" || echo ", FAILED with $status")" "$total" $((total / 60)) $((total % 60))
if command -v ccache > /dev/null; then
  ccache -s | grep -E "^ *(Hits|Misses):" | sed 's/^ */compiler cache: /'
fi
exit "$status"
