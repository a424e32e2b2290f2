// Shared by the browser tests: serve dist/ on a free 127.0.0.1 port and drive Debian's Chromium.
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

/** How every test (and the bench) starts Debian's Chromium: chromium.launch() or launchPersistentContext(). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    // Chromium 156 loads its address bar's two popup pages (chrome://omnibox-popup.top-chrome) in a renderer of
    // their own with every new window, and each test's context is one: work beside the page's first load on two
    // cores that a student's browser did when it started. (A cold load to the first lesson drawn: median 459 →
    // 304 ms, the engine ready 1128 → 686 ms, twelve loads of each taking turns. Older Chromiums ignore the names.)
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'],
};

export async function startBrowser(root) {
  const server = await serve(0, root);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch(CHROMIUM); // (a fresh, empty profile of its own every run)
  return {
    base, browser,
    async close() { await browser.close(); server.close(); },
  };
}

// A page that records console errors, page errors and requests that failed or left the origin.
// `init` (optional): a function run in the page before any of its scripts, on every load (page.addInitScript).
export async function openPage(env, path = '', viewport = { width: 1280, height: 900 }, init) {
  const page = await env.browser.newPage({ viewport });
  if (init) await page.addInitScript(init);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`) && console.error(e.stack));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => { if (!r.url().startsWith(env.base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`left the origin: ${r.url()}`); });
  await page.goto(env.base + path);
  return { page, problems };
}

// Cards and rows of heatmaps skip rendering while far from the viewport (content-visibility: auto), and the browser
// finds them near at a frame: a shot taken just after a scroll caught the ones it had scrolled to blank (most runs).
// This waits, frame by frame, until those on screen render (their first child with a box is not skipped: a
// display: contents slot has no box, and checkVisibility says false for it); past 5 s the shot is taken as it is.
const SKIPPING = '.step-card, .matrix-row'; // (what web/style.css gives content-visibility: auto)
async function renderedOnScreen(page) {
  await page.waitForFunction((selector) => {
    const boxed = (parent) => {
      for (const c of parent.children) {
        const display = getComputedStyle(c).display;
        if (display === 'contents') { const inner = boxed(c); if (inner) return inner; } else if (display !== 'none') return c;
      }
      return null;
    };
    return [...document.querySelectorAll(selector)].every((el) => {
      const box = el.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= innerHeight || box.height === 0) return true;
      return boxed(el)?.checkVisibility({ contentVisibilityAuto: true }) ?? true;
    });
  }, SKIPPING, { timeout: 5000 }).catch((error) => { if (error.name !== 'TimeoutError') throw error; });
}

// A screenshot of a page or of one element (a Locator). Now and then Chromium's Page.captureScreenshot waits for a
// compositor frame that never comes: the page is idle and nothing asks for one (once in CI, in the phone shots; not
// seen again in 40 runs under load). A shot not taken in 10 s is taken again while a screencast, which draws a frame
// for every change and one at its start, keeps the compositor drawing.
export async function screenshot(target, options, firstTry = 10_000) {
  await renderedOnScreen(typeof target.page === 'function' ? target.page() : target);
  try {
    return await target.screenshot({ ...options, timeout: firstTry });
  } catch (error) {
    if (error.name !== 'TimeoutError') throw error;
    const page = typeof target.page === 'function' ? target.page() : target;
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Page.screencastFrame', ({ sessionId }) => cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {}));
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 64, maxHeight: 64 });
    try {
      return await target.screenshot(options);
    } finally {
      await cdp.send('Page.stopScreencast').catch(() => {});
      await cdp.detach().catch(() => {});
    }
  }
}
