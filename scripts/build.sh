#!/usr/bin/env bash
# Builds one layer or more (default: all), each into its own folder, configured from CMakePresets.json:
#   native   the engine, the attnlab CLI and the Catch2 tests (build/)
#   engine   the browser engine: wasm module and the offline single file's script (build-wasm/)
#   wasm     the engine and the Catch2 tests compiled to wasm (build-wasm/)
#   page     the page into dist/ (needs engine) and the offline single file dist/attention-lab.html
#   all      native, wasm and page
# ATTNLAB_WERROR=ON (the test command) turns warnings into errors; a folder keeps its setting until changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten finds acorn there
jobs=$(nproc)
werror=()
[ -n "${ATTNLAB_WERROR:-}" ] && werror=(-DATTNLAB_WERROR="$ATTNLAB_WERROR")

configure() {  # configure PRESET DIR: once, and again only to change the warnings setting
  local preset=$1 dir=$2
  # A configure that failed (say, run before setup.sh installed the compilers) leaves a cache and no Makefile:
  # start that folder over rather than fail on it forever.
  if [ -f "$dir/CMakeCache.txt" ] && [ ! -f "$dir/Makefile" ]; then rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"; fi
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    # (called in an && list, where set -e does not stop the script: a failure stops it here, with what to do)
    cmake --preset "$preset" -DATTNLAB_WERROR="${ATTNLAB_WERROR:-OFF}" >/dev/null || {
      echo "build.sh: configuring $dir/ failed (above); bash scripts/setup.sh installs what it needs (npm start and npm test run it)" >&2
      exit 1
    }
  elif [ ${#werror[@]} -gt 0 ] && ! grep -q "^ATTNLAB_WERROR:BOOL=$ATTNLAB_WERROR$" "$dir/CMakeCache.txt"; then
    cmake "${werror[@]}" "$dir" >/dev/null
  fi
}

layers=("$@")
[ ${#layers[@]} -gt 0 ] || layers=(all)
for layer in "${layers[@]}"; do
  case "$layer" in
    native) configure native build && cmake --build build -j"$jobs" ;;
    engine) configure wasm build-wasm && cmake --build build-wasm -j"$jobs" --target attnlab_engine attnlab_walkthrough attnlab_labs attnlab_engine_single ;;
    wasm) configure wasm build-wasm && cmake --build build-wasm -j"$jobs" ;;
    page)
      bash "$0" engine
      npx vite build --config web/vite.config.js --logLevel warn
      node scripts/build-single-file.mjs ;;  # dist/attention-lab.html: the offline single file
    all) bash "$0" native wasm page ;;
    *) echo "build.sh: unknown layer \"$layer\" (native, engine, wasm, page, all)" >&2; exit 2 ;;
  esac
done
