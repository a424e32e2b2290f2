// Issue 14, item 2: links and embeds land where they point. A share link opens on its step below the sticky header,
// after the cards above it have laid out; an embed never scrolls the page that hosts it; the step pills on a phone
// show the step's title; labs.html#bahdanau opens at its section. "Continue into the full layer" lands as a step pill
// does, and the inspector's column stays below the sticky header however many lines it wraps to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, open, waitForPage, cellSelector, clickSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const landed = (page) => waitForPage(page, () => document.documentElement.dataset.landing !== 'true');
/** Where the step's title is, against the bottom of the sticky header. */
const placeOf = (page, step) => page.evaluate((step) => {
  const header = document.querySelector('.top').getBoundingClientRect();
  const title = document.querySelector(`#step-${step} h2`).getBoundingClientRect();
  return { header: header.bottom, title: title.top, titleBottom: title.bottom, viewport: innerHeight };
}, step);

test('a share link opens on its step, the title just below the sticky header', async () => {
  const { page, problems } = await open(env);
  await page.click('.step-nav a[data-step=softmax]');
  await page.waitForFunction(() => window.attentionLab.getState().step === 'softmax');
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const r = await open(env, link.slice(env.base.length), viewport);
    await landed(r.page);
    const at = await placeOf(r.page, 'softmax');
    assert.ok(at.title >= at.header && at.title <= at.header + 60, `${viewport.width}px: the title at ${at.title}, the header ends at ${at.header}`);
    assert.deepEqual(r.problems, []);
    await r.page.close();
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone, a step pill lands with the step title in view below the header', async () => {
  const { page, problems } = await open(env, '', { width: 390, height: 844 });
  for (const step of ['score', 'sum', 'project']) {
    await page.click(`.step-nav a[data-step=${step}]`);
    await landed(page);
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true)))); // (a smooth scroll ends with scrollend)
    await landed(page);
    const at = await placeOf(page, step);
    assert.ok(at.title >= at.header - 1 && at.titleBottom <= at.viewport, `${step}: the title at ${at.title}, the header ends at ${at.header}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the inspector beside the cards sticks below the header, however many lines the header wraps to', async () => {
  // (the header is two lines wide at 1440 px and three at 1024 and 1280, more or fewer by language)
  for (const [path, width, height] of [['', 1024, 768], ['', 1280, 800], ['', 1440, 900], ['?lang=de', 1280, 800]]) {
    const { page, problems } = await open(env, path, { width, height });
    await clickSettled(page, cellSelector('scores', 2, 1));
    await page.click('.step-nav a[data-step=sum]');
    await landed(page);
    const at = await page.evaluate(() => ({
      header: document.querySelector('.top').getBoundingClientRect().bottom,
      title: document.querySelector('.inspector h2').getBoundingClientRect().top,
      side: document.querySelector('.side').getBoundingClientRect(),
      scrolled: scrollY,
    }));
    const where = `${path || 'en'} at ${width} × ${height}`;
    assert.ok(at.scrolled > 500, `${where}: the page was scrolled to the Sum step`);
    assert.ok(at.side.top >= at.header && at.side.top <= at.header + 16, `${where}: the inspector's column starts at ${at.side.top}, the header ends at ${at.header}`);
    assert.ok(at.title > at.header, `${where}: the inspector's title at ${at.title}, under the header (which ends at ${at.header})`);
    assert.ok(at.side.bottom <= height, `${where}: the inspector's column ends at ${at.side.bottom}, below the screen`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('"Continue into the full layer" lands on the new step, its title just below the header', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, problems } = await open(env, '', viewport);
    await clickSettled(page, 'button.continue-layer');
    await page.waitForSelector('#step-add_norm h2');
    await landed(page);
    const at = await placeOf(page, 'add_norm');
    assert.ok(at.title >= at.header - 1 && at.title <= at.header + 60, `${viewport.width}px: the title at ${at.title}, the header ends at ${at.header}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('embeds never scroll the page that hosts them, however many and wherever they are', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const filler = '<p>' + 'Course text. '.repeat(40) + '</p>';
  const html = `<!doctype html><meta charset="utf-8"><title>course</title><h1>Week 9</h1>${filler.repeat(12)}
    <attention-lab id="a" preset="toy-dk4" step="softmax"></attention-lab>${filler.repeat(3)}
    <attention-lab id="b" preset="lecture20-seed20" step="sum"></attention-lab>${filler.repeat(3)}
    <attention-lab id="c" preset="retrieval-toy" step="score" height="600"></attention-lab>
    <script src="./attention-lab.js"></script>`;
  await page.route(`${env.base}course-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${env.base}course-host.html`);
  for (const id of ['a', 'b', 'c']) {
    await page.waitForFunction((id) => {
      const f = document.getElementById(id)?.shadowRoot?.querySelector('iframe');
      return f?.contentDocument?.documentElement.dataset.ready === 'true' && f.contentDocument.documentElement.dataset.landing !== 'true';
    }, id);
  }
  assert.equal(await page.evaluate(() => scrollY), 0, 'the host page stays where its reader is');
  const third = await page.evaluate(() => document.getElementById('c').shadowRoot.querySelector('iframe').contentWindow.scrollY);
  assert.ok(third > 0, 'a frame of fixed height scrolls its own content to its step');
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs.html#bahdanau opens at its section', async () => {
  for (const id of ['bahdanau', 'training']) {
    const { page, problems } = await openPage(env, `labs.html#${id}`);
    await waitForPage(page, () => document.documentElement.dataset.ready === 'true');
    await landed(page);
    const top = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, id);
    assert.ok(Math.abs(top - 8) <= 4 || (top > 0 && top < 40), `${id} at ${top}`);
    assert.ok(await page.evaluate(() => scrollY) > 1000);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
