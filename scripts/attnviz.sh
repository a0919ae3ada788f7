#!/usr/bin/env bash
# The two Quick start commands of README.md:
#   scripts/attnviz.sh run [attnviz options]   install what is missing, build, open the window
#   scripts/attnviz.sh test                    install what is missing, build, run every test
#   scripts/attnviz.sh build                   install what is missing, build
# Packages already installed are not asked for again and the build is incremental, so a second
# run needs no network.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian 12 packages: build tools, Qt 6 (Widgets, Charts, Svg, translations), Eigen, ICU,
# nlohmann-json, GoogleTest, Google Benchmark; numpy for the independent reference; poppler
# for the PDF export test; dpkg-dev and file for the Debian package's computed dependencies.
packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6charts6-dev libqt6svg6-dev libqt6opengl6-dev
  qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools libgl-dev
  libeigen3-dev libicu-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3-numpy poppler-utils fonts-dejavu-core
  dpkg-dev file
)

install_missing() {
  local missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "attnviz: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

build() {
  install_missing
  [ -f build/release/CMakeCache.txt ] || cmake --preset release
  cmake --build --preset release
}

command="${1:-run}"
[ $# -gt 0 ] && shift
case "$command" in
  run)
    build
    exec build/release/app/attnviz "$@"
    ;;
  test)
    build
    ctest --preset release "$@"
    ;;
  build)
    build
    ;;
  *)
    echo "usage: scripts/attnviz.sh run|test|build" >&2
    exit 2
    ;;
esac
