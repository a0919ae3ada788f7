#!/usr/bin/env bash
# Installs AttnViz's Debian package on a clean Debian 12 root and checks that it runs there.
#   scripts/check_deb_in_chroot.sh DEB [OUTPUT_DIR]
# DEB is the attnviz_<version>_amd64.deb written by `cpack -G DEB` in build/release.
# As root, with Debian's archives reachable (apt-get installs debootstrap if it is missing):
#   1. debootstrap --variant=minbase bookworm into a new /tmp/chroot.XXXXXX, from the Debian
#      mirror this machine's apt uses (bookworm, bookworm-updates, bookworm-security);
#   2. in it: apt-get install ./DEB; attnviz --version; the launcher, icon and AppStream file;
#      `attnviz export` to PNG, SVG, PDF and CSV with QT_QPA_PLATFORM=offscreen; that the text
#      of the PNG is drawn (fonts: the PNG must change when fontconfig is given no font);
#      that the binary and Qt's xcb platform plugin resolve every library; that the window
#      starts (offscreen, still running after 5 s);
#   3. apt-get remove attnviz and that its four files are gone.
# Everything inside runs with a clean environment (env -i), so nothing of this machine's Qt,
# fonts or library paths can help. The chroot is unmounted and removed on exit, also on
# failure or Ctrl-C (KEEP_CHROOT=1 keeps it). OUTPUT_DIR (default: a new /tmp/check_deb.XXXXXX)
# receives the logs and the exported chat.png.
# Environment: MIRROR, SECURITY_MIRROR override the mirrors; NO_RECOMMENDS=1 installs with
# --no-install-recommends. Ends with 'N passed, N failed'; exit status 0 only if none failed,
# 2 on bad usage.
# The single-quoted sh -c scripts and dpkg-query formats expand their own $ (SC2016).
# shellcheck disable=SC2016
set -euo pipefail

