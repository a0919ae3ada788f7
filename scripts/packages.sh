# Sourced by the scripts of this folder: the Debian 12 packages each job needs, and the one way to
# install those that are missing (apt-get only when something is missing, so a second run needs
# no network).

# Building and testing the program: build tools and the compiler cache, Qt 6 (Widgets, Charts,
# Svg, translations), Eigen, ICU, nlohmann-json, GoogleTest, Google Benchmark; numpy for the
# independent reference; poppler for the PDF export test; dpkg-dev and file for the Debian
# package's computed dependencies.
attnviz_packages=(
  cmake ninja-build g++ pkg-config ccache
  qt6-base-dev qt6-base-dev-tools libqt6charts6-dev libqt6svg6-dev libqt6opengl6-dev
  qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools libgl-dev
  libeigen3-dev libicu-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3-numpy poppler-utils fonts-dejavu-core
  dpkg-dev file
)

# The sanitizer builds and the fuzzers: clang with its linker, libFuzzer and the sanitizer runtimes.
attnviz_sanitizer_packages=(clang lld libfuzzer-14-dev libclang-rt-14-dev)

# attnviz_install_missing PACKAGE…: installs those not installed yet (sudo when not root).
attnviz_install_missing() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "attnviz: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}
