#!/usr/bin/env bash
# Checks formatting and lint without changing a file: clang-format (.clang-format) on the C++ and ESLint
# (eslint.config.js) on the JavaScript. `npm run format` rewrites what can be fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format --dry-run --Werror
npx eslint --max-warnings 0 .
