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
import { language, t } from '../i18n/i18n.js';
import { LAYER_MATRICES } from '../registry-layer.js';
import { layerTitle } from '../views/layer-views.js';
import { formatInteger } from '../i18n/numerals.js';

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
      ? t('walkthrough.copy.tooLarge', { length: formatInteger(link.tooLong), max: formatInteger(MAX_FRAGMENT) })
      : (await copyText(href)) ? t('walkthrough.copy.copied') : t('walkthrough.copy.fromAddressBar');
    say(said);
    return said;
  }

  // a matrix named in words is named in the page's language, in the dialog and in the figures it exports
  const WORDED = ['X', 'scores', 'scaled', 'weights', 'Z', 'output'];
  const shownTitle = (m) => {
    const base = WORDED.includes(m.name) ? t(`walkthrough.export.matrix.${m.name}`) : LAYER_MATRICES[m.name] ? layerTitle(m.name, LAYER_MATRICES[m.name]) : null;
    if (base === null) return m.title;
    return m.head !== null && m.head !== undefined && shown().trace.heads > 1 ? t('walkthrough.export.headed', { name: base, head: m.head + 1 }) : base;
  };
  const figure = (m) => heatmapSvg(m, { title: shownTitle(m), hidden: t('walkthrough.export.hiddenNote') });
  const exportDialog = makeDialog(t('walkthrough.export.title'), 'export-dialog');
  function openExport() {
    const { body } = exportDialog;
    body.replaceChildren();
    const base = baseName();
    const section = (title) => { const s = el('section', {}, el('h3', { textContent: title })); body.append(s); return s; };
    const btn = (text, cls, fn) => { const b = el('button', { type: 'button', className: cls, textContent: text }); b.addEventListener('click', fn); return b; };
    const list = el('ul', { className: 'export-list' });
    for (const m of items()) {
      const title = shownTitle(m);
      const li = el('li', {}, el('span', { textContent: title }));
      li.dataset.key = m.key;
      // (a screen reader lists the buttons alone: each names its matrix, not just "SVG")
      const svg = btn('SVG', 'export-svg', () => download(`${base}-${m.key}.svg`, figure(m).svg, 'image/svg+xml'));
      const png = btn('PNG', 'export-png', async () => { const f = figure(m); download(`${base}-${m.key}.png`, await svgToPng(f.svg, f.width, f.height)); });
      svg.setAttribute('aria-label', t('walkthrough.export.asFormat', { matrix: title, format: 'SVG' }));
      png.setAttribute('aria-label', t('walkthrough.export.asFormat', { matrix: title, format: 'PNG' }));
      li.append(svg, png);
      list.append(li);
    }
    section(t('walkthrough.export.figures')).append(list);
    section(t('walkthrough.export.data')).append(btn(t('walkthrough.export.csv'), 'export-csv', () => download(`${base}-matrices.csv`, matricesCsv(shown().trace, shown().inputs), 'text/csv')),
      btn(t('walkthrough.export.json'), 'export-json', () => download(`${base}-lesson.json`, lessonJson(shown().lesson), 'application/json')));
    const pre = el('pre', { className: 'export-code' });
    const show = (kind) => { pre.textContent = kind === 'numpy' ? numpyCode(shown().lesson, shown().trace) : pytorchCode(shown().lesson, shown().trace); pre.dataset.kind = kind; };
    const copied = async (what) => say((await copyText(pre.textContent)) ? t('walkthrough.export.codeCopied', { what }) : t('walkthrough.export.selectCode'));
    section(t('walkthrough.export.code')).append(btn(t('walkthrough.export.copyAs', { what: 'NumPy' }), 'copy-numpy', () => { show('numpy'); return copied('NumPy'); }),
      btn(t('walkthrough.export.copyAs', { what: 'PyTorch' }), 'copy-pytorch', () => { show('pytorch'); return copied('PyTorch'); }), pre);
    show('numpy');
    exportDialog.dialog.showModal();
  }

  const embedDialog = makeDialog(t('embed.title'), 'embed-dialog');
  async function embedSnippets() {
    const href = new URL(await link.shareLink());
    const lang = href.searchParams.get('lang'); // (embed=1 first, then the language: ?embed=1&lang=de)
    href.searchParams.delete('lang');
    href.searchParams.set('embed', '1');
    if (lang) href.searchParams.set('lang', lang);
    const page = new URL(href.href); page.hash = ''; page.search = '';
    const script = new URL('attention-lab.js', page).href;
    const iframe = `<iframe src="${escapeHtml(href.href)}" title="Attention Lab" style="width:100%;border:0" height="900" loading="lazy"></iframe>\n`
      + '<script>/* optional: let the frame set its own height */\naddEventListener("message", (e) => { const d = e.data; if (d && d.type === "attention-lab:resize") for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = d.height + "px"; });\n</' + 'script>';
    const st = store.get();
    const attrs = [`lesson-link="${escapeHtml(href.hash)}"`];
    if (st.hidden.length) attrs.push(`steps="${STEP_IDS.filter((id) => !st.hidden.includes(id)).join(',')}"`);
    if (st.locked.length) attrs.push(`locked="${st.locked.join(',')}"`);
    if (st.step) attrs.push(`step="${st.step}"`);
    attrs.push(`lang="${escapeHtml(language())}"`); // the embed speaks the language it was made in
    const element = `<script src="${escapeHtml(script)}"></` + `script>\n<attention-lab ${attrs.join(' ')}></attention-lab>`;
    return { iframe: stampSnippet(iframe), element: stampSnippet(element), link: href.href };
  }
  async function openEmbed() {
    const { body } = embedDialog;
    const snippets = await embedSnippets();
    body.replaceChildren();
    for (const [title, text, cls] of [[t('embed.iframe'), snippets.iframe, 'snippet-iframe'], [t('embed.element'), snippets.element, 'snippet-element']]) {
      const area = el('textarea', { className: cls, readOnly: true, rows: 5, value: text });
      area.setAttribute('aria-label', t('embed.code', { title }));
      const copy = el('button', { type: 'button', textContent: t('embed.copy') });
      copy.addEventListener('click', async () => { area.select(); say((await copyText(text)) ? t('embed.copied') : t('embed.pressCtrlC')); });
      body.append(el('section', {}, el('h3', { textContent: title }), area, copy));
    }
    body.append(el('p', { className: 'hint', textContent: t('embed.hint') }));
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
      svg: (key) => { const m = items().find((x) => x.key === key); return m ? figure(m) : null; },
      async png(key) {
        const f = figure(items().find((x) => x.key === key));
        const b = await svgToPng(f.svg, f.width, f.height);
        return { bytes: Array.from(new Uint8Array(await b.arrayBuffer())), width: f.width, height: f.height };
      },
      csv: () => matricesCsv(shown().trace, shown().inputs),
      numpy: () => numpyCode(shown().lesson, shown().trace),
      pytorch: () => pytorchCode(shown().lesson, shown().trace),
    },
  };
}
