#!/usr/bin/env bash
# The one command to run the app: installs what is missing, builds, serves dist/ on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh run
bash scripts/build.sh
exec node scripts/serve.mjs "$@"
