// "Download for your LMS": the exercises page packages the set it shows (built-in or authored) in the browser,
// through the same module as `npm run package` (package.js). The page's own files are fetched from where it is
// served, listed by the build in lms-files.json, so a package holds exactly the page the instructor sees.
import { escapeHtml as esc } from '../lib/escape.js';
import { parseNumber } from '../numbers.js';
import { FILE_LIST, FORMATS, makePackage, problemWith } from './package.js';
import { VERSION } from '../version.js';
import { language, t } from '../i18n/i18n.js';

/* global __ATTENTION_LAB_CSP__ */
const CSP = typeof __ATTENTION_LAB_CSP__ === 'string' ? __ATTENTION_LAB_CSP__ : '';

// (the package opens in the language the instructor made it in: lang in its launch URL, web/lms/package.js)
export const downloadHtml = () => `
  <details class="ex-tool ex-download"><summary>${t('lms.summary')}</summary>
    <p>${t('lms.intro')}</p>
    <form class="download-form">
      <label class="field"><span>${t('lms.format')}</span><select name="format">${FORMATS.map((f) => `<option value="${f}">${esc(t(`lms.formats.${f}`))}</option>`).join('')}</select></label>
      <label class="field"><span>${t('lms.seed')}</span><input name="seed" inputmode="numeric" autocomplete="off"></label>
      <label class="field"><span>${t('lms.pass')}</span><input name="pass" inputmode="decimal" value="0.8" autocomplete="off"></label>
      <button type="submit">${t('lms.download')}</button>
    </form>
    <p class="download-status" role="status"></p>
  </details>`;

/** Reads the page's files (fetch); throws with a sentence when the page is not a built one. */
async function pageFiles() {
  const list = await fetch(`./${FILE_LIST}`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (!list?.files) throw new Error(t('lms.notBuilt'));
  const files = new Map();
  await Promise.all(list.files.map(async (path) => {
    const r = await fetch(`./${path}`);
    if (!r.ok) throw new Error(t('lms.fileUnread', { path, status: r.status }));
    files.set(path, new Uint8Array(await r.arrayBuffer()));
  }));
  return files;
}

/** root: the panel; current(): {set: {id, title, text}, lang} of the sheet shown (lang: the page's language, kept in
 * the package), or null when none is. */
export function wireDownload(root, current) {
  const form = root.querySelector('.download-form');
  const status = root.querySelector('.download-status');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const now = current();
    if (!now) { status.textContent = t('lms.noSet'); return; }
    const format = form.elements.format.value;
    const seedText = form.elements.seed.value.trim();
    const seed = seedText === '' ? null : /^\d{1,10}$/.test(seedText) ? Number(seedText) : NaN;
    const pass = parseNumber(form.elements.pass.value).value ?? NaN; // "0,8" in German
    const lang = language();
    const problem = problemWith({ format, seed, pass, lang });
    if (problem) { status.textContent = t('lms.notPackaged', { reason: problem }); return; }
    status.textContent = t('lms.packaging');
    try {
      const zip = makePackage({ format, set: now.set, seed, pass, lang, pageFiles: await pageFiles(), csp: CSP, version: VERSION, mtime: new Date() });
      const url = URL.createObjectURL(new Blob([zip], { type: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${now.set.id}-${format}.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      status.textContent = t('lms.downloaded', { file: a.download, kib: Math.round(zip.length / 1024) });
    } catch (err) {
      status.textContent = t('lms.notPackaged', { reason: err.message });
    }
  });
}
