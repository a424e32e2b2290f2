// The lesson's link on paper: a printed page leads back to the live lesson. Every printed page carries the link
// as text and its QR code in its bottom margin (CSS page-margin boxes, drawn by Chromium-based browsers), with
// the page's title and "page N of M" at the top; the first page also has them in a box above the content (for
// browsers without margin boxes). Both are written when printing starts (`beforeprint`), from the page's link at
// that moment: the walkthrough keeps its whole state in its link, the exercises their set and seed.
//
// The margins are a constructed style sheet: the pages' Content-Security-Policy (style-src 'self') refuses
// <style> elements and style="" markup, not style sheets made through the CSSOM.
import { onLanguage, t } from '../i18n/i18n.js';
import { afterFirstDrawing } from '../first-drawing.js';

// The QR code maker (web/qr.js and its library, 7.6 KB gzip) arrives once the page has drawn: no one prints first, and
// `beforeprint` cannot wait for a module. (The walkthrough says it is ready only once it is here.)
let qr = null;
afterFirstDrawing(() => import('../qr.js').then((m) => { qr = m; }));
const coded = (link) => qr !== null && /^https?:/.test(link); // (a web link: a file's would open nothing on a phone)

const QR_MM = 24;
const LINE = 100; // characters of the link per printed line (6.5 pt monospace, beside the code, on A4 or Letter)
const MAX_LINES = 7; // what the bottom margin holds beside the code

/** The page's own link: an embed's `embed=1` dropped, so paper opens the whole page. */
export function pageLink() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  return url.href;
}

const cssString = (s) => `"${s.replace(/[\\"]/g, '\\$&').replace(/[\n\r]/g, ' ')}"`;

/** The link cut into printed lines (a CSS string with line breaks), or a sentence when paper cannot hold it. */
function linkLines(link, hasQr) {
  if (link.length > LINE * MAX_LINES) {
    return t(hasQr ? 'print.tooLongScan' : 'print.tooLong', { length: link.length });
  }
  const lines = [];
  for (let k = 0; k < link.length; k += LINE) lines.push(link.slice(k, k + LINE));
  return lines.join('\n');
}

/** The @page rules of one print: title and page numbers at the top, link and code at the bottom. */
export function marginRules({ title, link }) {
  const svg = coded(link) ? qr.qrSvgText(link, QR_MM) : null;
  const lines = linkLines(link, !!svg).split('\n').map((l) => cssString(l)).join(' "\\A " ');
  const small = 'font: 8pt system-ui, sans-serif; color: #444;';
  return `@page {
  margin: 14mm 12mm ${svg ? QR_MM + 8 : 18}mm;
  @top-left { content: ${cssString(title)}; ${small} }
  @top-right { content: ${cssString(t('print.pageBefore'))} counter(page) ${cssString(t('print.pageOf'))} counter(pages)${t('print.pageAfter') ? ` ${cssString(t('print.pageAfter'))}` : ''}; ${small} }
  @bottom-left { content: ${cssString(t('print.openLive'))} "\\A " ${lines}; white-space: pre; font: 6.5pt/1.35 ui-monospace, "DejaVu Sans Mono", monospace; color: #222; vertical-align: middle; }
  ${svg ? `@bottom-right { content: url(${cssString(qr.qrDataUrl(svg))}); vertical-align: middle; text-align: right; width: ${QR_MM + 2}mm; }` : ''}
}`;
}

/**
 * Keeps the printed link of this page: at each print, from linkOf() (default: the page's link) and the title.
 * Returns {suspend(bool)}: a print that carries its own links (the worksheets) turns the page's off meanwhile.
 */
export function installPrintLink({ linkOf = pageLink, titleOf = () => document.title } = {}) {
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const box = document.createElement('aside');
  box.className = 'print-link print-only';
  onLanguage(() => box.setAttribute('aria-label', t('print.boxLabel')));
  document.body.prepend(box);
  let suspended = false;

  const draw = () => {
    if (suspended) { sheet.replaceSync(''); box.replaceChildren(); return; }
    const link = linkOf(), title = titleOf();
    sheet.replaceSync(marginRules({ title, link }));
    const text = document.createElement('div');
    const heading = Object.assign(document.createElement('p'), { className: 'print-title', textContent: title });
    const url = Object.assign(document.createElement('p'), { className: 'print-url', textContent: link });
    text.append(heading, Object.assign(document.createElement('p'), { textContent: t('print.openLiveLong') }), url);
    const code = coded(link) ? qr.qrImage(link, QR_MM, t('print.qr')) : null;
    box.replaceChildren(...(code ? [code] : []), text);
  };
  window.addEventListener('beforeprint', draw); // (not before: a QR code is 20 ms of a page's first load)
  return {
    suspend(on) { suspended = on; draw(); },
    refresh: draw,
  };
}
