// The README's hosting snippets and the header files the release ships say the same as the pages: one
// Content-Security-Policy (web/vite.config.js, the pages' <meta> tag), application/wasm, the same cache rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CSP } from '../../web/vite.config.js';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const hosting = readme.slice(readme.indexOf('## Hosting'), readme.indexOf('\n## ', readme.indexOf('## Hosting') + 1));
const block = (lang) => hosting.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'))?.[1];
const withoutComments = (text) => text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).join('\n');

test('the README names the pages\' policy, as a header in every snippet', () => {
  assert.ok(hosting.includes(`\`Content-Security-Policy: ${CSP}\``), 'the table');
  assert.ok(block('nginx').includes(`add_header Content-Security-Policy "${CSP}" always;`), 'nginx');
  assert.ok(block('apache').includes(`Header set Content-Security-Policy "${CSP}"`), 'Apache');
  assert.ok(hosting.includes(`/\n  Content-Security-Policy: ${CSP}\n`), 'Netlify / Cloudflare Pages');
  for (const needed of ['application/wasm', 'max-age=31536000, immutable', 'no-cache', 'GitHub Pages', 'Cross-Origin-Embedder-Policy']) assert.ok(hosting.includes(needed), needed);
});

test('the README\'s Apache snippet is the release\'s .htaccess, and its _headers rules are the release\'s', () => {
  const htaccess = read('publish/htaccess').replaceAll('%CSP%', CSP);
  assert.equal(withoutComments(block('apache')), withoutComments(htaccess));
  const headers = read('publish/_headers').replaceAll('%CSP%', CSP);
  for (const rule of ['/\n', '/attention-lab.html\n  Cache-Control: no-cache\n', '/attention-lab.js\n  Cache-Control: no-cache\n', '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n']) {
    assert.ok(headers.includes(rule) && hosting.includes(rule), rule);
  }
  for (const page of ['/', '/index.html', '/exercises.html', '/labs.html']) {
    assert.ok(headers.includes(`${page}\n  Content-Security-Policy: ${CSP}\n  Cache-Control: no-cache\n`), `${page}: the policy and no-cache`);
  }
  // no rule gives the policy to the offline single file or the demo pages (inline code)
  assert.equal(headers.split('Content-Security-Policy:').length - 1, 4);
  assert.match(read('publish/htaccess'), /<FilesMatch "\^\(index\|exercises\|labs\)\\\.html\$">\n\s+Header set Content-Security-Policy/);
});
