#!/bin/sh
# `cpack -G DEB` makes attnviz_<version>_amd64.deb whose Depends were computed from the binary
# (dpkg-shlibdeps: Qt, ICU, libstdc++ …) plus the Qt platform plugins, and which holds the
# program, the launcher, the icon and the AppStream file under /usr, and nothing else.
# Usage: check_deb.sh CPACK BUILD_DIR
set -eu
cpack=$1
build=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

(cd "$build" && "$cpack" -G DEB -B "$out" > "$out/cpack.log" 2>&1) || { cat "$out/cpack.log"; exit 1; }
deb=$(ls "$out"/attnviz_*_amd64.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "no attnviz_*_amd64.deb in $(ls "$out")" >&2; exit 1; }
echo "built $(basename "$deb")"
status=0

files=$(dpkg-deb -c "$deb" | awk '{print $NF}' | grep -v '/$')
expected="./usr/bin/attnviz
./usr/share/applications/org.attnviz.AttnViz.desktop
./usr/share/icons/hicolor/scalable/apps/org.attnviz.AttnViz.svg
./usr/share/metainfo/org.attnviz.AttnViz.metainfo.xml"
if [ "$(echo "$files" | sort)" != "$(echo "$expected" | sort)" ]; then
    echo "unexpected file list:" >&2
    echo "$files" >&2
    status=1
fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in qt6-qpa-plugins libqt6widgets6 libqt6charts6 libqt6svg6 libicu72 libstdc++6 libc6; do
    echo "$depends" | tr ',' '\n' | awk '{print $1}' | grep -Fqx "$package" || { echo "Depends lacks $package" >&2; status=1; }
done
dpkg-deb -f "$deb" Description | grep -q '^ *;' && { echo "the Description has stray ';' (a CMake list)" >&2; status=1; }
[ "$(dpkg-deb -f "$deb" Package)" = attnviz ] || { echo "package name is not attnviz" >&2; status=1; }
[ "$(dpkg-deb -f "$deb" Architecture)" = amd64 ] || { echo "architecture is not amd64" >&2; status=1; }
exit $status
