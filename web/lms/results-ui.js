// The path without an LMS: "Finish" gives the student a results code to paste into any quiz or assignment box, and
// "Grade results codes" lets the instructor paste a list of them and get every student's result, judged again by the
// engine (the `attnlab grade` command's own code, core/grade.cpp, through engine.command) — and the CSV to download.
import { escapeHtml as esc } from '../lib/escape.js';
import { encodeResultsCode } from './results-code.js';

export const finishHtml = () => `
  <section class="ex-tool ex-finish">
    <h2>Finished?</h2>
    <p>No course gradebook connected? <button type="button" class="finish">Finish: get my results code</button> and paste it
    where your instructor asked (a quiz answer, an assignment box, an e-mail). It holds your seed and your answers.</p>
    <div class="finish-out" hidden>
      <label><span>Your results code</span><textarea class="results-code" readonly rows="3" spellcheck="false"></textarea></label>
      <button type="button" class="copy-code">Copy</button> <span class="copy-status" role="status"></span>
    </div>
  </section>`;

export const gradeHtml = () => `
  <details class="ex-tool ex-grade"><summary>Grade results codes</summary>
    <p>Paste your students’ results codes, one per line (a name before a code is kept). Every answer is checked again by
    the engine from the code’s set and seed; the same as <code>attnlab grade CODES.txt</code>.</p>
    <textarea name="codes" rows="6" spellcheck="false" aria-label="Results codes, one per line"></textarea>
    <div><button type="button" class="grade">Grade</button> <a class="grade-csv" hidden download="results.csv">Download CSV</a></div>
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
    try { await navigator.clipboard.writeText(box.value); s.textContent = 'Copied.'; } catch { box.select(); s.textContent = 'Select the code and copy it (Ctrl+C or ⌘C).'; }
  });
}

/** engine: the page's engine; authoredSets(): texts of authored sets the page knows (the one shown, if authored). */
export function wireGrade(root, engine, authoredSets) {
  const status = root.querySelector('.grade-status');
  const table = root.querySelector('.grade-table');
  const link = root.querySelector('.grade-csv');
  root.querySelector('.grade').addEventListener('click', () => {
    const codes = root.querySelector('textarea[name=codes]').value;
    const options = authoredSets().flatMap((text) => ['--set-json', base64url(text)]);
    const r = engine.command('grade', codes, 'codes', options);
    if (r.exitCode === 2 || !r.out) { status.textContent = 'These codes could not be graded.'; return; }
    const rows = parseCsv(r.out);
    const graded = rows.slice(1).filter((row) => row.at(-1) === '').length;
    status.textContent = `${graded} of ${rows.length - 1} line${rows.length === 2 ? '' : 's'} graded${graded < rows.length - 1 ? '; the problem column says why the others were not' : ''}.`;
    table.innerHTML = `<div class="grid-scroll" tabindex="0"><table><thead><tr>${rows[0].map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${
      rows.slice(1).map((row) => `<tr>${row.map((v, k) => `<td${k === 2 ? ' class="code-cell"' : ''}>${esc(k === 2 && v.length > 16 ? `${v.slice(0, 14)}…` : v)}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([r.out], { type: 'text/csv' }));
    link.hidden = false;
  });
}

function base64url(text) {
  let s = '';
  for (const b of new TextEncoder().encode(text)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
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
