#!/usr/bin/env bash
# Installs, from Debian's archive only, what building, testing and packaging DVM Lens needs.
# Safe to run again: apt-get skips what is already there. Needs root (or sudo).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config git
  qt6-base-dev qt6-base-dev-tools libqt6svg6 qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev nlohmann-json3-dev libdtl-dev libre2-dev libarchive-dev libssl-dev
  # an archive's compression is decoded in process with these (core/archive/decodedstream.cpp)
  libzstd-dev zlib1g-dev liblzma-dev libbz2-dev
  clang-14 libclang-rt-14-dev
  xvfb xauth fonts-dejavu-core fonts-noto-cjk
  desktop-file-utils appstream dpkg-dev file ccache
  # Qt's own Chinese (gui-translationorder), man pages from --help, the .deb's check (cli-packaging)
  qt6-translations-l10n help2man lintian
  time clang-format
  # the archive tests pack fixture trees with the usual tools too
  tar zip zstd xz-utils bzip2
  # resources/screenshots/make-screenshots.sh shrinks its PNGs losslessly
  optipng
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
((${#missing[@]})) || exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
