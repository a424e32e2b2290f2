#!/usr/bin/env bash
# libFuzzer on the engine's readers (build-fuzz/: clang, ASan + UBSan). Four targets:
#   fuzz_inputs     the lesson and exercise-set readers
#   fuzz_fragment   link fragments (core/fragment.cpp) and the raw-DEFLATE inflater, compared with zlib
#   fuzz_exercises  the exercise-set reader with its answer checking: every key finite, judged right, a key
#                   moved past its tolerance judged wrong (core/answer_check.cpp)
#   fuzz_trace      lesson -> trace on lessons of bounded sizes built from the bytes (extreme numbers, every
#                   score, scale and mask): finite numbers, weights that sum to 1, `attnlab trace` prints it
#
#   bash scripts/fuzz.sh                  bounded run (part of `npm test`): 60 s in all, a quarter per target
#   FUZZ_SECONDS=3600 bash scripts/fuzz.sh  a longer bounded run, split the same way; findings: build-fuzz/crash-*
#   bash scripts/fuzz.sh campaign RUNS    the long campaign: each target for RUNS more executions (or give
#     or campaign TARGET=RUNS …           TARGET=RUNS pairs: fast targets can run longer; TARGET=600s runs it for
#                                         a time instead), one after the
#                                         other, under `nice -n 10` with one worker (a core stays free), with
#                                         -print_final_stats=1; prints stat::number_of_executed_units per target
#                                         and their sum. Resuming = running it again: each target starts from its
#                                         corpus in build-fuzz/corpus-* (what earlier runs found) and the committed
#                                         one in tests/fuzz/corpus/. The issue-18 campaign was
#                                         `bash scripts/fuzz.sh campaign fuzz_fragment=… fuzz_inputs=… fuzz_trace=… fuzz_exercises=…`
#                                         (the counts are in the README and the issue's closing note).
#   FUZZ_FAST=1 bash scripts/fuzz.sh campaign …   the same campaign on build-fuzz-fast/ (preset fuzz-fast: libFuzzer
#                                         and UBSan, no ASan — several times the executions per second), then every
#                                         input it kept replayed once under ASan + UBSan (build-fuzz/), so nothing it
#                                         reached goes unchecked for memory errors
#   bash scripts/fuzz.sh merge            minimises build-fuzz/corpus-* into tests/fuzz/corpus/<target> (-merge=1),
#                                         the small corpus the repository keeps
# A finding is left as build-fuzz/crash-* (or timeout-*, oom-*); build-fuzz/bin/<target> <file> replays it.
set -euo pipefail  # (FUZZ_MAX_LEN: the longest input, 16384 unless set)
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
mode=${1:-bounded}
targets="fuzz_inputs fuzz_fragment fuzz_exercises fuzz_trace"
corpus_of() { case $1 in fuzz_inputs) echo corpus ;; fuzz_fragment) echo corpus-fragment ;; *) echo "corpus-${1#fuzz_}" ;; esac; }

[ -f build-fuzz/CMakeCache.txt ] || cmake --preset fuzz -DATTNLAB_WERROR="${ATTNLAB_WERROR:-OFF}" >/dev/null  # (CMakePresets.json)
cmake --build build-fuzz -j"$(nproc)" --target $targets
fast=${FUZZ_FAST:-0}
if [ "$fast" = 1 ]; then
  [ -f build-fuzz-fast/CMakeCache.txt ] || cmake --preset fuzz-fast -DATTNLAB_WERROR="${ATTNLAB_WERROR:-OFF}" >/dev/null
  cmake --build build-fuzz-fast -j"$(nproc)" --target $targets
fi

# Seed corpora: every real lesson and exercise set the project has; and for the fragments, real links made of
# them (v2 as the page packs them, v1 as it once wrote them), their unpacked payloads, the golden link fixtures
# and the raw DEFLATE streams of tests/fixtures/fragments/.
mkdir -p build-fuzz/corpus build-fuzz/corpus-fragment build-fuzz/corpus-exercises build-fuzz/corpus-trace
node -e '
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const [lessons, links] = process.argv.slice(1);
let n = 0, k = 0;
const put = (value) => fs.writeFileSync(path.join(lessons, `seed-${n++}.json`), JSON.stringify(value));
const putLink = (bytes) => { if (bytes.length <= 16384) fs.writeFileSync(path.join(links, `seed-${k++}`), bytes); };
const all = [];
for (const f of fs.readdirSync("tests/fixtures/golden")) { const l = JSON.parse(fs.readFileSync(`tests/fixtures/golden/${f}`)).lesson; put(l); all.push([null, l]); }
for (const dir of ["tests/fixtures/exercises", "web/presets", "web/exercises/sets"])
  if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) if (f.endsWith(".json")) {
    const j = JSON.parse(fs.readFileSync(path.join(dir, f)));
    put(j); if (j.lesson) put(j.lesson);
    if (dir === "web/presets") all.push([f.replace(/\.json$/, ""), j]);
  }
