// The app icons of the web app manifest (web/public/icons/), drawn from the same design as web/public/favicon.svg:
// a 3 × 3 heatmap of viridis colours on a dark rounded square. Installing on Android and ChromeOS needs PNGs of
// 192 and 512 pixels; the "maskable" ones keep the grid inside the central safe circle, since a launcher may cut
// the icon to any shape. Run once after changing the design: node scripts/make-icons.mjs (the PNGs are committed,
// so a build never depends on a rasterizer).
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const BACKGROUND = [0x1f, 0x29, 0x37];
const CELLS = ['#fde725', '#2a788e', '#414487', '#22a884', '#fde725', '#2a788e', '#414487', '#7ad151', '#fde725']
  .map((hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)));

// favicon.svg's geometry in its 32-unit box: cells of 6 at 5, 13, 21; corner radius 6. `samples` per side of a pixel
// smooth the rounded corners (the small favicon's; the big icons are drawn as they always were, one sample a pixel).
function draw(size, { maskable, samples = 1 }) {
  const rgba = new Uint8Array(size * size * 4);
  const unit = size / 32;
  // a maskable icon fills its square (the launcher cuts it) and shrinks the grid into the safe zone (80 %)
  const grid = maskable ? 0.7 : 1;
  const offset = (1 - grid) * 16;
  const colourAt = (u, v) => { // in the 32-unit box
    let colour = maskable || insideRounded(u, v, 32, 6) ? BACKGROUND : null;
    const gu = (u - offset) / grid, gv = (v - offset) / grid;
    const col = [5, 13, 21].findIndex((a) => gu >= a && gu < a + 6);
    const row = [5, 13, 21].findIndex((a) => gv >= a && gv < a + 6);
    if (colour && col >= 0 && row >= 0) colour = CELLS[row * 3 + col];
    return colour;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0], n = samples * samples;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt((x + (sx + 0.5) / samples) / unit, (y + (sy + 0.5) / samples) / unit);
          if (!colour) continue;
          covered++;
          colour.forEach((c, k) => { sum[k] += c; });
        }
      }
      // (colour averaged over the covered samples, alpha the share covered: no dark fringe on a light tab strip)
      if (covered) rgba.set([...sum.map((c) => Math.round(c / covered)), Math.round((255 * covered) / n)], (y * size + x) * 4);
    }
  }
  return png(size, size, rgba);
}

function insideRounded(u, v, side, r) {
  const cx = Math.min(Math.max(u, r), side - r), cy = Math.min(Math.max(v, r), side - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

// ---- a minimal PNG writer: 8-bit RGBA, no filtering, one IDAT chunk ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, filter method 0, no interlace
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) Buffer.from(rgba.buffer, y * width * 4, width * 4).copy(raw, y * (1 + width * 4) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const dir = new URL('../web/public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, dir), draw(size, { maskable: false }));
  writeFileSync(new URL(`maskable-${size}.png`, dir), draw(size, { maskable: true }));
}
writeFileSync(new URL('apple-touch-icon.png', dir), draw(180, { maskable: true })); // iOS rounds it itself
// The pages' favicon, written into each page at build (scripts/favicon.mjs says why). Not favicon.svg: Chromium fetches
// a page's favicon again at every change of its address and reads an SVG one as a document of its own.
writeFileSync(new URL('favicon-32.png', dir), draw(32, { maskable: false, samples: 4 }));
console.log('web/public/icons/: icon-192.png, icon-512.png, maskable-192.png, maskable-512.png, apple-touch-icon.png, favicon-32.png');
