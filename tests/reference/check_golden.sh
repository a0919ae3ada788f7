#!/bin/sh
# Reruns the independent numpy reference into a temporary directory and fails if anything it
# writes differs from the checked-in tests/golden/ (a changed, missing or extra file).
# Usage: tests/reference/check_golden.sh PYTHON      (PYTHON: an interpreter with numpy,
# e.g. /usr/bin/python3 with Debian's python3-numpy). To refresh the golden files after an
# intended change: PYTHON tests/reference/attention_reference.py
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 PYTHON" >&2
    exit 2
fi
python=$1
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/../golden
tmp=$(mktemp -d "${TMPDIR:-/tmp}/attnviz-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! "$python" "$here/attention_reference.py" --out "$tmp"; then
    echo "FAIL: the reference ($python $here/attention_reference.py) did not run" >&2
    exit 1
fi

status=0
for f in "$tmp"/*.json; do
    name=$(basename "$f")
    if [ ! -f "$golden/$name" ]; then
        echo "FAIL: tests/golden/$name is missing (the reference writes it)" >&2
        status=1
    elif ! cmp -s "$f" "$golden/$name"; then
        echo "FAIL: tests/golden/$name differs from what the reference writes now:" >&2
        diff -u "$golden/$name" "$f" | head -n 40 >&2 || true
        status=1
    fi
done
for f in "$golden"/*.json; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    if [ ! -f "$tmp/$name" ]; then
        echo "FAIL: tests/golden/$name is not written by the reference any more" >&2
        status=1
    fi
done
if [ $status -eq 0 ]; then
    echo "golden files are current ($(ls "$tmp" | wc -l) files)"
else
    echo "to refresh after an intended change: $python $here/attention_reference.py" >&2
fi
exit $status
