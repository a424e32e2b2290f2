// npm run release: builds the page, then writes release/attention-lab-<version>.zip — what an instructor uploads
// to any static host: everything in dist/ (the pages, the engine, the offline single file, the <attention-lab>
// script, the demo pages), the LMS packages of the built-in exercise sets once the project can make them,
// INSTRUCTORS.md, LICENSE, the host's header files (_headers, .htaccess) and SHA256SUMS over all of it.
//
// Reproducible: the same commit gives the same bytes. Files go in sorted by path, every entry has the same
// date (SOURCE_DATE_EPOCH, else the commit's; see scripts/version.mjs) and the same attributes, and the
// release is refused if a file names a folder of the machine that built it.
//
//   node scripts/release.mjs [--no-build] [--out DIR]    (npm run release = setup + this)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { buildInfo } from './version.mjs';

process.env.TZ = 'UTC'; // zip dates are local times: read them in one zone everywhere

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 && args[i + 1] ? args[i + 1] : fallback; };
const outDir = resolve(ROOT, option('--out', 'release'));
const die = (message) => { console.error(`release: ${message}`); process.exit(1); };

if (!flag('--no-build')) execFileSync('bash', [join(ROOT, 'scripts/build.sh')], { stdio: 'inherit' });

const info = buildInfo();
const { CSP } = await import('../web/vite.config.js');
const files = new Map(); // path in the zip -> bytes

function addTree(dir, prefix = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) addTree(path, `${prefix}${entry.name}/`);
    else if (entry.isFile()) files.set(`${prefix}${entry.name}`, readFileSync(path));
  }
}
const dist = join(ROOT, 'dist');
if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'attention-lab.html'))) die('dist/ is not built (run npm run build)');
addTree(dist);

// The files written for the release (publish/): placeholders filled from the build.
const fill = (text) => text.replaceAll('%VERSION%', info.full).replaceAll('%RELEASE%', info.version).replaceAll('%CSP%', CSP);
files.set('INSTRUCTORS.md', Buffer.from(fill(readFileSync(join(ROOT, 'publish/INSTRUCTORS.md'), 'utf8'))));
files.set('_headers', Buffer.from(fill(readFileSync(join(ROOT, 'publish/_headers'), 'utf8'))));
files.set('.htaccess', Buffer.from(fill(readFileSync(join(ROOT, 'publish/htaccess'), 'utf8'))));
files.set('LICENSE', readFileSync(join(ROOT, 'LICENSE')));

// LMS packages of the built-in exercise sets (SCORM 1.2, SCORM 2004, cmi5), once the project has its packaging
// command (`npm run package -- --set NAME --format F --out FILE.zip`, issue 16): lms/<set>-<format>.zip.
const { scripts = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
if (scripts.package) {
  const sets = readdirSync(join(ROOT, 'web/exercises/sets')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  const work = mkdtempSync(join(tmpdir(), 'attention-lab-lms-'));
  try {
    for (const set of sets) {
      for (const format of ['scorm12', 'scorm2004', 'cmi5']) {
        const out = join(work, `${set}-${format}.zip`);
        execFileSync('npm', ['run', '--silent', 'package', '--', '--set', set, '--format', format, '--out', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
        files.set(`lms/${set}-${format}.zip`, readFileSync(out));
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// No file may name where it was built: this checkout, the builder's home or temporary folders.
const leaks = [ROOT.replace(/[\\/]$/, ''), homedir(), tmpdir(), '/tmp/'].filter((p) => p && p.length > 1).map((p) => (p.endsWith('/') ? p : `${p}/`));
for (const [path, bytes] of files) {
  const text = bytes.toString('latin1');
  const found = leaks.find((p) => text.includes(p));
  if (found) die(`${path} names a build folder (${found}); the release would differ from machine to machine`);
}

const paths = [...files.keys()].sort();
const sums = paths.map((p) => `${createHash('sha256').update(files.get(p)).digest('hex')}  ${p}\n`).join('');
files.set('SHA256SUMS', Buffer.from(sums));

// One date for every entry, in DOS form (2-second steps, 1980-2107): the commit's, or SOURCE_DATE_EPOCH.
const epoch = Math.max(info.epoch, 315532800); // 1980-01-01, the first date a zip can hold
const mtime = new Date(Math.floor(epoch / 2) * 2 * 1000);
const entries = {};
for (const path of [...files.keys()].sort()) {
  // Unix, a regular file, rw-r--r--; level 9 deflate (fflate is deterministic for the same input and level).
  entries[path] = [new Uint8Array(files.get(path)), { level: 9, mtime, os: 3, attrs: (0o100644 << 16) >>> 0 }];
}
const zip = zipSync(entries);
mkdirSync(outDir, { recursive: true });
const name = `attention-lab-${info.version}.zip`;
writeFileSync(join(outDir, name), zip);
const shown = relative(process.cwd(), join(outDir, name)).split(sep).join('/');
console.log(`${shown}: ${files.size} files, ${(zip.length / 1024).toFixed(0)} KiB, version ${info.full}, dated ${mtime.toISOString()}`
  + `${scripts.package ? '' : ' (no LMS packages: npm run package does not exist yet)'}`);
