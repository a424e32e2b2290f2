// "Download for your LMS": the exercises page packages the set it shows (built-in or authored) in the browser,
// through the same module as `npm run package` (package.js). The page's own files are fetched from where it is
// served, listed by the build in lms-files.json, so a package holds exactly the page the instructor sees.
import { escapeHtml as esc } from '../lib/escape.js';
import { FILE_LIST, FORMATS, makePackage, problemWith } from './package.js';
import { VERSION } from '../version.js';

/* global __ATTENTION_LAB_CSP__ */
const CSP = typeof __ATTENTION_LAB_CSP__ === 'string' ? __ATTENTION_LAB_CSP__ : '';
const FORMAT_LABELS = { scorm12: 'SCORM 1.2 (Canvas, Moodle, Blackboard, most LMSs)', scorm2004: 'SCORM 2004 4th edition', cmi5: 'cmi5 (xAPI)' };

export const downloadHtml = () => `
  <details class="ex-tool ex-download"><summary>Download for your LMS</summary>
    <p>A SCORM or cmi5 package of this set: upload it to your course as a SCORM / cmi5 activity, and each student’s
    answers, score and pass or fail reach the gradebook. Without a fixed seed every student gets their own numbers,
    from their LMS id (the README says how to reproduce a student’s sheet).</p>
    <form class="download-form">
      <label class="field"><span>Format</span><select name="format">${FORMATS.map((f) => `<option value="${f}">${esc(FORMAT_LABELS[f])}</option>`).join('')}</select></label>
      <label class="field"><span>Seed (empty: one per student)</span><input name="seed" inputmode="numeric" autocomplete="off"></label>
      <label class="field"><span>Pass mark (0–1)</span><input name="pass" inputmode="decimal" value="0.8" autocomplete="off"></label>
      <button type="submit">Download package</button>
    </form>
    <p class="download-status" role="status"></p>
  </details>`;

/** Reads the page's files (fetch); throws with a sentence when the page is not a built one. */
async function pageFiles() {
  const list = await fetch(`./${FILE_LIST}`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (!list?.files) throw new Error('Packages are made from the built page (npm run build, or the release), not from the development server.');
  const files = new Map();
  await Promise.all(list.files.map(async (path) => {
    const r = await fetch(`./${path}`);
    if (!r.ok) throw new Error(`The page’s file ${path} could not be read (${r.status}).`);
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
    if (!now) { status.textContent = 'Open a set that works first: this one has problems.'; return; }
    const format = form.elements.format.value;
    const seedText = form.elements.seed.value.trim();
    const seed = seedText === '' ? null : /^\d{1,10}$/.test(seedText) ? Number(seedText) : NaN;
    const pass = Number(form.elements.pass.value.trim());
    const problem = problemWith({ format, seed, pass });
    if (problem) { status.textContent = `Not packaged: ${problem}.`; return; }
    status.textContent = 'Packaging…';
    try {
      const zip = makePackage({ format, set: now.set, seed, pass, pageFiles: await pageFiles(), csp: CSP, version: VERSION, mtime: new Date(), lang: now.lang ?? null });
      const url = URL.createObjectURL(new Blob([zip], { type: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${now.set.id}-${format}.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      status.textContent = `Downloaded ${a.download} (${Math.round(zip.length / 1024)} KiB).`;
    } catch (err) {
      status.textContent = `Not packaged: ${err.message}`;
    }
  });
}
