#!/bin/sh
# The attention loop is compiled three times with different instruction sets. If one of those
# objects exported an inline function (a library template not inlined, say), the linker could
# keep its AVX-512 copy for the whole program and a baseline processor would crash on an illegal
# instruction. So each object may export only its own kernel: no weak (W, V) or unique (u)
# symbols besides the C++ personality reference every object with exceptions carries.
# Usage: check_isa_objects.sh NM OBJECT...
set -eu
nm_tool=$1
shift
status=0
for object in "$@"; do
    shared=$("$nm_tool" -C "$object" | awk '$(NF-1) ~ /^[WVu]$/ || $1 ~ /^[WVu]$/' | grep -v 'DW.ref.__gxx_personality_v0' || true)
    if [ -n "$shared" ]; then
        echo "$object shares inline code with the other builds:" >&2
        echo "$shared" >&2
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "$# kernel objects export only their own kernel"
exit "$status"
