// The version of a build: package.json's version, plus the commit when built from a git checkout
// ("0.2.0+1a2b3c4", "0.2.0+1a2b3c4-dirty" when tracked files differ from the commit, "0.2.0" without git),
// and the moment the release is dated (SOURCE_DATE_EPOCH, else the commit's date): one source for the page
// footers, the exports, the embed snippets and the release zip, so none of them can disagree.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// 2026-01-01T00:00:00Z: the date of a build from outside git with no SOURCE_DATE_EPOCH.
const FALLBACK_EPOCH = 1767225600;

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // no git, or not a checkout (a source archive)
  }
}

/** {version, commit, dirty, full, epoch}: full is what people see. */
export function buildInfo() {
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
  const inside = git('rev-parse', '--show-toplevel');
  const commit = inside ? git('rev-parse', '--short', 'HEAD') : null;
  // Untracked files (node_modules, build folders, dist) are no change to the source.
  const dirty = commit !== null && git('status', '--porcelain', '--untracked-files=no') !== '';
  const full = commit ? `${version}+${commit}${dirty ? '-dirty' : ''}` : version;
  const fromEnv = Number.parseInt(process.env.SOURCE_DATE_EPOCH ?? '', 10);
  const fromGit = commit ? Number.parseInt(git('log', '-1', '--format=%ct') ?? '', 10) : NaN;
  const epoch = Number.isFinite(fromEnv) ? fromEnv : Number.isFinite(fromGit) ? fromGit : FALLBACK_EPOCH;
  return { version, commit, dirty, full, epoch };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(buildInfo().full);
