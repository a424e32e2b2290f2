// The path without an LMS: "Finish" gives the student a results code to paste into any quiz or assignment box, and
// "Grade results codes" lets the instructor paste a list of them and get every student's result, judged again by the
// engine (the `attnlab grade` command's own code, core/grade.cpp, through engine.command) — and the CSV to download.
import { escapeHtml as esc } from '../lib/escape.js';
import { encodeResultsCode } from './results-code.js';
import { encodeText } from '../lib/base64url.js';
import { t } from '../i18n/i18n.js';

export const finishHtml = () => `
  <section class="ex-tool ex-finish">
    <h2>${esc(t('lms.finish.title'))}</h2>
    <p>${t('lms.finish.intro', { button: `<button type="button" class="finish">${esc(t('lms.finish.button'))}</button>` })}</p>
    <div class="finish-out" hidden>
      <label><span>${esc(t('lms.finish.code'))}</span><textarea class="results-code" readonly rows="3" spellcheck="false"></textarea></label>
      <button type="button" class="copy-code">${esc(t('lms.finish.copy'))}</button> <span class="copy-status" role="status"></span>
    </div>
  </section>`;

export const gradeHtml = () => `
  <details class="ex-tool ex-grade"><summary>${esc(t('lms.grade.summary'))}</summary>
    <p>${t('lms.grade.intro', { command: '<code>attnlab grade CODES.txt</code>' })}</p>
    <textarea name="codes" rows="6" spellcheck="false" aria-label="${esc(t('lms.grade.codesLabel'))}"></textarea>
    <div><button type="button" class="grade">${esc(t('lms.grade.button'))}</button> <a class="grade-csv" hidden download="results.csv">${esc(t('lms.grade.csv'))}</a></div>
    <p class="grade-status" role="status"></p>
    <div class="grade-table"></div>
  </details>`;

/** current(): {setId, seed, sheet, progress} of the sheet shown, or null. */
export function wireFinish(root, current) {
  const out = root.querySelector('.finish-out');
  const box = root.querySelector('.results-code');
  root.querySelector('.finish').addEventListener('click', () => {
    const now = current();
    if (!now) return;
    box.value = encodeResultsCode(now);
    out.hidden = false;
    box.focus();
    box.select();
  });
  root.querySelector('.copy-code').addEventListener('click', async () => {
    const s = root.querySelector('.copy-status');
    try { await navigator.clipboard.writeText(box.value); s.textContent = t('lms.finish.copied'); } catch { box.select(); s.textContent = t('lms.finish.copyByHand'); }
  });
}

/** engine: the page's engine; authoredSets(): texts of authored sets the page knows (the one shown, if authored). */
export function wireGrade(root, engine, authoredSets) {
  const status = root.querySelector('.grade-status');
  const table = root.querySelector('.grade-table');
  const link = root.querySelector('.grade-csv');
  root.querySelector('.grade').addEventListener('click', () => {
    const codes = root.querySelector('textarea[name=codes]').value;
    const options = authoredSets().flatMap((text) => ['--set-json', encodeText(text)]);
    const r = engine.command('grade', codes, 'codes', options);
    if (r.exitCode === 2 || !r.out) { status.textContent = t('lms.grade.failed'); return; }
    const rows = parseCsv(r.out);
    const graded = rows.slice(1).filter((row) => row.at(-1) === '').length;
    status.textContent = t(graded < rows.length - 1 ? 'lms.grade.gradedSome' : 'lms.grade.gradedAll', { graded, total: rows.length - 1 });
    table.innerHTML = `<div class="grid-scroll" tabindex="0"><table><thead><tr>${rows[0].map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${
      rows.slice(1).map((row) => `<tr>${row.map((v, k) => `<td${k === 2 ? ' class="code-cell"' : ''}>${esc(k === 2 && v.length > 16 ? `${v.slice(0, 14)}…` : v)}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([r.out], { type: 'text/csv' }));
    link.hidden = false;
  });
}

/** The grader's CSV (core/grade.cpp's quoting) as rows of fields. */
export function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (quoted) {
      if (c === '"' && text[k + 1] === '"') { field += '"'; k++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; }
    else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}
