#!/usr/bin/env bash
# The one command to run the app: installs what is missing, builds what it serves (the wasm engine and the page,
# not the native build or the tests), serves dist/ on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh run
bash scripts/build.sh page
exec node scripts/serve.mjs "$@"
