// Untranslated strings fail a test, not a student (issue 17 §1): every page — the walkthrough, the exercises, the
// labs, the offline single file and the embed — opened in every language shows no message key left untranslated
// and no English sentence on a non-English page, and carries <html lang dir>. One test per page reports, language
// by language, what is left. A page whose messages are not in web/i18n/locales/en.json yet (its namespace is
// missing) is reported as a todo until its translation lands.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startBrowser, waitForPage } from './helpers.mjs';
import { EN, LANGUAGE_CODES, languageProblems } from './languages-helpers.mjs';

const SINGLE_FILE = new URL('../../dist/attention-lab.html', import.meta.url);

// path (with lang= to add), the namespaces its words come from, and what it does before it is checked
const PAGES = [
  { name: 'walkthrough', path: (lang) => `index.html?lang=${lang}`, namespaces: ['walkthrough', 'steps', 'inspector', 'presets'] },
  { name: 'embed', path: (lang) => `index.html?embed=1&lang=${lang}`, namespaces: ['walkthrough', 'steps', 'embed'] },
  { name: 'exercises', path: (lang) => `exercises.html?lang=${lang}`, namespaces: ['exercises'] },
  { name: 'labs', path: (lang) => `labs.html?lang=${lang}`, namespaces: ['labs'] },
  { name: 'offline single file', file: true, path: (lang) => `${SINGLE_FILE.href}?lang=${lang}`, namespaces: ['walkthrough', 'steps'] },
];

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

for (const page of PAGES) {
  const missing = page.namespaces.filter((ns) => !(ns in EN));
  const skip = page.file && !existsSync(SINGLE_FILE) && 'dist/attention-lab.html not built (npm run build makes it)';
  const todo = missing.length > 0 && `its messages (${missing.join(', ')}) are not in web/i18n/locales/en.json yet`;
  test(`${page.name} in every language: no message key, no English, <html lang dir>`, { skip, todo }, async () => {
    const report = [];
    for (const lang of LANGUAGE_CODES) {
      const tab = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(page.file ? page.path(lang) : env.base + page.path(lang));
      await waitForPage(tab, () => document.documentElement.dataset.ready === 'true');
      const [htmlLang, dir] = await tab.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
      const { keys, english } = await languageProblems(tab, lang);
      const wrong = [];
      if (htmlLang !== lang) wrong.push(`<html lang="${htmlLang}">`);
      if (dir !== (lang === 'ar' ? 'rtl' : 'ltr')) wrong.push(`<html dir="${dir}">`);
      if (keys.length) wrong.push(`${keys.length} keys: ${keys.slice(0, 8).join(' | ')}`);
      if (english.length) wrong.push(`${english.length} English: ${english.slice(0, 8).join(' | ')}`);
      if (errors.length) wrong.push(`errors: ${errors.join(' | ')}`);
      if (wrong.length) report.push(`${page.name} ${lang}: ${wrong.join('; ')}`);
      await tab.close();
    }
    assert.deepEqual(report, [], report.join('\n'));
  });
}
