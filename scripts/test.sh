#!/usr/bin/env bash
# The one command that passes every test: installs what is missing, builds, then runs
# the native Catch2 tests (plain, and under ASan+UBSan in the clang build the fuzzers use), bounded fuzzing, the same tests compiled to wasm under Node,
# the engine's JS contract and both CLIs under Node, the page in headless Chromium, and the release zip (built
# twice and compared, served by a plain static server) with the GitHub workflow files checked.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
jobs=$(nproc)

bash scripts/setup.sh test
bash scripts/build.sh

echo "== native Catch2 tests"
ctest --test-dir build --output-on-failure

echo "== libFuzzer on the lesson and exercise-set readers and on link fragments (bounded)"
bash scripts/fuzz.sh

echo "== native Catch2 tests under AddressSanitizer + UndefinedBehaviorSanitizer (clang, the fuzz build)"
cmake --build build-fuzz -j"$jobs" --target attnlab_tests
ctest --test-dir build-fuzz --output-on-failure

echo "== the same Catch2 tests compiled to wasm, under Node"
ctest --test-dir build-wasm --output-on-failure

echo "== browser tests (headless Chromium)"
node --test tests/e2e/

echo "== wasm engine contract and the two CLIs (native and wasm)"
node --test tests/node/

echo "== release: the zip twice, byte for byte; served by python3's http.server in Chromium; workflow files checked"
node --test tests/release/
