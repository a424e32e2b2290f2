#!/usr/bin/env bash
# Bounded libFuzzer run over the lesson and exercise-set readers (part of `npm test`; default 60 s).
#   FUZZ_SECONDS=3600 bash scripts/fuzz.sh    a longer run; crashes are written to build-fuzz/crash-*
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}

[ -f build-fuzz/CMakeCache.txt ] || CXX=clang++ cmake -S . -B build-fuzz -DATTNLAB_FUZZ=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_inputs

# Seed corpus: every real lesson and exercise set the project has.
corpus=build-fuzz/corpus
mkdir -p "$corpus"
node -e '
const fs = require("fs"), path = require("path");
const out = process.argv[1];
let n = 0;
const put = (value) => fs.writeFileSync(path.join(out, `seed-${n++}.json`), JSON.stringify(value));
for (const f of fs.readdirSync("tests/fixtures/golden")) put(JSON.parse(fs.readFileSync(`tests/fixtures/golden/${f}`)).lesson);
for (const dir of ["tests/fixtures/exercises", "web/presets", "web/exercises/sets"])
  if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) if (f.endsWith(".json")) {
    const j = JSON.parse(fs.readFileSync(path.join(dir, f)));
    put(j); if (j.lesson) put(j.lesson);
  }
' "$corpus"

cd build-fuzz
./bin/fuzz_inputs -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus 2>&1 | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==|SUMMARY)' || true
# libFuzzer exits non-zero and leaves crash-*/timeout-*/oom-* files when it finds something.
if ls crash-* timeout-* oom-* leak-* >/dev/null 2>&1; then
  echo "fuzz: found a failing input:"; ls crash-* timeout-* oom-* leak-* 2>/dev/null
  exit 1
fi
echo "fuzz: no crash, hang, leak or sanitizer report in ${seconds} s"
