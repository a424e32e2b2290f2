// The GitHub Actions workflows cannot run here: they are checked against GitHub's workflow schema
// (scripts/check-workflows.mjs), the check is shown to catch broken copies of them, and what they must do is
// read from them: the README's test command on every push and pull request on Debian with the apt and npm
// caches; dist/ published to GitHub Pages on a push to main; the release zip attached to a tagged release.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { workflowProblems } from '../../scripts/check-workflows.mjs';

const root = new URL('../../', import.meta.url);
const read = (name) => readFileSync(new URL(`.github/workflows/${name}`, root), 'utf8');
const steps = (job) => job.steps ?? [];
const uses = (job, action) => steps(job).find((s) => s.uses?.startsWith(`${action}@`));

test('every workflow passes the schema check (the command the test suite runs)', () => {
  const out = execFileSync(process.execPath, [fileURLToPath(new URL('scripts/check-workflows.mjs', root))], { encoding: 'utf8' });
  assert.match(out, /test\.yml: valid/);
  assert.match(out, /pages\.yml: valid/);
});

test('the check fails broken workflows, naming the problem', () => {
  const good = read('test.yml');
  const broken = {
    'a misspelt key': [good.replace('runs-on:', 'run-on:'), /run-on/],
    'an unknown event': [good.replace('  pull_request:', '  pull_requests:'), /\/on/],
    'a wrong permission value': [good.replace('contents: read', 'contents: reed'), /permissions/],
    'a step that both uses an action and runs a command': [good.replace('      - uses: actions/checkout@v4\n', '      - uses: actions/checkout@v4\n        run: git status\n'), /steps\/1/],
    'a YAML syntax error': [good.replace('jobs:', 'jobs: [', 1), /line \d+/],
    'a deploy job without runs-on': [read('pages.yml').replace(/( {2}deploy:\n(?: {4}.*\n)*?) {4}runs-on: ubuntu-latest\n/, '$1'), /deploy/],
  };
  for (const [what, [text, named]] of Object.entries(broken)) {
    assert.notEqual(text, good, `${what}: the mutation applies`);
    const problems = workflowProblems(text);
    assert.ok(problems.length > 0, `${what}: caught`);
    assert.match(problems.map((p) => `${p.path} ${p.message}`).join('\n'), named, `${what}: named`);
  }
  // and through the command line, with a non-zero exit
  const dir = mkdtempSync(join(tmpdir(), 'attention-lab-workflow-'));
  try {
    writeFileSync(join(dir, 'broken.yml'), broken['a misspelt key'][0]);
    const r = spawnSync(process.execPath, [fileURLToPath(new URL('scripts/check-workflows.mjs', root)), join(dir, 'broken.yml')], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /broken\.yml: \d+ problem/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('test.yml runs the README\'s test command on every push and pull request, on Debian, with apt and npm caches', () => {
  const w = parse(read('test.yml'));
  assert.ok('push' in w.on && w.on.push === null, 'every push (no branch filter)');
  assert.ok('pull_request' in w.on && w.on.pull_request === null, 'every pull request');
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  assert.match(readme, /^npm test\s+#/m, 'the README\'s test command');
  const job = w.jobs.test;
  assert.equal(job.container.image, 'node:20-bookworm', 'Debian 12 (bookworm) with Node 20');
  assert.ok(steps(job).some((s) => s.run?.trim() === 'npm test'));
  assert.ok(uses(job, 'actions/checkout'));
  const caches = steps(job).filter((s) => s.uses?.startsWith('actions/cache@')).map((s) => s.with.path);
  assert.ok(caches.some((p) => p.startsWith('/var/cache/apt/archives')), 'apt cache');
  assert.ok(caches.includes('~/.npm'), 'npm cache');
  assert.ok(steps(job).some((s) => s.run?.includes('Keep-Downloaded-Packages')), 'the image keeps the .deb files for the cache');
});

test('pages.yml publishes dist/ to GitHub Pages on a push to main and attaches the zip to a tagged release', () => {
  const w = parse(read('pages.yml'));
  assert.deepEqual(w.on.push.branches, ['main']);
  assert.deepEqual(w.on.push.tags, ['v*']);
  const { build, deploy, release } = w.jobs;
  assert.ok(steps(build).some((s) => s.run?.trim() === 'npm run release'));
  assert.ok(uses(build, 'actions/configure-pages'));
  assert.equal(uses(build, 'actions/upload-pages-artifact').with.path, 'dist');
  assert.equal(deploy.if, "github.ref == 'refs/heads/main'");
  assert.deepEqual(deploy.permissions, { pages: 'write', 'id-token': 'write' });
  assert.equal(deploy.environment.name, 'github-pages');
  assert.equal(deploy.concurrency.group, 'pages');
  assert.ok(uses(deploy, 'actions/deploy-pages'));
  assert.equal(release.if, "startsWith(github.ref, 'refs/tags/v')");
  assert.deepEqual(release.permissions, { contents: 'write' });
  assert.match(steps(release).map((s) => s.run ?? '').join('\n'), /gh release create "\$GITHUB_REF_NAME" release\/attention-lab-\*\.zip/);
  assert.deepEqual(w.permissions, { contents: 'read' }, 'nothing more than reading by default');
  // the release notes come from CHANGELOG.md's section of this version
  const notes = execFileSync(process.execPath, [fileURLToPath(new URL('scripts/changelog-notes.mjs', root))], { encoding: 'utf8' });
  assert.ok(notes.trim().length > 100 && !/^## /m.test(notes), 'the version\'s own section');
});
