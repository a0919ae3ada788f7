#!/usr/bin/env bash
# The two Quick start commands of README.md:
#   scripts/attnviz.sh run [attnviz options]   install what is missing, build, open the window
#   scripts/attnviz.sh test                    install what is missing, build, run every test
#   scripts/attnviz.sh build                   install what is missing, build
# Packages already installed are not asked for again and the build is incremental, so a second
# run needs no network.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/packages.sh
source scripts/packages.sh

build() {
  attnviz_install_missing "${attnviz_packages[@]}"
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
