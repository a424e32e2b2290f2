// Copy link, the Export dialog and the Embed dialog: each reads the state shown and its trace when opened.
import { STEP_IDS } from '../registry.js';
import { MAX_FRAGMENT } from '../share.js';
import { escapeHtml } from '../lib/escape.js';
import { makeDialog, copyText, el } from '../views/toolbar.js';
import { download, heatmapSvg, lessonJson, matricesCsv, matricesOf, numpyCode as sixStepsNumpy, pytorchCode as sixStepsPytorch, svgToPng } from '../export.js';
import { layerNumpyCode, layerPytorchCode } from '../export-layer.js';

// a lesson with a whole layer exports the layer (nn.TransformerEncoderLayer / DecoderLayer), else the six steps
const numpyCode = (lesson, trace) => (trace.layer ? layerNumpyCode : sixStepsNumpy)(lesson, trace);
const pytorchCode = (lesson, trace) => (trace.layer ? layerPytorchCode : sixStepsPytorch)(lesson, trace);
import { stampSnippet } from '../version.js';

/** store, controller (its shown lesson and trace), link (link-sync.js), say(text): the toolbar's status line. */
export function createDialogs({ store, controller, link, say }) {
  const shown = () => controller.shown();
  const items = () => matricesOf(shown().trace, shown().inputs);
  const baseName = () => (shown().lesson.title ?? 'attention-lab').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'attention-lab';

  let copying = Promise.resolve('');
  /** Copies the link and says so; resolves with what it said. */
  async function copyLink() {
    const href = await link.shareLink();
    const said = link.tooLong
      ? `No link copied: this lesson is too large for a link (${link.tooLong.toLocaleString('en')} characters; a link holds at most ${MAX_FRAGMENT.toLocaleString('en')}). Use Export → Lesson (JSON) to share it.`
      : (await copyText(href)) ? 'Link copied.' : 'Copy this link from the address bar.';
    say(said);
    return said;
  }

  const exportDialog = makeDialog('Export', 'export-dialog');
  function openExport() {
    const { body } = exportDialog;
    body.replaceChildren();
    const base = baseName();
    const section = (title) => { const s = el('section', {}, el('h3', { textContent: title })); body.append(s); return s; };
    const btn = (text, cls, fn) => { const b = el('button', { type: 'button', className: cls, textContent: text }); b.addEventListener('click', fn); return b; };
    const list = el('ul', { className: 'export-list' });
    for (const m of items()) {
      const li = el('li', {}, el('span', { textContent: m.title }));
      li.dataset.key = m.key;
      // (a screen reader lists the buttons alone: each names its matrix, not just "SVG")
      const svg = btn('SVG', 'export-svg', () => download(`${base}-${m.key}.svg`, heatmapSvg(m).svg, 'image/svg+xml'));
      const png = btn('PNG', 'export-png', async () => { const f = heatmapSvg(m); download(`${base}-${m.key}.png`, await svgToPng(f.svg, f.width, f.height)); });
      svg.setAttribute('aria-label', `${m.title} as SVG`);
      png.setAttribute('aria-label', `${m.title} as PNG`);
      li.append(svg, png);
      list.append(li);
    }
    section('Figures').append(list);
    section('Data').append(btn('All matrices (CSV)', 'export-csv', () => download(`${base}-matrices.csv`, matricesCsv(shown().trace, shown().inputs), 'text/csv')),
      btn('Lesson (JSON)', 'export-json', () => download(`${base}-lesson.json`, lessonJson(shown().lesson), 'application/json')));
    const pre = el('pre', { className: 'export-code' });
    const show = (kind) => { pre.textContent = kind === 'numpy' ? numpyCode(shown().lesson, shown().trace) : pytorchCode(shown().lesson, shown().trace); pre.dataset.kind = kind; };
    section('Code').append(btn('Copy as NumPy', 'copy-numpy', async () => { show('numpy'); say((await copyText(pre.textContent)) ? 'NumPy code copied.' : 'Select the code below and copy it.'); }),
      btn('Copy as PyTorch', 'copy-pytorch', async () => { show('pytorch'); say((await copyText(pre.textContent)) ? 'PyTorch code copied.' : 'Select the code below and copy it.'); }), pre);
    show('numpy');
    exportDialog.dialog.showModal();
  }

  const embedDialog = makeDialog('Embed this lesson', 'embed-dialog');
  async function embedSnippets() {
    const href = new URL(await link.shareLink());
    href.searchParams.set('embed', '1');
    const page = new URL(href.href); page.hash = ''; page.search = '';
    const script = new URL('attention-lab.js', page).href;
    const iframe = `<iframe src="${escapeHtml(href.href)}" title="Attention Lab" style="width:100%;border:0" height="900" loading="lazy"></iframe>\n`
      + '<script>/* optional: let the frame set its own height */\naddEventListener("message", (e) => { const d = e.data; if (d && d.type === "attention-lab:resize") for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = d.height + "px"; });\n</' + 'script>';
    const st = store.get();
    const attrs = [`lesson-link="${escapeHtml(href.hash)}"`];
    if (st.hidden.length) attrs.push(`steps="${STEP_IDS.filter((id) => !st.hidden.includes(id)).join(',')}"`);
    if (st.locked.length) attrs.push(`locked="${st.locked.join(',')}"`);
    if (st.step) attrs.push(`step="${st.step}"`);
    const element = `<script src="${escapeHtml(script)}"></` + `script>\n<attention-lab ${attrs.join(' ')}></attention-lab>`;
    return { iframe: stampSnippet(iframe), element: stampSnippet(element), link: href.href };
  }
  async function openEmbed() {
    const { body } = embedDialog;
    const snippets = await embedSnippets();
    body.replaceChildren();
    for (const [title, text, cls] of [['Iframe (any page, any LMS)', snippets.iframe, 'snippet-iframe'], ['Custom element', snippets.element, 'snippet-element']]) {
      const area = el('textarea', { className: cls, readOnly: true, rows: 5, value: text });
      area.setAttribute('aria-label', `${title}: embed code`);
      const copy = el('button', { type: 'button', textContent: 'Copy' });
      copy.addEventListener('click', async () => { area.select(); say((await copyText(text)) ? 'Snippet copied.' : 'Press Ctrl+C to copy the selected snippet.'); });
      body.append(el('section', {}, el('h3', { textContent: title }), area, copy));
    }
    body.append(el('p', { className: 'hint', textContent: 'The embed keeps this exact state: lesson, hidden steps, locked inputs and note. The frame reports its height with postMessage ({type: "attention-lab:resize", height}, and lti.frameResize for Canvas).' }));
    embedDialog.dialog.showModal();
  }

  return {
    copyLink: () => { copying = copyLink(); return copying; },
    /** Resolves with what the last Copy link said, once it has said it. */
    copied: () => copying,
    openExport, openEmbed, embedSnippets,
    /** The figures, data and code of the Export dialog, for tests. */
    exports: {
      items: () => items().map(({ key, title }) => ({ key, title })),
      svg: (key) => { const m = items().find((x) => x.key === key); return m ? heatmapSvg(m) : null; },
      async png(key) {
        const f = heatmapSvg(items().find((x) => x.key === key));
        const b = await svgToPng(f.svg, f.width, f.height);
        return { bytes: Array.from(new Uint8Array(await b.arrayBuffer())), width: f.width, height: f.height };
      },
      csv: () => matricesCsv(shown().trace, shown().inputs),
      numpy: () => numpyCode(shown().lesson, shown().trace),
      pytorch: () => pytorchCode(shown().lesson, shown().trace),
    },
  };
}
