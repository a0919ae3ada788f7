#!/bin/sh
# `cmake --install` puts the program and its desktop integration where desktops look for them:
#   bin/attnviz
#   share/applications/org.attnviz.AttnViz.desktop
#   share/icons/hicolor/scalable/apps/org.attnviz.AttnViz.svg
#   share/metainfo/org.attnviz.AttnViz.metainfo.xml
# and the installed program answers --version. desktop-file-validate and appstreamcli validate
# the files when they are installed (Debian: desktop-file-utils, appstream).
# Usage: check_install.sh CMAKE BUILD_DIR
set -eu
cmake=$1
build=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

"$cmake" --install "$build" --prefix "$prefix" > "$prefix.log" 2>&1 || { cat "$prefix.log"; rm -f "$prefix.log"; exit 1; }
rm -f "$prefix.log"
status=0
for file in bin/attnviz \
            share/applications/org.attnviz.AttnViz.desktop \
            share/icons/hicolor/scalable/apps/org.attnviz.AttnViz.svg \
            share/metainfo/org.attnviz.AttnViz.metainfo.xml; do
    if [ -f "$prefix/$file" ]; then echo "installed: $file"; else echo "MISSING: $file" >&2; status=1; fi
done
[ -x "$prefix/bin/attnviz" ] || { echo "bin/attnviz is not executable" >&2; status=1; }
version=$("$prefix/bin/attnviz" --version) || status=1
echo "$version" | grep -Eq '^attnviz [0-9]+\.[0-9]+\.[0-9]+$' || { echo "unexpected --version: $version" >&2; status=1; }
grep -q '<svg' "$prefix/share/icons/hicolor/scalable/apps/org.attnviz.AttnViz.svg" || status=1
if command -v desktop-file-validate > /dev/null; then
    desktop-file-validate "$prefix/share/applications/org.attnviz.AttnViz.desktop" || status=1
fi
if command -v appstreamcli > /dev/null; then
    appstreamcli validate --no-net "$prefix/share/metainfo/org.attnviz.AttnViz.metainfo.xml" || status=1
fi
exit $status
