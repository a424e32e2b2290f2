// Each page loads its own engine module and no other (wasm/CMakeLists.txt): the walkthrough the small
// attnlab_walkthrough (no exercise generator, no labs), the exercises page attnlab_engine, the labs attnlab_labs —
// each preloaded from the page's head, and each working there (the pages' own tests compute with them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, ready, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const PAGES = [
  { path: '', module: 'attnlab_walkthrough' },
  { path: 'exercises.html', module: 'attnlab_engine' },
  { path: 'labs.html', module: 'attnlab_labs' },
];

for (const { path, module } of PAGES) {
  test(`${path || 'the walkthrough'} preloads and fetches ${module}, and no other engine module`, async () => {
    const { page, problems } = await openPage(env, path);
    if (path) await waitForPage(page, () => document.documentElement.dataset.ready === 'true');
    else await ready(page);
    const { preloaded, fetched } = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll('link[rel=preload][href$=".wasm"]')].map((l) => l.getAttribute('href')),
      fetched: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')),
    }));
    const named = (list) => list.map((u) => u.split('/').pop().replace(/-[\w-]+\.wasm$/, ''));
    assert.deepEqual(named(preloaded), [module]);
    assert.deepEqual(named(fetched), [module]);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the walkthrough\'s module leaves out the exercise generator and the commands: well under the exercises page\'s', async () => {
  const { page } = await openPage(env, '');
  await ready(page);
  const sizes = await page.evaluate(async () => {
    const files = [...new Set(performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')))];
    return Promise.all(files.map(async (f) => (await (await fetch(f)).arrayBuffer()).byteLength));
  });
  // the exercise generator and the CLI's commands alone are ≈ 180 KB of the exercises page's module
  const exercises = await page.evaluate(async () => {
    const html = await (await fetch('exercises.html')).text();
    const href = /href="\.\/(assets\/attnlab_engine-[\w-]+\.wasm)"/.exec(html)[1];
    return (await (await fetch(href)).arrayBuffer()).byteLength;
  });
  assert.equal(sizes.length, 1);
  assert.ok(sizes[0] < exercises * 0.8, `the walkthrough's module (${sizes[0]} B) is well under the exercises page's (${exercises} B)`);
  await page.close();
});