usage() { echo "usage: $0 DEB [OUTPUT_DIR]" >&2; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
deb=$(readlink -f "$1")
[ -f "$deb" ] || { echo "check_deb_in_chroot: no such file: $1" >&2; usage; }
[ "$(id -u)" = 0 ] || { echo "check_deb_in_chroot: must run as root (debootstrap, chroot, mount)" >&2; exit 2; }
out=${2:-$(mktemp -d /tmp/check_deb.XXXXXX)}
mkdir -p "$out"
out=$(readlink -f "$out")

package=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
files="/usr/bin/attnviz
/usr/share/applications/org.attnviz.AttnViz.desktop
/usr/share/icons/hicolor/scalable/apps/org.attnviz.AttnViz.svg
/usr/share/metainfo/org.attnviz.AttnViz.metainfo.xml"

# The mirror of this machine's apt: the first http(s) URI ending in /debian (resp.
# /debian-security) in sources.list or sources.list.d (deb822 .sources or one-line .list).
host_uri() {  # $1: debian | debian-security
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    awk '/^[[:space:]]*URIs:/ { for (i = 2; i <= NF; i++) print $i }
         /^[[:space:]]*deb[[:space:]]/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }' "$f"
  done | sed 's:/*$::' | grep -E "^https?://.*/$1\$" | head -n 1 || true
}
mirror=${MIRROR:-$(host_uri debian)}
mirror=${mirror:-http://deb.debian.org/debian}
security=${SECURITY_MIRROR:-$(host_uri debian-security)}
security=${security:-http://deb.debian.org/debian-security}

passed=0
failed=0
ok() { echo "PASS: $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

root=""
cleanup() {
  local status=$? m
  [ -n "$root" ] || exit $status
  # Every mount below the chroot, deepest first (dev/pts before dev).
  awk -v r="$root/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r | while read -r m; do
    umount "$m" 2>/dev/null || umount -l "$m" || true
  done
  if awk -v r="$root/" 'index($2, r) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    echo "check_deb_in_chroot: something is still mounted under $root; not removing it" >&2
  elif [ "${KEEP_CHROOT:-0}" = 1 ]; then
    echo "kept the chroot: $root"
  else
    rm -rf --one-file-system "$root"
  fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

inside() {  # run a command in the chroot with a clean environment
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb \
    LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

echo "package: $deb ($(stat -c %s "$deb") bytes), $package $version"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"
echo "Recommends: $(dpkg-deb -f "$deb" Recommends)"
echo "mirror: $mirror (security: $security); logs in $out"

if ! command -v debootstrap > /dev/null; then
  t=$(now)
  apt-get install -y debootstrap > "$out/debootstrap-install.log" 2>&1 \
    || { apt-get update > /dev/null && apt-get install -y debootstrap > "$out/debootstrap-install.log" 2>&1; }
  echo "installed debootstrap in $(took "$t")"
fi

root=$(mktemp -d /tmp/chroot.XXXXXX)
t=$(now)
if ! debootstrap --variant=minbase bookworm "$root" "$mirror" > "$out/debootstrap.log" 2>&1; then
  tail -n 20 "$out/debootstrap.log" >&2
  bad "debootstrap --variant=minbase bookworm"
  echo "$passed passed, $failed failed"
  exit 1
fi
echo "debootstrap --variant=minbase bookworm $root: $(took "$t"), $(du -sxh "$root" | cut -f1)," \
     "$(inside dpkg-query -W -f '${db:Status-Abbrev}\n' | grep -c '^ii') packages"

cat > "$root/etc/apt/sources.list" << EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp "$deb" "$root/root/"
debname=$(basename "$deb")

inside dpkg-query -W -f '${Package}\n' | sort > "$out/packages-before.txt"
t=$(now)
inside apt-get update > "$out/apt-update.log" 2>&1 || { tail -n 20 "$out/apt-update.log" >&2; bad "apt-get update"; exit 1; }
echo "apt-get update: $(took "$t")"
recommends=""
if [ "${NO_RECOMMENDS:-0}" = 1 ]; then recommends="--no-install-recommends "; fi
t=$(now)
if inside sh -c "cd /root && apt-get install -y $recommends./$debname" > "$out/apt-install.log" 2>&1; then
  ok "apt-get install -y $recommends./$debname ($(took "$t"))"
else
  tail -n 30 "$out/apt-install.log" >&2
  bad "apt-get install -y $recommends./$debname"
  echo "$passed passed, $failed failed"
  exit 1
fi
inside dpkg-query -W -f '${Package}\n' | sort > "$out/packages-after.txt"
added=$(comm -13 "$out/packages-before.txt" "$out/packages-after.txt" | grep -vx "$package" || true)
echo "installed alongside: $(echo "$added" | grep -c .) packages" \
     "($(grep -E '^[0-9]+ upgraded' "$out/apt-install.log"))"
grep -E '^(Need to get|After this operation)' "$out/apt-install.log" || true
echo "$added" > "$out/packages-added.txt"
echo "chroot after install: $(du -sxh "$root" | cut -f1)"

# The program and its files.
version_line=$(inside /usr/bin/attnviz --version 2>&1 || true)
echo "attnviz --version: $version_line"
check "attnviz --version prints '$package $version'" [ "$version_line" = "$package $version" ]
listed=$(inside dpkg -L "$package")
for f in $files; do
  check "$f exists and dpkg -L lists it" sh -c '[ -f "$1$2" ] && echo "$3" | grep -Fqx "$2"' _ "$root" "$f" "$listed"
done
check "the binary resolves every library (ldd)" \
  sh -c '! chroot "$1" ldd /usr/bin/attnviz | grep -F "not found"' _ "$root"
xcb=/usr/lib/x86_64-linux-gnu/qt6/plugins/platforms/libqxcb.so
check "Qt's xcb platform plugin is there and resolves every library" \
  sh -c '[ -f "$1$2" ] && ! chroot "$1" ldd "$2" | grep -F "not found"' _ "$root" "$xcb"

# Exports without a display.
is_png() { [ "$(head -c 8 "$1" 2> /dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
t=$(now)
if inside env QT_QPA_PLATFORM=offscreen attnviz export --text "Le chat est assis" -o /tmp/chat.png \
     > "$out/export-png.log" 2>&1 && is_png "$root/tmp/chat.png"; then
  ok "export --text 'Le chat est assis' -o chat.png writes a PNG ($(stat -c %s "$root/tmp/chat.png") bytes, $(took "$t"))"
  cp "$root/tmp/chat.png" "$out/chat.png"
else
  cat "$out/export-png.log"
  bad "export --text 'Le chat est assis' -o chat.png writes a PNG"
fi
if grep -i -E 'font' "$out/export-png.log"; then bad "export printed no font warning"; else ok "export printed no font warning"; fi
fonts=$(inside fc-list 2> /dev/null | wc -l || true)
echo "fonts known to fontconfig in the chroot: $fonts"
check "fontconfig finds at least one font" [ "$fonts" -gt 0 ]
# The same export with fontconfig given no font at all: if the text is drawn, the two differ.
printf '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n' \
  > "$root/tmp/nofonts.conf"
inside env QT_QPA_PLATFORM=offscreen FONTCONFIG_FILE=/tmp/nofonts.conf \
  attnviz export --text "Le chat est assis" -o /tmp/chat-nofonts.png > "$out/export-nofonts.log" 2>&1 || true
check "the PNG's text is drawn (it differs from one exported with no font)" \
  sh -c '[ -f "$1/tmp/chat-nofonts.png" ] && ! cmp -s "$1/tmp/chat.png" "$1/tmp/chat-nofonts.png"' _ "$root"
for format in svg pdf csv json; do
  check "export -o chat.$format writes a non-empty file" \
    sh -c 'chroot "$1" /usr/bin/env -i PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen attnviz export --text "Le chat est assis" -o "/tmp/chat.$2" > /dev/null 2>&1 && [ -s "$1/tmp/chat.$2" ]' _ "$root" "$format"
done
check "chat.pdf starts with %PDF-" sh -c 'head -c 5 "$1/tmp/chat.pdf" | grep -q "%PDF-"' _ "$root"
rc=0
inside env QT_QPA_PLATFORM=offscreen timeout 5 attnviz --text "Le chat est assis" > "$out/window.log" 2>&1 || rc=$?
check "the window starts (offscreen) and is still open after 5 s" [ "$rc" = 124 ]

# Removal.
t=$(now)
check "apt-get remove -y $package" sh -c 'chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive apt-get remove -y "$2" > "$3/apt-remove.log" 2>&1' _ "$root" "$package" "$out"
echo "apt-get remove: $(took "$t")"
for f in $files; do
  check "$f is gone after removal" [ ! -e "$root$f" ]
done
check "dpkg no longer knows $package" sh -c '! chroot "$1" dpkg -s "$2" > /dev/null 2>&1' _ "$root" "$package"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
