#!/usr/bin/env bash
# Installs whatever is missing on a fresh Debian 12 with Node 20: Debian packages, then npm packages.
#   scripts/setup.sh run    what building and serving the page needs
#   scripts/setup.sh test   that, plus Chromium, NumPy and clang for the tests
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make emscripten libeigen3-dev nlohmann-json3-dev xtl-dev catch2)
if [ "${1:-run}" = test ]; then
  packages+=(chromium python3-numpy clang libclang-rt-14-dev zlib1g-dev clang-format)  # zlib: the fuzzer's reference inflater
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# npm ci when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
