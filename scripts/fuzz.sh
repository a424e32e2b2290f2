#!/usr/bin/env bash
# Bounded libFuzzer runs (part of `npm test`; 60 s in all by default, half for each target):
#   fuzz_inputs    the lesson and exercise-set readers
#   fuzz_fragment  link fragments (core/fragment.cpp) and the raw-DEFLATE inflater, compared with zlib
#   FUZZ_SECONDS=3600 bash scripts/fuzz.sh    a longer run (the time is split the same way); crashes are written
#                                             to build-fuzz/crash-*
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}

[ -f build-fuzz/CMakeCache.txt ] || cmake --preset fuzz -DATTNLAB_WERROR="${ATTNLAB_WERROR:-OFF}" >/dev/null  # (CMakePresets.json)
cmake --build build-fuzz -j"$(nproc)" --target fuzz_inputs fuzz_fragment

# Seed corpora: every real lesson and exercise set the project has; and for the fragments, real links made of
# them (v2 as the page packs them, v1 as it once wrote them), their unpacked payloads, the golden link fixtures
# and the raw DEFLATE streams of tests/fixtures/fragments/.
mkdir -p build-fuzz/corpus build-fuzz/corpus-fragment
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

cd build-fuzz
run() {  # target, corpus, seconds
  echo "fuzz: $1 for $3 s"
  ./bin/"$1" -max_total_time="$3" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$2" 2>&1 \
    | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==|SUMMARY)' || true
}
run fuzz_inputs corpus $((seconds / 2))
run fuzz_fragment corpus-fragment $((seconds - seconds / 2))
# libFuzzer exits non-zero and leaves crash-*/timeout-*/oom-* files when it finds something. (Not `ls a-* b-*`:
# it fails when any one pattern matches nothing, and so reported nothing even when a crash file was there.)
found=$(find . -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort)
if [ -n "$found" ]; then
  echo "fuzz: found a failing input (run it again with: build-fuzz/bin/<target> build-fuzz/<file>):"; echo "$found"
  exit 1
fi
echo "fuzz: no crash, hang, leak or sanitizer report in ${seconds} s"
