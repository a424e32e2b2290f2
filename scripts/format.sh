#!/usr/bin/env bash
# Rewrites every file in the project's style: clang-format on the C++, ESLint's fixes on the JavaScript.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format -i
npx eslint --fix .
