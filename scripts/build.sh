#!/usr/bin/env bash
# Builds everything: the native engine, CLI and tests (build/), the wasm module and wasm tests
# (build-wasm/), and the page (dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten finds acorn there
jobs=$(nproc)

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
[ -f build-wasm/CMakeCache.txt ] || emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-wasm -j"$jobs"
npx vite build --config web/vite.config.js --logLevel warn
node scripts/build-single-file.mjs  # dist/attention-lab.html: the offline single file