all.forEach(([preset, lesson], i) => {
  const payload = { l: lesson, ...(preset ? { p: preset } : {}) };
  if (i % 2) Object.assign(payload, { s: "softmax", sel: ["weights", 0, 1, 0], r: 2, hide: ["scale"], lock: ["W_Q"], note: "a note ✓" });
  const text = Buffer.from(JSON.stringify(payload));
  putLink(Buffer.from("#v2=" + zlib.deflateRawSync(text).toString("base64url")));
  putLink(text);
  putLink(zlib.deflateRawSync(text, { level: i % 10 }));
  putLink(Buffer.from("#" + encodeURIComponent(JSON.stringify({ v: 1, lesson, ...(preset ? { preset } : {}) }))));
});
for (const c of JSON.parse(fs.readFileSync("tests/fixtures/fragments/links.json")).cases) putLink(Buffer.from(c.fragment));
for (const c of JSON.parse(fs.readFileSync("tests/fixtures/fragments/inflate.json")).cases) putLink(Buffer.from(c.packed, "base64"));
' build-fuzz/corpus build-fuzz/corpus-fragment
# the exercise sets of the project seed fuzz_exercises; fuzz_trace starts from its committed corpus alone
for f in web/exercises/sets/*.json tests/fixtures/exercises/exit-ticket.json; do cp "$f" "build-fuzz/corpus-exercises/seed-$(basename "$f")"; done

if [ "$mode" = merge ]; then
  for t in $targets; do
    c=$(corpus_of "$t"); rm -rf "tests/fuzz/corpus/$t"; mkdir -p "tests/fuzz/corpus/$t"
    build-fuzz/bin/"$t" -merge=1 -max_len=16384 -rss_limit_mb=2048 "tests/fuzz/corpus/$t" "build-fuzz/$c" 2>&1 | grep -E '^MERGE-OUTER: [0-9]+ new files' || true
  done
  du -sh tests/fuzz/corpus; exit 0
fi

cd build-fuzz
run() {  # target, seconds or runs ("-runs=N"), [nice]
  local c; c=$(corpus_of "$1")
  local limit="-max_total_time=$2"; [[ $2 == -runs=* ]] && limit=$2
  echo "fuzz: $1 ($limit)"
  ${3:-} "${FUZZ_BIN:-./bin}/$1" $limit -max_len=${FUZZ_MAX_LEN:-16384} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$c" "../tests/fuzz/corpus/$1" 2>&1 \
    | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==|SUMMARY)' || true
}
mkdir -p ../tests/fuzz/corpus/{fuzz_inputs,fuzz_fragment,fuzz_exercises,fuzz_trace}
if [ "$mode" = campaign ]; then
  shift
  bin=./bin; [ "$fast" = 1 ] && bin=../build-fuzz-fast/bin  # (the corpus folders stay build-fuzz/'s)
  [ $# -gt 0 ] || { echo "usage: bash scripts/fuzz.sh campaign RUNS | TARGET=RUNS ..." >&2; exit 2; }
  plan=()
  if [[ $1 =~ ^[0-9]+$ ]]; then for t in $targets; do plan+=("$t=$1"); done; else plan=("$@"); fi
  total=0
  for item in "${plan[@]}"; do
    t=${item%%=*}; runs=${item#*=}
    # (tee -a: a plain tee would truncate a log that standard error is redirected to)
    limit="-runs=$runs"; [[ $runs == *s ]] && limit=${runs%s}  # TARGET=600s: for a time instead
    n=$(FUZZ_BIN=$bin run "$t" "$limit" "nice -n 10" | tee -a /dev/stderr | sed -n 's/^stat::number_of_executed_units: *//p')
    echo "fuzz campaign: $t executed ${n:-0} units"
    total=$((total + ${n:-0}))
  done
  echo "fuzz campaign: $total executions in all"
  if [ "$fast" = 1 ]; then  # every input the fast campaign kept, once, under ASan + UBSan (-runs=0: no new inputs)
    for item in "${plan[@]}"; do
      t=${item%%=*}
      echo "fuzz campaign: $t's corpus replayed under ASan"
      ./bin/"$t" -runs=0 -max_len=16384 -timeout=10 -rss_limit_mb=2048 "$(corpus_of "$t")" "../tests/fuzz/corpus/$t" 2>&1 | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+==|SUMMARY)' || true
    done
  fi
else
  quarter=$((seconds / 4))
  run fuzz_inputs "$quarter"
  run fuzz_fragment "$quarter"
  run fuzz_exercises "$quarter"
  run fuzz_trace "$((seconds - 3 * quarter))"
fi
# libFuzzer exits non-zero and leaves crash-*/timeout-*/oom-* files when it finds something. (Not `ls a-* b-*`:
# it fails when any one pattern matches nothing, and so reported nothing even when a crash file was there.)
found=$(find . -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort)
if [ -n "$found" ]; then
  echo "fuzz: found a failing input (run it again with: build-fuzz/bin/<target> build-fuzz/<file>):"; echo "$found"
  exit 1
fi
echo "fuzz: no crash, hang, leak or sanitizer report in ${seconds} s"
