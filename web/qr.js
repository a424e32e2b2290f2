// QR codes of links, for paper: a printed lesson or worksheet leads back to the live page. The one module that
// draws them (qrcode-generator, shipped with the page: no network). Drawn as SVG, one path of dark modules, so
// they stay sharp at any printer resolution and need no inline style under the pages' strict CSP.
import qrcode from 'qrcode-generator';

const SVG = 'http://www.w3.org/2000/svg';
/** The quiet zone around the code, in modules: readers need 4. */
const QUIET = 4;

/**
 * The modules of the QR code of `text` (its UTF-8 bytes, byte mode, error correction M, or L when M cannot
 * hold it), as {size, dark(row, col)}; null when the text is too long for any QR code (about 2,900 bytes).
 */
export function qrModules(text) {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > 2953) return null; // version 40 at level L holds 2,953 bytes
  const latin1 = String.fromCharCode(...bytes); // qrcode-generator's byte mode takes one char per byte
  for (const level of ['M', 'L']) {
    try {
      const qr = qrcode(0, level); // 0: the smallest version that holds the data
      qr.addData(latin1, 'Byte');
      qr.make();
      const size = qr.getModuleCount();
      return { size, dark: (r, c) => qr.isDark(r, c) };
    } catch {
      // too long at this level: try the next
    }
  }
  return null;
}

/** The SVG markup of the code (quiet zone included), `mm` millimetres wide; null when too long. */
export function qrSvgText(text, mm) {
  const m = qrModules(text);
  if (!m) return null;
  let d = '';
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) if (m.dark(r, c)) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
  }
  const side = m.size + 2 * QUIET;
  return `<svg xmlns="${SVG}" width="${mm}mm" height="${mm}mm" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

/** The code as an <img> (a data: URL, which the pages' img-src allows), `mm` millimetres wide; null when too long. */
export function qrImage(text, mm, alt) {
  const svg = qrSvgText(text, mm);
  if (!svg) return null;
  const img = document.createElement('img');
  img.src = qrDataUrl(svg);
  img.alt = alt;
  img.className = 'qr';
  return img;
}

/** A data: URL of SVG markup (for an <img>, or a CSS url() in a printed page's margin). */
export function qrDataUrl(svg) {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
